import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Natural Earth II: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct NaturalEarthIITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=natearth2 +a=6400000`.
        let p = try worldProjection("Natural Earth II", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 189255.172934731, 113022.495810907),
                                                  (2, -1, 189255.172934731, -113022.495810907)],
                                     inverse: [(200, 100, 0.002113449, 0.00088478),
                                               (200, -100, 0.002113449, -0.00088478)]))
    }

    @Test(arguments: ["natearth2-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Natural Earth II", "")))
        #expect(try isWorldCut(worldProjection("Natural Earth II", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Natural Earth II", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Natural Earth II", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
