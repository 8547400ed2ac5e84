import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Wagner VII: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct WagnerVIITests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=wag7 +a=6400000` (PROJ has no inverse).
        let p = try worldProjection("Wagner VII", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 198601.876957312, 125637.045714171),
                                                  (2, -1, 198601.876957312, -125637.045714171)],
                                     inverse: []))
    }

    @Test(arguments: ["wag7-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase, poleDegrees: 2e-6))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Wagner VII", "")))
        #expect(try isWorldCut(worldProjection("Wagner VII", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Wagner VII", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Wagner VII", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7).filter { !$0.contains(", 90.0)") && !$0.contains(", -90.0)") })
        }
    }

    @Test func inverseIsClosedForm() throws {
        // PROJ has no inverse; the inverse here is the Lambert azimuthal equal-area inverse of
        // (x/2.66723, y/1.24104). It reproduces PROJ's forward values (sweep ESRI:54076) exactly.
        let p = try worldProjection("Wagner VII", ellipsoid: .wgs84)
        let ll = p.unproject(SIMD2(-7723409.545439475, -6592413.907796843)) * (180 / .pi)
        #expect(abs(ll.x - -108) < 1e-12 && abs(ll.y - -54) < 1e-12)
        // Outside the outline: beyond ρ = 2, and inside ρ ≤ 2 but beyond |λ/3| = 60° or the 65° zone.
        #expect(isNaNPoint(p.inverse(SIMD2(2.66723 * 2.01, 0))))
        #expect(isNaNPoint(p.inverse(SIMD2(2.66723 * 1.8, 1.24104 * 0.6))))
        #expect(isNaNPoint(p.inverse(SIMD2(0, 1.24104 * 1.99))))
    }
}
