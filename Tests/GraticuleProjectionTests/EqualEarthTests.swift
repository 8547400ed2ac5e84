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
        #expect(try isWorldCut(worldProjection("Equal Earth")))
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

    /// Points on the outline as PROJ 9.5.1's test file gives them (more_builtins.gie 610–671, the
    /// authors' values printed to 1 cm, up to 3.4 mm outside the outline) invert to ±180° and to
    /// the poles exactly; points 1 cm or more outside are refused (PROJ clamps y instead:
    /// more_builtins.gie:686 maps (0, −1.4 R), 540 km beyond the pole line, to the pole).
    @Test func outlinePointsInvertToTheEdgeAndThePoles() throws {
        let d = 180 / Double.pi
        func check(_ p: any Projection, _ cases: [(Double, Double, Double, Double)]) {
            for (x, y, lon, lat) in cases {
                let ll = p.unproject(SIMD2(x, y)) * d
                #expect(abs(ll.x - lon) < 1e-6 && abs(ll.y - lat) < 1e-7, "(\(x), \(y)) → \(ll)")
                if abs(lat) == 90 { #expect(ll.y == lat, "exactly the pole") }
            }
        }
        let e = try worldProjection("Equal Earth", ellipsoid: .wgs84)
        // 1 mm beyond ±180° (the exact point is 14792474.748996): exactly the edge.
        #expect(e.unproject(SIMD2(14_792_474.75, 5_466_867.76)).x == Double.pi)
        check(e, [(14_792_474.75, 5_466_867.76, 180, 45), (-10_216_474.79, 8_392_927.6, -180, 90), (0, 8_392_927.6, 0, 90),
                  (10_216_474.79, 8_392_927.6, 180, 90), (17_243_959.06, 0, 180, 0), (0, -8_392_927.6, 0, -90)])
        let s = try worldProjection("Equal Earth", ellipsoid: .sphere(radius: 6_378_137))
        check(s, [(14_795_421.79, 5_486_671.72, 180, 45), (-10_227_908.09, 8_402_320.16, -180, 90),
                  (0, 8_402_320.16, 0, 90), (10_227_908.09, 8_402_320.16, 180, 90)])
        #expect(isNaNPoint(e.unproject(SIMD2(0, 8_392_927.61))), "1.2 cm beyond the pole line")
        #expect(isNaNPoint(e.unproject(SIMD2(17_243_959.08, 0))), "1.8 cm beyond ±180°")
        #expect(isNaNPoint(try worldProjection("Equal Earth", ellipsoid: .sphere(radius: 1)).inverse(SIMD2(0, -1.4))))
    }
}
