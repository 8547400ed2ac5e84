import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert V: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertVTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck5 +a=6400000`.
        let p = try worldProjection("Eckert V", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 197031.392134061, 98523.198847227),
                                                  (2, -1, 197031.392134061, -98523.198847227)],
                                     inverse: [(200, 100, 0.002029979, 0.001014989),
                                               (200, -100, 0.002029979, -0.001014989)]))
    }

    @Test(arguments: ["eck5-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert V", "")))
        #expect(try isWorldCut(worldProjection("Eckert V", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert V", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert V", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
