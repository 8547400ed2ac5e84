import Foundation

/// The part of the globe a projection can represent, for clipping geometry on the sphere before
/// projecting it. Angles in radians. Longitudes are in the projection's own geographic frame — the
/// frame `Projection.project` takes: from the prime meridian of the CRS's base geographic CRS
/// (Greenwich for nearly every CRS; Paris for NTF (Paris)), and normalised to [−π, π] where a
/// horizon stores one (cap centres, cut meridians, box edges).
public enum Horizon: Hashable, Sendable {
    /// Every point of the globe projects (possibly with cuts along the antimeridian of λ0).
    case globe
    /// Points within angular distance `radius` of the centre project (orthographic: π/2).
    case cap(centerLongitude: Double, centerLatitude: Double, radius: Double)
    /// Points with latitude in [south, north] project (Mercator: ±85°-ish by choice, poles excluded).
    case latitudeBand(south: Double, north: Double)
    /// A longitude/latitude box (NZMG, grid systems); `west > east` crosses the antimeridian.
    case box(west: Double, south: Double, east: Double, north: Double)
    /// Interrupted projections: the globe cut along `cuts`, each a meridian segment
    /// (longitude, south latitude, north latitude).
    case interrupted(cuts: [Cut])
    /// The globe cut along lines that are not meridian segments (polyhedral nets, oblique
    /// aspects, cuts along parallels): each element is a polyline of (longitude, latitude)
    /// vertices whose consecutive vertices are joined by the shorter great-circle arc (curved
    /// cuts such as parallels are given densified).
    case cutAlong([[SIMD2<Double>]])

    public struct Cut: Hashable, Sendable {
        public var longitude: Double
        public var south: Double
        public var north: Double
        public init(longitude: Double, south: Double, north: Double) {
            self.longitude = longitude
            self.south = south
            self.north = north
        }
    }
}

extension Horizon {
    /// Whether a point lies inside the horizon, at least `margin` (radians) from its edge.
    ///
    /// `lonLat`: longitude and latitude in radians in the projection's geographic frame (longitude
    /// from the base CRS's prime meridian, any range). Cuts have no width: `interrupted` and
    /// `cutAlong` horizons contain every point of the globe. A renderer clips to the horizon, so
    /// every point inside it projects to a finite image (`DomainEdgeTests`).
    public func contains(_ lonLat: SIMD2<Double>, margin: Double = 0) -> Bool {
        let lon = lonLat.x, lat = lonLat.y
        guard abs(lat) <= Double.pi / 2 && lon.isFinite else { return false }
        switch self {
        case .globe, .interrupted, .cutAlong:
            return true
        case let .cap(centerLongitude, centerLatitude, radius):
            let c = sin(centerLatitude) * sin(lat) + cos(centerLatitude) * cos(lat) * cos(lon - centerLongitude)
            return radius - margin >= .pi || c >= cos(radius - margin)
        case let .latitudeBand(south, north):
            return lat >= south + margin && lat <= north - margin
        case let .box(west, south, east, north):
            guard lat >= south + margin && lat <= north - margin else { return false }
            // Longitudes from the west edge, eastwards, in [0, 2π).
            let width = (east - west).truncatingRemainder(dividingBy: 2 * .pi)
            let span = width <= 0 ? width + 2 * .pi : width
            var d = (lon - west).truncatingRemainder(dividingBy: 2 * .pi)
            if d < 0 { d += 2 * .pi }
            return d >= margin && d <= span - margin
        }
    }
}
