import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Aitoff: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct AitoffTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=aitoff +R=6400000`.
        let p = try worldProjection("Aitoff", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223379.458811696, 111706.742883853),
                                                  (2, -1, 223379.458811696, -111706.742883853)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["aitoff-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Aitoff", "")))
        #expect(try isWorldCut(worldProjection("Aitoff", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Aitoff", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Aitoff", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
