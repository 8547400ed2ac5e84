extension GeometryEngine {
    /// Whether two geometries share at least one point, planar (x/y as given, no wrapping at the
    /// antimeridian), boundaries included: a vertex of one on or inside the other, or two of their
    /// segments crossing or touching. Polygons are areas (even-odd over their rings), lines are
    /// their segments, points are points; an envelope is its rectangle. Empty geometries meet
    /// nothing. This is the DE-9IM `intersects` of OGC Simple Features (the predicate of CQL2's
    /// `S_INTERSECTS`) for these types. Cost: the vertex counts' product at worst, parts whose
    /// extents are apart skipped.
    public static func intersects(_ a: Geometry, _ b: Geometry) -> Bool {
        guard a.extent.intersects(b.extent) else { return false }
        if case let .envelope(e) = b { return intersects(a, e) }
        if case let .envelope(e) = a { return intersects(b, e) }
        return PlanarShape(a).meets(PlanarShape(b))
    }

    /// Whether segments p1 p2 and q1 q2 share a point (touching and collinear overlap included).
    static func segmentsMeet(_ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ q1: SIMD2<Double>, _ q2: SIMD2<Double>) -> Bool {
        let d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2), d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return (d1 == 0 && onSegment(q1, q2, p1)) || (d2 == 0 && onSegment(q1, q2, p2))
            || (d3 == 0 && onSegment(p1, p2, q1)) || (d4 == 0 && onSegment(p1, p2, q2))
    }

    /// Twice the signed area of the triangle a b c: positive when c lies left of a → b (x right,
    /// y up), zero when the three are collinear (in double precision).
    static func orient(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Whether p lies on the segment a b, ends included (its orientation exactly zero).
    static func isOnSegment(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>) -> Bool {
        orient(a, b, p) == 0 && onSegment(a, b, p)
    }

    /// Whether c, collinear with a b, lies within the segment's box.
    static func onSegment(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Bool {
        min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y)
    }
}

/// A geometry as what `intersects` and `distance` walk: its vertices, its paths (the segments of lines and
/// rings) and, for polygons, the rings that make its area.
struct PlanarShape {
    var vertices: [SIMD2<Double>] = []
    var paths: [ArraySlice<SIMD2<Double>>] = []
    var rings: [ArraySlice<SIMD2<Double>>] = []

    init(_ g: Geometry) {
        switch g {
        case let .point(p): if !p.isEmpty { vertices = [p.xy] }
        case let .multipoint(m): vertices = m.coordinates.xy
        case let .polyline(l):
            vertices = l.coordinates.xy
            paths = l.coordinates.parts
        case let .polygon(p):
            vertices = p.coordinates.xy
            paths = p.coordinates.parts
            rings = paths
        case let .envelope(e):
            guard !e.isEmpty else { return }
            let ring = e.closedRing
            vertices = ring
            paths = [ring[...]]
            rings = paths
        }
    }

    /// Whether the two shapes share a point (`GeometryEngine.intersects` without its extent
    /// test): a vertex of one covered by the other, or two of their segments meeting.
    func meets(_ other: PlanarShape) -> Bool {
        if vertices.contains(where: { other.covers($0) }) || other.vertices.contains(where: { covers($0) }) { return true }
        for sa in paths {
            let ea = Envelope(points: sa)
            for sb in other.paths where ea.intersects(Envelope(points: sb)) {
                for i in sa.indices.dropLast() {
                    for j in sb.indices.dropLast() where GeometryEngine.segmentsMeet(sa[i], sa[i + 1], sb[j], sb[j + 1]) { return true }
                }
            }
        }
        return false
    }

    /// Whether the point lies on a vertex, on a segment or inside the area.
    func covers(_ p: SIMD2<Double>) -> Bool {
        if paths.isEmpty { return vertices.contains(p) }
        for path in paths {
            if path.count == 1, path.first == p { return true }
            for i in path.indices.dropLast() where GeometryEngine.isOnSegment(path[i], path[i + 1], p) { return true }
        }
        var inside = false
        for ring in rings where ring.withContiguousStorageIfAvailable({ PlanarRing.contains($0, p) }) == true { inside.toggle() }
        return inside
    }
}
