import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
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
        #expect(p.clipRegion.capRadius == PolarStereographic.horizonRadius)
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

    /// Polar aspects, `+proj=sterea +lat_0=±90` (PROJ 9.5.1 test/gie/builtins.gie 6499–6529, 0.1 mm;
    /// the other values pyproj 3.7.2): the Gauss sphere's χ0 is the pole and ½ ln c tends to
    /// e·atanh e there.
    @Test func polarAspects() throws {
        let n = try Fixture.transformer("+proj=sterea +ellps=GRS80 +lat_0=90 +type=crs")
        let s = try Fixture.transformer("+proj=sterea +ellps=GRS80 +lat_0=-90 +type=crs")
        let forward: [(Double, Double, Double, Double)] = [
            (0, 90, 0, 0), (0, 89, 0, -111_696.700323081997), (0, 45, 0, -5_291_160.727484324016),
            (0, 0, 0, -12_713_600.098641794175), (30, 45, 2_645_580.3637421615, -4_582_279.605507975),
            (-120, 0, -11_010_300.658980139, 6_356_800.049320894),
        ]
        for (lon, lat, x, y) in forward {
            expectClose(project(n, lon, lat), SIMD2(x, y), 1e-4, "north \(lon) \(lat)")
            expectClose(project(s, lon, -lat), SIMD2(x, -y), 1e-4, "south \(lon) \(-lat)")
        }
        let inverse: [(Double, Double, Double, Double)] = [
            (0, -111_696.700323082, 0, 89), (100_000, 200_000, 153.434948822922, 87.99823613766213),
            (3_000_000, -4_000_000, 36.86989764584401, 47.25435540241569), (0, 0, 0, 90),
        ]
        for (x, y, lon, lat) in inverse {
            expectClose(n.inverse.transform([SIMD2(x, y)])[0], SIMD2(lon, lat), 1e-11, "north (\(x), \(y))")
        }
        expectClose(s.inverse.transform([SIMD2(100_000, 200_000)])[0], SIMD2(26.565051177077944, -87.99823613766213), 1e-11)
        let p = try SpatialReferenceHelper.projection("+proj=sterea +ellps=GRS80 +lat_0=90 +type=crs")
        expectRoundTrip(p, lon: Fixture.dms(-180)...Fixture.dms(180), lat: Fixture.dms(-30)...Fixture.dms(90))
    }
}
