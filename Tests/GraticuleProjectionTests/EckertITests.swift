import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert I: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck1 +a=6400000`.
        let p = try worldProjection("Eckert I", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 204680.888202951, 102912.178426065),
                                                  (2, -1, 204680.888202951, -102912.178426065)],
                                     inverse: [(200, 100, 0.001943415, 0.000971702),
                                               (200, -100, 0.001943415, -0.000971702)]))
    }

    @Test(arguments: ["eck1-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert I", "")))
        #expect(try isWorldCut(worldProjection("Eckert I", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert I", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert I", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
