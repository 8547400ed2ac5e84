import Foundation
import GraticuleCore

/// Orthographic: EPSG 9840 (ellipsoidal), PROJ/Esri "Orthographic (Spherical)" (Esri `Orthographic`:
/// the spherical formulas with R = a, e.g. ESRI:102038 The_World_From_Space, 102035/102037), and
/// EPSG 1130 Local Orthographic (Esri `Local`: the ellipsoidal form rotated by the azimuth at the
/// projection centre and scaled by k, false origin at the centre). PROJ `ortho`.
///
/// Formulas: IOGP GN 7-2 §3.3.5 (Orthographic) and §3.3.6 (Local Orthographic); Snyder 1987
/// pp. 145–150 (sphere): x = ν cos φ sin Δλ, y = ν (sin φ cos φ0 − cos φ sin φ0 cos Δλ)
/// + e² (ν0 sin φ0 − ν sin φ) cos φ0, then (E, N) = k · R(α) (x, y). A point is on the near side
/// when its ellipsoid normal faces the plane's: sin φ0 sin φ + cos φ0 cos φ cos Δλ ≥ 0.
/// Inverse: closed form. On the sphere Snyder's; on the ellipsoid the map is the parallel
/// projection onto the tangent plane at the centre along its normal, so the point is the nearer
/// intersection of that line with the ellipsoid (a quadratic; GN 7-2 and PROJ iterate Newton's
/// method instead, which stalls at the limb, where the Jacobian is singular).
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on the sweep's
/// orthographic and local orthographic CRSs. Domain: the near hemisphere (angular distance ≤ 90°
/// from the centre, 1e-10 of slack as PROJ); the far side gives NaN, as do inverse points outside
/// the outline (beyond PROJ's 1e-11 of slack). The limb round-trips exactly; just inside it the
/// inverse is √-conditioned (a point 4e-11 m inside the limb is 0.02 m of latitude from it), and
/// PROJ's Newton iteration refuses such points where this inverse returns them (gie
/// builtins.gie:5188, which the file itself calls fragile). `clipRegion` is the cap of radius 90°.
public struct Orthographic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Orthographic",
        epsgCodes: [9840, 1130],
        names: ["Orthographic", "Local Orthographic", "Orthographic (Spherical)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .cap(lon: frame.centralMeridian, lat: phi0, radius: .pi / 2) }

    @usableFromInline let phi0: Double
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let e2: Double
    @usableFromInline let nu0: Double
    @usableFromInline let k: Double
    @usableFromInline let sinAlpha: Double
    @usableFromInline let cosAlpha: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let local = p.methodCode == 1130 || p.methodNameContains("Local")
        let name = ProjectionDescriptor.normalize(p.methodName)
        let spherical = ellipsoid.isSphere || name.contains("spherical")
            || (p.methodCode == nil && name == "orthographic")
        let lat: Double, lon: Double
        if local {
            lat = try p.required(EPSGParameter.latitudeOfProjectionCentre, "Latitude of projection centre",
                                 names: ["Latitude_Of_Center"])
            lon = try p.required(EPSGParameter.longitudeOfProjectionCentre, "Longitude of projection centre",
                                 names: ["Longitude_Of_Center"])
            let alpha = p.value(EPSGParameter.azimuthOfInitialLine, names: ["Azimuth"], default: 0)
            k = p.value(EPSGParameter.scaleFactorOnInitialLine, EPSGParameter.scaleFactorAtNaturalOrigin,
                        names: ["Scale_Factor"], default: 1)
            sinAlpha = sin(alpha); cosAlpha = cos(alpha)
        } else {
            lat = p.value(EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOfProjectionCentre,
                          names: ["Latitude_Of_Center", "Latitude_Of_Origin"], default: 0)
            lon = p.value(EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfProjectionCentre,
                          names: ["Longitude_Of_Center", "Central_Meridian"], default: 0)
            k = 1; sinAlpha = 0; cosAlpha = 1
        }
        try ProjectionParameters.checkLatitude(lat, name: local ? "Latitude of projection centre" : "Latitude of natural origin", includingPoles: true, tolerance: 1e-12)
        guard k > 0 && k.isFinite else {
            throw .invalidParameter(name: "Scale factor at projection centre", value: k, reason: "must be positive")
        }
        phi0 = max(-.pi / 2, min(.pi / 2, lat))
        sinPhi0 = sin(phi0)
        cosPhi0 = abs(abs(phi0) - .pi / 2) < 1e-10 ? 0 : cos(phi0)
        e2 = spherical ? 0 : ellipsoid.eccentricitySquared
        nu0 = 1 / (1 - e2 * sinPhi0 * sinPhi0).squareRoot()
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon,
                                falseOrigin: local ? [.projectionCentre, .natural] : [.natural],
                                ellipsoid: spherical ? .sphere(radius: ellipsoid.semiMajorAxis) : ellipsoid)
    }

    /// Unrotated, unscaled plane coordinates of (Δλ, φ).
    @inlinable func plane(_ sinPhi: Double, _ cosPhi: Double, _ sinLam: Double, _ cosLam: Double) -> SIMD2<Double> {
        let nu = 1 / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return SIMD2(nu * cosPhi * sinLam,
                     nu * (sinPhi * cosPhi0 - cosPhi * sinPhi0 * cosLam) + e2 * (nu0 * sinPhi0 - nu * sinPhi) * cosPhi0)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let sinPhi = sin(lp.y), cosPhi = cos(lp.y), sinLam = sin(lp.x), cosLam = cos(lp.x)
        guard sinPhi0 * sinPhi + cosPhi0 * cosPhi * cosLam >= -1e-10 else { return SIMD2(.nan, .nan) }
        let q = plane(sinPhi, cosPhi, sinLam, cosLam)
        return SIMD2(k * (cosAlpha * q.x - sinAlpha * q.y), k * (sinAlpha * q.x + cosAlpha * q.y))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = (cosAlpha * xy.x + sinAlpha * xy.y) / k
        let y = (-sinAlpha * xy.x + cosAlpha * xy.y) / k
        guard x.isFinite && y.isFinite else { return SIMD2(.nan, .nan) }
        if e2 == 0 { return Orthographic.sphericalInverse(x, y, sinPhi0, cosPhi0, phi0) }
        // The map is the parallel projection along the normal U at the centre P0 onto the tangent
        // plane there (GN 7-2's formulas are its east and north components), so the point is where
        // the line Q + tU through Q = P0 + x·E + y·N meets the ellipsoid X² + Y² + Z²/(1 − e²) = 1
        // (units of a, x towards the centre's meridian): the root of A t² + 2B t + C = 0 nearer
        // the viewer. With E = (0, 1, 0), N = (−sin φ0, 0, cos φ0), U = (cos φ0, 0, sin φ0):
        let r = 1 / (1 - e2)
        let qx = nu0 * cosPhi0 - y * sinPhi0, qy = x, qz = nu0 * (1 - e2) * sinPhi0 + y * cosPhi0
        let a = cosPhi0 * cosPhi0 + sinPhi0 * sinPhi0 * r
        let b = qx * cosPhi0 + qz * sinPhi0 * r
        let c = qx * qx + qy * qy + qz * qz * r - 1
        // d = (B² − AC)/A is 1 − (the outline ellipse's equation at (x, y)): 1 at the centre, 0 on
        // the limb. Points up to 1e-11 outside the outline are taken onto it (PROJ's tolerance), and
        // points within rounding of it (|d| < 2e-15, a few nm) are on it: the inverse is √d-
        // conditioned there, so that the limb's own image returns the limb point exactly.
        var d = (b * b - a * c) / a
        guard d >= -1e-11 else { return SIMD2(.nan, .nan) }
        if d < 2e-15 { d = 0 }
        // Q lies on the tangent plane, outside the (convex) ellipsoid: C ≥ 0, B > 0 and the near
        // root t = (−B + √(B² − AC))/A = −C/(B + √(A d)) has no cancellation.
        let den = b + (a * d).squareRoot()
        guard den > 0 else { return SIMD2(.nan, .nan) }
        let t = -c / den
        let px = qx + t * cosPhi0, pz = qz + t * sinPhi0
        return SIMD2(atan2(qy, px), atan2(pz, (1 - e2) * (px * px + qy * qy).squareRoot()))
    }

    /// The spherical inverse (Snyder 1987 eqs. 20-14, 20-15); NaN beyond the unit disc.
    @inlinable static func sphericalInverse(_ x: Double, _ y: Double, _ sinPhi0: Double, _ cosPhi0: Double,
                                            _ phi0: Double) -> SIMD2<Double> {
        var rho = (x * x + y * y).squareRoot()
        guard rho <= 1 + 1e-10 else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, phi0) }
        rho = min(1, rho)
        let sinC = rho, cosC = (1 - rho * rho).squareRoot()
        let phi = asin(max(-1, min(1, cosC * sinPhi0 + y * sinC * cosPhi0 / rho)))
        let lam = atan2(x * sinC, rho * cosC * cosPhi0 - y * sinC * sinPhi0)
        return SIMD2(lam, phi)
    }
}
