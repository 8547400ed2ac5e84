import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct AzimuthalEquidistantTests {
    /// ESRI:54032 World_Azimuthal_Equidistant (WGS 84, origin 0°, 0°): geodesic distance and azimuth
    /// are true. Distance and azimuth from pyproj 3.7.2 `Geod(ellps="WGS84").inv(0, 0, 108, 54)`.
    @Test func worldGeodesic() throws {
        let t = try Fixture.transformer("ESRI:54032")
        let xy = project(t, 108, 54)
        let (s, az) = (hypot(xy.x, xy.y), atan2(xy.x, xy.y) * Angle.degreesPerRadian)
        let ref = Geodesic(semiMajorAxis: 6_378_137, flattening: 1 / 298.257223563)
            .inverse(lat1: 0, lat2: Angle.radians(54), lon12: Angle.radians(108))
        #expect(abs(s - ref.s12) < 1e-6 && abs(az - Angle.degrees(ref.azi1)) < 1e-9)
        let sweep = try #require(SweepFixture.rows.first { $0.crs == "ESRI:54032" && $0.lon == 108 && $0.lat == 54 })
        expectClose(xy, sweep.xy, 1e-3)
        let p = try SpatialReferenceHelper.projection("ESRI:54032")
        expectRoundTrip(p, lon: -3.1...3.1, lat: -1.5...1.5, tolerance: 1e-11)
        #expect(p.clipRegion.capRadius == .pi - ClipRegion.antipodeExclusion)
    }

    /// Polar aspect on the ellipsoid (ESRI:102016, meridian arcs) and a point on the far side.
    @Test func polar() throws {
        let t = try Fixture.transformer("ESRI:102016")
        let xy = project(t, 90, 0)
        // The meridian quadrant of WGS 84 is 10 001 965.729 m.
        expectClose(xy, SIMD2(10_001_965.729, 0), 1e-3)
        let far = project(t, 45, -80)
        #expect(far.x.isFinite && far.y.isFinite)
    }

    /// On the sphere (ESRI:53032) only the antipode of the origin has no image.
    @Test func sphereAntipode() throws {
        let t = try Fixture.transformer("ESRI:53032")
        expectNaN(project(t, 180, 0))
        expectClose(project(t, 179.9, 0), SIMD2(20_003_967.303315375, 0), 1e-3)  // PROJ 9.5.1
        expectNaN(t.inverse.transform([SIMD2(6_371_000 * 3.2, 0)])[0], "beyond πR")
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Azimuthal Equidistant", code: 1125, [(8801, "Latitude of natural origin", 1.6)])
        #expect(throws: GraticuleError.self) { try AzimuthalEquidistant(ellipsoid: .wgs84, parameters: p) }
    }
}
