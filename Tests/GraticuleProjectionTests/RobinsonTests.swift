import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Robinson: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct RobinsonTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=robin +a=6400000`.
        let p = try worldProjection("Robinson", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 189588.423282508, 107318.530350703),
                                                  (2, -1, 189588.423282508, -107318.530350703)],
                                     inverse: [(200, 100, 0.002109689, 0.000931806),
                                               (200, -100, 0.002109689, -0.000931806)]))
    }

    @Test(arguments: ["robin-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase, degrees: { $0.lat.truncatingRemainder(dividingBy: 5) == 0 ? 3e-5 : 1e-9 }))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Robinson", "")))
        #expect(try isWorldCut(worldProjection("Robinson", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Robinson", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Robinson", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 3e-5, step: 0.7))
        }
    }

    @Test func nodeDiscontinuities() throws {
        // PROJ's single-precision cubics do not quite meet at the 5° nodes (up to 2.5e-7 of the
        // radius: up to 2.1e-5° of latitude where they overlap in y), so at the map edge on a node
        // parallel the inverse lands within 3e-5° of it, where PROJ's own inverse fails (world
        // fixture rows (±180, ±10)).
        let p = try worldProjection("Robinson")
        for lat in stride(from: -85.0, through: 85, by: 5) {
            let ll = p.inverse(kernel(p, 180, lat)) * (180 / .pi)
            #expect(abs(ll.x - 180) < 5e-5 && abs(ll.y - lat) < 3e-5, "\(lat): \(ll)")
        }
    }
}
