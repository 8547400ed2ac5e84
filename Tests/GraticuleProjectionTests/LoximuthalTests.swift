import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Loximuthal: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct LoximuthalTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=loxim +a=6400000 +lat_1=0.5`.
        let p = try worldProjection("Loximuthal", "8801=0.5", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223382.295791339, 55850.536063819),
                                                  (2, -1, 223393.637462243, -167551.608191456)],
                                     inverse: [(200, 100, 0.001790561, 0.500895247),
                                               (200, -100, 0.001790561, 0.499104753)]))
    }

    @Test(arguments: ["loxim-sphere", "loxim-wgs84-cm"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Loximuthal", "8801=40")))
        #expect(try isWorldCut(worldProjection("Loximuthal", "8801=40")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Loximuthal", "8801=40"))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Loximuthal", "8801=40", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func centralParallelMustBeInsideThePoles() {
        #expect(rejects("Loximuthal", "8801=90", naming: "Latitude of natural origin"))
    }

    @Test func accurateNextToTheCentralParallel() throws {
        // x → λ cos φ1 as φ → φ1, with no loss of digits (PROJ switches to the limit within 1e-8 rad).
        let p = try worldProjection("Loximuthal", "8801=40")
        let limit = Double.pi * cos(40 * Double.pi / 180)
        for dphi in [0.0, 1e-12, 1e-9, -1e-7] {
            let xy = p.forward(SIMD2(Double.pi, 40 * .pi / 180 + dphi))
            #expect(abs(xy.x - limit) < 2 * abs(dphi) + 1e-15)
        }
    }
}
