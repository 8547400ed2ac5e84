import GraticuleCRS

/// A set of points (GeoJSON MultiPoint, Shapefile MultiPoint), stored in one buffer.
public struct Multipoint: Hashable, Sendable {
    /// The points (a single part).
    public var coordinates: CoordinateParts
    public var spatialReference: SpatialReference?

    public init(points: [SIMD2<Double>], z: [Double]? = nil, m: [Double]? = nil, spatialReference: SpatialReference? = nil) {
        coordinates = CoordinateParts(xy: points, partOffsets: points.isEmpty ? [0] : [0, points.count], z: z, m: m)
        self.spatialReference = spatialReference
    }

    public init(coordinates: CoordinateParts, spatialReference: SpatialReference? = nil) {
        self.coordinates = coordinates
        self.spatialReference = spatialReference
    }

    /// The x/y of every point.
    public var points: [SIMD2<Double>] { coordinates.xy }
    public var pointCount: Int { coordinates.pointCount }
    public var isEmpty: Bool { coordinates.xy.isEmpty }
    /// The point at `i` with its z, m and spatial reference.
    public func point(at i: Int) -> Point {
        Point(x: coordinates.xy[i].x, y: coordinates.xy[i].y, z: coordinates.z?[i], m: coordinates.m?[i],
              spatialReference: spatialReference)
    }
}
