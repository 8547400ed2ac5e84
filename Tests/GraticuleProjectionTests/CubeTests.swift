import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// The Esri Cube projection (ESRI:54051): the documented properties (plate carrée between ±45°,
/// polar squares of the 45° parallel with concentric-square parallels and straight meridians),
/// continuity at the attached edge, round trip, domain.
@Suite struct CubeTests {
    typealias S = WorldMapTestSupport
    static let a = 6_378_137.0

    @Test func plateCarreeBand() throws {
        let p = try S.projection("ESRI:54051")
        for (lon, lat) in [(0.0, 0.0), (-179.9, 44.9), (100, -30), (179.9, -45)] {
            let xy = S.forward(p, lon, lat)
            #expect(abs(xy.x - lon * .pi / 180 * Self.a) < 1e-6 && abs(xy.y - lat * .pi / 180 * Self.a) < 1e-6)
        }
    }

    /// Option 1: the caps sit on the facet centred at 45°W; the poles at its centre line.
    @Test func polarFacets() throws {
        let p = try S.projection("ESRI:54051")
        let q = Double.pi / 4 * Self.a
        let n = S.forward(p, 12, 90), s = S.forward(p, -77, -90)
        #expect(abs(n.x + q) < 1e-6 && abs(n.y - 2 * q) < 1e-6)
        #expect(abs(s.x + q) < 1e-6 && abs(s.y + 2 * q) < 1e-6)
        // Parallels are squares of half-side (90° − |φ|): 60°N on the facet's own meridian (45°W)
        // is straight below the pole, on 135°E straight above it, on 45°E to its right.
        let below = S.forward(p, -45, 60), above = S.forward(p, 135, 60), right = S.forward(p, 45, 60)
        let h = 30 * Double.pi / 180 * Self.a
        #expect(abs(below.x + q) < 1e-6 && abs(below.y - (2 * q - h)) < 1e-6)
        #expect(abs(above.x + q) < 1e-6 && abs(above.y - (2 * q + h)) < 1e-6)
        #expect(abs(right.x - (-q + h)) < 1e-6 && abs(right.y - 2 * q) < 1e-6)
        // A corner of the 60° square lies on the meridian 45° from the facet's (0° and 90°W).
        let corner = S.forward(p, 0, 60)
        #expect(abs(corner.x - (-q + h)) < 1e-6 && abs(corner.y - (2 * q - h)) < 1e-6)
    }

    @Test func continuousAcrossTheAttachedEdge() throws {
        let p = try S.projection("ESRI:54051")
        for lon in stride(from: -89.5, through: -0.5, by: 1.0) {
            for sign in [1.0, -1.0] {
                let inside = S.forward(p, lon, sign * 45.000001), outside = S.forward(p, lon, sign * 44.999999)
                #expect(len(inside - outside) < 1, "\(lon)")
            }
        }
        // Elsewhere the 45° parallel is a cut.
        let a = S.forward(p, 100, 45.000001), b = S.forward(p, 100, 44.999999)
        #expect(len(a - b) > 1_000_000)
    }

    @Test(arguments: [0, 1, 2, 3])
    func roundTripEverywhere(_ option: Int) throws {
        let p = try S.projection(method: "Cube", ["Option": Double(option), "Central_Meridian": 10],
                                 angles: ["Central_Meridian"])
        let (worstDeg, worstM) = S.worstRoundTrip(p, latitudes: Array(stride(from: -89.95, to: 90, by: 0.7)),
                                                  longitudes: Array(stride(from: -179.95, to: 180, by: 1.3)))
        #expect(worstDeg < 1e-12)
        #expect(worstM < 1e-6)
    }

    @Test func inverseOutsideIsNaN() throws {
        let p = try S.projection("ESRI:54051")
        let q = Double.pi / 4 * Self.a
        #expect(S.inverse(p, 4.01 * q, 0).x.isNaN)           // beyond the band's east end
        #expect(S.inverse(p, q, 2 * q).x.isNaN)              // above a facet without a cap
        #expect(S.inverse(p, -q, 3.01 * q).x.isNaN)          // above the north cap
        #expect(S.inverse(p, -q, -2.99 * q).x.isFinite)      // inside the south cap
        #expect(S.inverse(p, .nan, 0).x.isNaN)
    }

    @Test func horizonCuts() throws {
        let p = try S.projection("ESRI:54051")
        let lines = p.clipRegion.seams.map(\.path)
        guard p.clipRegion.caps.isEmpty else {
            Issue.record("expected cut polylines")
            return
        }
        #expect(lines.count == 3)
        // The parallels span 270° of longitude, from 0° eastward round to 90°W.
        let north = lines[0]
        #expect(abs(north.first!.x) < 1e-12 && abs(north.last!.x + .pi / 2) < 1e-12)
        #expect(north.allSatisfy { abs($0.y - .pi / 4) < 1e-15 })
        #expect(lines[2].allSatisfy { abs(abs($0.x) - .pi) < 1e-12 })
    }

    @Test func invalidOption() {
        #expect(throws: GraticuleError.self) { _ = try S.projection(method: "Cube", ["Option": 4]) }
        #expect(throws: GraticuleError.self) { _ = try S.projection(method: "Cube", ["Option": 0.5]) }
        #expect(throws: Never.self) { _ = try S.projection(method: "Cube", ["Option": 0]) }
    }
}
