import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct StereographicTests {
    /// ESRI:54026 World_Stereographic (PROJ `stere +lat_0=0` on WGS 84): sweep values from PROJ 9.5.1.
    @Test func worldStereographic() throws {
        let t = try Fixture.transformer("ESRI:54026")
        expectClose(project(t, 108, 54), SIMD2(8_760_505.929567756, 12_593_511.552087497), 1e-3)
        expectClose(project(t, -108, -54), SIMD2(-8_760_505.929567756, -12_593_511.552087497), 1e-3)
        expectNaN(project(t, 180, 0), "antipode of the origin")
        let p = try SpatialReferenceHelper.projection("ESRI:54026")
        expectRoundTrip(p, lon: -2.5...2.5, lat: -1.5...1.5)
    }

    /// With Latitude_Of_Origin = 90° Esri's Stereographic is the polar variant A (ESRI:102018): the
    /// registry stores it as EPSG 9810, as PROJ reads it.
    @Test func polarOrigin() throws {
        let p = try SpatialReferenceHelper.projection("ESRI:102018")
        #expect(p is PolarStereographic)
        expectClose(p.project(SIMD2(0, 0)), SIMD2(0, -12_713_600.099), 1e-3)
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Stereographic", [(8801, "Latitude of natural origin", 2), (8805, "Scale factor at natural origin", 1)])
        #expect(throws: GraticuleError.self) { try Stereographic(ellipsoid: .wgs84, parameters: p) }
    }
}
