import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct CompactMillerTests {
    typealias S = ProjectionTestSupport

    /// PROJ 9.5.1 (`+proj=comill`): ESRI:54080 at 108°E, 54°N → (12022505.005673544, 6663961.108232005).
    /// Jenny et al. (2015) give the map's height-to-width ratio as 0.6: 2·y(90°)/(2π) = 0.6.
    @Test func projAndAspectRatio() throws {
        let xy = S.project(try S.transformer("ESRI:54080"), 108, 54)
        #expect(abs(xy.x - 12022505.005673544) < 1e-6 && abs(xy.y - 6663961.108232005) < 1e-6)
        let p = try CompactMiller(ellipsoid: .sphere(radius: 1), parameters: S.parameters("Compact_Miller"))
        #expect(abs(p.project(SIMD2(0, Double.pi / 2)).y / Double.pi - 0.6) < 0.001)
    }

    @Test func roundTripAndDomain() throws {
        let p = try CompactMiller(ellipsoid: .sphere(radius: 1), parameters: S.parameters("Compact_Miller"))
        for lat in stride(from: -90.0, through: 90.0, by: 5.0) {
            #expect(S.roundTripError(p, SIMD2(S.rad(60), S.rad(lat))) < 1e-12)
        }
        #expect(p.unproject(SIMD2(0, 1.9)).y.isNaN)  // PROJ clamps to the pole instead
    }
}
