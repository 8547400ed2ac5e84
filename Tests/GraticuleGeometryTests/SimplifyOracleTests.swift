import Foundation
import Testing
@testable import GraticuleGeometry

/// Douglas-Peucker and Visvalingam-Whyatt against independent implementations on every ring of
/// the Natural Earth 110m countries (Fixtures/simplify_110m.json from
/// tools/oracle/simplify_oracle.py: shapely 2.2.0 / GEOS 3.14.1 `simplify(preserve_topology=False)`,
/// and the `simplification` 2.0.0 package, georust geo's Visvalingam-Whyatt).
@Suite struct SimplifyOracleTests {
    struct Case: Decodable, Sendable {
        var ring: Int
        var points: [[Double]]
        var dpRing: [String: [Int]?]
        var dpLine: [String: [Int]]
        var vw: [String: [Int]?]
    }
    struct Fixture: Decodable, Sendable {
        var dpTolerances: [Double]
        var vwAreas: [Double]
        var cases: [Case]
    }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "simplify_110m", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static func key(_ v: Double) -> String {
        // Python's str() of the tolerances written by the oracle (0.05, 0.2, 1.0, 0.001, …).
        let s = "\(v)"
        return s
    }

    /// The same vertices as GEOS's DouglasPeuckerLineSimplifier, for closed rings (the start vertex
    /// may go) and open lines, at every tolerance; where GEOS collapses a ring, ours keeps 4 points.
    @Test func douglasPeuckerKeepsShapelysVertices() throws {
        var compared = 0, collapsed = 0
        for c in Self.fixture.cases {
            let pts = c.points.map { SIMD2($0[0], $0[1]) }
            for tol in Self.fixture.dpTolerances {
                let k = Self.key(tol)
                let line = pts.withUnsafeBufferPointer { Simplify.douglasPeucker($0, tolerance: tol, isRing: false) }
                #expect(line == c.dpLine[k]!, "ring \(c.ring) as a line, tolerance \(k)")
                // (the closing vertex is index n − 1 here, 0 in the fixture when GEOS rotated the ring: the same vertex)
                let ring = pts.withUnsafeBufferPointer { Simplify.douglasPeucker($0, tolerance: tol, isRing: true) }
                    .map { $0 == pts.count - 1 ? 0 : $0 }
                if let expected = c.dpRing[k]! {
                    #expect(ring == expected, "ring \(c.ring), tolerance \(k)")
                    compared += 1
                } else {
                    // GEOS drops the ring; the engine's generalize keeps a valid minimal ring.
                    let g = GeometryEngine.generalize(.polygon(Polygon(polygons: [[pts]])), maxDeviation: tol)
                    guard case let .polygon(p) = g else { Issue.record("not a polygon"); continue }
                    #expect(p.ringCount == 1 && p.ring(0).count == 4 && p.ring(0).first == p.ring(0).last)
                    collapsed += 1
                }
            }
        }
        #expect(compared > 600 && collapsed > 0, "\(compared) compared, \(collapsed) collapsed")
    }

    /// The same vertices as georust's Visvalingam-Whyatt on the closed ring as a line with fixed
    /// ends (our ring anchors its start vertex the same way), wherever the reference keeps at least
    /// 4 points.
    @Test func visvalingamKeepsTheReferenceVertices() throws {
        var compared = 0, differing: [String] = []
        for c in Self.fixture.cases {
            let pts = c.points.map { SIMD2($0[0], $0[1]) }
            for a in Self.fixture.vwAreas {
                let k = Self.key(a)
                // (the reference closes the ring with its last index, ours with 0: the same vertex)
                guard let expected = c.vw[k]!.map({ $0.map { $0 == pts.count - 1 ? 0 : $0 } }) else { continue }
                let ring = pts.withUnsafeBufferPointer { Simplify.visvalingam($0, minimumArea: a, isRing: true) }
                if ring != expected { differing.append("ring \(c.ring) area \(k): \(ring.count) vs \(expected.count)") }
                compared += 1
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(compared): \(differing.prefix(10))")
        #expect(compared > 500)
    }
}
