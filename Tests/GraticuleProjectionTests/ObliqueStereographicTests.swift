import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct ObliqueStereographicTests {
    /// IOGP GN 7-2 §3.3.2 example: Amersfoort / RD New (EPSG:28992), 53°N 6°E
    /// → E 196 105.283 m, N 557 057.739 m.
    @Test func gn72AmersfoortRDNew() throws {
        let t = try Fixture.transformer("EPSG:28992")
        expectClose(project(t, 6, 53), SIMD2(196_105.283, 557_057.739), 0.001)
        expectClose(t.inverse.transform([SIMD2(196_105.283, 557_057.739)])[0], SIMD2(6, 53), 1e-8)
        // The origin (Amersfoort) is the false origin.
        expectClose(project(t, Angle.degrees(0.094032038), Angle.degrees(0.910296727)), SIMD2(155_000, 463_000), 0.01)
    }

    @Test func roundTripAndAntipode() throws {
        let p = try SpatialReferenceHelper.projection("EPSG:28992")
        expectRoundTrip(p, lon: Fixture.dms(-60)...Fixture.dms(70), lat: Fixture.dms(-20)...Fixture.dms(89))
        #expect(p.horizon.capRadius == PolarStereographic.horizonRadius)
        // On a sphere the Gauss sphere is the sphere itself: the antipode of the origin has no image.
        let s = try ObliqueStereographic(ellipsoid: .sphere(radius: 6_371_000), parameters: Fixture.parameters(
            "Oblique Stereographic", code: 9809, [(8801, "Latitude of natural origin", Fixture.dms(52))]))
        expectNaN(s.forward(SIMD2(.pi, -Fixture.dms(52))))
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Oblique Stereographic", code: 9809, [
            (8801, "Latitude of natural origin", Fixture.dms(52)), (8805, "Scale factor at natural origin", 0)])
        #expect(throws: GraticuleError.self) { try ObliqueStereographic(ellipsoid: .wgs84, parameters: p) }
        let q = Fixture.parameters("Oblique Stereographic", code: 9809, [(8802, "Longitude of natural origin", 0)])
        #expect(throws: GraticuleError.self) { try ObliqueStereographic(ellipsoid: .wgs84, parameters: q) }
    }
}
