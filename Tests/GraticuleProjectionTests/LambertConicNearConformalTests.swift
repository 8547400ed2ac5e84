import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Lambert Conic Near-Conformal (EPSG 9817), which PROJ cannot project.
@Suite struct LambertConicNearConformalTests {
    typealias T = ConicTestSupport

    /// IOGP GN 7-2 (2019) worked example for method 9817, Deir ez Zor / Levant Zone (EPSG:22700, Clarke 1880
    /// (IGN)): 37°31′17.625″N = 0.654874806 rad, 34°08′11.291″E = 0.595793792 rad ⇄
    /// E 15707.96 m, N 623165.96 m. (The radians are given to 1e-9, i.e. ±3 mm.)
    @Test func gn72Example() throws {
        let lon = T.deg(0.595793792), lat = T.deg(0.654874806)
        let xy = try T.forward("EPSG:22700", lon, lat)
        #expect(abs(xy.x - 15707.96) < 0.01 && abs(xy.y - 623165.96) < 0.01, "\(xy)")
        let ll = try T.inverse("EPSG:22700", 15707.96, 623165.96)
        #expect(abs(ll.x - lon) < 1e-7 && abs(ll.y - lat) < 1e-7, "\(ll)")
        // The DMS the example also quotes.
        #expect(abs(ll.x - T.dms(34, 8, 11.291)) < 3e-7 && abs(ll.y - T.dms(37, 31, 17.625)) < 3e-7)
    }

    /// GN 7-2's example adds that the full (conformal) LCC formulas give E 15708.00, N 623167.20
    /// for the same point: LCC (1SP) with the same parameters must reproduce that, and the
    /// near-conformal truncation moves the point by ≈ 1.2 m there.
    @Test func gn72FullFormulaComparison() throws {
        let clarkeIGN = Ellipsoid(semiMajorAxis: 6_378_249.2, inverseFlattening: 293.46602)
        let lcc = try LambertConicConformal(ellipsoid: clarkeIGN, parameters: T.parameters(
            "Lambert Conic Conformal (1SP)", code: 9801, angles: [8801: T.deg(0.604756586), 8802: T.deg(0.651880476)],
            values: [8805: 0.9996256, 8806: 300_000, 8807: 300_000]))
        let xy = T.project(lcc, T.deg(0.595793792), T.deg(0.654874806))
        #expect(abs(xy.x - 15708.00) < 0.01 && abs(xy.y - 623167.20) < 0.01, "\(xy)")
    }

    @Test func roundTripOverTheLevantAndBeyond() throws {
        let t = try T.transformer("EPSG:22700")
        let inv = t.inverse
        var pts: [SIMD2<Double>] = []
        for lon in stride(from: 20.0, through: 55.0, by: 2.5) {
            for lat in stride(from: -30.0, through: 80.0, by: 5) { pts.append(SIMD2(lon, lat)) }
        }
        let back = inv.transform(t.transform(pts))
        for i in pts.indices {
            #expect(abs(back[i].x - pts[i].x) < 1e-9 && abs(back[i].y - pts[i].y) < 1e-9, "\(pts[i]) → \(back[i])")
        }
    }

    @Test func domain() throws {
        #expect(T.isNaN(try T.forward("EPSG:22700", 37, 90.5)))
        // Beyond the apex of the cone (θ′ = π ⇒ |λ − λ0| > π): not on the map.
        #expect(T.isNaN(try T.inverse("EPSG:22700", 300_000, 300_000 + 2e7)))
        #expect(T.isNaN(try T.inverse("EPSG:22700", .infinity, 0)))
    }

    @Test func invalidParameters() {
        for lat0 in [0.0, 90.0, -95.0] {
            #expect(throws: GraticuleError.self) {
                _ = try LambertConicNearConformal(ellipsoid: .grs80, parameters: T.parameters(
                    "Lambert Conic Near-Conformal", code: 9817, angles: [8801: lat0, 8802: 37], values: [8805: 1]))
            }
        }
        #expect(throws: GraticuleError.self) {
            _ = try LambertConicNearConformal(ellipsoid: .grs80, parameters: T.parameters(
                "Lambert Conic Near-Conformal", code: 9817, angles: [8801: 34, 8802: 37], values: [8805: -1]))
        }
    }
}
