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
        #expect(try isWorldCut(worldProjection("Eckert IV", "")))
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

    /// The pole corners (PROJ 9.5.1 test/gie/builtins.gie 1299–1335, `+proj=eck4 +a=6400000`,
    /// 0.1 mm): they invert to (±180°, ±90°) exactly; points 1 cm outside the corner or beyond the
    /// pole line are refused. Just inside the pole line, pyproj 3.7.2.
    @Test func poleCorners() throws {
        let p = try worldProjection("Eckert IV", "", ellipsoid: .sphere(radius: 6_400_000))
        let d = 180 / Double.pi
        for (sx, sy) in [(-1.0, -1.0), (-1, 1), (1, -1), (1, 1)] {
            let ll = p.unproject(SIMD2(sx * 8_489_602.74033281, sy * 8_489_602.74033281)) * d
            #expect(ll.y == sy * 90 && abs(ll.x - sx * 180) < 1e-12, "\(ll)")
            #expect(isNaNPoint(p.unproject(SIMD2(sx * 8_489_602.75, sy * 8_489_602.74033281))))
            #expect(isNaNPoint(p.unproject(SIMD2(0, sy * 8_489_602.75))))
        }
        let inside = p.unproject(SIMD2(0, 8_489_602.7403)) * d
        #expect(inside.x == 0 && abs(inside.y - 89.99988077699861) < 1e-8, "\(inside)")
    }
}
