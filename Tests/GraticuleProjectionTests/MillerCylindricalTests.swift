import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct MillerCylindricalTests {
    typealias S = ProjectionTestSupport

    /// PROJ 9.5.1 (`+proj=mill +R_A`): ESRI:54003 at 108°E, 54°N → (12009065.613633826,
    /// 6670614.391935358); ESRI:53003 (R = 6371000) → (12009052.077612342, 6670606.8731505815).
    @Test func proj() throws {
        let w = S.project(try S.transformer("ESRI:54003"), 108, 54)
        #expect(abs(w.x - 12009065.613633826) < 1e-6 && abs(w.y - 6670614.391935358) < 1e-6)
        let s = S.project(try S.transformer("ESRI:53003"), 108, 54)
        #expect(abs(s.x - 12009052.077612342) < 1e-6 && abs(s.y - 6670606.8731505815) < 1e-6)
    }

    @Test func roundTripAndDomain() throws {
        let p = try MillerCylindrical(ellipsoid: .sphere(radius: 1), parameters: S.parameters("Miller_Cylindrical"))
        for lat in stride(from: -90.0, through: 90.0, by: 10.0) {
            #expect(S.roundTripError(p, SIMD2(S.rad(-170), S.rad(lat))) < 1e-12)
        }
        #expect(abs(p.project(SIMD2(0, Double.pi / 2)).y - 2.3034125433763912) < 1e-12)  // Snyder Table 12
        #expect(p.unproject(SIMD2(0, 2.31)).y.isNaN)
        #expect(p.unproject(SIMD2(3.2, 0)).x.isNaN)
    }
}
