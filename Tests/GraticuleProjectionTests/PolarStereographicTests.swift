import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleCRS
import GraticuleTransform
import Testing

@Suite struct PolarStereographicTests {
    /// IOGP GN 7-2 §3.5.2.1 example (variant A): WGS 84 / UPS North (E,N), 73°N 44°E
    /// → E 3 320 416.75 m, N 632 668.43 m.
    @Test func gn72VariantA() throws {
        let t = try Fixture.transformer("EPSG:5041")
        expectClose(project(t, 44, 73), SIMD2(3_320_416.75, 632_668.43), 0.01)
        expectClose(t.inverse.transform([SIMD2(3_320_416.75, 632_668.43)])[0], SIMD2(44, 73), 1e-7)
    }

    /// GN 7-2 §3.5.2.2 example (variant B): WGS 84 / Australian Antarctic Polar Stereographic
    /// (EPSG:3032), 75°S 120°E → E 7 255 380.79 m, N 7 053 389.56 m.
    @Test func gn72VariantB() throws {
        let t = try Fixture.transformer("EPSG:3032")
        expectClose(project(t, 120, -75), SIMD2(7_255_380.79, 7_053_389.56), 0.01)
        expectClose(t.inverse.transform([SIMD2(7_255_380.79, 7_053_389.56)])[0], SIMD2(120, -75), 1e-7)
    }

    /// GN 7-2 §3.5.2.3 example (variant C, which PROJ cannot export): Petrels 1972 / Terre Adélie Polar
    /// Stereographic (EPSG:2985), φ −1.162480524 rad, λ 2.444707118 rad → E 303 169.52 m,
    /// N 244 055.72 m. (Cross-check: PROJ `stere +lat_ts=-67 +y_0=200000−ρF` gives 303 169.522,
    /// 244 055.719.)
    @Test func gn72VariantC() throws {
        let t = try Fixture.transformer("EPSG:2985")
        let lon = 2.444707118 * Angle.degreesPerRadian, lat = -1.162480524 * Angle.degreesPerRadian
        expectClose(project(t, lon, lat), SIMD2(303_169.52, 244_055.72), 0.01)
        expectClose(t.inverse.transform([SIMD2(303_169.52, 244_055.72)])[0], SIMD2(lon, lat), 1e-7)
        // The false origin is the standard parallel on the longitude of origin.
        expectClose(project(t, 140, -67), SIMD2(300_000, 200_000), 1e-6)
    }

    /// ESRI:102018 North_Pole_Stereographic (one of the product's world maps) from EPSG:4326:
    /// PROJ 9.5.1 via pyproj 3.7.2, `Transformer.from_crs("EPSG:4326", …, always_xy=True)`.
    @Test func northPoleStereographicWorldMap() throws {
        let t = try Fixture.transformer("ESRI:102018")
        expectClose(project(t, -123, 45), SIMD2(-4_437_540.772, 2_881_772.673), 1e-3)
        expectClose(project(t, 2.35, 48.85), SIMD2(196_676.325, -4_792_512.209), 1e-3)
        expectClose(project(t, 139.7, 35.7), SIMD2(4_233_512.682, 4_991_986.807), 1e-3)
        expectClose(project(t, 0, 0), SIMD2(0, -12_713_600.099), 1e-3)
        expectNaN(project(t, 0, -90), "the south pole is at infinity")
        let sr = try SpatialReferenceHelper.projection("ESRI:102018")
        // Rendering cap: 120° around the north pole, i.e. everything north of 30° S.
        #expect(abs((sr.clipRegion.capCenter?.y ?? 0) - .pi / 2) < 1e-12)
        #expect(sr.clipRegion.capRadius == 120 * Angle.radiansPerDegree)
    }

    @Test(arguments: ["EPSG:5041", "EPSG:5042", "EPSG:3031", "EPSG:3413", "EPSG:2985"])
    func roundTrip(crs: String) throws {
        let p = try SpatialReferenceHelper.projection(crs)
        let north = (p.clipRegion.capCenter?.y ?? 0) > 0
        let lat = north ? Fixture.dms(30)...Fixture.dms(90) : Fixture.dms(-90)...Fixture.dms(-30)
        expectRoundTrip(p, lon: -Double.pi...Double.pi, lat: lat)
    }

    @Test func invalidParameters() {
        let a = Fixture.parameters("Polar Stereographic (variant A)", code: 9810, [
            (8801, "Latitude of natural origin", Fixture.dms(60)), (8805, "Scale factor at natural origin", 0.994)])
        #expect(throws: GraticuleError.self) { try PolarStereographic(ellipsoid: .wgs84, parameters: a) }
        let b = Fixture.parameters("Polar Stereographic (variant B)", code: 9829, [
            (8832, "Latitude of standard parallel", 0)])
        #expect(throws: GraticuleError.self) { try PolarStereographic(ellipsoid: .wgs84, parameters: b) }
        let k = Fixture.parameters("Polar Stereographic (variant A)", code: 9810, [
            (8801, "Latitude of natural origin", .pi / 2), (8805, "Scale factor at natural origin", -1)])
        #expect(throws: GraticuleError.self) { try PolarStereographic(ellipsoid: .wgs84, parameters: k) }
    }

    /// The pole maps to exactly (0, 0): PROJ 9.5.1 test/gie/builtins.gie 6373–6431 (tolerance
    /// 1e-15 m; the double nearest ±π/2 is the pole, not a point 6e-17 rad from it). 11 m from the
    /// pole, pyproj 3.7.2.
    @Test func poleIsExactlyTheOrigin() throws {
        for text in ["+proj=stere +ellps=GRS80 +lat_0=90 +lat_ts=70", "+proj=stere +ellps=GRS80 +lat_0=-90 +lat_ts=-70",
                     "+proj=stere +ellps=GRS80 +lat_0=-90 +k_0=0.97", "+proj=stere +R=6378137 +lat_0=-90 +lat_ts=-70",
                     "+proj=stere +R=6378137 +lat_0=-90 +k_0=0.9698463103929542"] {
            let t = try Fixture.transformer(text + " +type=crs")
            let pole = project(t, 0, text.contains("=-90") ? -90 : 90)
            #expect(pole.x == 0 && pole.y == 0, "\(text): \(pole)")
        }
        let t = try Fixture.transformer("+proj=stere +ellps=GRS80 +lat_0=90 +lat_ts=70 +type=crs")
        expectClose(project(t, 10, 89.9999), SIMD2(1.8810841864485122, -10.668158547775818), 1e-9)
    }
}

enum SpatialReferenceHelper {
    /// The projection of a registry CRS.
    static func projection(_ crs: String) throws -> any Projection {
        let sr = try GraticuleCRS.SpatialReference(text: crs)
        guard case let .projected(p)? = sr.definition.horizontal else {
            throw GraticuleError.invalidInput("\(crs) is not projected")
        }
        return try p.makeProjection()
    }
}
