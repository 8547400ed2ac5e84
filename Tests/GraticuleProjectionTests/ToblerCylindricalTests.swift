import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct ToblerCylindricalTests {
    typealias S = ProjectionTestSupport

    /// ESRI:54100 / 54101 (PROJ has no Tobler cylindrical) against Tobler's (1997) formulas
    /// evaluated independently (case tobler), and by round trip.
    @Test func formulas() throws {
        let rows = ReferenceFixture.rows("tobler")
        #expect(rows.count == 12)
        for r in rows {
            let t = try S.transformer(r.crs)
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x - r.x) < 1e-6 && abs(xy.y - r.y) < 1e-6, "\(r.crs) \(xy) vs \(r)")
            let ll = t.inverse.transform([xy])[0]
            #expect(abs(ll.x - r.lon) < 1e-11 && abs(ll.y - r.lat) < 1e-11)
        }
    }

    /// Esri's documentation gives the whole Tobler cylindrical I map a height-to-width ratio of 0.71.
    @Test func esriAspectRatio() throws {
        let one = try ToblerCylindrical(ellipsoid: .wgs84, parameters: S.parameters("Tobler_Cylindrical_I"))
        let two = try ToblerCylindrical(ellipsoid: .wgs84, parameters: S.parameters("Tobler_Cylindrical_II"))
        #expect(!one.isVariantII && two.isVariantII)
        let top = one.forward(SIMD2(0, Double.pi / 2)).y
        #expect(abs(top / Double.pi - 0.71) < 0.005)
        #expect(one.inverse(SIMD2(0, top * 1.001)).y.isNaN)
        #expect(two.forward(SIMD2(0, Double.pi / 2)).y > top)
    }
}
