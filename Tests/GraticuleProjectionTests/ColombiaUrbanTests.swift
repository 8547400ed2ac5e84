import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct ColombiaUrbanTests {
    typealias S = ProjectionTestSupport

    /// IOGP GN 7-2 §3.4.5 example, MAGNA-SIRGAS / Bogota urban grid (EPSG:6247):
    /// 4°48'00"N, 74°15'00"W → E = 80859.033 m, N = 122543.174 m, and back (GN 7-2's reverse
    /// formulas are approximate; ours invert the forward exactly).
    @Test func iogpBogota() throws {
        let t = try S.transformer("EPSG:6247")
        let lon = -S.dms(74, 15, 0), lat = S.dms(4, 48, 0)
        let xy = S.project(t, lon, lat)
        #expect(abs(xy.x - 80859.033) < 0.0005 && abs(xy.y - 122543.174) < 0.0005)
        let ll = t.inverse.transform([xy])[0]
        #expect(abs(ll.x - lon) < 1e-12 && abs(ll.y - lat) < 1e-12)
    }

    @Test func domainAndErrors() throws {
        let t = try S.transformer("EPSG:6247")
        #expect(S.project(t, -74.1465916666667 + 10.5, 4.7).x.isNaN)
        #expect(S.project(t, -74.1, 4.7 + 10.5).x.isNaN)
        #expect(t.inverse.transform([SIMD2(92334.879 + 2e6, 109320.965)])[0].x.isNaN)
        #expect(throws: GraticuleError.self) {
            try ColombiaUrban(ellipsoid: .grs80, parameters: S.parameters("Colombia Urban", code: 1052, [8802: 0.1]))
        }
        #expect(MethodNamingTests.kernel("IGAC_Plano_Cartesiano") == ColombiaUrban.self)
    }
}
