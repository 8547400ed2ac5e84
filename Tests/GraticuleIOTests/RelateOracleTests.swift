import Foundation
import GraticuleGeometry
@testable import GraticuleIO
import Testing

/// One ordered pair of Fixtures/relate/cases.json (tools/oracle/relate.py: shapely's `relate`
/// and predicates, GEOS; the boundary-against-exterior entries checked by GEOS's overlay, which
/// overrules `relate` on two pairs).
struct RelateCase: Decodable, CustomTestStringConvertible, Sendable {
    let a: String, b: String
    let relate: String
    let equals: Bool, within: Bool, contains: Bool, touches: Bool, crosses: Bool, overlaps: Bool
    let intersects: Bool, disjoint: Bool
    var testDescription: String { "\(a) × \(b)" }
}

private func relateCases() throws -> [RelateCase] {
    struct File: Decodable { let cases: [RelateCase] }
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: try fixture("relate/cases.json"))).cases
}

/// `GeometryEngine.relate` and the predicates against GEOS on every ordered pair of 33
/// geometries (points, lines, areas, multi-parts and a hole).
@Suite struct RelateOracleTests {
    @Test func everyPairAsGEOS() throws {
        var wrong: [String] = []
        let cases = try relateCases()
        for c in cases {
            let a = try GeometryWKT.parse(c.a), b = try GeometryWKT.parse(c.b)
            let m = GeometryEngine.relate(a, b)
            let got = [GeometryEngine.equals(a, b), GeometryEngine.within(a, b), GeometryEngine.contains(a, b),
                       GeometryEngine.touches(a, b), GeometryEngine.crosses(a, b), GeometryEngine.overlaps(a, b),
                       GeometryEngine.intersects(a, b)]
            let want = [c.equals, c.within, c.contains, c.touches, c.crosses, c.overlaps, c.intersects]
            if m.description != c.relate || got != want {
                wrong.append("\(c.a) × \(c.b): \(m) (GEOS \(c.relate)), predicates \(got) (GEOS \(want))")
            }
        }
        #expect(cases.count == 1089)
        #expect(wrong.isEmpty, "\(wrong.count) pairs differ:\n\(wrong.prefix(40).joined(separator: "\n"))")
    }

    @Test func matrixText() {
        let m = IntersectionMatrix("212101212")
        #expect(m?.description == "212101212" && m?.matches("T*T***T**") == true && m?.matches("T*F**F***") == false)
        #expect(m?[.boundary, .boundary] == 0 && m?.transposed.description == "212101212")
        #expect(IntersectionMatrix("21210121") == nil && IntersectionMatrix("21210121X") == nil)
        #expect(IntersectionMatrix("0FFFFF212")?.transposed.description == "0F2FF1FF2")
    }
}
