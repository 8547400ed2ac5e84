/// Removes the artificial cuts of longitude/latitude data: edges that run along the antimeridian
/// (both ends at +180° or both at −180°) and edges along a pole (both ends at latitude ±90°).
///
/// Natural Earth (and most lon/lat data) cuts every polygon that crosses ±180° into pieces that
/// touch the antimeridian, and closes Antarctica with an edge along −90°. Drawn through a
/// projection that does not cut at ±180° (a rotated globe, a polar stereographic map), those cut
/// edges show up as lines and the pole edge makes the fill go wrong. Stitching joins the pieces
/// back: a fragment ending at (180°, φ) continues with the one starting at (−180°, φ); Antarctica
/// becomes one ring around the South Pole. The result has edges that cross the antimeridian
/// (read as great-circle arcs, the short way), so it is for spherical use (rendering, spherical
/// containment), not for planar algorithms in lon/lat.
///
/// As d3-geo-projection's `geoStitch` (used by topojson/world-atlas), written from its description.
public enum Stitch {
    /// What stitching found and did.
    public struct Report: Hashable, Sendable {
        /// Edges removed along ±180°.
        public var antimeridianEdgesRemoved = 0
        /// Edges removed along a pole.
        public var polarEdgesRemoved = 0
        /// Rings that were joined into one across the antimeridian (Fiji, Russia's Chukotka).
        public var ringsJoined = 0
        /// −1 when a stitched ring goes around the South Pole (Antarctica), +1 for the North Pole, 0 otherwise.
        public var enclosedPole = 0
        /// True when cut edges were found but the pieces did not fit together: the polygon is returned unchanged.
        public var failed = false
        public var changed: Bool { !failed && (antimeridianEdgesRemoved + polarEdgesRemoved) > 0 }
        public init() {}
    }

    static let eps = 1e-9
    /// Largest latitude difference (degrees) between the two sides of a cut that are joined.
    public static let joinTolerance = 0.01

    /// How far apart two cut ends are: their latitude difference when both are on the
    /// antimeridian (either side) or at the same pole, infinity otherwise.
    static func gap(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        if atPole(a) && atPole(b) { return (a.y > 0) == (b.y > 0) ? 0 : .infinity }
        if onAntimeridian(a) && onAntimeridian(b) { return abs(a.y - b.y) }
        return samePoint(a, b) ? 0 : .infinity
    }

    @inline(__always) static func onAntimeridian(_ p: SIMD2<Double>) -> Bool { abs(abs(p.x) - 180) < eps }
    @inline(__always) static func atPole(_ p: SIMD2<Double>) -> Bool { abs(abs(p.y) - 90) < eps }

    /// True for an edge along ±180° or along a pole.
    @inline(__always) static func isCut(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        (onAntimeridian(a) && onAntimeridian(b) && (a.x > 0) == (b.x > 0)) || (atPole(a) && atPole(b) && (a.y > 0) == (b.y > 0))
    }

    /// The same point on the sphere: equal latitude and longitude modulo 360°, or the same pole.
    @inline(__always) static func samePoint(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        if atPole(a) || atPole(b) { return atPole(a) && atPole(b) && (a.y > 0) == (b.y > 0) }
        guard abs(a.y - b.y) < eps else { return false }
        let d = abs(a.x - b.x)
        return d < eps || abs(d - 360) < eps
    }

    /// The polygon without cut edges (z and m are dropped), and what was done.
    public static func stitched(_ polygon: Polygon) -> (Polygon, Report) {
        var report = Report()
        struct Fragment { var points: [SIMD2<Double>]; var group: Int; var hole: Bool }
        var kept: [(points: [SIMD2<Double>], group: Int, hole: Bool)] = []
        var fragments: [Fragment] = []
        for k in 0 ..< polygon.polygonCount {
            for r in polygon.rings(ofPolygon: k) {
                var ring = Array(polygon.ring(r))
                let hole = r != polygon.ringGroups[k]
                if ring.count >= 2 && ring.first == ring.last { ring.removeLast() }
                let n = ring.count
                var cutAt: [Bool] = (0 ..< n).map { isCut(ring[$0], ring[($0 + 1) % n]) }
                if n < 3 || !cutAt.contains(true) {
                    kept.append((Array(polygon.ring(r)), k, hole))
                    continue
                }
                for i in 0 ..< n where cutAt[i] {
                    if onAntimeridian(ring[i]) && onAntimeridian(ring[(i + 1) % n]) && !(atPole(ring[i]) && atPole(ring[(i + 1) % n])) {
                        report.antimeridianEdgesRemoved += 1
                    } else { report.polarEdgesRemoved += 1 }
                }
                // Start right after a cut edge; collect maximal chains of uncut edges.
                let start = (cutAt.firstIndex(of: true)! + 1) % n
                var current: [SIMD2<Double>] = [ring[start]]
                for s in 0 ..< n {
                    let i = (start + s) % n
                    if cutAt[i] {
                        if current.count >= 2 { fragments.append(Fragment(points: current, group: k, hole: hole)) }
                        current = [ring[(i + 1) % n]]
                    } else {
                        current.append(ring[(i + 1) % n])
                    }
                }
                cutAt.removeAll()
            }
        }
        if fragments.isEmpty { return (polygon, report) }
        // Join fragments end to start.
        var joined: [(points: [SIMD2<Double>], group: Int, hole: Bool)] = []
        var merges: [(Int, Int)] = []
        var pool = fragments
        while let first = pool.popLast() {
            var chain = first.points
            var pieces = 1
            while true {
                // Natural Earth's pieces meet at the antimeridian at latitudes that differ by up to
                // ~10⁻³° (1:10m); the nearest start within `joinTolerance` is the continuation.
                let end = chain.last!
                let closeGap = gap(end, chain.first!)
                let j = pool.indices.min { gap(end, pool[$0].points.first!) < gap(end, pool[$1].points.first!) }
                let nextGap = j.map { gap(end, pool[$0].points.first!) } ?? .infinity
                if closeGap <= joinTolerance && closeGap <= nextGap && chain.count >= 3 {
                    if !samePoint(end, chain.first!) { chain.append(chain.first!) }
                    break
                }
                guard let j, nextGap <= joinTolerance else {
                    report.failed = true
                    return (polygon, report)
                }
                let next = pool.remove(at: j)
                merges.append((first.group, next.group))
                chain.append(contentsOf: samePoint(end, next.points.first!) ? Array(next.points.dropFirst()) : next.points)
                pieces += 1
            }
            chain[chain.count - 1] = chain[0]
            if pieces > 1 { report.ringsJoined += pieces - 1 }
            // A ring whose longitudes wind once round the axis encloses a pole.
            var turn = 0.0
            for i in 1 ..< chain.count {
                var d = chain[i].x - chain[i - 1].x
                if d > 180 { d -= 360 } else if d < -180 { d += 360 }
                turn += d
            }
            if abs(turn) > 180 {
                let meanLat = chain.reduce(0) { $0 + $1.y } / Double(chain.count)
                report.enclosedPole = meanLat < 0 ? -1 : 1
            }
            joined.append((chain, first.group, first.hole))
        }
        // Groups joined by a ring become one polygon (union-find on the polygon index).
        var parent = Array(0 ..< polygon.polygonCount)
        func find(_ x: Int) -> Int { var x = x; while parent[x] != x { x = parent[x] }; return x }
        for (a, b) in merges { let ra = find(a), rb = find(b); if ra != rb { parent[max(ra, rb)] = min(ra, rb) } }
        var groups: [Int: (exteriors: [[SIMD2<Double>]], holes: [[SIMD2<Double>]])] = [:]
        var order: [Int] = []
        for ring in kept + joined {
            let g = find(ring.group)
            if groups[g] == nil { groups[g] = ([], []); order.append(g) }
            if ring.hole { groups[g]!.holes.append(ring.points) } else { groups[g]!.exteriors.append(ring.points) }
        }
        var polygons: [[[SIMD2<Double>]]] = []
        for g in order.sorted() {
            let (ext, holes) = groups[g]!
            // One exterior per polygon; extra exteriors of a merged group become polygons of their own.
            for (i, e) in ext.enumerated() { polygons.append(i == 0 ? [e] + holes : [e]) }
            if ext.isEmpty { polygons.append(holes) }
        }
        return (Polygon(polygons: polygons, spatialReference: polygon.spatialReference), report)
    }
}
