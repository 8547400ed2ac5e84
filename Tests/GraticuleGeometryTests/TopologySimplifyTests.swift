import Foundation
import Testing
@testable import GraticuleGeometry

/// Topology-preserving simplification of the built-in countries: shared borders simplified once,
/// no crossing introduced, no ring below 4 points. The crossing count is an independent
/// brute-force check (every pair of segments of rings whose boxes meet).
@Suite struct TopologySimplifyTests {
    typealias V = SIMD2<Double>

    static func rings(_ gs: [Geometry?]) -> [[V]] {
        gs.flatMap { g -> [[V]] in
            guard case let .polygon(p)? = g else { return [] }
            return (0 ..< p.ringCount).map { Array(p.ring($0)) }
        }
    }

    /// Pairs of segments (from all rings) that cross or touch away from a shared end point.
    static func crossings(_ rings: [[V]]) -> Int {
        let boxes = rings.map { Envelope(points: $0) }
        var count = 0
        func meet(_ a: V, _ b: V, _ c: V, _ d: V) -> Bool {
            if a == c || a == d || b == c || b == d { return false }
            func o(_ p: V, _ q: V, _ r: V) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
            let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b))
            if o1 == 0 && o2 == 0 {
                return max(a.x, b.x) >= min(c.x, d.x) && max(c.x, d.x) >= min(a.x, b.x)
                    && max(a.y, b.y) >= min(c.y, d.y) && max(c.y, d.y) >= min(a.y, b.y)
            }
            return o1 * o2 <= 0 && o3 * o4 <= 0
        }
        for i in rings.indices {
            for j in i ..< rings.count where boxes[i].intersects(boxes[j]) {
                let r = rings[i], s = rings[j]
                for a in 1 ..< r.count {
                    for b in (i == j ? a + 1 : 1) ..< s.count where meet(r[a - 1], r[a], s[b - 1], s[b]) { count += 1 }
                }
            }
        }
        return count
    }

    static func inside(_ p: V, _ ring: [V]) -> Bool {
        var odd = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { odd.toggle() }
            j = i
        }
        return odd
    }

    /// Pairs (ring r, ring s) where r's first output vertex is inside s in the input and outside in the output, or the reverse.
    static func containmentFlips(input: [[V]], output: [[V]]) -> Int {
        let boxes = input.map { Envelope(points: $0) }
        var flips = 0
        for (r, ring) in output.enumerated() {
            guard let p = ring.first else { continue }
            for s in input.indices where s != r && boxes[s].contains(x: p.x, y: p.y) && !input[s].contains(p) {
                if inside(p, input[s]) != inside(p, output[s]) { flips += 1 }
            }
        }
        return flips
    }

    /// For every vertex of the input shared by several rings: kept in all of them or in none.
    static func inconsistentSharedVertices(input: [[V]], output: [[V]]) -> Int {
        var owners: [V: [Int]] = [:]
        for (k, r) in input.enumerated() { for v in Set(r) { owners[v, default: []].append(k) } }
        let kept = output.map(Set.init)
        var bad = 0
        for (v, rs) in owners where rs.count > 1 {
            let states = Set(rs.map { kept[$0].contains(v) })
            if states.count > 1 { bad += 1 }
        }
        return bad
    }

    @Test(arguments: [GeometryEngine.SimplificationMethod.douglasPeucker(maxDeviation: 0.5),
                      .douglasPeucker(maxDeviation: 2), .visvalingam(minimumArea: 0.25), .visvalingam(minimumArea: 2)])
    func countries110(_ method: GeometryEngine.SimplificationMethod) throws {
        let layer = try NaturalEarth.layer(named: "countries110")
        let input = layer.layer.features.map(\.geometry)
        let output = GeometryEngine.simplifyPreservingTopology(input, method: method)
        let inRings = Self.rings(input), outRings = Self.rings(output)
        #expect(inRings.count == outRings.count)
        // Rings: closed, at least 4 points, simplified.
        for r in outRings { #expect(r.count >= 4 && r.first == r.last) }
        let before = inRings.reduce(0) { $0 + $1.count }, after = outRings.reduce(0) { $0 + $1.count }
        #expect(after < before * 3 / 4, "\(after) of \(before) vertices")
        // Shared borders: a vertex two countries share is kept by both or by neither.
        #expect(Self.inconsistentSharedVertices(input: inRings, output: outRings) == 0)
        // No ring moves past another ring's vertex that both keep (an island swallowed by a coast,
        // a hole left outside its shell): each output ring's first vertex is on the same side of
        // every other ring before and after.
        #expect(Self.containmentFlips(input: inRings, output: outRings) == 0)
        // No crossing introduced.
        let crossingsIn = Self.crossings(inRings), crossingsOut = Self.crossings(outRings)
        #expect(crossingsOut <= crossingsIn, "\(crossingsOut) crossings after, \(crossingsIn) before")
        // Per feature, without topology, the same tolerance splits borders (so the checks can fail).
        if case let .douglasPeucker(tol) = method {
            let alone = input.map { $0.map { GeometryEngine.generalize($0, maxDeviation: tol) } }
            #expect(Self.inconsistentSharedVertices(input: inRings, output: Self.rings(alone)) > 0)
        }
    }

    /// Lesotho and the hole South Africa leaves for it stay the same ring.
    @Test func enclaveAndItsHole() throws {
        let layer = try NaturalEarth.layer(named: "countries110")
        let out = GeometryEngine.simplifyPreservingTopology(layer.layer.features.map(\.geometry), method: .douglasPeucker(maxDeviation: 0.3))
        let lso = try #require(layer.layer.features.firstIndex { $0.value("ADM0_A3", in: layer.layer.schema)?.description == "LSO" })
        let zaf = try #require(layer.layer.features.firstIndex { $0.value("ADM0_A3", in: layer.layer.schema)?.description == "ZAF" })
        guard case let .polygon(l)? = out[lso], case let .polygon(z)? = out[zaf] else { Issue.record("not polygons"); return }
        let lesotho = Set(l.ring(0))
        #expect((0 ..< z.ringCount).contains { Set(z.ring($0)) == lesotho })
        #expect(l.ring(0).count < Array(layer.layer.features[lso].geometry!.coordinates!.xy).count)
    }

    /// Two lines sharing a stretch: the stretch is simplified once; a crossing the plain
    /// simplification would introduce is avoided.
    @Test func linesAndCrossings() throws {
        let shared: [V] = [V(2, 0), V(3, 0.05), V(4, 0), V(5, 0.04), V(6, 0)]
        let a = Polyline(paths: [[V(0, 0), V(1, 0.3)] + shared + [V(7, 1)]])
        let b = Polyline(paths: [[V(0, -1)] + shared + [V(8, -1)]])
        let out = GeometryEngine.simplifyPreservingTopology([.polyline(a), .polyline(b)], method: .douglasPeucker(maxDeviation: 0.1))
        guard case let .polyline(sa)? = out[0], case let .polyline(sb)? = out[1] else { Issue.record("not lines"); return }
        let ka = Set(sa.path(0)).intersection(shared), kb = Set(sb.path(0)).intersection(shared)
        #expect(ka == kb && ka.contains(V(2, 0)) && ka.contains(V(6, 0)) && ka.count < shared.count)
        // A ring with a spike another polygon reaches into: dropping the spike alone would cross it.
        let outer: [V] = [V(0, 0), V(0, 10), V(5, 10.4), V(10, 10), V(10, 0), V(0, 0)]
        let inner: [V] = [V(4.5, 9.5), V(5, 10.2), V(5.5, 9.5), V(4.5, 9.5)]
        let plain = GeometryEngine.generalize(.polygon(Polygon(rings: [outer])), maxDeviation: 0.5)
        guard case let .polygon(pp) = plain else { return }
        #expect(Self.crossings([Array(pp.ring(0)), inner]) > 0)
        let topo = GeometryEngine.simplifyPreservingTopology([.polygon(Polygon(rings: [outer])), .polygon(Polygon(rings: [inner]))],
                                                           method: .douglasPeucker(maxDeviation: 0.5))
        #expect(Self.crossings(Self.rings(topo)) == 0)
        // The same spike over a small island: dropping it alone would leave the island outside the
        // coast without any crossing; the spike stays.
        let island: [V] = [V(4.8, 10.1), V(5.2, 10.1), V(5, 10.25), V(4.8, 10.1)]
        let kept = GeometryEngine.simplifyPreservingTopology([.polygon(Polygon(rings: [outer])), .polygon(Polygon(rings: [island]))],
                                                            method: .douglasPeucker(maxDeviation: 0.5))
        guard case let .polygon(coast)? = kept[0] else { Issue.record("not a polygon"); return }
        #expect(coast.ring(0).contains(V(5, 10.4)))
        #expect(Self.crossings(Self.rings(kept)) == 0)
    }
}
