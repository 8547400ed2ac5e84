import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct VerticalPerspectiveTests {
    /// EPSG:19850 "EPSG vertical perspective example" (GN 7-2 §3.3.4): WGS 84, topocentric origin 55°N 5°E
    /// at h0 = 200 m, viewpoint height 5 900 km. Reference: PROJ 9.5.1's topocentric conversion of
    /// 53°48′33.82″N 2°07′46.38″E (U −189 011.711, V −128 640.567, W −4 293.124 m) put through
    /// x = U H/(H − W), y = V H/(H − W).
    @Test func gn72Example() throws {
        let p = try VerticalPerspective(ellipsoid: .wgs84, parameters: Fixture.parameters("Vertical Perspective", code: 9838, [
            (8834, "Latitude of topocentric origin", Fixture.dms(55)), (8835, "Longitude of topocentric origin", Fixture.dms(5)),
            (8836, "Ellipsoidal height of topocentric origin", 200), (8840, "Viewpoint height", 5_900_000),
        ]))
        let ll = SIMD2(Fixture.dms(2, 7, 46.38), Fixture.dms(53, 48, 33.82))
        expectClose(p.project(ll), SIMD2(-188_874.27655307055, -128_547.0302710671), 1e-3)
        expectClose(p.unproject(SIMD2(-188_874.27655307055, -128_547.0302710671)), ll, 1e-11)
        expectRoundTrip(p, lon: Fixture.dms(-30)...Fixture.dms(40), lat: Fixture.dms(30)...Fixture.dms(80))
        expectNaN(p.project(SIMD2(Fixture.dms(5), Fixture.dms(-10))), "beyond the horizon (65° away, limit ≈ 62°)")
        expectNaN(p.inverse(SIMD2(0, 2)), "off the disc")
    }

    /// On a sphere it is PROJ's `nsper` (pyproj 3.7.2: `+R=6378137 +h=35800000`, 10°E 20°N).
    @Test func sphereAgainstPROJ() throws {
        let p = try VerticalPerspective(ellipsoid: .sphere(radius: 6_378_137), parameters: Fixture.parameters(
            "Vertical Perspective", code: 9838, [(8840, "Viewpoint height", 35_800_000)]))
        expectClose(p.project(SIMD2(Fixture.dms(10), Fixture.dms(20))), SIMD2(1_027_110.2793761421, 2_152_844.757857501), 1e-3)
        #expect(abs((p.clipRegion.capRadius ?? 0) - acos(6_378_137 / (6_378_137 + 35_800_000.0))) < 1e-12)
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Vertical Perspective", code: 9838, [(8840, "Viewpoint height", -1)])
        #expect(throws: GraticuleError.self) { try VerticalPerspective(ellipsoid: .wgs84, parameters: p) }
        #expect(throws: GraticuleError.self) {
            try VerticalPerspective(ellipsoid: .wgs84, parameters: Fixture.parameters("Vertical Perspective", code: 9838, []))
        }
    }
}
