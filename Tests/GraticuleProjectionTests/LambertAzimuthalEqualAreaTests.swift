import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct LambertAzimuthalEqualAreaTests {
    /// IOGP GN 7-2 §3.9.2 example: ETRS89 / LAEA Europe (EPSG:3035), 50°N 5°E
    /// → E 3 962 799.45 m, N 2 999 718.85 m.
    @Test func gn72ETRSLAEA() throws {
        let t = try Fixture.transformer("EPSG:3035")
        expectClose(project(t, 5, 50), SIMD2(3_962_799.45, 2_999_718.85), 0.01)
        expectClose(t.inverse.transform([SIMD2(3_962_799.45, 2_999_718.85)])[0], SIMD2(5, 50), 1e-7)
    }

    /// Snyder 1987 p. 332 numerical example (sphere R = 3, φ1 40°N, λ0 100°W): 20°S 100°E
    /// → x −4.2339303, y 4.0257775 (PROJ `laea +R=3` agrees).
    @Test func snyderSphere() throws {
        let p = try LambertAzimuthalEqualArea(ellipsoid: .sphere(radius: 3), parameters: Fixture.parameters(
            "Lambert Azimuthal Equal Area (Spherical)", code: 1027, [
                (8801, "Latitude of natural origin", Fixture.dms(40)),
                (8802, "Longitude of natural origin", Fixture.dms(-100)),
            ]))
        expectClose(p.project(SIMD2(Fixture.dms(100), Fixture.dms(-20))), SIMD2(-4.2339303, 4.0257775), 1e-7)
        expectClose(p.unproject(SIMD2(-4.2339303, 4.0257775)), SIMD2(Fixture.dms(100), Fixture.dms(-20)), 1e-7)
    }

    /// Polar aspect and the antipode: everything but the opposite pole projects (EPSG:6931, north).
    @Test func polarAndAntipode() throws {
        let t = try Fixture.transformer("EPSG:6931")
        expectNaN(project(t, 0, -90))
        let edge = project(t, 30, -89.999)
        #expect(edge.x.isFinite && edge.y.isFinite)
        let p = try SpatialReferenceHelper.projection("EPSG:6931")
        expectRoundTrip(p, lon: -Double.pi...Double.pi, lat: Fixture.dms(-89)...Fixture.dms(90))
        #expect(p.clipRegion.capRadius == .pi - ClipRegion.antipodeExclusion)
        expectNaN(p.inverse(SIMD2(2.1, 0)), "outside the boundary circle (kernel units of a)")
    }

    @Test func obliqueRoundTripAndAntipode() throws {
        let p = try SpatialReferenceHelper.projection("EPSG:3035")
        expectRoundTrip(p, lon: Fixture.dms(-120)...Fixture.dms(140), lat: Fixture.dms(-60)...Fixture.dms(89))
        expectNaN(p.forward(SIMD2(.pi, Fixture.dms(-52))), "antipode of the origin")
    }

    /// EPSG 1027 on an ellipsoid uses the authalic sphere (EPSG:9311 on Clarke 1866): PROJ 9.5.1
    /// sweep value.
    @Test func sphericalOnEllipsoid() throws {
        let t = try Fixture.transformer("EPSG:9311")
        expectClose(project(t, -167.018, 27.39),
                    try #require(SweepFixture.rows.first { $0.crs == "EPSG:9311" && $0.lon == -167.018 && $0.lat == 27.39 })
                        .xy, 1e-3)
    }

    @Test func invalidParameters() {
        let p = Fixture.parameters("Lambert Azimuthal Equal Area", code: 9820, [(8801, "Latitude of natural origin", 2)])
        #expect(throws: GraticuleError.self) { try LambertAzimuthalEqualArea(ellipsoid: .grs80, parameters: p) }
    }
}

extension SweepRow {
    var xy: SIMD2<Double> { SIMD2(x ?? .nan, y ?? .nan) }
}
