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
/// Inverse: closed form on the sphere and in the polar aspect; Newton's method on the two
/// forward equations otherwise (GN 7-2), converging to 1e-14 rad.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on the sweep's
/// orthographic and local orthographic CRSs. Domain: the near hemisphere (angular distance ≤ 90°
/// from the centre, 1e-10 of slack as PROJ); the far side gives NaN, as do inverse points outside
/// the disc. `horizon` is the cap of radius 90°.
public struct Orthographic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Orthographic",
        epsgCodes: [9840, 1130],
        names: ["Orthographic", "Orthographic (Spherical)", "Local Orthographic", "Local", "Orthographic_Spherical"],
        projName: "ortho")

    public let frame: ProjectionFrame
    public var horizon: Horizon { .cap(centerLongitude: frame.centralMeridian, centerLatitude: phi0, radius: .pi / 2) }

    @usableFromInline let phi0: Double
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let e2: Double
    @usableFromInline let nu0: Double
    @usableFromInline let k: Double
    @usableFromInline let sinAlpha: Double
    @usableFromInline let cosAlpha: Double
    /// True in the polar aspect (closed-form ellipsoidal inverse).
    @usableFromInline let polar: Bool

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
        guard abs(lat) <= .pi / 2 + 1e-12 else {
            throw .invalidParameter(name: local ? "Latitude of projection centre" : "Latitude of natural origin",
                                    value: lat * Angle.degreesPerRadian, reason: "must be in [−90°, 90°]")
        }
        guard k > 0 && k.isFinite else {
            throw .invalidParameter(name: "Scale factor at projection centre", value: k, reason: "must be positive")
        }
        phi0 = max(-.pi / 2, min(.pi / 2, lat))
        sinPhi0 = sin(phi0)
        cosPhi0 = abs(abs(phi0) - .pi / 2) < 1e-10 ? 0 : cos(phi0)
        polar = cosPhi0 == 0
        e2 = spherical ? 0 : ellipsoid.eccentricitySquared
        nu0 = 1 / (1 - e2 * sinPhi0 * sinPhi0).squareRoot()
        frame = ProjectionFrame(parameters: p, centralMeridian: lon,
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
        if polar {
            // x = ν cos φ sin λ, y = ∓ν cos φ cos λ: ρ² = cos²φ / (1 − e² sin²φ).
            let rho2 = x * x + y * y
            guard rho2 <= 1 + 1e-10 else { return SIMD2(.nan, .nan) }
            let r2 = min(1, rho2)
            let cosPhi = (r2 * (1 - e2) / (1 - e2 * r2)).squareRoot()
            let phi = acos(min(1, cosPhi))
            let north = sinPhi0 > 0
            return SIMD2(rho2 == 0 ? 0 : atan2(x, north ? -y : y), north ? phi : -phi)
        }
        // Newton's method from the spherical estimate.
        var lp = Orthographic.sphericalInverse(min(1, max(-1, x)), y, sinPhi0, cosPhi0, phi0)
        if !lp.x.isFinite || !lp.y.isFinite { lp = SIMD2(0, phi0) }
        var converged = false
        for _ in 0..<40 {
            let sinPhi = sin(lp.y), cosPhi = cos(lp.y), sinLam = sin(lp.x), cosLam = cos(lp.x)
            let q = plane(sinPhi, cosPhi, sinLam, cosLam)
            let w = 1 - e2 * sinPhi * sinPhi
            let nu = 1 / w.squareRoot()
            let rho = (1 - e2) * nu / w
            let j11 = -rho * sinPhi * sinLam, j12 = nu * cosPhi * cosLam
            let j21 = rho * (cosPhi * cosPhi0 + sinPhi * sinPhi0 * cosLam), j22 = nu * sinPhi0 * cosPhi * sinLam
            let det = j11 * j22 - j12 * j21
            guard det != 0 && det.isFinite else { break }
            let dx = x - q.x, dy = y - q.y
            let dphi = (j22 * dx - j12 * dy) / det
            let dlam = (-j21 * dx + j11 * dy) / det
            lp.y += dphi
            lp.x += dlam
            if lp.y > .pi / 2 { lp.y = .pi - lp.y; lp.x += .pi }
            if lp.y < -.pi / 2 { lp.y = -.pi - lp.y; lp.x += .pi }
            if abs(dphi) < 1e-14 && abs(dlam) < 1e-14 { converged = true; break }
        }
        lp.x = Angle.normalizeRadians(lp.x)
        // Reject points off the disc: the estimate must reproduce (x, y) and lie on the near side.
        let back = plane(sin(lp.y), cos(lp.y), sin(lp.x), cos(lp.x))
        guard converged || (abs(back.x - x) < 1e-11 && abs(back.y - y) < 1e-11),
              sinPhi0 * sin(lp.y) + cosPhi0 * cos(lp.y) * cos(lp.x) >= -1e-10 else { return SIMD2(.nan, .nan) }
        return lp
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
