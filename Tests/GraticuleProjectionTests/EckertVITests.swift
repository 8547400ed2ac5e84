import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert VI: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertVITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck6 +a=6400000`.
        let p = try worldProjection("Eckert VI", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 197021.605628992, 126640.420733174),
                                                  (2, -1, 197021.605628992, -126640.420733174)],
                                     inverse: [(200, 100, 0.002029979, 0.00078963),
                                               (200, -100, 0.002029979, -0.00078963)]))
    }

    @Test(arguments: ["eck6-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert VI", "")))
        #expect(try isWorldCut(worldProjection("Eckert VI", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert VI", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert VI", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
