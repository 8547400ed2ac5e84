import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct TunisiaMiningGridTests {
    typealias S = ProjectionTestSupport

    /// IOGP GN 7-2 §3.4.6 example (EPSG:22300, grads from Paris, kilometres; PROJ cannot project it):
    /// grid reference 302598, i.e. E = 302 km, N = 598 km ↔ 38.97997 grad N, 8.22437 grad E of Paris
    /// (published to 1e-5 grad, ~1 m).
    @Test func iogpExample() throws {
        let t = try S.transformer("EPSG:22300")
        let ll = t.inverse.transform([SIMD2(302, 598)])[0]
        #expect(abs(ll.x - 8.22437) < 1e-5 && abs(ll.y - 38.97997) < 1e-5)
        let xy = S.project(t, 8.22437, 38.97997)
        #expect(abs(xy.x - 302) < 0.001 && abs(xy.y - 598) < 0.001)
        // South of the false origin the decree's 0.02004 grad per 2 km applies.
        let south = t.inverse.transform([SIMD2(270, 200)])[0]
        #expect(abs(south.y - (36.5964 - 160 * 0.01002)) < 1e-12)
        #expect(abs(S.project(t, 7.83445, 36.5964).x - 270) < 1e-9)
    }

    @Test func errors() {
        #expect(throws: GraticuleError.self) {
            try TunisiaMiningGrid(ellipsoid: .wgs84, parameters: S.parameters("Tunisia Mining Grid", code: 9816))
        }
    }
}
