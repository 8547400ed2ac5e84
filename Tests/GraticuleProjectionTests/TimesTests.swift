import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct TimesTests {
    typealias S = ProjectionTestSupport

    /// PROJ 9.5.1 (`+proj=times`): ESRI:54048 at 108°E, 54°N → (8323465.168489277, 5547805.54956192).
    @Test func proj() throws {
        let xy = S.project(try S.transformer("ESRI:54048"), 108, 54)
        #expect(abs(xy.x - 8323465.168489277) < 1e-6 && abs(xy.y - 5547805.54956192) < 1e-6)
    }

    @Test func roundTripAndDomain() throws {
        let p = try Times(ellipsoid: .sphere(radius: 1), parameters: S.parameters("Times"))
        for lat in stride(from: -90.0, through: 90.0, by: 10.0) {
            #expect(S.roundTripError(p, SIMD2(S.rad(-120), S.rad(lat))) < 1e-12)
        }
        #expect(p.unproject(SIMD2(0, 1.8)).y.isNaN)
        #expect(p.unproject(SIMD2(3.3, 0)).x.isNaN)
    }
}
