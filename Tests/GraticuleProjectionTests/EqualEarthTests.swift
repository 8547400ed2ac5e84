import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Equal Earth (EPSG method 1078): the authors' test values as PROJ carries them, the world fixture
/// (PROJ over a global grid), the exact inverse, the outline, parameter errors and round trips.
@Suite struct EqualEarthTests {
    @Test func publishedTestValues() throws {
        // PROJ 9.5.1 test/gie/more_builtins.gie, "tests from PJ_eqearth.c" (Šavrič's values,
        // 1 cm): `+proj=eqearth +ellps=WGS84` and `+proj=eqearth +R=6378137`.
        let e = try worldProjection("Equal Earth", ellipsoid: .wgs84)
        expectNoFailures(gieFailures(e, forward: [(-180, 90, -10216474.79, 8392927.6), (180, 45, 14792474.75, 5466867.76),
                                                  (180, 0, 17243959.06, 0), (-70, -31.2, -6241081.64, -3907019.16)],
                                     metres: 0.01))
        let s = try worldProjection("Equal Earth", ellipsoid: .sphere(radius: 6_378_137))
        expectNoFailures(gieFailures(s, forward: [(-180, 90, -10227908.09, 8402320.16), (180, 45, 14795421.79, 5486671.72),
                                                  (-70, -31.2, -6244707.88, -3924893.29)], metres: 0.01))
        // Inverse of the same values (the printed metres are rounded to 1 cm: about 1e-7°; the ones
        // on the outline may be rounded outward, off the map).
        let d = Double.pi / 180
        for (x, y, lon, lat) in [(-6241081.64, -3907019.16, -70.0, -31.2), (0, 0, 0, 0)] {
            let ll = e.unproject(SIMD2(x, y)) / d
            #expect(abs(ll.x - lon) < 2e-7 && abs(ll.y - lat) < 2e-7)
        }
    }

    @Test(arguments: ["eqearth-wgs84-150", "eqearth-sphere"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        // On the pole lines the latitude is resolved only to ~1.5e-8 rad (y is flat there).
        expectNoFailures(WorldFixture.check(fixtureCase, poleDegrees: 2e-6))
    }

    @Test func inverseIsExactOnTheEllipsoid() throws {
        // PROJ 9.5.1 stops at a three-term authalic-latitude series: its inverse of its own
        // EPSG:8857 forward at (−108°, −54°) is −53.99999999774816°. Here it returns −54°.
        let p = try worldProjection("Equal Earth", ellipsoid: .wgs84)
        let ll = p.unproject(SIMD2(-8257618.3109485665, -6378608.792003521)) * (180 / .pi)
        #expect(abs(ll.x - -108) < 1e-12 && abs(ll.y - -54) < 1e-12)
    }

    @Test func outline() throws {
        expectNoFailures(outlineFailures(try worldProjection("Equal Earth", ellipsoid: .wgs84)))
        // PROJ clamps y beyond the pole line (`+R=1`: (0, −1.4) → −90°); here it is outside.
        let s = try worldProjection("Equal Earth", ellipsoid: .sphere(radius: 1))
        #expect(isNaNPoint(s.inverse(SIMD2(0, -1.4))))
        #expect(abs(s.inverse(SIMD2(0, -1.3173627591574)).y * 180 / .pi - -90) < 1e-5)
        #expect(abs(s.inverse(SIMD2(0, -1.3)).y * 180 / .pi - -82.318) < 1e-3)
        #expect(try worldProjection("Equal Earth").horizon == .globe)
    }

    @Test func invalidParameters() {
        expectNoFailures(frameParameterFailures("Equal Earth"))
    }

    @Test func roundTrip() throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84, .grs80] {
            let p = try worldProjection("Equal Earth", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7).filter { !$0.contains(", 90.0)") && !$0.contains(", -90.0)") })
        }
    }

    @Test func registeredUnderEPSGMethodCode() {
        #expect(ProjectionCatalog.type(methodCode: 1078, methodName: "") == EqualEarth.self)
    }
}
