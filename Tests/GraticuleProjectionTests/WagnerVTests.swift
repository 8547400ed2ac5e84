import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Wagner V: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WagnerVTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wag5 +a=6400000`.
        let p = try worldProjection("Wagner V", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 203227.051925325, 138651.631442713),
                                                  (2, -1, 203227.051925325, -138651.631442713)],
                                     inverse: [(200, 100, 0.001968072, 0.000721216),
                                               (200, -100, 0.001968072, -0.000721216)]))
    }

    @Test(arguments: ["wag5-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Wagner V", "")))
        #expect(try isWorldCut(worldProjection("Wagner V", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Wagner V", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Wagner V", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
