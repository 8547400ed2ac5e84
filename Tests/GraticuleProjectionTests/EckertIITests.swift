import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert II: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertIITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck2 +a=6400000`.
        let p = try worldProjection("Eckert II", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 204472.87090796, 121633.734975242),
                                                  (2, -1, 204472.87090796, -121633.734975242)],
                                     inverse: [(200, 100, 0.001943415, 0.000824804),
                                               (200, -100, 0.001943415, -0.000824804)]))
    }

    @Test(arguments: ["eck2-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert II", "")))
        #expect(try isWorldCut(worldProjection("Eckert II", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert II", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert II", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
