import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Natural Earth: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct NaturalEarthTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=natearth +a=6400000`.
        let p = try worldProjection("Natural Earth", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 194507.265257889, 112508.737358295),
                                                  (2, -1, 194507.265257889, -112508.737358295)],
                                     inverse: [(200, 100, 0.002056383, 0.000888824),
                                               (200, -100, 0.002056383, -0.000888824)]))
    }

    @Test(arguments: ["natearth-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Natural Earth", "")))
        #expect(try isWorldCut(worldProjection("Natural Earth", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Natural Earth", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Natural Earth", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
