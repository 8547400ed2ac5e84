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
        #expect(p.horizon.capRadius == .pi)
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

@Suite struct GnomonicTests {
    /// ESRI:102034 North_Pole_Gnomonic on WGS 84 (ellipsoidal, Karney): PROJ 9.5.1 sweep values;
    /// the equator (90° from the pole) and beyond have no image.
    @Test func northPoleEllipsoidal() throws {
        let t = try Fixture.transformer("ESRI:102034")
        expectClose(project(t, -108, 18), SIMD2(-18_491_410.548869304, 6_008_223.498456574), 1e-3)
        expectClose(project(t, 0, 45), SIMD2(0, -6_382_716.651490395), 1e-3)
        // On the ellipsoid the limit (M12 = 0) lies just south of the equator: PROJ and we give ≈ 1.2e9 m there.
        #expect(abs(project(t, 0, 0).y) > 1e9)
        expectNaN(project(t, 30, -10))
        let p = try SpatialReferenceHelper.projection("ESRI:102034")
        expectRoundTrip(p, lon: -3...3, lat: 0.2...1.57, tolerance: 1e-12)
        #expect(p.horizon.capRadius == Gnomonic.horizonRadius)
    }

    /// On a sphere great circles are straight lines: three points of one great circle are collinear.
    @Test func sphereGreatCirclesAreStraight() throws {
        let p = try Gnomonic(ellipsoid: .sphere(radius: 1), parameters: Fixture.parameters("Gnomonic", [
            (8801, "Latitude of natural origin", Fixture.dms(40)), (8802, "Longitude of natural origin", Fixture.dms(10)),
        ]))
        // The great circle through (0°, 10°) and (60°, 50°); its midpoint direction.
        let a = SIMD3(cos(0.1745) * cos(0.0), cos(0.1745) * sin(0.0), sin(0.1745))
        let b = SIMD3(cos(0.8727) * cos(1.0472), cos(0.8727) * sin(1.0472), sin(0.8727))
        let m = (a + b) / 2
        func ll(_ v: SIMD3<Double>) -> SIMD2<Double> { SIMD2(atan2(v.y, v.x), atan2(v.z, hypot(v.x, v.y))) }
        let pa = p.project(ll(a)), pb = p.project(ll(b)), pm = p.project(ll(m))
        #expect(abs((pb.x - pa.x) * (pm.y - pa.y) - (pb.y - pa.y) * (pm.x - pa.x)) < 1e-12)
        expectNaN(p.project(SIMD2(Fixture.dms(10) + .pi, 0)))
        expectRoundTrip(p, lon: -0.8...1.2, lat: 0...1.5)
    }
}

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
