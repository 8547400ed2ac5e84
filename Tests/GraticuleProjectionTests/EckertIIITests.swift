import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert III: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertIIITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck3 +a=6400000`.
        let p = try worldProjection("Eckert III", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 188652.015721538, 94328.919337031),
                                                  (2, -1, 188652.015721538, -94328.919337031)],
                                     inverse: [(200, 100, 0.002120241, 0.00106012),
                                               (200, -100, 0.002120241, -0.00106012)]))
    }

    @Test(arguments: ["eck3-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert III", "")))
        #expect(try isWorldCut(worldProjection("Eckert III", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert III", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert III", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
