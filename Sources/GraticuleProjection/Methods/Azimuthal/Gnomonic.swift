import Foundation
import GraticuleCore

/// Gnomonic (PROJ `gnom`; Esri `Gnomonic` and `Gnomonic_Ellipsoidal`; no EPSG method): great
/// circles, and on the ellipsoid geodesics through the centre, are straight lines.
///
/// Formulas: sphere, Snyder 1987 eqs. 22-4 to 22-6 (x = cos φ sin Δλ / cos c, …); ellipsoid,
/// Karney 2013 §8 ("ellipsoidal gnomonic"): ρ = m12 / M12 along the geodesic from the centre,
/// x = ρ sin α1, y = ρ cos α1, inverted by Newton's method on the geodesic line (dρ/ds = 1/M12²),
/// as PROJ ≥ 9.2 does (ESRI:102034 / 102036 on WGS 84 are ellipsoidal).
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on the sweep's
/// ESRI polar gnomonic CRSs. Domain: the open hemisphere around the centre (sphere: cos c > 1e-10;
/// ellipsoid: M12 > 0); points at or beyond 90° give NaN. `clipRegion`: the cap of radius 80°
/// (ρ ≤ tan 80° ≈ 5.7 R): the map is unbounded towards 90°, so rendering stops there.
public struct Gnomonic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Gnomonic", names: ["Gnomonic"])

    public static let horizonRadius = 80 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: Gnomonic.horizonRadius)
    }

    @usableFromInline let phi0: Double
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let spherical: Bool
    @usableFromInline let geodesic: Geodesic

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOfProjectionCentre,
                       names: ["Latitude_Of_Center", "Latitude_Of_Origin"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true, tolerance: 1e-12)
        sinPhi0 = sin(phi0)
        cosPhi0 = abs(abs(phi0) - .pi / 2) < 1e-10 ? 0 : cos(phi0)
        spherical = ellipsoid.isSphere
        geodesic = Geodesic(flattening: ellipsoid.isSphere ? 0 : ellipsoid.flattening)
        typealias P = EPSGParameter
        let lon0 = p.centralMeridian([P.longitudeOfNaturalOrigin, P.longitudeOfProjectionCentre],
                                     names: ["Longitude_Of_Center", "Central_Meridian"])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        if spherical {
            let sinPhi = sin(lp.y), cosPhi = cos(lp.y), cosLam = cos(lp.x)
            let cosC = sinPhi0 * sinPhi + cosPhi0 * cosPhi * cosLam
            guard cosC > 1e-10 else { return SIMD2(.nan, .nan) }
            return SIMD2(cosPhi * sin(lp.x) / cosC, (cosPhi0 * sinPhi - sinPhi0 * cosPhi * cosLam) / cosC)
        }
        if abs(lp.x) < 1e-15 && abs(lp.y - phi0) < 1e-15 { return SIMD2(0, 0) }
        let g = geodesic.inverse(lat1: phi0, lat2: lp.y, lon12: lp.x)
        guard g.M12 > 0 else { return SIMD2(.nan, .nan) }
        let rho = g.m12 / g.M12
        return SIMD2(rho * sin(g.azi1), rho * cos(g.azi1))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        var rho = (xy.x * xy.x + xy.y * xy.y).squareRoot()
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, phi0) }
        if spherical {
            let c = atan(rho)
            let sinC = sin(c), cosC = cos(c)
            let phi = asin(max(-1, min(1, cosC * sinPhi0 + xy.y * sinC * cosPhi0 / rho)))
            return SIMD2(atan2(xy.x * sinC, rho * cosPhi0 * cosC - xy.y * sinPhi0 * sinC), phi)
        }
        let line = geodesic.line(lat1: phi0, azi1: atan2(xy.x, xy.y))
        var s = atan(rho)
        let little = rho <= 1
        if !little { rho = 1 / rho }
        let tol = 0.01 * Double.ulpOfOne.squareRoot()
        for _ in 0..<10 {
            let pos = line.position(distance: s)
            // ρ(s) = m/M with dρ/ds = 1/M²; for ρ > 1 solve 1/ρ(s) = 1/ρ with d(1/ρ)/ds = −1/m².
            let ds = little ? (pos.m12 - rho * pos.M12) * pos.M12 : (rho * pos.m12 - pos.M12) * pos.m12
            s -= ds
            if !(abs(ds) >= tol) {
                let end = line.position(distance: s)
                return SIMD2(Angle.normalizeRadians(end.lon12), end.lat2)
            }
        }
        return SIMD2(.nan, .nan)
    }
}
