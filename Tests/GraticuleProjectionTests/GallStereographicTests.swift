import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct GallStereographicTests {
    typealias S = ProjectionTestSupport

    /// PROJ 9.5.1 (`+proj=gall`): ESRI:54016 at 108°W, 54°S → (−8501194.816360977, −5547795.088987537).
    @Test func proj() throws {
        let xy = S.project(try S.transformer("ESRI:54016"), -108, -54)
        #expect(abs(xy.x + 8501194.816360977) < 1e-6 && abs(xy.y + 5547795.088987537) < 1e-6)
    }

    @Test func roundTripAndDomain() throws {
        let p = try GallStereographic(ellipsoid: .wgs84, parameters: S.parameters("Gall_Stereographic"))
        for lat in stride(from: -90.0, through: 90.0, by: 10.0) {
            #expect(S.roundTripError(p, SIMD2(S.rad(33), S.rad(lat))) < 1e-12)
        }
        // The pole at y = (1 + √2/2)·R.
        #expect(abs(p.project(SIMD2(0, Double.pi / 2)).y - 6378137 * (1 + 0.5.squareRoot())) < 1e-6)
        #expect(p.unproject(SIMD2(0, 6378137 * 1.8)).y.isNaN)
    }
}
