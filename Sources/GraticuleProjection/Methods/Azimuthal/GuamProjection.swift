import Foundation
import GraticuleCore

/// Guam Projection, EPSG 9831 (Guam 1963 / Guam SPCS, EPSG:3993; PROJ `aeqd +guam`): a
/// simplified azimuthal equidistant projection for a small island (Snyder 1987 pp. 199–200).
///
/// Formulas: IOGP GN 7-2 §3.9.3.2: x = ν Δλ cos φ, y = M − M0 + x² tan φ √(1 − e² sin²φ) / 2;
/// the inverse iterates φ from the meridian arc M0 + y − x² tan φ √(1 − e² sin²φ) / 2 (to
/// 1e-15 rad, where GN 7-2 stops after three iterations), then Δλ = x √(1 − e² sin²φ) / cos φ.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse over Guam (sweep
/// fixture), and with GN 7-2's example to its printed 1 cm. Domain: meant for Guam (~50 km);
/// points more than 10° from the origin give NaN. `clipRegion`: the cap of radius 10°.
public struct GuamProjection: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Guam Projection",
        epsgCodes: [9831],
        names: ["Guam Projection"])

    public static let domainRadius = 10 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: GuamProjection.domainRadius)
    }

    @usableFromInline let phi0: Double
    @usableFromInline let e2: Double
    @usableFromInline let m0: Double
    @usableFromInline let arc: MeridianArc
    @usableFromInline let domain: SphericalCap

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phi0 = try p.required(EPSGParameter.latitudeOfNaturalOrigin, "Latitude of natural origin",
                              names: ["Latitude_Of_Origin"])
        guard abs(phi0) < .pi / 2 - GuamProjection.domainRadius else {
            throw .invalidParameter(name: "Latitude of natural origin", value: phi0 * Angle.degreesPerRadian,
                                    reason: "must be within 80° of the equator")
        }
        e2 = ellipsoid.isSphere ? 0 : ellipsoid.eccentricitySquared
        arc = MeridianArc(flattening: ellipsoid.isSphere ? 0 : ellipsoid.flattening)
        m0 = arc.distance(phi0)
        domain = SphericalCap(centerLatitude: phi0, radius: GuamProjection.domainRadius)
        let lon0 = try p.required(EPSGParameter.longitudeOfNaturalOrigin, "Longitude of natural origin",
                                  names: ["Central_Meridian"])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let sinPhi = sin(lp.y), cosPhi = cos(lp.y)
        guard domain.contains(dlam: lp.x, sinPhi: sinPhi, cosPhi: cosPhi) else {
            return SIMD2(.nan, .nan)
        }
        let w = (1 - e2 * sinPhi * sinPhi).squareRoot()
        let x = lp.x * cosPhi / w
        return SIMD2(x, arc.distance(lp.y, sin: sinPhi, cos: cosPhi) - m0 + x * x * sinPhi / cosPhi * w / 2)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite,
              xy.x * xy.x + xy.y * xy.y <= 4 * GuamProjection.domainRadius * GuamProjection.domainRadius
        else { return SIMD2(.nan, .nan) }
        let half = xy.x * xy.x / 2
        var phi = phi0
        for _ in 0..<20 {
            let s = sin(phi)
            let w = (1 - e2 * s * s).squareRoot()
            let next = arc.latitude(distance: m0 + xy.y - half * s / cos(phi) * w)
            let done = abs(next - phi) < 1e-15
            phi = next
            if done { break }
        }
        let s = sin(phi)
        let lam = xy.x * (1 - e2 * s * s).squareRoot() / cos(phi)
        // The forward's cap, so that every result projects back.
        guard abs(lam) <= .pi,
              domain.contains(dlam: lam, sinPhi: s, cosPhi: cos(phi))
        else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
