import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Winkel I: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WinkelITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wink1 +a=6400000` (standard parallel 0).
        let p = try worldProjection("Winkel I", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223385.131640953, 111701.072127637),
                                                  (2, -1, 223385.131640953, -111701.072127637)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["wink1-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Winkel I", "8823=50.4597762521898")))
        #expect(try isWorldCut(worldProjection("Winkel I", "8823=50.4597762521898")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Winkel I", "8823=50.4597762521898"))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Winkel I", "8823=50.4597762521898", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func standardParallelMustBeInsideThePoles() {
        #expect(rejects("Winkel I", "8823=90", naming: "Latitude of 1st standard parallel"))
        #expect(rejects("Winkel I", "8823=-95", naming: "Latitude of 1st standard parallel"))
    }
}
