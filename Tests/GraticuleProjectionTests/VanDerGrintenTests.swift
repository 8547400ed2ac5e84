import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Van der Grinten (I): PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct VanDerGrintenTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=vandg +a=6400000`, with
        // its tolerance of 0.25 mm (PROJ's y is 0.117 mm off at (2, 1): 111704.5965169666 m in 50
        // digits), and `+over` (179.9, 50) below.
        let p = try worldProjection("Van Der Grinten", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223395.249543407, 111704.596633675),
                                                  (2, -1, 223395.249543407, -111704.596633675)],
                                     inverse: [(200, 100, 0.001790494, 0.000895247),
                                               (200, -100, 0.001790494, -0.000895247)], metres: 2.5e-4))
    }

    @Test(arguments: ["vandg-sphere", "vandg-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Van Der Grinten", "")))
        #expect(try worldProjection("Van Der Grinten", "").horizon == .globe)
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Van Der Grinten", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Van Der Grinten", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func nearTheEdgeAndTheEquator() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=vandg +a=6400000 +over`: (179.9, 50), 0.35 mm.
        let p = try worldProjection("Van Der Grinten", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(179.9, 50, 18549161.7268, 7731305.7162)], metres: 3.5e-4))
        // Next to the equator PROJ's formula for y cancels (it gives 0); the 50-digit value is
        // 0.1111949269 m at (−108°, 1e-6°) on R = 6,371,000 m (tools/oracle/world_highprecision.py).
        let q = try worldProjection("Van Der Grinten")
        let y = q.project(SIMD2(-108 * Double.pi / 180, 1e-6 * Double.pi / 180)).y
        #expect(abs(y - 0.11119492686694859407) < 1e-12)
    }

    @Test func authalicSphereOnAnEllipsoid() throws {
        // PROJ maps ESRI:54029 to `+proj=vandg +R_A`: R_A = a (1 − e²/6 − 17e⁴/360 − 67e⁶/3024).
        let p = try worldProjection("Van Der Grinten", ellipsoid: .wgs84)
        #expect(abs(p.frame.ellipsoid.semiMajorAxis - 6371007.181082429) < 1e-6)
        #expect(p.frame.ellipsoid.isSphere)
    }
}
