import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Quartic authalic: PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct QuarticAuthalicTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=qua_aut +a=6400000`, and `+proj=qua_aut +ellps=GRS80` below (the sphere of radius a).
        let p = try worldProjection("Quartic Authalic", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223376.624524029, 111699.654379186),
                                                  (2, -1, 223376.624524029, -111699.654379186)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247),
                                               (200, -100, 0.001790493, -0.000895247)]))
    }

    @Test(arguments: ["qua_aut-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Quartic Authalic", "")))
        #expect(try isWorldCut(worldProjection("Quartic Authalic", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Quartic Authalic", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Quartic Authalic", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func onAnEllipsoidUsesTheSphereOfRadiusA() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=qua_aut +ellps=GRS80`.
        let p = try worldProjection("Quartic Authalic", ellipsoid: .grs80)
        expectNoFailures(gieFailures(p, forward: [(2, 1, 222613.549033097, 111318.077887984)],
                                     inverse: [(200, 100, 0.001796631, 0.000898315)]))
    }
}
