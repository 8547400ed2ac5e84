import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct EquidistantCylindricalTests {
    typealias S = ProjectionTestSupport

    /// EPSG:4087 (EPSG 1028, ellipsoidal): y is the meridian distance, here from PROJ's geodesic
    /// (`pyproj.Geod.inv`, case eqc-geod), x = a·Δλ. PROJ 9.5.1 itself is 22.9 km off (spherical).
    @Test func worldEquidistantCylindricalIsEllipsoidal() throws {
        let rows = ReferenceFixture.rows("eqc-geod")
        #expect(rows.count == 6)
        for code in ["EPSG:4087", "ESRI:54001"] {
            let t = try S.transformer(code)
            for r in rows {
                let xy = S.project(t, r.lon, r.lat)
                #expect(abs(xy.x - r.x) < 1e-6 && abs(xy.y - r.y) < 1e-6, "\(code) \(xy) vs \(r)")
                let ll = t.inverse.transform([xy])[0]
                #expect(abs(ll.x - r.lon) < 1e-11 && abs(ll.y - r.lat) < 1e-11)
            }
        }
    }

    /// OSGeo/PROJ#4654: EPSG:4087 at 143.9999611505°W, 71.9993230521°N gives E = −16030002.350,
    /// N = 7992053.817 in Esri's Projection Engine, Apache SIS 1.5 and GeoCalc.
    @Test func publishedValue() throws {
        let t = try S.transformer("EPSG:4087")
        let xy = S.project(t, -143.9999611505, 71.9993230521)
        #expect(abs(xy.x + 16030002.350) < 0.0006 && abs(xy.y - 7992053.817) < 0.0006)
    }

    /// EPSG 1029 and spherical figures: x = R cos φ1 Δλ, y = R φ (ESRI:53002: R = 6371 km, φ1 = 60°).
    @Test func spherical() throws {
        let t = try S.transformer("ESRI:53002")
        let xy = S.project(t, 100, -45)
        #expect(abs(xy.x - 6371000 * 0.5 * S.rad(100)) < 1e-6)
        #expect(abs(xy.y - 6371000 * S.rad(-45)) < 1e-6)
        // A spherical method on an ellipsoid uses R = a (ESRI:54002, as PROJ).
        let w = try S.transformer("ESRI:54002")
        #expect(abs(S.project(w, 0, 50).y - 6378137 * S.rad(50)) < 1e-6)
    }

    @Test func domainAndErrors() throws {
        let p = try EquidistantCylindrical(ellipsoid: .wgs84, parameters: S.parameters("Equidistant Cylindrical", code: 1028))
        #expect(p.unproject(SIMD2(0, 1.0002e7)).y.isNaN)  // beyond the pole (M(90°) = 10001965.7 m)
        #expect(abs(p.unproject(SIMD2(0, 10001965.729)).y - Double.pi / 2) < 1e-9)
        #expect(p.unproject(SIMD2(2.1e7, 0)).x.isNaN)
        #expect(p.project(SIMD2(0, 1.6)).x.isNaN)
        #expect(throws: GraticuleError.self) {
            try EquidistantCylindrical(ellipsoid: .wgs84,
                                       parameters: S.parameters("Equidistant Cylindrical", code: 1028, [8823: S.rad(90)]))
        }
        #expect(MethodNamingTests.kernel("Plate_Carree") == EquidistantCylindrical.self)
        #expect(MethodNamingTests.kernel("Equidistant_Cylindrical_Ellipsoidal") == EquidistantCylindrical.self)
    }
}
