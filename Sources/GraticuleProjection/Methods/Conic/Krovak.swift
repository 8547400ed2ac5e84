import Foundation
import GraticuleCore

/// Krovak oblique conic conformal: EPSG 9819 (Krovak), 1041 (Krovak (North Orientated)), 1042
/// (Krovak Modified), 1043 (Krovak Modified (North Orientated)), Esri `Krovak`, PROJ `krovak` /
/// `mod_krovak`.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, methods 9819, 1041, 1042, 1043): the ellipsoid is mapped
/// conformally to a sphere (Gauss: ψ_U = ln t0 + B ψ, ψ the isometric latitude), rotated by the
/// co-latitude of the cone axis αC so that the cone's apex is the pole, and projected by a
/// conformal cone tangent along the pseudo standard parallel φp:
/// r = r0 (tan(π/4 + φp/2)/tan(π/4 + T/2))ⁿ, θ = n D, n = sin φp, r0 = kp A / tan φp;
/// Xp = r cos θ (southing), Yp = r sin θ (westing). D comes from atan2 (GN 7-2's extended form,
/// valid beyond ±90° of pseudo-longitude). The Modified variants subtract the fixed polynomial
/// (dX, dY) of GN 7-2 (method 1042) (X0 = 1,089,000 m, Y0 = 654,000 m, C1…C10); their inverse starts
/// with GN 7-2's reverse formula (the polynomial at the grid point, which PROJ stops at) and
/// iterates it to convergence, so that it inverts the forward exactly.
///
/// Axis conventions (PROJ 9.5.1 with `always_xy`, which keeps these CRSs' own order):
/// - Krovak, Krovak Modified: output (southing X, westing Y) = (FN + Xp, FE + Yp); so
///   `frame.falseEasting` holds FN (first component) and `frame.falseNorthing` FE.
/// - North Orientated: (easting, northing) = (−westing, −southing), false origin included
///   (EPSG:5514 coordinates are negative); `frame` holds (−FE, −FN).
///
/// Accuracy: agrees with PROJ 9.5.1 to 1e-6 m forward and 2e-11° inverse on the 50 sweep points
/// of the 10 Krovak CRSs (where PROJ's own inverse returns the input); GN 7-2's worked
/// examples to their published 1 cm (tests). The co-latitude of the cone axis is read from the
/// CRS, except that a value within 0.001″ of S-JTSK's defining 30°17′17.30311″ is taken as it
/// (EPSG's S-JTSK/05 CRSs give it cut to 30°17′17.303″, 3 mm away; PROJ hard-codes it). Domain: everything but the antipode of the
/// cone's apex maps (finite); `clipRegion` is the cap within 0.95 αC of the projection centre,
/// torn along the cone's seam, which runs from the apex (inside the cap) away from the centre. The Modified
/// polynomial is meaningful only in Czechia and Slovakia; the Modified methods give NaN beyond
/// `ModifiedPolynomial.domainRadius` (10,000 km of grid) from its origin, where it stops being invertible.
public struct Krovak: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Krovak",
        epsgCodes: [9819, 1041, 1042, 1043],
        names: ["Krovak (North Orientated)", "Krovak", "Krovak Modified (North Orientated)", "Krovak Modified"])

    public let frame: ProjectionFrame
    /// The cap within 0.95 αC of the projection centre, torn along the cone's seam: the meridian
    /// λ0 from the cone's apex (latitude π/2 − αC on the Gauss sphere, 10° north of the centre for
    /// S-JTSK) to the North Pole, where the pseudo-longitude D jumps between ±π (a point on it
    /// takes the sign of its V = B(λ0 − λ)).
    public var clipRegion: ClipRegion {
        let psiU = atanh(cosAlpha)  // sin U = sin(π/2 − αC)
        let apex = Conformal.latitude(isometric: (psiU - lnT0) / b, e: e)
        return ClipRegion(caps: [ClipRegion.Cap(center: SIMD2(frame.centralMeridian, latitudeOfCentre),
                                                radius: coLatitudeOfConeAxis * 0.95)],
                          seams: [.meridian(frame.centralMeridian, from: apex, to: .pi / 2, owner: .bySign)])
    }

    public let northOrientated: Bool
    /// (south, west) for 9819/1042 (X southing, Y westing); (east, north) for the north-orientated forms.
    public var outputAxes: OutputAxes { northOrientated ? .eastNorth : .southWest }
    public let modified: Bool
    public let latitudeOfCentre: Double
    public let coLatitudeOfConeAxis: Double

    /// ln t0 (Gauss conformal sphere: ψ_U = lnT0 + B ψ).
    @usableFromInline let lnT0: Double
    @usableFromInline let b: Double
    @usableFromInline let sinAlpha: Double
    @usableFromInline let cosAlpha: Double
    /// Cone constant n = sin φp.
    @usableFromInline let n: Double
    /// r0 (units of a).
    @usableFromInline let r0: Double
    /// Isometric latitude of φp on the sphere, atanh(sin φp).
    @usableFromInline let psiP: Double
    @usableFromInline let e: Double
    /// Semi-major axis (metres), for the Modified polynomial which is defined in metres.
    @usableFromInline let a: Double
    @usableFromInline let latitudeSeries: ConformalLatitudeSeries

    /// S-JTSK's co-latitude of the cone axis, 90° − 59°42′42.69689″ = 30°17′17.30311″, radians.
    public static let definingCoLatitude = (30 + 17.0 / 60 + 17.30311 / 3600) * Angle.radiansPerDegree

    /// GN 7-2's constants of Krovak Modified (method 1042).
    public enum ModifiedPolynomial {
        public static let x0 = 1_089_000.0
        public static let y0 = 654_000.0
        /// The largest distance (metres) of the unmodified grid point from (x0, y0) that the
        /// Modified methods project: 10,000 km, where the polynomial's slope is still 0.02 (its
        /// inverse, a fixed point, contracts); beyond, the slope reaches 1 near 38,000 km and the
        /// map folds. Czechia and Slovakia lie within 500 km.
        public static let domainRadius = 1e7
        public static let c = (2.946529277e-2, 2.515965696e-2, 1.193845912e-7, -4.668270147e-7, 9.233980362e-12,
                               1.523735715e-12, 1.696780024e-18, 4.408314235e-18, -8.331083518e-24,
                               -3.689471323e-24)
    }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let code = p.methodCode
        modified = code == 1042 || code == 1043 || (code == nil && p.methodNameContains("Modified"))
        var north = code == 1041 || code == 1043 || (code == nil && p.methodNameContains("North"))
        if code == nil, let xs = p.value(names: ["X_Scale"]), let rot = p.value(names: ["XY_Plane_Rotation"]),
           xs < 0 && abs(rot - .pi / 2) < 1e-9 {
            north = true  // Esri's Krovak with X_Scale −1, XY_Plane_Rotation 90° is the east-north form.
        }
        northOrientated = north
        let phiC = p.value(P.latitudeOfProjectionCentre, names: ["Latitude_Of_Center"], default: 0.863937979737193)
        let alphaC = p.value(P.coLatitudeOfConeAxis, names: ["Azimuth"], default: 0.528627762551555)
        let phiP = p.value(P.latitudeOfPseudoStandardParallel, names: ["Pseudo_Standard_Parallel_1"],
                           default: 1.37008346281555)
        let kp = p.value(P.scaleFactorOnPseudoStandardParallel, names: ["Scale_Factor"], default: 0.9999)
        let lon0 = p.value(P.longitudeOfOrigin, P.longitudeOfProjectionCentre, names: ["Longitude_Of_Center"],
                           default: 0.433423430911925)
        try ProjectionParameters.checkLatitude(phiC, name: "Latitude of projection centre")
        guard phiP > 0 && phiP < .pi / 2 else {
            throw .invalidParameter(name: "Latitude of pseudo standard parallel", value: phiP * Angle.degreesPerRadian,
                                    reason: "must be strictly between 0° and 90°")
        }
        guard alphaC > 0 && alphaC < .pi / 2 else {
            throw .invalidParameter(name: "Co-latitude of cone axis", value: alphaC * Angle.degreesPerRadian,
                                    reason: "must be strictly between 0° and 90°")
        }
        guard kp > 0 && kp.isFinite else {
            throw .invalidParameter(name: "Scale factor on pseudo standard parallel", value: kp,
                                    reason: "must be positive")
        }
        latitudeOfCentre = phiC
        // S-JTSK's cone axis is defined by its pole at 59°42′42.69689″ on the Gauss sphere, i.e.
        // αC = 30°17′17.30311″; EPSG gives the S-JTSK/05 CRSs 30°17′17.303″, the same value cut
        // to 0.001″ (0.5 nrad, which moves points by 3 mm). A value within 0.001″ of the defining
        // one is taken as it (PROJ hard-codes it and ignores the parameter).
        coLatitudeOfConeAxis = abs(alphaC - Self.definingCoLatitude) <= 0.001 * Angle.radiansPerArcSecond
            ? Self.definingCoLatitude : alphaC
        let e = ellipsoid.eccentricity
        self.e = e
        let e2 = e * e
        a = ellipsoid.semiMajorAxis
        latitudeSeries = ConformalLatitudeSeries(flattening: ellipsoid.flattening)
        let sC = sin(phiC), cC = cos(phiC)
        let bigA = (1 - e2).squareRoot() / (1 - e2 * sC * sC)             // A / a
        b = Conformal.gaussSphereExponent(cosPhi0: cC, e2: e2)
        let gamma0 = asin(sC / b)
        // t0 = tan(π/4 + γ0/2) / [tan(π/4 + φC/2) ((1 − e sin φC)/(1 + e sin φC))^(e/2)]^B
        lnT0 = atanh(sin(gamma0)) - b * (atanh(sC) - e * atanh(e * sC))
        sinAlpha = sin(coLatitudeOfConeAxis)
        cosAlpha = cos(coLatitudeOfConeAxis)
        n = sin(phiP)
        r0 = kp * bigA / tan(phiP)
        psiP = atanh(n)
        let (fe, fn) = p.falseOrigin()
        frame = north
            ? try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: -fe, falseNorthing: -fn, ellipsoid: ellipsoid)
            : try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: fn, falseNorthing: fe, ellipsoid: ellipsoid)
    }

    /// The Modified correction (dX, dY) in metres at reduced coordinates (Xr, Yr) in metres.
    @inlinable @inline(__always)
    static func correction(_ xr: Double, _ yr: Double) -> (Double, Double) {
        let c = ModifiedPolynomial.c
        let x2 = xr * xr, y2 = yr * yr
        let dx = c.0 + c.2 * xr - c.3 * yr - 2 * c.5 * xr * yr + c.4 * (x2 - y2) + c.6 * xr * (x2 - 3 * y2)
            - c.7 * yr * (3 * x2 - y2) + 4 * c.8 * xr * yr * (x2 - y2) + c.9 * (x2 * x2 + y2 * y2 - 6 * x2 * y2)
        let dy = c.1 + c.2 * yr + c.3 * xr + 2 * c.4 * xr * yr + c.5 * (x2 - y2) + c.7 * xr * (x2 - 3 * y2)
            + c.6 * yr * (3 * x2 - y2) - 4 * c.9 * xr * yr * (x2 - y2) + c.8 * (x2 * x2 + y2 * y2 - 6 * x2 * y2)
        return (dx, dy)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        let s = sin(phi)
        // Conformal sphere: ψ_U = ln t0 + B ψ; sin U = tanh ψ_U, cos U = sech ψ_U.
        let psiU = lnT0 + b * (atanh(s) - e * atanh(e * s))
        let sinU = tanh(psiU), cosU = 1 / cosh(psiU)
        let v = -b * lp.x  // V = B (λO − λ)
        let sinV = sin(v), cosV = cos(v)
        // Rotate by αC: (T, D) are latitude and longitude about the cone's axis.
        let zp = cosAlpha * sinU + sinAlpha * cosU * cosV            // sin T
        let xp = cosAlpha * cosU * cosV - sinAlpha * sinU            // cos T cos D
        let yp = cosU * sinV                                         // cos T sin D
        let cosT = (xp * xp + yp * yp).squareRoot()
        // r = r0 exp(n (ψp − ψT)), ψT = atanh(sin T) = asinh(tan T).
        let r = r0 * exp(n * (psiP - asinh(zp / cosT)))
        guard r.isFinite else { return SIMD2(.nan, .nan) }   // the antipode of the apex
        let theta = n * atan2(yp, xp)
        var south = r * cos(theta), west = r * sin(theta)
        if modified {
            let xr = south * a - ModifiedPolynomial.x0, yr = west * a - ModifiedPolynomial.y0
            guard xr * xr + yr * yr <= ModifiedPolynomial.domainRadius * ModifiedPolynomial.domainRadius else {
                return SIMD2(.nan, .nan)
            }
            let (dx, dy) = Self.correction(xr, yr)
            south -= dx / a
            west -= dy / a
        }
        return northOrientated ? SIMD2(-west, -south) : SIMD2(south, west)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        var south = northOrientated ? -xy.y : xy.x
        var west = northOrientated ? -xy.x : xy.y
        guard south.isFinite && west.isFinite else { return SIMD2(.nan, .nan) }
        if modified {
            // Solve Xp − dX(Xp, Yp) = X by fixed point. The first step is GN 7-2's reverse formula
            // (the polynomial at the grid point); the polynomial's slope is < 1e-5, so two more
            // steps reach full precision. Inside Czechia GN 7-2's single step is already within
            // 1e-11° of this; far outside it differs by up to 1e-7° and only this one inverts the
            // forward exactly.
            let s0 = south, w0 = west
            var converged = false
            for _ in 0..<12 {
                let (dx, dy) = Self.correction(south * a - ModifiedPolynomial.x0, west * a - ModifiedPolynomial.y0)
                let ns = s0 + dx / a, nw = w0 + dy / a
                converged = abs(ns - south) + abs(nw - west) <= 1e-15 * Swift.max(1, abs(ns) + abs(nw))
                south = ns
                west = nw
                if converged { break }
            }
            // Beyond the polynomial's domain the grid point is not an image of the forward map.
            let xr = south * a - ModifiedPolynomial.x0, yr = west * a - ModifiedPolynomial.y0
            guard converged && xr * xr + yr * yr <= ModifiedPolynomial.domainRadius * ModifiedPolynomial.domainRadius
            else { return SIMD2(.nan, .nan) }
        }
        let r = (south * south + west * west).squareRoot()
        // The apex (r = 0, where atan2(−0, −0) would be −π) is the pole of the cone: D = 0.
        let d = r == 0 ? 0 : atan2(west, south) / n
        guard abs(d) <= .pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        // ψT = ψp − ln(r/r0)/n; sin T = tanh ψT, cos T = sech ψT (r = 0 is the apex, T = π/2).
        let psiT = r == 0 ? Double.infinity : psiP - log(r / r0) / n
        let sinT = tanh(psiT), cosT = 1 / cosh(psiT)
        let xp = cosT * cos(d), yp = cosT * sin(d)
        // Rotate back by −αC.
        let sinU = cosAlpha * sinT - sinAlpha * xp
        let cuCosV = cosAlpha * xp + sinAlpha * sinT
        let v = atan2(yp, cuCosV)
        let cosU = (cuCosV * cuCosV + yp * yp).squareRoot()
        // ψ = (ψ_U − ln t0)/B, φ from ψ by the conformal-latitude series (Newton if |f| > 1/150).
        let psi = (asinh(sinU / cosU) - lnT0) / b
        let phi = latitudeSeries.isUsable ? latitudeSeries.latitude(isometric: psi)
            : atan(Conformal.tau(fromConformalTau: sinh(psi), e: e))
        return SIMD2(-v / b, phi)
    }
}
