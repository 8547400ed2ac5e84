import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Sinusoidal: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct SinusoidalTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=sinu +R=6400000`, and `+proj=sinu +ellps=GRS80` below.
        let p = try worldProjection("Sinusoidal", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223368.119026632, 111701.072127637),
                                                  (2, -1, 223368.119026632, -111701.072127637)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["sinu-sphere", "sinu-wgs84-africa"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Sinusoidal", "")))
        #expect(try isWorldCut(worldProjection("Sinusoidal", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Sinusoidal", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Sinusoidal", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func ellipsoidalTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=sinu +ellps=GRS80` (the ellipsoidal form).
        let p = try worldProjection("Sinusoidal", ellipsoid: .grs80)
        expectNoFailures(gieFailures(p, forward: [(2, 1, 222605.299539466, 110574.388554153),
                                                  (2, -1, 222605.299539466, -110574.388554153)],
                                     inverse: [(200, 100, 0.001796631, 0.000904369), (200, -100, 0.001796631, -0.000904369)]))
    }
}
