import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// McBryde-Thomas flat-polar quartic: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct FlatPolarQuarticTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=mbtfpq +a=6400000`.
        let p = try worldProjection("Flat Polar Quartic", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 209391.854738393, 119161.040199055),
                                                  (2, -1, 209391.854738393, -119161.040199055)],
                                     inverse: [(200, 100, 0.001910106, 0.000839185),
                                               (200, -100, 0.001910106, -0.000839185)]))
    }

    @Test(arguments: ["mbtfpq-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Flat Polar Quartic", "")))
        #expect(try isWorldCut(worldProjection("Flat Polar Quartic", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Flat Polar Quartic", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Flat Polar Quartic", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
