import Foundation

extension GeometryEngine {
    /// A simplification method and its tolerance.
    public enum SimplificationMethod: Sendable, Hashable {
        /// Douglas-Peucker (`generalize`): largest planar deviation, in the spatial reference's units.
        case douglasPeucker(maxDeviation: Double)
        /// Visvalingam-Whyatt (`simplifyVisvalingam`): smallest triangle area kept, in square units.
        case visvalingam(minimumArea: Double)
    }

    /// Simplifies the polygons and polylines of a layer together, preserving the topology between
    /// them (a coverage such as the countries of a map):
    ///
    /// - **Shared borders are simplified once.** Parts are cut into arcs at their junctions (a
    ///   vertex whose neighbours differ between the parts passing through it); each distinct arc is
    ///   simplified once with its end points fixed, so neighbours keep the same border vertex for
    ///   vertex and no gap or overlap opens between them. Rings that share no junction (islands,
    ///   an enclave and the hole it fills) start at their lexicographically smallest vertex, so an
    ///   enclave and its hole are one arc too.
    /// - **No crossing is introduced.** Arcs whose simplified segments cross or touch another
    ///   segment (of any arc, their own included) away from a shared vertex are simplified again
    ///   with a quarter of the tolerance, up to full resolution; crossings already in the input
    ///   stay as they were.
    /// - **No ring moves past another.** Each ring's anchor (its first vertex, an arc end, never
    ///   removed) stays on the same side of every other ring as in the input; when a simplified
    ///   ring would pass over one without crossing it (a coast over a small island, a shell past
    ///   its hole), that ring is simplified again with a quarter of the tolerance.
    /// - **Rings keep at least 4 points** (3 distinct): the arcs of a ring that would fall below
    ///   are simplified again with half the tolerance.
    ///
    /// Coordinates are compared exactly: borders must share their vertices to be simplified once
    /// (NE 110m's do; where NE 10m neighbours trace a border with different vertices, the two
    /// lines are simplified separately and stay at full resolution wherever they would cross).
    /// Consecutive repeated vertices are removed first. z and m are not carried (the result is
    /// two-dimensional). Points, multipoints, envelopes and nil pass through unchanged.
    public static func simplifyPreservingTopology(_ geometries: [Geometry?], method: SimplificationMethod) -> [Geometry?] {
        var t = TopologySimplifier(method: method)
        return t.run(geometries)
    }
}

/// The arc graph of a set of parts and its simplification (`GeometryEngine.simplifyPreservingTopology`).
struct TopologySimplifier {
    let method: GeometryEngine.SimplificationMethod

    /// One part of the input, as a sequence of arcs.
    struct PartRef {
        var isRing: Bool
        /// (arc id, reversed) in order; a ring's arcs close it.
        var arcs: [(Int, Bool)]
    }

    var arcs: [[SIMD2<Double>]] = []        // in canonical direction
    var scale: [Double] = []                 // tolerance factor per arc (1 = given tolerance, 0 = all vertices)
    var simplified: [[SIMD2<Double>]] = []
    /// Arcs closed on themselves (a ring with no junction).
    var closed: [Bool] = []

    init(method: GeometryEngine.SimplificationMethod) { self.method = method }

    /// The part's points without consecutive repeats (a ring stays closed).
    static func deduplicated(_ part: ArraySlice<SIMD2<Double>>) -> [SIMD2<Double>] {
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(part.count)
        for p in part where out.last != p { out.append(p) }
        return out
    }

    static func less(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool { a.x < b.x || (a.x == b.x && a.y < b.y) }

    mutating func run(_ geometries: [Geometry?]) -> [Geometry?] {
        // 1. Parts, and the junctions: vertices seen with two different neighbour pairs (or as a line's end).
        var parts: [[SIMD2<Double>]] = [], isRing: [Bool] = []
        for geometry in geometries {
            switch geometry {
            case let .polygon(p)?:
                for r in 0 ..< p.ringCount { parts.append(Self.deduplicated(p.ring(r))); isRing.append(true) }
            case let .polyline(l)?:
                for k in 0 ..< l.pathCount { parts.append(Self.deduplicated(l.path(k))); isRing.append(false) }
            default: break
            }
        }
        struct Seen { var a: SIMD2<Double>; var b: SIMD2<Double>; var junction: Bool }
        var seen: [SIMD2<Double>: Seen] = [:]
        seen.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        func visit(_ v: SIMD2<Double>, _ p: SIMD2<Double>, _ q: SIMD2<Double>, forced: Bool) {
            let (a, b) = Self.less(p, q) ? (p, q) : (q, p)
            if var s = seen[v] {
                if !s.junction && (forced || s.a != a || s.b != b) { s.junction = true; seen[v] = s }
            } else {
                seen[v] = Seen(a: a, b: b, junction: forced)
            }
        }
        for (k, pts) in parts.enumerated() {
            if isRing[k] {
                guard pts.count >= 4, pts.first == pts.last else { continue }
                let m = pts.count - 1
                for i in 0 ..< m { visit(pts[i], pts[(i + m - 1) % m], pts[(i + 1) % m], forced: false) }
            } else {
                guard pts.count >= 2 else { continue }
                for i in pts.indices {
                    visit(pts[i], pts[max(i - 1, 0)], pts[min(i + 1, pts.count - 1)], forced: i == 0 || i == pts.count - 1)
                }
            }
        }
        // 2. Arcs between junctions, each distinct arc once.
        var arcIndex: [[SIMD2<Double>]: Int] = [:]
        var refs: [PartRef] = []
        func arcID(_ a: [SIMD2<Double>]) -> (Int, Bool) {
            // Canonical direction: the smaller of (first, second) against (last, second to last).
            let n = a.count
            let forward = a[0] != a[n - 1] ? Self.less(a[0], a[n - 1]) : !Self.less(a[n - 2], a[1])
            let key = forward ? a : a.reversed()
            if let id = arcIndex[key] { return (id, !forward) }
            arcs.append(key)
            closed.append(a[0] == a[n - 1])
            arcIndex[key] = arcs.count - 1
            return (arcs.count - 1, !forward)
        }
        for (k, pts) in parts.enumerated() {
            var ref = PartRef(isRing: isRing[k], arcs: [])
            if isRing[k] {
                guard pts.count >= 4, pts.first == pts.last else { refs.append(ref); continue }
                let m = pts.count - 1
                var cuts = (0 ..< m).filter { seen[pts[$0]]!.junction }
                if cuts.isEmpty {
                    var start = 0
                    for i in 1 ..< m where Self.less(pts[i], pts[start]) { start = i }
                    cuts = [start]
                }
                for (c, i) in cuts.enumerated() {
                    let j = cuts[(c + 1) % cuts.count]
                    var arc: [SIMD2<Double>] = []
                    var x = i
                    repeat { arc.append(pts[x]); x = (x + 1) % m } while x != j
                    arc.append(pts[j])
                    ref.arcs.append(arcID(arc))
                }
            } else if pts.count >= 2 {
                var i = 0
                for j in 1 ..< pts.count where seen[pts[j]]!.junction || j == pts.count - 1 {
                    ref.arcs.append(arcID(Array(pts[i ... j])))
                    i = j
                }
            }
            refs.append(ref)
        }
        // 3. Simplify; repair short rings and crossings by simplifying their arcs again, less.
        scale = [Double](repeating: 1, count: arcs.count)
        simplified = arcs.indices.map(simplify)
        let containment = ContainmentChecks(refs: refs, parts: parts, isRing: isRing, simplifier: self)
        for _ in 0 ..< 40 {
            var redo = Set<Int>()
            for ref in refs where ref.isRing && !ref.arcs.isEmpty && ringPointCount(ref) < 4 {
                for (a, _) in ref.arcs where scale[a] > 0 { redo.insert(a); scale[a] = scale[a] < 1e-6 ? 0 : scale[a] / 2 }
            }
            if redo.isEmpty {
                // (an arc already at full resolution keeps a crossing the input had)
                for a in crossingArcs(simplified) where scale[a] > 0 {
                    redo.insert(a)
                    scale[a] = scale[a] < 1e-4 ? 0 : scale[a] / 4
                }
            }
            if redo.isEmpty {
                // A ring that moved past another ring's anchor without crossing it (a coast over an
                // island, a shell past its hole): refine the moved ring.
                for k in containment.flipped(self, refs: refs) {
                    for (a, _) in refs[k].arcs where scale[a] > 0 {
                        redo.insert(a)
                        scale[a] = scale[a] < 1e-4 ? 0 : scale[a] / 4
                    }
                }
            }
            if redo.isEmpty { break }
            for a in redo { simplified[a] = simplify(a) }
        }
        // 4. Rebuild the geometries.
        var out = geometries
        var partCursor = 0
        for (g, geometry) in geometries.enumerated() {
            switch geometry {
            case let .polygon(p)?:
                var c = CoordinateParts()
                for _ in 0 ..< p.ringCount { c.append(part: assemble(refs[partCursor], fallback: parts[partCursor])); partCursor += 1 }
                out[g] = .polygon(Polygon(coordinates: c, ringGroups: p.ringGroups, spatialReference: p.spatialReference))
            case let .polyline(l)?:
                var c = CoordinateParts()
                for _ in 0 ..< l.pathCount { c.append(part: assemble(refs[partCursor], fallback: parts[partCursor])); partCursor += 1 }
                out[g] = .polyline(Polyline(coordinates: c, spatialReference: l.spatialReference))
            default: break
            }
        }
        return out
    }

    /// Which side of each nearby ring every ring's anchor (its first vertex, an arc end, never
    /// removed) lies on, in the input; `flipped` lists the rings whose simplified form puts some
    /// anchor on the other side. Candidates: rings whose input box holds the anchor (a simplified
    /// ring stays inside its input's box), the anchor not being one of their vertices.
    struct ContainmentChecks {
        /// (anchor ring, other ring, inside in the input)
        var pairs: [(Int, Int, Bool)] = []
        var anchors: [SIMD2<Double>] = []

        init(refs: [PartRef], parts: [[SIMD2<Double>]], isRing: [Bool], simplifier: TopologySimplifier) {
            let rings = refs.indices.filter { isRing[$0] && !refs[$0].arcs.isEmpty }
            // The anchor of a ring is the start of its first arc in the ring's direction.
            anchors = refs.map { ref in
                guard let (a, reversed) = ref.arcs.first else { return SIMD2(Double.nan, .nan) }
                return reversed ? simplifier.arcs[a].last! : simplifier.arcs[a].first!
            }
            var boxes: [(SIMD2<Double>, SIMD2<Double>)] = Array(repeating: (SIMD2(.infinity, .infinity), SIMD2(-.infinity, -.infinity)), count: refs.count)
            for k in rings { for v in parts[k] { boxes[k].0 = pointwiseMin(boxes[k].0, v); boxes[k].1 = pointwiseMax(boxes[k].1, v) } }
            // Rings sorted by box west edge, to find candidates quickly.
            let order = rings.sorted { boxes[$0].0.x < boxes[$1].0.x }
            let wests = order.map { boxes[$0].0.x }
            for r in rings {
                let p = anchors[r]
                var hi = wests.count
                var lo = 0
                while lo < hi { let mid = (lo + hi) / 2; if wests[mid] <= p.x { lo = mid + 1 } else { hi = mid } }
                for idx in 0 ..< lo {
                    let s = order[idx]
                    guard s != r, boxes[s].1.x >= p.x, boxes[s].0.y <= p.y, boxes[s].1.y >= p.y else { continue }
                    if parts[s].contains(p) { continue }
                    pairs.append((r, s, TopologySimplifier.inside(p, parts[s][...])))
                }
            }
        }

        func flipped(_ t: TopologySimplifier, refs: [PartRef]) -> Set<Int> {
            var out = Set<Int>()
            var cache: [Int: [SIMD2<Double>]] = [:]
            for (r, s, was) in pairs where !out.contains(s) {
                let ring: [SIMD2<Double>]
                if let c = cache[s] { ring = c } else { ring = t.assemble(refs[s], fallback: []); cache[s] = ring }
                if TopologySimplifier.inside(anchors[r], ring[...]) != was { out.insert(s) }
            }
            return out
        }
    }

    /// Even-odd point in a closed ring (planar).
    static func inside(_ p: SIMD2<Double>, _ ring: ArraySlice<SIMD2<Double>>) -> Bool {
        var odd = false
        var j = ring.endIndex - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { odd.toggle() }
            j = i
        }
        return odd
    }

    /// The simplified vertices of arc `a` at its current tolerance factor (end points fixed).
    func simplify(_ a: Int) -> [SIMD2<Double>] {
        let pts = arcs[a]
        if scale[a] == 0 || pts.count <= 2 { return pts }
        let idx: [Int] = pts.withUnsafeBufferPointer { b in
            switch method {
            case let .douglasPeucker(tol): return Simplify.douglasPeucker(b, tolerance: tol * scale[a], isRing: false)
            case let .visvalingam(area): return Simplify.visvalingam(b, minimumArea: area * scale[a], isRing: closed[a])
            }
        }
        return idx.map { pts[$0] }
    }

    func ringPointCount(_ ref: PartRef) -> Int {
        1 + ref.arcs.reduce(0) { $0 + simplified[$1.0].count - 1 }
    }

    /// A part from its simplified arcs (the input part when it had none: degenerate rings pass through).
    func assemble(_ ref: PartRef, fallback: [SIMD2<Double>]) -> [SIMD2<Double>] {
        if ref.arcs.isEmpty { return fallback }
        var out: [SIMD2<Double>] = []
        for (a, reversed) in ref.arcs {
            let s = simplified[a]
            let seq = reversed ? Array(s.reversed()) : s
            out.append(contentsOf: out.isEmpty ? seq[...] : seq.dropFirst())
        }
        return out
    }

    /// The arcs having a segment that crosses or touches another segment away from a shared end
    /// point (segments sharing an end point are not compared). A uniform grid over the segments'
    /// boxes finds the candidate pairs.
    func crossingArcs(_ polylines: [[SIMD2<Double>]]) -> [Int] {
        var segA: [SIMD2<Double>] = [], segB: [SIMD2<Double>] = [], segArc: [Int32] = []
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for (k, l) in polylines.enumerated() where l.count >= 2 {
            for i in 1 ..< l.count {
                segA.append(l[i - 1]); segB.append(l[i]); segArc.append(Int32(k))
                lo = pointwiseMin(lo, pointwiseMin(l[i - 1], l[i])); hi = pointwiseMax(hi, pointwiseMax(l[i - 1], l[i]))
            }
        }
        let n = segA.count
        guard n > 1 else { return [] }
        let side = max(1, Int(Double(n).squareRoot()))
        let size = SIMD2<Double>(max(hi.x - lo.x, 1e-12), max(hi.y - lo.y, 1e-12)) / Double(side)
        // Clamped as doubles: over a span that overflows (coordinates near ±1.8e308) the
        // quotient may be ∞ or NaN, which no Int holds.
        let last = Double(side - 1)
        func cell(_ p: SIMD2<Double>) -> SIMD2<Int> {
            let c = (p - lo) / size
            func clamped(_ v: Double) -> Int { v >= 0 ? Int(min(last, v)) : 0 }
            return SIMD2(clamped(c.x), clamped(c.y))
        }
        var buckets = [[Int32]](repeating: [], count: side * side)
        for s in 0 ..< n {
            let c0 = cell(pointwiseMin(segA[s], segB[s])), c1 = cell(pointwiseMax(segA[s], segB[s]))
            for y in c0.y ... c1.y { for x in c0.x ... c1.x { buckets[y * side + x].append(Int32(s)) } }
        }
        var hit = Set<Int>()
        for bucket in buckets where bucket.count > 1 {
            for i in 0 ..< bucket.count {
                let s = Int(bucket[i])
                for j in (i + 1) ..< bucket.count {
                    let t = Int(bucket[j])
                    if hit.contains(Int(segArc[s])) && hit.contains(Int(segArc[t])) { continue }
                    if Self.segmentsMeet(segA[s], segB[s], segA[t], segB[t]) {
                        hit.insert(Int(segArc[s])); hit.insert(Int(segArc[t]))
                    }
                }
            }
        }
        return Array(hit)
    }

    /// True when segments ab and cd cross or touch, unless they share an end point.
    static func segmentsMeet(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        if a == c || a == d || b == c || b == d { return false }
        if max(a.x, b.x) < min(c.x, d.x) || max(c.x, d.x) < min(a.x, b.x)
            || max(a.y, b.y) < min(c.y, d.y) || max(c.y, d.y) < min(a.y, b.y) { return false }
        func orient(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ r: SIMD2<Double>) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        let o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b)
        if o1 == 0 && o2 == 0 {
            // Collinear: they meet when their boxes overlap (checked above) on the line.
            return true
        }
        return o1 * o2 <= 0 && o3 * o4 <= 0
    }
}
