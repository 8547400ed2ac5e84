import Testing
@testable import GraticuleGeometry

/// `GeometryEngine.intersects(_:_:)`, planar, edges included, on cases whose answer follows from
/// their construction, against the box [0, 10] × [0, 10].
@Suite struct GeometryIntersectsEnvelopeTests {
    static let box = Envelope(xMin: 0, yMin: 0, xMax: 10, yMax: 10)

    static func ring(_ points: [(Double, Double)]) -> [SIMD2<Double>] { points.map { SIMD2($0.0, $0.1) } }

    static let cases: [(String, Geometry, Bool)] = [
        ("point inside", .point(Point(x: 5, y: 5)), true),
        ("point on the edge", .point(Point(x: 10, y: 3)), true),
        ("point outside", .point(Point(x: 11, y: 3)), false),
        ("multipoint, one inside", .multipoint(Multipoint(points: [SIMD2(-5, -5), SIMD2(2, 2)])), true),
        ("line through, no vertex inside", .polyline(Polyline(paths: [ring([(-5, 5), (15, 5)])])), true),
        ("line touching a corner", .polyline(Polyline(paths: [ring([(-5, 5), (5, -5)])])), true),
        ("line passing by the corner", .polyline(Polyline(paths: [ring([(-5, 4), (4, -5)])])), false),
        ("line outside, extent overlapping", .polyline(Polyline(paths: [ring([(-5, 20), (20, 20), (20, -5)])])), false),
        ("polygon around the box", .polygon(Polygon(rings: [ring([(-5, -5), (-5, 15), (15, 15), (15, -5)])])), true),
        ("polygon with the box in its hole",
         .polygon(Polygon(rings: [ring([(-5, -5), (-5, 15), (15, 15), (15, -5)]), ring([(-1, -1), (11, -1), (11, 11), (-1, 11)])])), false),
        ("L-shaped polygon around a corner, not touching",
         .polygon(Polygon(rings: [ring([(11, -5), (11, 11), (-5, 11), (-5, 12), (12, 12), (12, -5)])])), false),
        ("polygon overlapping a side", .polygon(Polygon(rings: [ring([(8, 2), (8, 4), (20, 4), (20, 2)])])), true),
        ("envelope overlapping", .envelope(Envelope(xMin: 9, yMin: 9, xMax: 20, yMax: 20)), true),
    ]

    @Test(arguments: cases.indices)
    func intersects(_ k: Int) {
        let (name, geometry, expected) = Self.cases[k]
        #expect(GeometryEngine.intersects(geometry, Self.box) == expected, "\(name)")
    }
}
