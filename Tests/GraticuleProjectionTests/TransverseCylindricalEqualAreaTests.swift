import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct TransverseCylindricalEqualAreaTests {
    typealias S = ProjectionTestSupport

    /// PROJ 9.5.1 `+proj=tcea +lon_0=20 +lat_0=10 +k_0=0.8 +R=6371000` (case tcea).
    @Test func proj() throws {
        let p = try TransverseCylindricalEqualArea(ellipsoid: .sphere(radius: 6371000), parameters: S.parameters(
            "Transverse_Cylindrical_Equal_Area",
            names: ["Central_Meridian": S.rad(20), "Latitude_Of_Origin": S.rad(10), "Scale_Factor": 0.8]))
        let rows = ReferenceFixture.rows("tcea")
        #expect(rows.count == 5)
        for r in rows {
            let xy = p.project(SIMD2(S.rad(r.lon), S.rad(r.lat)))
            #expect(abs(xy.x - r.x) < 1e-6 && abs(xy.y - r.y) < 1e-6, "\(xy) vs \(r)")
            if abs(r.lat) < 90 {
                let ll = p.unproject(xy)
                #expect(abs(ll.x - S.rad(r.lon)) < 1e-12 && abs(ll.y - S.rad(r.lat)) < 1e-12)
            }
        }
        #expect(p.unproject(SIMD2(6371000 / 0.8 * 1.01, 0)).x.isNaN)
        #expect(throws: GraticuleError.self) {
            try TransverseCylindricalEqualArea(ellipsoid: .wgs84, parameters: S.parameters(
                "Transverse_Cylindrical_Equal_Area", names: ["Scale_Factor": -1]))
        }
    }
}
