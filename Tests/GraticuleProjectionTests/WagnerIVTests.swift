import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Wagner IV: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WagnerIVTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wag4 +a=6400000`.
        let p = try worldProjection("Wagner IV", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 192801.218662384, 129416.216394803),
                                                  (2, -1, 192801.218662384, -129416.216394803)],
                                     inverse: [(200, 100, 0.002074503, 0.000772683),
                                               (200, -100, 0.002074503, -0.000772683)]))
    }

    @Test(arguments: ["wag4-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Wagner IV", "")))
        #expect(try isWorldCut(worldProjection("Wagner IV", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Wagner IV", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Wagner IV", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7).filter { !$0.contains(", 90.0)") && !$0.contains(", -90.0)") })
        }
    }

    @Test func poleLineInverse() throws {
        // The poles are lines where y(φ) is flat, so the latitude of a pole-line point is resolved
        // only to ~1.5e-8 rad (the square root of the double-precision rounding of y).
        let p = try worldProjection("Wagner IV")
        for lon in [-180.0, -100, 0, 33, 180] {
            let ll = p.inverse(kernel(p, lon, 90)) * (180 / .pi)
            #expect(abs(ll.y - 90) < 2e-6 && abs(ll.x - lon) < 1e-9)
        }
    }
}
