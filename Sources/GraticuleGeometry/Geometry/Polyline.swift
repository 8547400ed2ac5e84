import GraticuleCRS

/// A line of one or more paths (GeoJSON LineString / MultiLineString, Shapefile PolyLine), every
/// vertex in one buffer (`coordinates.xy`), each path a part.
///
/// Segments are straight in the coordinates of the spatial reference (planar). Geodesic
/// operations (`GeometryEngine.geodeticLength`, `geodeticDensify`) read them as geodesics.
public struct Polyline: Hashable, Sendable {
    public var coordinates: CoordinateParts
    public var spatialReference: SpatialReference?

    public init(coordinates: CoordinateParts, spatialReference: SpatialReference? = nil) {
        self.coordinates = coordinates
        self.spatialReference = spatialReference
    }

    /// One path per array.
    public init(paths: [[SIMD2<Double>]], spatialReference: SpatialReference? = nil) {
        self.init(coordinates: CoordinateParts(parts: paths), spatialReference: spatialReference)
    }

    public var pathCount: Int { coordinates.partCount }
    /// Path `i` as a slice of the vertex buffer.
    public func path(_ i: Int) -> ArraySlice<SIMD2<Double>> { coordinates.part(i) }
    public var isEmpty: Bool { coordinates.xy.isEmpty }
}
