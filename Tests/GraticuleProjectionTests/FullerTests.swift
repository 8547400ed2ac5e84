import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Fuller (ESRI:54050) against tools/oracle/fuller_airocean.py, an independent Python
/// transcription of d3-geo-polygon 2.0.1 `geoAirocean()` (Fixtures/fuller_airocean.csv; metres =
/// 6378137 · (X, −Y) of geoAirocean().scale(1).translate([0, 0])).
@Suite struct FullerTests {
    typealias S = WorldMapTestSupport

    @Test func matchesD3Transcription() throws {
        let p = try S.projection("ESRI:54050")
        var worst = 0.0, n = 0
        for r in FixtureCSV.rows("fuller_airocean") {
            guard let lon = Double(r[0]), let lat = Double(r[1]), let x = Double(r[3]), let y = Double(r[4]) else {
                continue
            }
            let xy = S.forward(p, lon, lat)
            let d = max(abs(xy.x - x), abs(xy.y - y))
            worst = worse(worst, d)
            #expect(d < 1e-6, "(\(lon), \(lat)) face \(r[2]): (\(xy.x), \(xy.y)) vs d3 (\(x), \(y))")
            n += 1
        }
        #expect(n > 900)
        print("Fuller vs d3 transcription: \(n) points, max |Δ| \(worst) m")
    }
}

extension FullerTests {
    @Test func roundTripEverywhere() throws {
        let p = try S.projection("ESRI:54050")
        let (worstDeg, worstM) = S.worstRoundTrip(p, latitudes: Array(stride(from: -89.9, to: 90, by: 0.91)),
                                                  longitudes: Array(stride(from: -179.95, to: 180, by: 1.37)))
        #expect(worstDeg < 1e-9, "worst \(worstDeg)°")
        #expect(worstM < 1e-6)
        print("Fuller round trip: worst \(worstDeg)°, \(worstM) m")
    }

    /// The layout checks that d3's snapshot test/snapshots/airocean.png shows (pixel =
    /// 480 + 45.4631 X, 250 + 45.4631 Y): the North Pole near pixel (454, 242), Antarctica at
    /// the right end near (890, 260), Australia bottom left near (180, 395).
    @Test func d3SnapshotLayout() throws {
        let p = try S.projection("ESRI:54050")
        func pixel(_ lon: Double, _ lat: Double) -> SIMD2<Double> {
            let m = S.forward(p, lon, lat) / 6_378_137
            return SIMD2(480 + 45.4631 * m.x, 250 - 45.4631 * m.y)
        }
        #expect(len(pixel(0, 90) - SIMD2(454.18, 242.27)) < 0.5)
        #expect(len(pixel(0, -90) - SIMD2(890, 260)) < 15)
        #expect(len(pixel(134, -25) - SIMD2(180, 395)) < 20)
    }

    @Test func inverseOutsideNetIsNaN() throws {
        let p = try S.projection("ESRI:54050")
        let a = 6_378_137.0
        // Empty corners of d3's 960 × 500 canvas: top-left and bottom-right.
        for (px, py) in [(20.0, 20.0), (940.0, 480.0), (480.0, 480.0), (60.0, 250.0)] {
            let x = (px - 480) / 45.4631 * a, y = -(py - 250) / 45.4631 * a
            #expect(S.inverse(p, x, y).x.isNaN, "pixel (\(px), \(py))")
        }
        #expect(S.inverse(p, .nan, 0).x.isNaN)
    }

    /// Across a joined edge the map is continuous; across each cut it jumps.
    @Test func cutsAreTheOnlyDiscontinuities() throws {
        let p = try S.projection("ESRI:54050")
        let lines = p.clipRegion.seams.map(\.path)
        guard p.clipRegion.caps.isEmpty else {
            Issue.record("expected cut polylines")
            return
        }
        // 24 pieces, 36 distinct edges, 23 joined by the tree → 13 cuts.
        #expect(lines.count == 13)
        func unit(_ ll: SIMD2<Double>) -> SIMD3<Double> {
            SIMD3(cos(ll.y) * cos(ll.x), cos(ll.y) * sin(ll.x), sin(ll.y))
        }
        func lonLat(_ v: SIMD3<Double>) -> SIMD2<Double> {
            let n = (v * v).sum().squareRoot()
            return SIMD2(atan2(v.y, v.x), asin(v.z / n))
        }
        for line in lines {
            let a = unit(line[0]), b = unit(line[1])
            let mid = (a + b) / 2
            let normal = SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
            let nn = normal / (normal * normal).sum().squareRoot()
            let left = p.project(lonLat(mid + 1e-7 * nn)), right = p.project(lonLat(mid - 1e-7 * nn))
            #expect(len(left - right) > 100_000, "cut \(line) is continuous")
        }
    }

    @Test func invalidOption() {
        #expect(throws: GraticuleError.self) { _ = try S.projection(method: "Fuller", ["Option": 1]) }
        #expect(throws: Never.self) { _ = try S.projection(method: "Fuller", ["Option": 0]) }
    }

    /// Gray's inverse undoes the forward inside a face to ~1e-15.
    @Test func sweepPointsRoundTrip() throws {
        let p = try S.projection("ESRI:54050")
        for (lon, lat) in [(0.0, 0.0), (-108, -54), (108, -54), (-108, 54), (108, 54)] {
            let xy = S.forward(p, lon, lat)
            let ll = S.inverse(p, xy.x, xy.y)
            #expect(abs(S.dLon(ll.x, lon)) < 1e-11 && abs(ll.y - lat) < 1e-11)
        }
    }
}
