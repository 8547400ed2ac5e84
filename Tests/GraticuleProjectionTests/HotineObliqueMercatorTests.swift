import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct HotineObliqueMercatorTests {
    static let everest1967 = Ellipsoid(semiMajorAxis: 6_377_298.556, inverseFlattening: 300.8017)
    /// IOGP GN 7-2 §3.4.1 example: Timbalai 1948 / RSO Borneo (m), φc 4°N, λc 115°E,
    /// αc 53°18′56.9537″, γc 53°07′48.3685″, kc 0.99984; point φ 0.094025313 rad, λ 2.021187362 rad
    /// → E 679 245.73 m, N 596 562.78 m (variant B with Ec 590 476.87, Nc 442 857.65; variant A with FE = FN = 0).
    static let point = SIMD2(2.021187362, 0.094025313)
    static let expected = SIMD2(679_245.73, 596_562.78)

    static func borneo(variantB: Bool) -> ProjectionParameters {
        Fixture.parameters(variantB ? "Hotine Oblique Mercator (variant B)" : "Hotine Oblique Mercator (variant A)",
                           code: variantB ? 9815 : 9812, [
            (8811, "Latitude of projection centre", Fixture.dms(4)),
            (8812, "Longitude of projection centre", Fixture.dms(115)),
            (8813, "Azimuth at projection centre", Fixture.dms(53, 18, 56.9537)),
            (8814, "Angle from Rectified to Skew Grid", Fixture.dms(53, 7, 48.3685)),
            (8815, "Scale factor at projection centre", 0.99984),
            variantB ? (8816, "Easting at projection centre", 590_476.87) : (8806, "False easting", 0),
            variantB ? (8817, "Northing at projection centre", 442_857.65) : (8807, "False northing", 0),
        ])
    }

    @Test(arguments: [true, false]) func gn72Borneo(variantB: Bool) throws {
        let p = try HotineObliqueMercator(ellipsoid: Self.everest1967, parameters: Self.borneo(variantB: variantB))
        expectClose(p.project(Self.point), Self.expected, 0.01, "forward")
        expectClose(p.unproject(Self.expected), Self.point, 3e-9, "inverse")
    }

    @Test func gn72BorneoThroughRegistry() throws {
        let t = try Fixture.transformer("EPSG:29873")
        expectClose(project(t, Self.point.x * Angle.degreesPerRadian, Self.point.y * Angle.degreesPerRadian),
                    Self.expected, 0.01)
    }

    /// Swiss LV95 (αc = γc = 90°, PROJ uses `somerc`): Bern's old observatory is the false origin.
    @Test func swissOriginMapsToFalseOrigin() throws {
        let t = try Fixture.transformer("EPSG:2056")
        expectClose(project(t, Angle.degrees(Fixture.dms(7, 26, 22.5)), Angle.degrees(Fixture.dms(46, 57, 8.66))),
                    SIMD2(2_600_000, 1_200_000), 1e-6)
    }

    /// Two-point form with the u offset against PROJ 9.5.1 `omerc +lat_0=40 +lat_1=10 +lon_1=0 +lat_2=60
    /// +lon_2=60 +k=1 +ellps=WGS84` (pyproj 3.7.2).
    @Test func twoPointCentreAgainstPROJ() throws {
        let p = try HotineObliqueMercator(ellipsoid: .wgs84, parameters: Fixture.parameters(
            "Hotine_Oblique_Mercator_Two_Point_Center", [
                (8811, "Latitude of projection centre", Fixture.dms(40)),
                (nil, "Latitude of 1st point", Fixture.dms(10)), (nil, "Longitude of 1st point", 0),
                (nil, "Latitude of 2nd point", Fixture.dms(60)), (nil, "Longitude of 2nd point", Fixture.dms(60)),
                (8815, "Scale factor at projection centre", 1),
            ]))
        expectClose(p.project(SIMD2(Fixture.dms(30), Fixture.dms(45))), SIMD2(726_965.4683087255, 595_171.0214629355), 1e-3)
        expectClose(p.project(SIMD2(Fixture.dms(-20), Fixture.dms(10))), SIMD2(-4_565_056.698730879, -2_698_329.3402505554), 1e-3)
    }

    /// ESRI:53025 Sphere_Hotine and 54025 World_Hotine have lat_1 = 0, which PROJ rejects. Both
    /// control points must lie on the central line (v = 0: collinear with the natural origin along γc),
    /// and the map must round-trip.
    @Test(arguments: ["ESRI:53025", "ESRI:54025"]) func twoPointWithFirstPointOnTheEquator(crs: String) throws {
        let t = try Fixture.transformer(crs)
        let p1 = project(t, 0, 0), p2 = project(t, 60, 60)
        #expect(p1.x.isFinite && p2.x.isFinite)
        // Collinear with the origin: the cross product vanishes relative to the lengths.
        let cross = p1.x * p2.y - p1.y * p2.x
        #expect(abs(cross) <= 1e-9 * (p2.x * p2.x + p2.y * p2.y) + 1e-3, "\(p1) \(p2)")
        if crs == "ESRI:53025" { expectClose(p1, SIMD2(0, 0), 1e-6, "the first point is the natural origin") }
        var worst = 0.0
        for lon in stride(from: -30.0, through: 80, by: 10) {
            for lat in stride(from: -40.0, through: 70, by: 10) {
                let xy = project(t, lon, lat)
                let back = t.inverse.transform([xy])[0]
                worst = worse(worst, abs(back.x - lon), abs(back.y - lat))
            }
        }
        #expect(worst < 1e-10, "round trip \(worst)°")
    }

    /// The poles of the central line's great circle (on the sphere: 26.565°N 90°W and 26.565°S 90°E for
    /// ESRI:53025) are at infinity.
    @Test func centralLinePoleIsNaN() throws {
        let t = try Fixture.transformer("ESRI:53025")
        expectNaN(project(t, -90, Angle.degrees(atan(0.5))))
        let p = try HotineObliqueMercator(ellipsoid: .sphere(radius: 6_371_000), parameters: Fixture.parameters(
            "Hotine_Oblique_Mercator_Two_Point_Natural_Origin", [
                (8811, "Latitude of projection centre", Fixture.dms(40)),
                (nil, "Latitude of 1st point", 0), (nil, "Longitude of 1st point", 0),
                (nil, "Latitude of 2nd point", Fixture.dms(60)), (nil, "Longitude of 2nd point", Fixture.dms(60)),
            ]))
        #expect(p.clipRegion.capRadius == 80 * Angle.radiansPerDegree)
    }

    @Test func roundTripBorneo() throws {
        let p = try HotineObliqueMercator(ellipsoid: Self.everest1967, parameters: Self.borneo(variantB: true))
        expectRoundTrip(p, lon: Fixture.dms(100)...Fixture.dms(130), lat: Fixture.dms(-10)...Fixture.dms(20))
    }

    @Test func invalidParameters() {
        var p = Self.borneo(variantB: true)
        p.set(Fixture.dms(90), code: 8811, name: "Latitude of projection centre")
        #expect(throws: GraticuleError.self) { try HotineObliqueMercator(ellipsoid: Self.everest1967, parameters: p) }
        var k = Self.borneo(variantB: false)
        k.set(0, code: 8815, name: "Scale factor at projection centre")
        #expect(throws: GraticuleError.self) { try HotineObliqueMercator(ellipsoid: Self.everest1967, parameters: k) }
        let same = Fixture.parameters("Hotine_Oblique_Mercator_Two_Point_Natural_Origin", [
            (8811, "Latitude of projection centre", Fixture.dms(40)),
            (nil, "Latitude of 1st point", Fixture.dms(10)), (nil, "Longitude of 1st point", 0),
            (nil, "Latitude of 2nd point", Fixture.dms(10)), (nil, "Longitude of 2nd point", Fixture.dms(60)),
        ])
        #expect(throws: GraticuleError.self) { try HotineObliqueMercator(ellipsoid: .wgs84, parameters: same) }
        let missing = Fixture.parameters("Hotine Oblique Mercator (variant A)", code: 9812, [
            (8811, "Latitude of projection centre", Fixture.dms(4)),
            (8812, "Longitude of projection centre", Fixture.dms(115)),
        ])
        #expect(throws: GraticuleError.self) { try HotineObliqueMercator(ellipsoid: .wgs84, parameters: missing) }
    }

    /// The two-point form read from a PROJ string is PROJ's: u from the projection centre (omerc
    /// applies u_0 unless +no_uoff, which it reads only with +alpha/+gamma). Nearly coincident
    /// points (builtins.gie:4906, 1 mm; the same map as `+alpha=35.264383770917604`, 4913) and a
    /// string without lon_2 (0 by default; pyproj 3.7.2).
    @Test func twoPointFromPROJString() throws {
        let t = try Fixture.transformer("+proj=omerc +a=6400000 +lat_0=45 +lat_1=45 +lat_2=45.00001 +lon_1=0 +lon_2=1e-5 +type=crs")
        expectClose(project(t, 2, 1), SIMD2(-3_569.825230822232, -5_093_592.310871849768), 1e-3)
        expectClose(project(t, 5, 50), SIMD2(359_265.41475163185, 569_885.7747163128), 1e-3)
        expectClose(project(t, -20, 30), SIMD2(-1_935_860.173113764, -1_471_447.236544147), 1e-3)
        let azimuth = try Fixture.transformer("+proj=omerc +a=6400000 +lat_0=45 +alpha=35.264383770917604 +type=crs")
        expectClose(project(t, 2, 1), project(azimuth, 2, 1), 1e-3)
        let noLon2 = try Fixture.transformer("+proj=omerc +ellps=WGS84 +lat_0=40 +lat_1=10 +lon_1=5 +lat_2=60 +type=crs")
        expectClose(project(noLon2, 30, 45), SIMD2(2_139_599.80885743, 925_364.9287851633), 1e-3)
        let full = try Fixture.transformer("+proj=omerc +ellps=WGS84 +lat_0=40 +lat_1=10 +lon_1=0 +lat_2=60 +lon_2=60 +type=crs")
        expectClose(project(full, 30, 45), SIMD2(726_965.4683087255, 595_171.0214629355), 1e-3)
    }
}
