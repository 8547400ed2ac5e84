import GraticuleCRS

/// An area bounded by rings (GeoJSON Polygon / MultiPolygon, Shapefile Polygon, ArcGIS Polygon).
///
/// Storage: every vertex of every ring in one buffer (`coordinates.xy`), ring `r` being part `r`
/// of `coordinates`; rings are stored **closed** (the last vertex repeats the first). Rings are
/// grouped into polygons: polygon `k` is rings `ringGroups[k] ..< ringGroups[k + 1]`, the first
/// of them its exterior and the others its holes (a GeoJSON MultiPolygon's structure, or the
/// grouping a Shapefile's winding implies).
///
/// Winding is kept as read. Shapefiles and Natural Earth have clockwise exteriors and
/// counter-clockwise holes (x east, y north); RFC 7946 GeoJSON the opposite. Algorithms that need
/// an interior use the grouping, not the winding: planar ones the even-odd rule, spherical ones
/// (`SphericalPolygon`) the smaller side of each ring.
///
/// Iterating fast:
/// ```swift
/// for r in 0 ..< polygon.ringCount {
///     let ring = polygon.ring(r)            // ArraySlice<SIMD2<Double>>, no copy
///     for p in ring { … }
/// }
/// // or, without bounds checks:
/// polygon.coordinates.withUnsafeBuffers { xy, offsets in … }
/// ```
public struct Polygon: Hashable, Sendable {
    public var coordinates: CoordinateParts
    /// Ring index where each polygon starts, then `ringCount`.
    public internal(set) var ringGroups: [Int]
    public var spatialReference: SpatialReference?

    /// Wraps buffers.
    /// - Precondition: `ringGroups` starts at 0, never decreases and ends at `coordinates.partCount`.
    public init(coordinates: CoordinateParts, ringGroups: [Int], spatialReference: SpatialReference? = nil) {
        precondition(ringGroups.first == 0 && ringGroups.last == coordinates.partCount,
                     "ring groups must span 0…\(coordinates.partCount)")
        self.coordinates = coordinates
        self.ringGroups = ringGroups
        self.spatialReference = spatialReference
    }

    /// Polygons given as arrays of rings (exterior first, then holes), as in a GeoJSON
    /// MultiPolygon. Rings that are not closed are closed.
    public init(polygons: [[[SIMD2<Double>]]], spatialReference: SpatialReference? = nil) {
        var parts = CoordinateParts()
        var groups = [0]
        for poly in polygons {
            for ring in poly {
                parts.append(part: Polygon.closed(ring))
            }
            groups.append(parts.partCount)
        }
        self.init(coordinates: parts, ringGroups: groups, spatialReference: spatialReference)
    }

    /// Rings with Shapefile semantics: clockwise rings are exteriors, counter-clockwise ones holes
    /// of the first exterior that contains them (`PolygonGrouping`). Rings are closed if needed.
    public init(rings: [[SIMD2<Double>]], spatialReference: SpatialReference? = nil) {
        let parts = CoordinateParts(parts: rings.map(Polygon.closed))
        self = PolygonGrouping.grouped(parts, spatialReference: spatialReference)
    }

    static func closed(_ ring: [SIMD2<Double>]) -> [SIMD2<Double>] {
        guard let f = ring.first, let l = ring.last, f != l else { return ring }
        return ring + [f]
    }

    public var ringCount: Int { coordinates.partCount }
    public var polygonCount: Int { ringGroups.count - 1 }
    /// Ring `r` (closed) as a slice of the vertex buffer.
    @inlinable public func ring(_ r: Int) -> ArraySlice<SIMD2<Double>> { coordinates.part(r) }
    /// The ring indices of polygon `k` (its exterior first).
    public func rings(ofPolygon k: Int) -> Range<Int> { ringGroups[k] ..< ringGroups[k + 1] }
    public var isEmpty: Bool { coordinates.xy.isEmpty }

    /// Planar signed area of ring `r` (shoelace; positive when counter-clockwise with y up).
    public func signedArea(ofRing r: Int) -> Double {
        coordinates.withUnsafeBuffers { xy, o in PlanarRing.signedArea(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]])) }
    }
}

/// Groups rings into polygons by winding and containment, as GDAL does for Shapefiles.
public enum PolygonGrouping {
    /// Clockwise rings (negative planar area) are exteriors, in their order; every other ring is a
    /// hole of the first exterior whose interior holds its first vertex (even-odd, planar), or a
    /// polygon of its own when none does. When no ring is clockwise, every ring is an exterior.
    public static func grouped(_ parts: CoordinateParts, spatialReference: SpatialReference?) -> Polygon {
        let n = parts.partCount
        if n <= 1 { return Polygon(coordinates: parts, ringGroups: n == 0 ? [0] : [0, 1], spatialReference: spatialReference) }
        var areas = [Double](repeating: 0, count: n)
        parts.withUnsafeBuffers { xy, o in
            for r in 0 ..< n { areas[r] = PlanarRing.signedArea(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]])) }
        }
        var exteriors = (0 ..< n).filter { areas[$0] < 0 }
        var holes = (0 ..< n).filter { areas[$0] >= 0 }
        if exteriors.isEmpty { exteriors = Array(0 ..< n); holes = [] }
        var groups: [[Int]] = exteriors.map { [$0] }
        parts.withUnsafeBuffers { xy, o in
            for h in holes {
                let first = xy[o[h]]
                var owner: Int?
                for (g, members) in groups.enumerated() {
                    let e = members[0]
                    if areas[e] < 0,
                       PlanarRing.contains(UnsafeBufferPointer(rebasing: xy[o[e] ..< o[e + 1]]), first) {
                        owner = g
                        break
                    }
                }
                if let owner { groups[owner].append(h) } else { groups.append([h]) }
            }
        }
        let order = groups.flatMap { $0 }
        if order == Array(0 ..< n) {
            var rg = [0]
            for g in groups { rg.append(rg.last! + g.count) }
            return Polygon(coordinates: parts, ringGroups: rg, spatialReference: spatialReference)
        }
        var out = CoordinateParts()
        if parts.z != nil { out.z = [] }
        if parts.m != nil { out.m = [] }
        for r in order {
            let range = parts.range(ofPart: r)
            out.xy.append(contentsOf: parts.xy[range])
            out.z?.append(contentsOf: parts.z![range])
            out.m?.append(contentsOf: parts.m![range])
            out.partOffsets.append(out.xy.count)
        }
        var rg = [0]
        for g in groups { rg.append(rg.last! + g.count) }
        return Polygon(coordinates: out, ringGroups: rg, spatialReference: spatialReference)
    }
}
