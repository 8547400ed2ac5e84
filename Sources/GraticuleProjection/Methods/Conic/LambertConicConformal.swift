import Foundation
import GraticuleCore

/// Lambert Conic Conformal, normal aspect, on the ellipsoid or sphere: EPSG 9801 (1SP), 9802
/// (2SP), 9803 (2SP Belgium), 1051 (2SP Michigan), 1102 (1SP variant B), 9826 (West Orientated),
/// and Esri's `Lambert_Conformal_Conic` (one or two standard parallels, scale factor, latitude
/// of origin) and `Lambert_Conformal_Conic_1SP`/`_2SP`/`_2SP_Belgium`.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, the Lambert Conic Conformal methods; Snyder 1987, pp. 104–110):
/// ρ = k0·F·tⁿ with t = exp(−ψ) (ψ the isometric latitude, Karney 2011 eq. 8), n = sin φ1
/// (one parallel) or ln(m1/m2)/ln(t1/t2), F = m1/(n t1ⁿ); θ = n(λ − λF) − θB;
/// x = ρ sin θ, y = ρF − ρ cos θ. The variants differ only in constants:
/// - 2SP Michigan: k0 = the ellipsoid scaling factor K (GN 7-2, method 1051: a·K for a).
/// - 2SP Belgium: θB = 29.2985″ (GN 7-2, method 9803); other variants θB = 0. PROJ 9.5.1 ignores θB
///   (its own "FIXME" in parammappings.cpp), so EPSG:31300 differs from PROJ by ≈ 745 m; we
///   follow IOGP (its worked example is in the tests).
/// - 1SP variant B: cone from φ0 and k0, false origin at (φF, λF) (GN 7-2, method 1102).
/// - West Orientated: westing W = FE − x (GN 7-2, method 9826). Output is (westing, northing),
///   values positive west: x is the east–west axis, as the CRSs label it (X or W). (pyproj's
///   `always_xy` swaps only north/east CRSs, so for the 13 Greenland/Faroe CRSs, whose axis order is
///   (north, west), it would keep (N, W); PROJ cannot project any of these 15 CRSs.)
/// The inverse solves ψ from ρ in closed form and φ from ψ by the 6th-order conformal-latitude
/// series (`ConformalLatitudeSeries`; Newton on τ = tan φ, Karney 2011, for |f| > 1/150).
///
/// Forward kernel: ψ = atanh(sin φ) − e·atanh(e sin φ) as one log1p plus a polynomial in sin²φ
/// (`ConformalPolynomials`), then one exp and one sincos; it runs on two points at once
/// (`PairProjection`, `VectorMath`; throughput in `Benchmarks/RESULTS.md`). The inverse runs per point.
///
/// Accuracy: closed form; agrees with PROJ 9.5.1 to 8e-8 m forward and 7e-13° inverse on the 1,568
/// EPSG/ESRI CRSs of the 1SP, 2SP, 2SP Michigan and 1SP variant B variants (7,840 area-of-use
/// points of the sweep); GN 7-2's examples (1SP, 2SP, Michigan, Belgium) to their published 1 cm;
/// round trip < 1e-12° over the globe.
/// Domain: every latitude except the pole the cone opens toward (φ = −90° when n > 0), which
/// maps to infinity and gives NaN; λ − λ0 in [−π, π] (the cut is the antimeridian of λ0).
/// `clipRegion` stops at 85° on that side (as Web Mercator does) so clipped maps stay bounded.
/// Inverse points outside the fan of the projected globe (|λ − λ0| > π) give NaN.
public struct LambertConicConformal: PairProjection {
    public static let descriptor = ProjectionDescriptor(
        name: "Lambert Conic Conformal",
        epsgCodes: [9801, 9802, 9803, 1051, 1102, 9826],
        names: ["Lambert Conic Conformal (1SP)", "Lambert Conic Conformal (1SP variant B)",
                "Lambert Conic Conformal (2SP)", "Lambert Conic Conformal (2SP Michigan)",
                "Lambert Conic Conformal (2SP Belgium)", "Lambert Conic Conformal (West Orientated)"])

    /// The rotation of the Belgian variant, 29.2985″ (IOGP GN 7-2, method 9803), radians.
    public static let belgianRotation = 29.2985 * Angle.radiansPerArcSecond
    /// The far-side latitude at which `clipRegion` stops (the far pole maps to infinity), radians.
    public static let horizonLimit = 85 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    /// (west, north) for West Orientated (9826), whose kernel gives a westing; else (east, north).
    public var outputAxes: OutputAxes { xSign < 0 ? OutputAxes(x: .west, y: .north) : .eastNorth }
    public var clipRegion: ClipRegion {
        ClipRegion(caps: n > 0 ? ClipRegion.bandCaps(south: -Self.horizonLimit, north: .pi / 2)
                               : ClipRegion.bandCaps(south: -.pi / 2, north: Self.horizonLimit),
                   seams: ClipRegion.globe(cutAt: frame.centralMeridian + .pi).seams)
    }

    /// Cone constant n.
    public let n: Double
    /// k0·F (units of a): ρ = c·exp(−nψ); negative for a southern cone.
    @usableFromInline let c: Double
    /// ρ at the false origin (units of a).
    @usableFromInline let rho0: Double
    /// θB (Belgium), radians.
    @usableFromInline let thetaOffset: Double
    /// −1 for West Orientated (x is a westing), else 1.
    @usableFromInline let xSign: Double
    @usableFromInline let e: Double
    @usableFromInline let spherical: Bool
    /// φ from ψ (exact for terrestrial flattenings; also exact on the sphere, where it is gd ψ).
    @usableFromInline let latitudeSeries: ConformalLatitudeSeries
    @usableFromInline let useSeries: Bool
    /// The ellipsoidal part of ψ as a polynomial in sin²φ (forward kernel).
    @usableFromInline let conformal: ConformalPolynomials

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let code = p.methodCode
        let belgium = code == 9803 || (code == nil && p.methodNameContains("Belgium"))
        let west = code == 9826 || (code == nil && p.methodNameContains("West Orientated"))
        let michigan = code == 1051 || (code == nil && p.methodNameContains("Michigan"))

        // 1SP forms give the standard parallel as the latitude of natural origin; 1SP variant B
        // adds a separate false origin; 2SP forms give both parallels and a false origin.
        guard let phi1 = p.value(P.latitudeOf1stStandardParallel, P.latitudeOfNaturalOrigin,
                                 names: ["Standard_Parallel_1", "Latitude_Of_Origin"]) else {
            throw .invalidParameter(name: "Latitude of 1st standard parallel", value: .nan,
                                    reason: "missing for \(p.methodName)")
        }
        let secondParallel = p.value(P.latitudeOf2ndStandardParallel, names: ["Standard_Parallel_2"])
        let phi2 = secondParallel ?? phi1
        // Without a latitude of origin, a one-parallel cone is centred on its parallel and a
        // two-parallel one on the equator (PROJ's lat_0 default).
        let phiF = p.value(P.latitudeOfFalseOrigin, P.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"])
            ?? (secondParallel == nil ? phi1 : 0)
        var k0 = p.value(P.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        if michigan {
            k0 = try p.required(P.ellipsoidScaleFactor, "Ellipsoid scaling factor")
        }
        let lon0 = p.value(P.longitudeOfFalseOrigin, P.longitudeOfNaturalOrigin,
                           names: ["Central_Meridian", "Longitude_Of_Origin"], default: 0)
        let (fe, fn) = p.falseOrigin([.natural, .falseOrigin])

        try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st standard parallel")
        try ProjectionParameters.checkLatitude(phi2, name: "Latitude of 2nd standard parallel")
        try ConicSupport.checkNotSymmetric(phi1, phi2)
        try ProjectionParameters.checkLatitude(phiF, name: "Latitude of false origin", includingPoles: true)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: michigan ? "Ellipsoid scaling factor" : "Scale factor at natural origin",
                                    value: k0, reason: "must be positive")
        }
        guard lon0.isFinite && fe.isFinite && fn.isFinite else {
            throw .invalidParameter(name: "False easting", value: fe, reason: "origin values must be finite")
        }

        spherical = ellipsoid.isSphere
        let e = spherical ? 0 : ellipsoid.eccentricity
        self.e = e
        latitudeSeries = ConformalLatitudeSeries(flattening: spherical ? 0 : ellipsoid.flattening)
        useSeries = latitudeSeries.isUsable
        conformal = ConformalPolynomials(eccentricity: e)
        let e2 = e * e
        func m(_ phi: Double) -> Double { ConicSupport.m(phi, e2: e2) }
        let psi1 = Self.isometricLatitude(phi1, e: e)
        var n = sin(phi1)
        if abs(phi1 - phi2) >= 1e-10 {
            n = log(m(phi1) / m(phi2)) / (Self.isometricLatitude(phi2, e: e) - psi1)
        }
        self.n = try ConicSupport.coneConstant(n, phi2: phi2, maxMagnitude: 1)
        let c = k0 * m(phi1) * exp(n * psi1) / n
        self.c = c
        if abs(phiF) == .pi / 2 {
            guard phiF * n > 0 else {
                throw .invalidParameter(name: "Latitude of false origin", value: phiF * Angle.degreesPerRadian,
                                        reason: "is the pole the cone opens toward (at infinity)")
            }
            rho0 = 0
        } else {
            rho0 = c * exp(-n * Self.isometricLatitude(phiF, e: e))
        }
        thetaOffset = belgium ? Self.belgianRotation : 0
        xSign = west ? -1 : 1
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: fe, falseNorthing: fn,
                                    ellipsoid: ellipsoid)
    }

    /// Isometric latitude ψ = atanh(sin φ) − e·atanh(e sin φ) (Karney 2011 eq. 8; ±∞ at the poles).
    @inlinable @inline(__always)
    static func isometricLatitude(_ phi: Double, e: Double) -> Double {
        let s = sin(phi)
        return atanh(s) - e * atanh(e * s)
    }

    @inlinable @inline(__always)
    public func forward(lambda lam: SIMD2<Double>, phi: SIMD2<Double>) -> (x: SIMD2<Double>, y: SIMD2<Double>) {
        typealias V = VectorMath
        let s = V.sincos(phi).sin
        // ψ = atanh(s) − e·atanh(e s): atanh(|s|) = ½ log1p(2|s| / (1 − |s|)) (1 − |s| is exact
        // for |s| ≥ ½; the odd symmetry keeps log1p's argument away from −1), and the ellipsoidal
        // part by its polynomial in s²: one log1p instead of two atanh calls.
        let a = V.abs(s)
        let magnitude = 0.5 * V.log1p(2 * a / (1 - a))
        var psi = V.copySign(magnitude, s)
        if !spherical {
            psi -= conformal.isometricCorrection(sin: s)
        }
        let rho = c * V.exp(-n * psi)
        // |φ| ≤ 90° (NaN fails), and ρ finite (the far pole maps to infinity).
        let inside = (V.abs(phi) .<= Double.pi / 2) .& (V.abs(rho) .< .infinity)
        let (st, ct) = V.sincos(n * lam - thetaOffset)
        let nan = SIMD2<Double>(repeating: .nan)
        return (V.choose(inside, xSign * rho * st, nan), V.choose(inside, rho0 - rho * ct, nan))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        // Flip to the cone's frame when n < 0 so that ρ and θ follow the northern formulas.
        let sgn: Double = n < 0 ? -1 : 1
        let x = sgn * xSign * xy.x
        let y = sgn * (rho0 - xy.y)
        let r = (x * x + y * y).squareRoot()
        guard r.isFinite else { return SIMD2(.nan, .nan) }
        if r == 0 { return SIMD2(0, sgn * .pi / 2) }
        let lam = (atan2(x, y) + thetaOffset) / n
        guard abs(lam) <= .pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        // exp(ψ) = (ρ/c)^(−1/n); then φ from ψ in closed form.
        let expPsi = exp(-log(sgn * r / c) / n)
        if useSeries { return SIMD2(lam, latitudeSeries.latitude(expIsometric: expPsi)) }
        let psi = log(expPsi)
        return SIMD2(lam, Conformal.latitude(isometric: psi, e: e))
    }
}
