import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Patterson cylindrical: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct PattersonTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=patterson +a=6400000`.
        let p = try worldProjection("Patterson", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223402.144255274, 113354.25039778),
                                                  (2, -1, 223402.144255274, -113354.25039778)],
                                     inverse: [(200, 100, 0.001790493, 0.00088219),
                                               (200, -100, 0.001790493, -0.00088219)]))
    }

    @Test(arguments: ["patterson-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Patterson", "")))
        #expect(try isWorldCut(worldProjection("Patterson", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Patterson", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Patterson", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
