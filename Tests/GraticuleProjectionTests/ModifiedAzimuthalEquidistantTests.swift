import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct ModifiedAzimuthalEquidistantTests {
    /// IOGP GN 7-2 §3.9.3.1 example: Guam 1963 / Yap Islands (EPSG:3295), φ 0.167490973 rad,
    /// λ 2.411923377 rad → E 42 665.90 m, N 65 509.82 m.
    @Test func gn72Yap() throws {
        let t = try Fixture.transformer("EPSG:3295")
        let ll = SIMD2(2.411923377, 0.167490973) * Angle.degreesPerRadian
        expectClose(project(t, ll.x, ll.y), SIMD2(42_665.90, 65_509.82), 0.01)
        expectClose(t.inverse.transform([SIMD2(42_665.90, 65_509.82)])[0], ll, 1e-7)
        let p = try SpatialReferenceHelper.projection("EPSG:3295")
        expectRoundTrip(p, lon: 2.38...2.44, lat: 0.14...0.2, tolerance: 2e-11)  // ±200 km: the two series differ
        expectNaN(p.project(SIMD2(-0.5, -0.5)), "far beyond the series' range")
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Modified Azimuthal Equidistant", code: 9832, [(8802, "Longitude of natural origin", 2.4)])
        #expect(throws: GraticuleError.self) { try ModifiedAzimuthalEquidistant(ellipsoid: Fixture.clarke1866, parameters: p) }
    }
}
