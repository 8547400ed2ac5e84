import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Hammer-Aitoff (Esri) = PROJ `hammer`: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct HammerAitoffTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=hammer +a=6400000`.
        let p = try worldProjection("Hammer_Aitoff", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223373.788703241, 111703.907397767),
                                                  (2, -1, 223373.788703241, -111703.907397767)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["hammer-sphere", "hammer-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Hammer_Aitoff", "")))
        #expect(try isWorldCut(worldProjection("Hammer_Aitoff", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Hammer_Aitoff", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Hammer_Aitoff", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func esriCRSs() throws {
        // ESRI:53044 and 54044 (PROJ cannot convert them): the registry CRS builds this projection
        // on a = 6,371,000 / 6,378,137 m, and its values are `+proj=hammer` on that sphere (world
        // fixture, e.g. (−60°, −70°) → (−2706690.4574251366, −7436570.913228865) on 6,371,000 m).
        let p = try worldProjection("Hammer_Aitoff")
        let xy = p.project(SIMD2(-60 * Double.pi / 180, -70 * Double.pi / 180))
        #expect(abs(xy.x - -2706690.4574251366) < 1e-6 && abs(xy.y - -7436570.913228865) < 1e-6)
    }
}
