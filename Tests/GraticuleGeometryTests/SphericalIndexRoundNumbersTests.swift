import Testing
@testable import GraticuleGeometry

/// `SphericalIndex` on data drawn on round numbers: vertices at 0°, 0° (where the root's centre
/// used to be), on the middles of quadtree boxes (90°, 45°, …) and edges along the equator and
/// the prime meridian. A centre on an edge or vertex made the crossing counts ambiguous: a grid
/// of 10° squares from 0°, 0° answered square A for a point in square B and nothing in A.
@Suite struct SphericalIndexRoundNumbersTests {
    /// 10° squares with corners on multiples of 10° (and one of 45°), clockwise as a Shapefile
    /// writes exteriors; a point well inside each must find it, and only it.
    static let squares: [(lon: Double, lat: Double, size: Double)] = [
        (0, 0, 10), (10, 0, 10), (-10, 0, 10), (0, -10, 10), (80, 40, 10), (90, 45, 10), (-90, -45, 10), (170, 80, 10),
    ]

    static func polygon(_ s: (lon: Double, lat: Double, size: Double)) -> Polygon {
        Polygon(rings: [[SIMD2(s.lon, s.lat), SIMD2(s.lon, s.lat + s.size), SIMD2(s.lon + s.size, s.lat + s.size),
                         SIMD2(s.lon + s.size, s.lat)]])
    }

    @Test(arguments: Array(squares.indices))
    func pointInsideASquareFindsIt(_ k: Int) {
        let index = SphericalIndex(polygons: Self.squares.map { Optional(Self.polygon($0)) })
        let s = Self.squares[k]
        // Points a fifth and four fifths of the way across, away from the edges' bulge.
        for f in [0.2, 0.5, 0.8] {
            let lon = s.lon + f * s.size, lat = s.lat + f * s.size
            #expect(index.allContaining(lon: lon, lat: lat) == [k], "(\(lon), \(lat))")
            #expect(SphericalPolygon.contains(Self.polygon(s), lon: lon, lat: lat))
        }
    }

    @Test func pointsOutsideFindNothing() {
        let index = SphericalIndex(polygons: Self.squares.map { Optional(Self.polygon($0)) })
        for (lon, lat) in [(-5.0, -5.0), (25.0, 5.0), (5.0, 25.0), (100.0, 30.0), (-150.0, 60.0), (0.0, -89.0)] {
            #expect(index.firstContaining(lon: lon, lat: lat) == nil, "(\(lon), \(lat))")
        }
    }
}
