import Foundation
import GraticuleCore

/// Cassini-Soldner, EPSG 9806; Hyperbolic Cassini-Soldner, EPSG 9833 (Vanua Levu, EPSG:3139);
/// Esri `Cassini` (with Esri's optional `Scale_Factor`, applied to both coordinates).
///
/// Formulas: IOGP Guidance Note 7-2 §3.2.2 (Snyder 1987 p. 95, eqs. 13-5 to 13-12):
/// with A = Δλ cos φ, T = tan²φ, C = e²cos²φ/(1 − e²), ν = a/√(1 − e² sin²φ),
/// x = ν(A − T A³/6 − (8 − T + 8C) T A⁵/120),
/// y = M − M0 + ν tan φ (A²/2 + (5 − T + 6C) A⁴/24); the hyperbolic variant (GN 7-2 §3.2.3)
/// subtracts y³/(6ρν). The meridian arc M is `MeridianArc` (exact to 1e-13 m). The published reverse
/// series (and GN 7-2's iteration for the hyperbolic case) are used as the start of a Newton
/// iteration on the forward (`NumericalInverse`), so the inverse is exact, as PROJ's is (PROJ also
/// refines with its generic inverse). On a sphere the closed forms x = asin(cos φ sin Δλ),
/// y = atan2(tan φ, cos Δλ) − φ0 (Snyder eqs. 13-1, 13-2) and their exact inverses are used.
///
/// Accuracy: agrees with PROJ 9.5.1 `cass` to < 0.1 µm forward and 6e-11° inverse (sweep: 46
/// CRSs + 1 hyperbolic); GN 7-2 examples for Trinidad and Vanua Levu reproduced to the published
/// 0.01 link.
///
/// Domain: on the ellipsoid |λ − λ0| ≤ 30°. The series defines the method, but it is the
/// transverse-cylindrical Cassini geometry only near the central meridian: it departs from it by
/// 5 cm at 5°, 3 m at 10°, 40 m at 15°, 220 m at 20° and 2.6 km at 30° (worst latitude), and it
/// stops being a usable map further out (PROJ 9.5.1 evaluates it anyway: ESRI:54028 World_Cassini
/// at 108°, 54° gives y = 13,109 km where the geometry has 11,415 km, and PROJ's own inverse fails
/// there). Hyperbolic Cassini-Soldner also |φ − φ0| ≤ 60°. Outside: NaN. On a sphere: the whole globe
/// (forward), |x| ≤ π/2·R (inverse).
public struct CassiniSoldner: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Cassini-Soldner",
        epsgCodes: [9806, 9833],
        names: ["Cassini-Soldner", "Hyperbolic Cassini-Soldner"])

    /// Largest |λ − λ0| of the ellipsoidal series' domain, radians.
    public static let maxLongitudeOffset = 30 * Double.pi / 180
    /// The hyperbolic variant's y³/(6ρν) term folds the map beyond about 80° of latitude from the
    /// origin (the inverse then finds a point 2–20° away): it is limited to |φ − φ0| ≤ 60°.
    public static let maxHyperbolicLatitudeOffset = 60 * Double.pi / 180

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion
    @usableFromInline let spherical: Bool
    @usableFromInline let hyperbolic: Bool
    @usableFromInline let es: Double
    @usableFromInline let k0: Double
    @usableFromInline let phi0: Double
    @usableFromInline let m0: Double
    @usableFromInline let arc: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        hyperbolic = p.methodCode == 9833 || p.methodNameContains("Hyperbolic")
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        let lam0 = p.centralMeridian()
        k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale_Factor", value: k0, reason: "must be positive")
        }
        guard ellipsoid.flattening >= 0 && ellipsoid.flattening < 1 else {
            throw .invalidParameter(name: "Inverse flattening", value: ellipsoid.inverseFlattening,
                                    reason: "the ellipsoid must be a sphere or oblate")
        }
        spherical = ellipsoid.isSphere
        if hyperbolic && spherical {
            throw .invalidParameter(name: "Inverse flattening", value: 0,
                                    reason: "Hyperbolic Cassini-Soldner is defined on an ellipsoid only")
        }
        es = ellipsoid.eccentricitySquared
        arc = MeridianArc(ellipsoid)
        m0 = arc.distance(phi0)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lam0, ellipsoid: ellipsoid)
        if spherical {
            clipRegion = ClipRegion(seams: [.transverseCut(centralMeridian: lam0)])
        } else {
            let band = hyperbolic ? CassiniSoldner.maxHyperbolicLatitudeOffset : Double.pi
            clipRegion = .box(west: Angle.normalizeRadians(lam0 - CassiniSoldner.maxLongitudeOffset),
                           south: Swift.max(-Double.pi / 2, phi0 - band),
                           east: Angle.normalizeRadians(lam0 + CassiniSoldner.maxLongitudeOffset),
                           north: Swift.min(Double.pi / 2, phi0 + band))
        }
    }

    /// The ellipsoidal series without the scale factor.
    @inlinable
    func series(_ lam: Double, _ phi: Double) -> SIMD2<Double> {
        let s = sin(phi), c = cos(phi)
        let w = 1 - es * s * s
        let nu = 1 / w.squareRoot()
        let tn = s / c
        let t = tn * tn
        let a = lam * c
        let cc = es * c * c / (1 - es)
        let a2 = a * a
        let x = nu * a * (1 - a2 * t * (1.0 / 6 + (8 - t + 8 * cc) * a2 / 120))
        var y = arc.distance(phi, sin: s, cos: c) - m0
            + nu * tn * a2 * (0.5 + (5 - t + 6 * cc) * a2 / 24)
        if hyperbolic {
            let rho = (1 - es) * nu / w
            y -= y * y * y / (6 * rho * nu)
        }
        return SIMD2(x, y)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard abs(phi) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        if spherical {
            let x = asin(cos(phi) * sin(lam))
            let y = atan2(sin(phi), cos(phi) * cos(lam)) - phi0
            return SIMD2(k0 * x, k0 * y)
        }
        guard abs(lam) <= CassiniSoldner.maxLongitudeOffset,
              !hyperbolic || abs(phi - phi0) <= CassiniSoldner.maxHyperbolicLatitudeOffset
        else { return SIMD2(.nan, .nan) }
        return k0 * series(lam, phi)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x / k0, y = xy.y / k0
        if spherical {
            guard abs(x) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
            let d = y + phi0
            return SIMD2(atan2(tan(x), cos(d)), asin(sin(d) * cos(x)))
        }
        guard x.isFinite && y.isFinite else { return SIMD2(.nan, .nan) }
        // Published reverse series (GN 7-2 §3.2.2) for the start; for the hyperbolic variant the
        // foot-point latitude is first corrected by y³/(6ρν) at the latitude of y alone.
        var my = y
        if hyperbolic {
            let p1 = arc.latitude(arc: m0 + y)
            guard p1.isFinite else { return SIMD2(.nan, .nan) }
            let s = sin(p1), w = 1 - es * s * s
            let nu = 1 / w.squareRoot(), rho = (1 - es) * nu / w
            my = y + y * y * y / (6 * rho * nu)
        }
        let phi1 = arc.latitude(arc: m0 + my)
        guard phi1.isFinite else { return SIMD2(.nan, .nan) }
        let s1 = sin(phi1), c1 = cos(phi1), t1 = s1 / c1
        let w1 = 1 - es * s1 * s1
        let nu1 = 1 / w1.squareRoot(), rho1 = (1 - es) * nu1 / w1
        let tt = t1 * t1
        let d = x / nu1, d2 = d * d
        let phi = phi1 - (nu1 * t1 / rho1) * d2 * (0.5 - (1 + 3 * tt) * d2 / 24)
        let lam = d * (1 - tt * d2 * (1.0 / 3 - (1 + 3 * tt) * d2 / 15)) / c1
        guard abs(lam) <= CassiniSoldner.maxLongitudeOffset * 1.5, abs(phi) <= Double.pi / 2 else {
            return SIMD2(.nan, .nan)
        }
        let unit = CassiniSoldner.Unscaled(base: self)
        let lp = NumericalInverse.refine(unit, target: SIMD2(x, y), initial: SIMD2(lam, phi))
        guard abs(lp.x) <= CassiniSoldner.maxLongitudeOffset + 1e-12 / Swift.max(cos(lp.y), 1e-6),
              abs(lp.y) <= Double.pi / 2,
              !hyperbolic || abs(lp.y - phi0) <= CassiniSoldner.maxHyperbolicLatitudeOffset * (1 + 1e-12) else {
            return SIMD2(.nan, .nan)
        }
        return lp
    }

    /// The ellipsoidal series without the scale factor and domain checks, for the Newton refinement.
    @usableFromInline
    struct Unscaled: ForwardKernel {
        @usableFromInline let base: CassiniSoldner
        @inlinable init(base: CassiniSoldner) { self.base = base }
        @inlinable func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { base.series(lp.x, lp.y) }
    }
}
