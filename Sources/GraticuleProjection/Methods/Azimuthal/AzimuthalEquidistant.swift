import Foundation
import GraticuleCore

/// Azimuthal Equidistant, EPSG 1125 (Esri `Azimuthal_Equidistant`, PROJ `aeqd`): distance and
/// azimuth from the origin are true. On the ellipsoid the distance is the geodesic's.
///
/// Formulas: IOGP GN 7-2 §3.9.3 defines EPSG 1125 by the geodesic from the origin: x = s sin α1,
/// y = s cos α1, with s and α1 from the inverse geodesic problem and the inverse from the direct
/// problem (Karney 2013, `Geodesic`); the polar aspects use the meridian arc
/// (ρ = M(±90°) ∓ M(φ), Helmert's series in n to n⁴, < 1e-14 relative); the sphere uses
/// Snyder 1987 eqs. 25-2 to 25-5 with the angular distance from atan2 (well conditioned near the
/// origin and the antipode).
///
/// Accuracy: agrees with PROJ 9.5.1 (which uses the same geodesic algorithm) to < 0.1 mm forward
/// and < 1e-11° inverse over the 17 EPSG/ESRI CRSs (sweep fixture, incl. the world CRS ESRI:54032).
/// Domain: the whole globe; only the antipode of the origin, whose image is the boundary circle,
/// gives NaN (on the sphere; on the ellipsoid a point on that circle). The inverse gives NaN for
/// points beyond the image (past π on the sphere; past the geodesic's cut locus on the ellipsoid).
/// `clipRegion`: the cap of radius π − `ClipRegion.antipodeExclusion`.
public struct AzimuthalEquidistant: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Azimuthal Equidistant",
        epsgCodes: [1125],
        names: ["Azimuthal Equidistant"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: .pi - ClipRegion.antipodeExclusion)
    }

    @usableFromInline enum Mode: Sendable { case sphere, north, south, geodesic }
    @usableFromInline let mode: Mode
    @usableFromInline let phi0: Double
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let geodesic: Geodesic
    @usableFromInline let arc: MeridianArc
    /// Meridian arc from the equator to the pole of the origin (polar modes).
    @usableFromInline let mp: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOfProjectionCentre,
                       names: ["Latitude_Of_Origin", "Latitude_Of_Center"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true, tolerance: 1e-12)
        sinPhi0 = sin(phi0)
        cosPhi0 = cos(phi0)
        let f = ellipsoid.isSphere ? 0 : ellipsoid.flattening
        geodesic = Geodesic(flattening: f)
        arc = MeridianArc(flattening: f)
        if f == 0 {
            mode = .sphere; mp = 0
        } else if abs(abs(phi0) - .pi / 2) < 1e-10 {
            mode = phi0 > 0 ? .north : .south
            mp = arc.distance(phi0 > 0 ? .pi / 2 : -.pi / 2)
        } else {
            mode = .geodesic; mp = 0
        }
        typealias P = EPSGParameter
        let lon0 = p.centralMeridian([P.longitudeOfNaturalOrigin, P.longitudeOfProjectionCentre],
                                     names: ["Central_Meridian", "Longitude_Of_Center"])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        switch mode {
        case .sphere:
            let sinPhi = sin(lp.y), cosPhi = cos(lp.y), sinLam = sin(lp.x), cosLam = cos(lp.x)
            let ex = cosPhi * sinLam
            let ny = cosPhi0 * sinPhi - sinPhi0 * cosPhi * cosLam
            let cosC = sinPhi0 * sinPhi + cosPhi0 * cosPhi * cosLam
            let sinC = (ex * ex + ny * ny).squareRoot()
            // The antipode (within 1e-14 in cos c, ≈ 1 m, as PROJ) has no single image.
            if cosC < 0 && 1 + cosC < 1e-14 { return SIMD2(.nan, .nan) }
            if sinC == 0 { return SIMD2(0, 0) }
            let k = atan2(sinC, cosC) / sinC
            return SIMD2(k * ex, k * ny)
        case .north, .south:
            let rho = abs(mp - arc.distance(lp.y))
            let cosLam = cos(lp.x)
            return SIMD2(rho * sin(lp.x), mode == .north ? -rho * cosLam : rho * cosLam)
        case .geodesic:
            if abs(lp.x) < 1e-10 && abs(lp.y - phi0) < 1e-10 { return SIMD2(0, 0) }
            let g = geodesic.inverse(lat1: phi0, lat2: lp.y, lon12: lp.x)
            return SIMD2(g.s12 * sin(g.azi1), g.s12 * cos(g.azi1))
        }
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let s = (xy.x * xy.x + xy.y * xy.y).squareRoot()
        guard s.isFinite else { return SIMD2(.nan, .nan) }
        if s < 1e-15 { return SIMD2(0, phi0) }
        switch mode {
        case .sphere:
            guard s <= .pi + 1e-10 else { return SIMD2(.nan, .nan) }
            let c = min(s, .pi)
            let sinC = sin(c), cosC = cos(c)
            let phi = asin(max(-1, min(1, cosC * sinPhi0 + xy.y * sinC * cosPhi0 / s)))
            return SIMD2(atan2(xy.x * sinC, s * cosPhi0 * cosC - xy.y * sinPhi0 * sinC), phi)
        case .north, .south:
            let m = mode == .north ? mp - s : mp + s
            guard abs(m) <= abs(mp) * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
            return SIMD2(atan2(xy.x, mode == .north ? -xy.y : xy.y), arc.latitude(distance: m))
        case .geodesic:
            guard s <= .pi * (1 + 1e-9) else { return SIMD2(.nan, .nan) }
            let pos = geodesic.line(lat1: phi0, azi1: atan2(xy.x, xy.y)).position(distance: s)
            let lp = SIMD2(Angle.normalizeRadians(pos.lon12), pos.lat2)
            // Past the cut locus (no earlier than π(1 − f)·a, next to the antipode) the geodesic
            // is no longer the shortest: the point's image is elsewhere and (x, y) is off the map.
            if s > 3 {
                let back = forward(lp)
                guard abs(back.x - xy.x) <= 1e-9 && abs(back.y - xy.y) <= 1e-9 else { return SIMD2(.nan, .nan) }
            }
            return lp
        }
    }
}
