import GraticuleCRS

/// A point: x/y (longitude/latitude in degrees for a geographic spatial reference,
/// easting/northing in its linear unit for a projected one) with optional z and m.
///
/// The axis order is always x/y whatever the authority's order (EPSG:4326 is latitude-first in
/// the registry; here x is the longitude). A point with a NaN x or y is empty (`isEmpty`), which
/// is what `GeometryEngine.project` returns for a point outside a projection's domain.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    /// Height (in the vertical unit of the spatial reference, or of the data), when the point has one.
    public var z: Double?
    /// Measure, when the point has one (Shapefile PointM/PointZ, GeoPackage XYM/XYZM).
    public var m: Double?
    /// The spatial reference the coordinates are in; nil when unknown.
    public var spatialReference: SpatialReference?

    public init(x: Double, y: Double, z: Double? = nil, m: Double? = nil, spatialReference: SpatialReference? = nil) {
        self.x = x
        self.y = y
        self.z = z
        self.m = m
        self.spatialReference = spatialReference
    }

    /// An empty point (NaN x and y).
    public static func empty(spatialReference: SpatialReference? = nil) -> Point {
        Point(x: .nan, y: .nan, spatialReference: spatialReference)
    }

    /// True when x or y is NaN.
    public var isEmpty: Bool { x.isNaN || y.isNaN }

    /// x and y as a SIMD pair.
    public var xy: SIMD2<Double> { SIMD2(x, y) }

    /// Equality of coordinates and spatial reference (NaN coordinates compare equal, so two empty
    /// points are equal).
    public static func == (a: Point, b: Point) -> Bool {
        func same(_ u: Double?, _ v: Double?) -> Bool {
            switch (u, v) {
            case (nil, nil): return true
            case let (u?, v?): return u == v || (u.isNaN && v.isNaN)
            default: return false
            }
        }
        return same(a.x, b.x) && same(a.y, b.y) && same(a.z, b.z) && same(a.m, b.m)
            && a.spatialReference == b.spatialReference
    }

    public func hash(into h: inout Hasher) {
        h.combine(x.isNaN ? 0 : x)
        h.combine(y.isNaN ? 0 : y)
        h.combine(z)
        h.combine(m)
    }
}
