import Foundation
import GraticuleGeometry
@testable import GraticuleIO
import Testing

/// Fixtures/distance/cases.json (tools/oracle/distance.py): shapely's planar `distance` for every
/// ordered pair of relate.py's geometries; WGS 84 geodesic distances between longitude/latitude
/// geometries, from pyproj's `Geod.inv` over finely sampled segments.
struct DistanceCases: Decodable {
    struct Planar: Decodable { let a: String, b: String, distance: Double }
    struct Geodesic: Decodable, CustomTestStringConvertible, Sendable {
        let a: String, b: String, metres: Double
        var testDescription: String { "\(a) × \(b)" }
    }
    let planar: [Planar]
    let geodesic: [Geodesic]

    static func load() throws -> DistanceCases {
        try JSONDecoder().decode(DistanceCases.self, from: Data(contentsOf: try fixture("distance/cases.json")))
    }
}

@Suite struct DistanceOracleTests {
    @Test func planarAsGEOS() throws {
        let cases = try DistanceCases.load().planar
        var wrong: [String] = []
        for c in cases {
            let d = GeometryEngine.distance(try GeometryWKT.parse(c.a), try GeometryWKT.parse(c.b))
            if abs(d - c.distance) > 1e-12 * max(1, c.distance) { wrong.append("\(c.a) × \(c.b): \(d) (GEOS \(c.distance))") }
        }
        #expect(cases.count == 1089 && cases.contains { $0.distance > 0 } && cases.contains { $0.distance == 0 })
        #expect(wrong.isEmpty, "\(wrong.count) pairs differ:\n\(wrong.prefix(40).joined(separator: "\n"))")
    }

    /// Never below the sampled least distance (which can only overestimate the truth, by far less
    /// than a millimetre at these steps), and above it by less than 1 mm + 1e-7 of it.
    @Test(arguments: try DistanceCases.load().geodesic)
    func geodesicAsPyproj(_ c: DistanceCases.Geodesic) throws {
        let a = try GeometryWKT.parse(c.a), b = try GeometryWKT.parse(c.b)
        for d in [GeometryEngine.geodeticDistance(a, b), GeometryEngine.geodeticDistance(b, a)] {
            #expect(d >= c.metres - 1e-3 && d <= c.metres + 1e-3 + 1e-7 * c.metres, "\(d) m, pyproj \(c.metres) m, \(d - c.metres)")
        }
    }

    /// The extents' bounds never exceed the distances (pyproj's and GEOS's), and are not all 0.
    @Test func lowerBounds() throws {
        let all = try DistanceCases.load()
        var positive = 0
        for c in all.geodesic {
            let a = try GeometryWKT.parse(c.a).extent, b = try GeometryWKT.parse(c.b).extent
            let bound = GeometryEngine.geodeticDistanceLowerBound(a, b)
            #expect(bound <= c.metres + 1e-3, "\(c.a) × \(c.b): \(bound) m > \(c.metres) m")  // (the fixture is to 0.1 mm)
            if bound > 0 { positive += 1 }
        }
        for c in all.planar {
            let bound = GeometryEngine.distanceLowerBound(try GeometryWKT.parse(c.a).extent, try GeometryWKT.parse(c.b).extent)
            #expect(bound <= c.distance + 1e-12, "\(c.a) × \(c.b)")
            if bound > 0 { positive += 1 }
        }
        #expect(positive > 100)
    }

    @Test func emptyIsNaN() throws {
        let p = try GeometryWKT.parse("POINT (1 2)")
        #expect(GeometryEngine.distance(p, .point(.empty())).isNaN)
        #expect(GeometryEngine.geodeticDistance(.envelope(.empty()), p).isNaN)
    }
}
