/// The part of the globe a projection can represent, for clipping geometry on the sphere before
/// projecting it. Angles in radians, longitudes relative to Greenwich.
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
