import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct LabordeObliqueMercatorTests {
    static let grad = Double.pi / 200
    /// IOGP GN 7-2 §3.4.2 example: Tananarive (Paris) / Laborde Grid, φc −21 grad, λc 49 grad (Paris),
    /// αc 21 grad, kc 0.9995, FE 400 000, FN 800 000, International 1924; point φ −0.282565315 rad,
    /// λ 0.735138668 rad (from Paris) → E 188 333.848 m, N 1 098 841.091 m. The input is printed to
    /// 1e-9 rad (≈ 6 mm), hence the 1 cm tolerance.
    static func madagascar() throws -> LabordeObliqueMercator {
        try LabordeObliqueMercator(ellipsoid: Fixture.international1924, parameters: Fixture.parameters(
            "Laborde Oblique Mercator", code: 9813, [
                (8811, "Latitude of projection centre", -21 * grad),
                (8812, "Longitude of projection centre", 49 * grad),
                (8813, "Azimuth at projection centre", 21 * grad),
                (8815, "Scale factor at projection centre", 0.9995),
                (8806, "False easting", 400_000), (8807, "False northing", 800_000),
            ]))
    }

    @Test func gn72Example() throws {
        let p = try Self.madagascar()
        expectClose(p.project(SIMD2(0.735138668, -0.282565315)), SIMD2(188_333.848, 1_098_841.091), 0.01)
        expectClose(p.unproject(SIMD2(188_333.848, 1_098_841.091)), SIMD2(0.735138668, -0.282565315), 2e-9)
    }

    @Test func gn72ExampleThroughRegistry() throws {
        let t = try Fixture.transformer("EPSG:29701")  // Paris meridian, grads
        let xy = project(t, 0.735138668 / Self.grad, -0.282565315 / Self.grad)
        expectClose(xy, SIMD2(188_333.848, 1_098_841.091), 0.01)
    }

    @Test func roundTripOverMadagascar() throws {
        let p = try Self.madagascar()
        expectRoundTrip(p, lon: 40 * Self.grad...58 * Self.grad, lat: -30 * Self.grad...(-10) * Self.grad)
    }

    /// PROJ's `labrd` is a series approximation: within 6 cm of the exact method over Madagascar
    /// (EPSG:29701 sweep point 54.5378 grad, −25.4333 grad: PROJ 912 012.0533, 349 676.2279).
    @Test func withinSixCentimetresOfPROJsSeries() throws {
        let t = try Fixture.transformer("EPSG:29701")
        let xy = project(t, 54.53777777777783, -25.43333333333336)
        expectClose(xy, SIMD2(912_012.053335855, 349_676.22787415434), 0.06)
    }

    @Test func outOfDomain() throws {
        let p = try Self.madagascar()
        expectNaN(p.project(SIMD2(Fixture.dms(-130), Fixture.dms(10))), "antipodal side")
        expectNaN(p.unproject(SIMD2(4e7, 4e7)), "far off the grid")
        #expect(p.clipRegion.capRadius == LabordeObliqueMercator.domainRadius)
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            try LabordeObliqueMercator(ellipsoid: Fixture.international1924, parameters: Fixture.parameters(
                "Laborde Oblique Mercator", code: 9813, [(8811, "Latitude of projection centre", -21 * Self.grad)]))
        }
        #expect(throws: GraticuleError.self) {
            try LabordeObliqueMercator(ellipsoid: Fixture.international1924, parameters: Fixture.parameters(
                "Laborde Oblique Mercator", code: 9813, [
                    (8811, "Latitude of projection centre", .pi / 2), (8812, "Longitude of projection centre", 0),
                    (8813, "Azimuth at projection centre", 0)]))
        }
    }

    /// φc = 0 is refused, as PROJ 9.5.1 refuses `+proj=labrd +lat_0=0` ("lat_0 should be different
    /// from 0", builtins.gie:3054; pyproj 3.7.2 raises the same).
    @Test func latitudeOfCentreZeroIsRefused() throws {
        #expect(throws: GraticuleError.self) {
            try LabordeObliqueMercator(ellipsoid: .grs80, parameters: Fixture.parameters("Laborde Oblique Mercator", code: 9813, [
                (8811, "Latitude of projection centre", 0), (8812, "Longitude of projection centre", 0),
                (8813, "Azimuth at projection centre", 0)]))
        }
        #expect(throws: GraticuleError.self) { try Fixture.transformer("+proj=labrd +ellps=GRS80 +lat_0=0 +type=crs") }
        _ = try Fixture.transformer("+proj=labrd +ellps=GRS80 +lon_0=0.5 +lat_0=2 +type=crs")
    }
}
