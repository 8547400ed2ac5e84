import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

/// Van der Grinten (I): PROJ 9.5.1's own test vectors, the world fixture (PROJ over a global grid), the outline
/// (NaN outside it), parameter errors and round trips.
@Suite struct VanDerGrintenTests {
    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=vandg +a=6400000`, with
        // its tolerance of 0.25 mm (PROJ's y is 0.117 mm off at (2, 1): 111704.5965169666 m in 50
        // digits), and `+over` (179.9, 50) below.
        let p = try worldProjection("Van Der Grinten", "", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(2, 1, 223395.249543407, 111704.596633675),
                                                  (2, -1, 223395.249543407, -111704.596633675)],
                                     inverse: [(200, 100, 0.001790494, 0.000895247),
                                               (200, -100, 0.001790494, -0.000895247)], metres: 2.5e-4))
    }

    @Test(arguments: ["vandg-sphere", "vandg-wgs84"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Van Der Grinten", "")))
        #expect(try isWorldCut(worldProjection("Van Der Grinten", "")))
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Van Der Grinten", ""))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection("Van Der Grinten", "", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }

    @Test func nearTheEdgeAndTheEquator() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=vandg +a=6400000 +over`: (179.9, 50), 0.35 mm.
        let p = try worldProjection("Van Der Grinten", ellipsoid: .sphere(radius: 6_400_000))
        expectNoFailures(gieFailures(p, forward: [(179.9, 50, 18549161.7268, 7731305.7162)], metres: 3.5e-4))
        // Next to the equator PROJ's formula for y cancels (it gives 0); the 50-digit value is
        // 0.1111949269 m at (−108°, 1e-6°) on R = 6,371,000 m (tools/oracle/world_highprecision.py).
        let q = try worldProjection("Van Der Grinten")
        let y = q.project(SIMD2(-108 * Double.pi / 180, 1e-6 * Double.pi / 180)).y
        #expect(abs(y - 0.11119492686694859407) < 1e-12)
    }

    @Test func authalicSphereOnAnEllipsoid() throws {
        // PROJ maps ESRI:54029 to `+proj=vandg +R_A`: R_A = a (1 − e²/6 − 17e⁴/360 − 67e⁶/3024).
        let p = try worldProjection("Van Der Grinten", ellipsoid: .wgs84)
        #expect(abs(p.frame.ellipsoid.semiMajorAxis - 6371007.181082429) < 1e-6)
        #expect(p.frame.ellipsoid.isSphere)
    }

    /// PROJ's `+over` read from a PROJ string (PROJ 9.5.1 test/gie/builtins.gie, `+proj=vandg
    /// +a=6400000 +over`, 0.35 mm; 200° and −250° from pyproj 3.7.2): past ±180° the map continues
    /// outside the circle and the inverse returns those longitudes; without `+over` 180.1° is
    /// −179.9° and points outside the circle are refused.
    @Test func overPastTheAntimeridian() throws {
        let t = try Fixture.transformer("+proj=vandg +a=6400000 +over +type=crs")
        let cases: [(Double, Double, Double, Double)] = [
            (179.9, 50, 18_549_161.7268, 7_731_305.7162), (180.1, 50, 18_569_963.6471, 7_734_997.6218),
            (-180.1, -50, -18_569_963.6471, -7_734_997.6218), (200, -30, 21_908_301.5188196, -4_156_704.2255516783),
            (-250, 20, -27_746_431.800706826, 2_747_905.138814895),
        ]
        for (lon, lat, x, y) in cases {
            let xy = project(t, lon, lat)
            expectClose(xy, SIMD2(x, y), 3.5e-4, "\(lon) \(lat)")
            expectClose(t.inverse.transform([xy])[0], SIMD2(lon, lat), 1e-9, "inverse \(lon) \(lat)")
        }
        let wrapped = try Fixture.transformer("+proj=vandg +a=6400000 +type=crs")
        expectClose(project(wrapped, 180.1, 50), SIMD2(-18_549_161.7268, 7_731_305.7162), 3.5e-4)
        expectNaN(wrapped.inverse.transform([SIMD2(18_569_963.6471, 7_734_997.6218)])[0], "outside the circle")
    }
}
