import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct TwoPointEquidistantTests {
    /// ESRI:53031 Sphere_Two_Point_Equidistant (R = 6 371 000, points 0°,0° and 60°E,60°N): distances
    /// from both control points are true, and PROJ 9.5.1's images of the two points.
    @Test func distancesFromBothPointsAreTrue() throws {
        let t = try Fixture.transformer("ESRI:53031")
        let r = 6_371_000.0
        let p1 = project(t, 0, 0), p2 = project(t, 60, 60)
        expectClose(p1, SIMD2(-4_198_858.74625005, 0), 1e-3)
        expectClose(p2, SIMD2(4_198_858.74625005, 0), 1e-3)
        for (lon, lat) in [(-108.0, -54.0), (108.0, 54.0), (20.0, 10.0), (60.0, 0.0001), (170.0, -80.0)] {
            let xy = project(t, lon, lat)
            let x = SIMD3(cos(Angle.radians(lat)) * cos(Angle.radians(lon)), cos(Angle.radians(lat)) * sin(Angle.radians(lon)),
                          sin(Angle.radians(lat)))
            let q = SIMD3(cos(Angle.radians(60.0)) * cos(Angle.radians(60.0)), cos(Angle.radians(60.0)) * sin(Angle.radians(60.0)),
                          sin(Angle.radians(60.0)))
            let d1 = acos(max(-1, min(1, x.x))) * r
            let d2 = acos(max(-1, min(1, (x * q).sum()))) * r
            #expect(abs(hypot(xy.x - p1.x, xy.y - p1.y) - d1) < 1e-3 * max(1, d1 / 1e6))
            #expect(abs(hypot(xy.x - p2.x, xy.y - p2.y) - d2) < 1e-3 * max(1, d2 / 1e6))
        }
        let sweep = try #require(SweepFixture.rows.first { $0.crs == "ESRI:53031" && $0.lon == 108 && $0.lat == 54 })
        expectClose(project(t, 108, 54), sweep.xy, 1e-3)
    }

    /// Near the base line the map is exact (the textbook y = √(z1² − (x + z0/2)²) loses 6 cm there).
    @Test func roundTripIncludingTheBaseLine() throws {
        let p = try SpatialReferenceHelper.projection("ESRI:54031")
        expectRoundTrip(p, lon: -2.5...2.5, lat: -1.4...1.4, tolerance: 1e-12)
        let t = try Fixture.transformer("ESRI:54031")
        for (lon, lat) in [(0.0, 0.0), (60.0, 60.0), (30.0, 30.0 + 1e-9)] {
            let back = t.inverse.transform(t.transform([SIMD2(lon, lat)]))[0]
            expectClose(back, SIMD2(lon, lat), 1e-11)
        }
    }

    @Test func invalidParameters() {
        func params(_ lat2: Double, _ lon2: Double) -> ProjectionParameters {
            Fixture.parameters("Two Point Equidistant", [
                (nil, "Latitude of 1st point", 0.3), (nil, "Longitude of 1st point", 0.2),
                (nil, "Latitude of 2nd point", lat2), (nil, "Longitude of 2nd point", lon2)])
        }
        #expect(throws: GraticuleError.self) { try TwoPointEquidistant(ellipsoid: .wgs84, parameters: params(0.3, 0.2)) }
        #expect(throws: GraticuleError.self) { try TwoPointEquidistant(ellipsoid: .wgs84, parameters: params(-0.3, 0.2 - .pi)) }
        #expect(throws: GraticuleError.self) {
            try TwoPointEquidistant(ellipsoid: .wgs84, parameters: Fixture.parameters("Two Point Equidistant", []))
        }
    }
}
