import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct GnomonicTests {
    /// ESRI:102034 North_Pole_Gnomonic on WGS 84 (ellipsoidal, Karney): PROJ 9.5.1 sweep values;
    /// points past the limit (M12 ≤ 0, just south of the equator) have no image.
    @Test func northPoleEllipsoidal() throws {
        let t = try Fixture.transformer("ESRI:102034")
        expectClose(project(t, -108, 18), SIMD2(-18_491_410.548869304, 6_008_223.498456574), 1e-3)
        expectClose(project(t, 0, 45), SIMD2(0, -6_382_716.651490395), 1e-3)
        // On the ellipsoid the limit (M12 = 0) lies just south of the equator: PROJ and we give ≈ 1.2e9 m there.
        #expect(abs(project(t, 0, 0).y) > 1e9)
        expectNaN(project(t, 30, -10))
        let p = try SpatialReferenceHelper.projection("ESRI:102034")
        expectRoundTrip(p, lon: -3...3, lat: 0.2...1.57, tolerance: 1e-12)
        #expect(p.clipRegion.capRadius == Gnomonic.horizonRadius)
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
