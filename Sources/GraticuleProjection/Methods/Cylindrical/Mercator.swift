import Foundation
import GraticuleCore

/// Mercator, normal aspect: EPSG 9804 (variant A, scale factor at the equator), 9805 (variant B,
/// latitude of standard parallel), 1026 (Mercator (Spherical)), 1024 (Popular Visualisation
/// Pseudo Mercator: spherical formulas on the ellipsoid's semi-major axis, EPSG:3857), and Esri's
/// `Mercator_Auxiliary_Sphere`.
///
/// Forward (IOGP GN 7-2 §3.5.1): x = k0 λ, y = k0 ψ with ψ = asinh(tan φ) − e atanh(e sin φ);
/// k0 of variant B is cos φ1 / √(1 − e² sin² φ1). asinh(tan φ) is evaluated as
/// log1p(|s|(1 + c + |s|)/(c(1 + c))) with the sign of s = sin φ, c = cos φ (no cancellation), and
/// e·atanh(e sin φ) by a polynomial in sin²φ (`ConformalPolynomials`); the kernel runs on two points
/// at once (`PairProjection`, `VectorMath`; throughput in `Benchmarks/RESULTS.md`). Inverse solves the conformal
/// latitude by Newton iteration on τ = tan φ (Karney 2011), accurate to 1 ulp, per point.
///
/// Accuracy: closed form; agrees with PROJ 9.5.1 to one ulp of y (3.7 nm within ±85°; 2 ulp
/// (30 nm, y ≈ 1.3·10⁸ m) within 10⁻⁷° of the poles). Domain: |φ| < 90° (the poles map to
/// infinity and give NaN); the inverse of any finite y beyond |ψ| = 40 is the pole.
///
/// Mercator (Spherical) (EPSG 1026, and the deprecated 9841) on an ellipsoid uses the radius of the
/// conformal sphere at the natural origin, on the equator: R_C = a √(1 − e²) = b, as PROJ's
/// `+proj=merc +R_C` (which is how PROJ writes the method) computes it.
public struct Mercator: PairProjection {
    public static let descriptor = ProjectionDescriptor(
        name: "Mercator",
        epsgCodes: [9804, 9805, 1026, 1024, 9841],
        names: ["Mercator (variant A)", "Mercator (variant B)", "Popular Visualisation Pseudo Mercator",
                "Mercator (Spherical)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        ClipRegion(caps: ClipRegion.bandCaps(south: -Mercator.maxLatitude, north: Mercator.maxLatitude),
                   seams: ClipRegion.globe(cutAt: frame.centralMeridian + .pi).seams)
    }
    /// The latitude at which the square Web Mercator map ends (85.0511287798°), radians.
    public static let maxLatitude = atan(sinh(Double.pi))

    @usableFromInline let k0: Double
    @usableFromInline let e: Double
    @usableFromInline let spherical: Bool
    /// The ellipsoidal part of ψ as a polynomial in sin²φ.
    @usableFromInline let conformal: ConformalPolynomials

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let pseudo = p.methodCode == 1024 || p.methodNameContains("Pseudo") || p.methodNameContains("Auxiliary")
        spherical = pseudo || ellipsoid.isSphere || p.methodCode == 1026 || p.methodCode == 9841
        e = spherical ? 0 : ellipsoid.eccentricity
        conformal = ConformalPolynomials(eccentricity: e)
        let lon0 = p.value(EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfOrigin,
                           names: ["Central_Meridian"], default: 0)
        if let phi1 = p.value(EPSGParameter.latitudeOf1stStandardParallel, names: ["Standard_Parallel_1"]),
           !pseudo, p.methodCode != 9804 {
            try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st standard parallel")
            let s = sin(phi1)
            k0 = cos(phi1) / (1 - e * e * s * s).squareRoot()
        } else {
            k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        }
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        // The radius: a for Pseudo Mercator; for Mercator (Spherical) on an ellipsoid the radius of
        // the conformal sphere at the natural origin, which for Mercator is on the equator:
        // R_C = a √(1 − e²) / (1 − e² sin² 0) = b (PROJ's `+R_C`, which also evaluates it at 0).
        let conformalSphere = !pseudo && !ellipsoid.isSphere && (p.methodCode == 1026 || p.methodCode == 9841)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0,
                                ellipsoid: pseudo ? .sphere(radius: ellipsoid.semiMajorAxis)
                                    : conformalSphere ? .sphere(radius: ellipsoid.semiMinorAxis) : ellipsoid)
    }

    @inlinable @inline(__always)
    public func forward(lambda lam: SIMD2<Double>, phi: SIMD2<Double>) -> (x: SIMD2<Double>, y: SIMD2<Double>) {
        typealias V = VectorMath
        let (s, c) = V.sincos(phi)
        // asinh(tan φ) = log((1 + |s|)/c) = log1p(|s|(1 + c + |s|) / (c(1 + c))), using
        // 1 − c = s²/(1 + c): no cancellation anywhere, and one log1p instead of tan and asinh.
        let a = V.abs(s)
        var psi = V.copySign(V.log1p(a * (1 + c + a) / (c * (1 + c))), s)
        if !spherical {
            psi -= conformal.isometricCorrection(sin: s)
        }
        // |φ| < 90° (NaN fails it too): the poles map to infinity.
        let inside = V.abs(phi) .< Double.pi / 2
        let nan = SIMD2<Double>(repeating: .nan)
        return (V.choose(inside, k0 * lam, nan), V.choose(inside, k0 * psi, nan))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let lam = xy.x / k0
        let psi = xy.y / k0
        guard lam.isFinite && psi.isFinite else { return SIMD2(.nan, .nan) }
        // Beyond |ψ| = 40, tan φ > 1e17 and φ is ±π/2 to the last bit (sinh overflows from 710 on).
        if abs(psi) > 40 { return SIMD2(lam, psi < 0 ? -Double.pi / 2 : Double.pi / 2) }
        return SIMD2(lam, Conformal.latitude(isometric: psi, e: e))
    }
}
