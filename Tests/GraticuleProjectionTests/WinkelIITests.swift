import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Winkel II: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WinkelIITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wink2 +a=6400000 +lat_1=0.5` (forward only: PROJ lists no inverse vectors).
        let p = try worldProjection("Winkel II", "8823=0.5", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223387.396433786, 124752.032797445),
                                                  (2, -1, 223387.396433786, -124752.032797445)],
                                     inverse: []))
    }

    @Test(arguments: ["wink2-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Winkel II", "8823=50.4597762521898")))
        #expect(try isWorldCut(worldProjection("Winkel II", "8823=50.4597762521898")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Winkel II", "8823=50.4597762521898"))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Winkel II", "8823=50.4597762521898", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func standardParallelMustBeInsideThePoles() {
        #expect(rejects("Winkel II", "8823=90", naming: "Latitude of 1st standard parallel"))
    }

    @Test func nearThePole() throws {
        // PROJ's 10-iteration loop gives up at 89.999° and sets θ = 90° (7 km off in x); the value
        // here is the 50-digit one of tools/oracle/world_highprecision.py.
        let p = try worldProjection("Winkel II", "8823=50.4597762521898")
        let xy = p.project(SIMD2(-Double.pi, -89.999 * .pi / 180))
        #expect(abs(xy.x - -6378111.6889299380251) < 1e-6 && abs(xy.y - -10007486.537096889224) < 1e-6)
    }
}
