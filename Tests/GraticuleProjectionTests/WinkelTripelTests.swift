import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Winkel Tripel: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WinkelTripelTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wintri +a=6400000 +lat_1=0`.
        let p = try worldProjection("Winkel Tripel", "8823=0", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223390.801533485, 111703.907505745),
                                                  (2, -1, 223390.801533485, -111703.907505745)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["wintri-wgs84", "wintri-default"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Winkel Tripel", "8823=50.467")))
        #expect(try isWorldCut(worldProjection("Winkel Tripel", "8823=50.467")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Winkel Tripel", "8823=50.467"))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Winkel Tripel", "8823=50.467", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func standardParallelMustBeInsideThePoles() {
        #expect(rejects("Winkel Tripel", "8823=90", naming: "Latitude of 1st standard parallel"))
    }

    @Test func inverseIsNaNOutsideTheOutline() throws {
        // Between the λ = ±180° edge and the bounding box: Newton converges to |λ| > π or not at all.
        let p = try worldProjection("Winkel Tripel", "8823=50.467")
        for lat in [10.0, 60, 85, -89] {
            let e = kernel(p, 180, lat)
            #expect(isNaNPoint(p.inverse(SIMD2(e.x + 1e-6, e.y))))
            let ll = p.inverse(SIMD2(e.x - 1e-9, e.y)) * (180 / .pi)
            #expect(abs(ll.x - 180) < 1e-5 && abs(ll.y - lat) < 1e-5)
        }
    }
}
