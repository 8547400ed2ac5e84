import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Mollweide: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct MollweideTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=moll +a=6400000`.
        let p = try worldProjection("Mollweide", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 201113.698641813, 124066.28343386),
                                                  (2, -1, 201113.698641813, -124066.28343386),
                                                  (0.0, 89.99, 0, 9050917.562466158),
                                                  (0.0, -89.999, 0, -9050964.513822982)],
                                     inverse: [(200, 100, 0.001988738, 0.000806005),
                                               (200, -100, 0.001988738, -0.000806005)]))
    }

    @Test(arguments: ["moll-sphere", "moll-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Mollweide", "")))
        #expect(try isWorldCut(worldProjection("Mollweide", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Mollweide", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Mollweide", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func poleIsAPoint() throws {
        // The pole is a point (x = 0 for every λ); PROJ's iteration stops short of it (x ≈ 112 m).
        let p = try worldProjection("Mollweide")
        for lon in [-180.0, -90, 45, 180] {
            let xy = kernel(p, lon, 90)
            #expect(xy.x == 0 && abs(xy.y - 2.0.squareRoot()) < 1e-15)
            #expect(abs(kernel(p, lon, 89.9999999).x) < 1e-5)
        }
    }
}
