import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct GuamProjectionTests {
    /// IOGP GN 7-2 §3.9.3.2 example: Guam 1963 / Guam SPCS (EPSG:3993), φ 0.232810140 rad,
    /// λ 2.524362746 rad → E 37 712.48 m, N 35 242.00 m.
    @Test func gn72Guam() throws {
        let t = try Fixture.transformer("EPSG:3993")
        let ll = SIMD2(2.524362746, 0.232810140) * Angle.degreesPerRadian
        expectClose(project(t, ll.x, ll.y), SIMD2(37_712.48, 35_242.00), 0.01)
        expectClose(t.inverse.transform([SIMD2(37_712.48, 35_242.00)])[0], ll, 1e-7)
        let p = try SpatialReferenceHelper.projection("EPSG:3993")
        expectRoundTrip(p, lon: 2.51...2.54, lat: 0.22...0.25, tolerance: 1e-13)
        expectNaN(p.project(SIMD2(0, 0)), "outside Guam's 10° cap")
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Guam Projection", code: 9831, [(8801, "Latitude of natural origin", 0.2)])
        #expect(throws: GraticuleError.self) { try GuamProjection(ellipsoid: Fixture.clarke1866, parameters: p) }
    }
}
