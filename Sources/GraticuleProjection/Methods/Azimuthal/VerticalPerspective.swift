import Foundation
import GraticuleCore

/// Vertical Perspective, EPSG 9838 (Esri `Vertical_Near_Side_Perspective`, PROJ `nsper`): the view
/// of the ellipsoid from a point at height H above the topocentric origin, projected onto the
/// origin's tangent plane.
///
/// Formulas: IOGP GN 7-2 §3.3.4: topocentric coordinates (U, V, W) of the point (EPSG 9837) and
/// x = U H / (H − W), y = V H / (H − W). Here they are evaluated as vectors: the point, the origin
/// (at its ellipsoidal height h0) and the viewpoint in geocentric coordinates; a point is visible
/// when the viewpoint lies above its tangent plane. The inverse intersects the line of sight
/// through (x, y) with the ellipsoid (the nearer root of a quadratic) — closed form, exact.
/// On a sphere this is Snyder 1987 pp. 169–181.
///
/// Accuracy: PROJ's `nsper` is spherical only (R = a, no h0): on a sphere we agree with it to
/// < 0.1 mm; on an ellipsoid we follow EPSG's ellipsoidal definition and differ from PROJ by up
/// to ≈ 0.3 % of the distance from the centre (ESRI:53049/54049 on WGS 84: 0 at the origin — the
/// only sweep point PROJ can project). Domain: the visible cap; hidden points give NaN, as do
/// inverse points beyond the limb. `clipRegion`: the cap of angular radius acos(a / (a + h0 + H)),
/// 0.5 % smaller on an ellipsoid.
public struct VerticalPerspective: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Vertical Perspective",
        epsgCodes: [9838],
        names: ["Vertical Perspective"])

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion

    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let e2: Double
    /// Geocentric origin (λ0 = 0), unit a.
    @usableFromInline let origin: SIMD3<Double>
    /// Geocentric viewpoint.
    @usableFromInline let viewpoint: SIMD3<Double>
    /// Viewpoint height above the origin / a.
    @usableFromInline let height: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let a = ellipsoid.semiMajorAxis
        let phi0 = p.value(EPSGParameter.latitudeOfTopocentricOrigin, EPSGParameter.latitudeOfNaturalOrigin,
                           names: ["Latitude_Of_Center", "Latitude_Of_Origin"], default: 0)
        let lon0 = p.value(EPSGParameter.longitudeOfTopocentricOrigin, EPSGParameter.longitudeOfNaturalOrigin,
                           names: ["Longitude_Of_Center", "Central_Meridian"], default: 0)
        let h0 = p.value(8836, names: ["Ellipsoidal height of topocentric origin"], default: 0) / a
        let hv = try p.required(EPSGParameter.viewpointHeight, "Viewpoint height", names: ["Height"])
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of topocentric origin", includingPoles: true, tolerance: 1e-12)
        guard hv > 0 && hv.isFinite else {
            throw .invalidParameter(name: "Viewpoint height", value: hv, reason: "must be positive and finite")
        }
        height = hv / a
        e2 = ellipsoid.isSphere ? 0 : ellipsoid.eccentricitySquared
        sinPhi0 = sin(phi0)
        cosPhi0 = cos(phi0)
        let nu0 = 1 / (1 - e2 * sinPhi0 * sinPhi0).squareRoot()
        origin = SIMD3((nu0 + h0) * cosPhi0, 0, ((1 - e2) * nu0 + h0) * sinPhi0)
        viewpoint = origin + height * SIMD3(cosPhi0, 0, sinPhi0)
        let cap = acos(1 / (1 + h0 + height)) * (e2 == 0 ? 1 : 0.995)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
        clipRegion = .cap(lon: lon0, lat: phi0, radius: cap)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let sinPhi = sin(lp.y), cosPhi = cos(lp.y), sinLam = sin(lp.x), cosLam = cos(lp.x)
        let normal = SIMD3(cosPhi * cosLam, cosPhi * sinLam, sinPhi)
        let point = Geocentric.point(sinPhi: sinPhi, cosPhi: cosPhi, sinLam: sinLam, cosLam: cosLam, e2: e2)
        // Visible iff the viewpoint is above the point's tangent plane.
        guard ((viewpoint - point) * normal).sum() > 0 else { return SIMD2(.nan, .nan) }
        let d = point - origin
        let u = d.y
        let v = -sinPhi0 * d.x + cosPhi0 * d.z
        let w = cosPhi0 * d.x + sinPhi0 * d.z
        let s = height / (height - w)
        return SIMD2(u * s, v * s)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite else { return SIMD2(.nan, .nan) }
        // Line of sight: viewpoint + t · dir, through the plane point (x, y, 0).
        let dir = SIMD3(-sinPhi0 * xy.y - height * cosPhi0, xy.x, cosPhi0 * xy.y - height * sinPhi0)
        return Geocentric.firstIntersection(from: viewpoint, along: dir, e2: e2)
    }
}
