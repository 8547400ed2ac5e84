import Foundation
import GraticuleGeometry
@testable import GraticuleServer
import Testing

/// A bbox in a projected CRS becomes the longitude/latitude boxes its outline covers: one box
/// for an ordinary outline, two for one across the antimeridian, every longitude for one around
/// a pole or a whole world's width. Outlines are written in longitude/latitude here (as the
/// projected outline arrives); the route test asks the countries in EPSG:3832 (PDC Mercator,
/// central meridian 150°E) for 160°E…170°W, 50°S…0°: x 1,113,194.908 … 4,452,779.632 m and
/// y −6,413,524.594 … 0 m (pyproj 3.7.2, PROJ 9.5.1), and gets the five countries
/// `ogrinfo -spat` finds in the box's two halves (FeaturesAPIRouteTests.boxesAcrossTheAntimeridian).
@Suite struct LonLatCoverTests {
    static func outline(_ lons: [Double], _ lat0: Double, _ lat1: Double) -> [SIMD2<Double>] {
        lons.map { SIMD2($0, lat0) } + lons.reversed().map { SIMD2($0, lat1) }
    }

    static func sides(_ boxes: [Envelope]) -> [[Double]] { boxes.map { [$0.xMin, $0.yMin, $0.xMax, $0.yMax] } }

    @Test func outlines() {
        #expect(Self.sides(LonLatCover.boxes(Self.outline([10, 20, 30], -5, 5))) == [[10, -5, 30, 5]])
        #expect(Self.sides(LonLatCover.boxes(Self.outline([160, 170, 180, -170], -50, 0))) == [[160, -50, 180, 0], [-180, -50, -170, 0]])
        #expect(Self.sides(LonLatCover.boxes(Self.outline([-175, 175, 165], 10, 20))) == [[165, 10, 180, 20], [-180, 10, -175, 20]])
        // A world map's box in EPSG:3857: every longitude, its latitudes only.
        let world = Self.outline(Array(stride(from: -180.0, through: 180, by: 5.625)), -85, 85)
        #expect(Self.sides(LonLatCover.boxes(world)) == [[-180, -85, 180, 85]])
        // Around the north pole (a polar stereographic box): every longitude up to 90°N.
        let ring = stride(from: 0.0, to: 360, by: 10).map { (a: Double) -> SIMD2<Double> in
            let lat: Double = 60 + 5 * sin(a * Double.pi / 180)
            return SIMD2(a > 180 ? a - 360 : a, lat)
        }
        #expect(Self.sides(LonLatCover.boxes(ring)) == [[-180, 55, 180, 90]])
        #expect(LonLatCover.boxes([]).isEmpty)
    }

    @Test func aPacificBoxInPDCMercator() async throws {
        let bbox = "1113194.9079327343,-6413524.59416364,4452779.631730937,0"
        let r = try await LiveServer.request("/ogcapi/collections/countries/items?limit=100&bbox=\(bbox)&bbox-crs=EPSG:3832")
        #expect(r.status == 200, "\(r.text)")
        let names = (try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["ADMIN"] as? String }
        #expect(names.sorted() == ["Fiji", "New Caledonia", "New Zealand", "Solomon Islands", "Vanuatu"])
    }
}
