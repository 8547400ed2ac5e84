import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Eckert IV: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct EckertIVTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=eck4 +a=6400000`.
        let p = try worldProjection("Eckert IV", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 188646.389356416, 132268.540174065),
                                                  (2, -1, 188646.389356416, -132268.540174065)],
                                     inverse: [(200, 100, 0.002120241, 0.000756015),
                                               (200, -100, 0.002120241, -0.000756015)]))
    }

    @Test(arguments: ["eck4-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Eckert IV", "")))
        #expect(try worldProjection("Eckert IV", "").horizon == .globe)
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Eckert IV", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Eckert IV", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
