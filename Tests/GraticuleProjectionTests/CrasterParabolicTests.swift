import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Craster parabolic: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct CrasterParabolicTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=crast +a=6400000`.
        let p = try worldProjection("Craster Parabolic", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 218280.142056781, 114306.04560428),
                                                  (2, -1, 218280.142056781, -114306.04560428)],
                                     inverse: [(200, 100, 0.001832259, 0.000874839),
                                               (200, -100, 0.001832259, -0.000874839)]))
    }

    @Test(arguments: ["crast-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Craster Parabolic", "")))
        #expect(try isWorldCut(worldProjection("Craster Parabolic", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Craster Parabolic", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Craster Parabolic", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
