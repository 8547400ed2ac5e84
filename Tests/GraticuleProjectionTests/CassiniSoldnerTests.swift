import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct CassiniSoldnerTests {
    typealias S = ProjectionTestSupport

    /// IOGP GN 7-2 §3.2.2 example, Trinidad 1903 / Trinidad Grid (EPSG:30200, Clarke's links):
    /// 10°00'00"N, 62°00'00"W → E = 66644.94 links, N = 82536.22 links, and back.
    @Test func iogpTrinidad() throws {
        let t = try S.transformer("EPSG:30200")
        let xy = S.project(t, -62, 10)
        #expect(abs(xy.x - 66644.94) < 0.005 && abs(xy.y - 82536.22) < 0.005)
        let ll = t.inverse.transform([SIMD2(66644.94, 82536.22)])[0]
        #expect(abs(ll.x + 62) < 1e-7 && abs(ll.y - 10) < 1e-7)
    }

    /// IOGP GN 7-2 §3.2.3 example, Vanua Levu 1915 / Vanua Levu Grid (EPSG:3139, Hyperbolic
    /// Cassini-Soldner, links): 16°50'29.2435"S, 179°59'39.6115"E → E = 1601528.90, N = 1336966.01.
    @Test func iogpVanuaLevuHyperbolic() throws {
        let t = try S.transformer("EPSG:3139")
        let lon = S.dms(179, 59, 39.6115), lat = -S.dms(16, 50, 29.2435)
        let xy = S.project(t, lon, lat)
        #expect(abs(xy.x - 1601528.90) < 0.005 && abs(xy.y - 1336966.01) < 0.005)
        let ll = t.inverse.transform([xy])[0]
        #expect(abs(ll.x - lon) < 1e-11 && abs(ll.y - lat) < 1e-11)
        let published = t.inverse.transform([SIMD2(1601528.90, 1336966.01)])[0]
        #expect(abs(published.x - lon) < 1e-7 && abs(published.y - lat) < 1e-7)
    }

    /// ESRI:54028 World_Cassini (WGS 84) within the series' domain agrees with PROJ; beyond 30° from
    /// the central meridian it is NaN (PROJ's 108° value is the series folded over; case cass-world).
    @Test func worldCassiniDomain() throws {
        let t = try S.transformer("ESRI:54028")
        for r in ReferenceFixture.rows("cass-world") {
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(xy) vs \(r)")
            let ll = t.inverse.transform([xy])[0]
            #expect(abs(ll.x - r.lon) < 1e-9 && abs(ll.y - r.lat) < 1e-9)
        }
        #expect(S.project(t, 108, 54).x.isNaN)
        #expect(S.project(t, 30.5, 0).x.isNaN)
        #expect(S.project(t, 29.5, 0).x.isFinite)
        #expect(t.inverse.transform([SIMD2(9e6, 0)])[0].x.isNaN)
    }

    /// EPSG:8044 / 8045 (Ferro; CS southing, westing): the fixture holds PROJ's values turned into
    /// easting/northing (case cass-axes), up to 17° from the central meridian. Graticule's x/y keep the
    /// CRS's own axes (as PROJ's always_xy does): x = southing = −northing, y = westing = −easting.
    @Test func ferroGridsInSouthingWesting() throws {
        let rows = ReferenceFixture.rows("cass-axes")
        #expect(rows.count == 6)
        for r in rows {
            let t = try S.transformer(r.crs)
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x + r.y) < 1e-3 && abs(xy.y + r.x) < 1e-3, "\(r.crs) \(xy) vs \(r)")
        }
    }

    /// On a sphere (ESRI:53028) the closed forms cover the globe; the inverse stops at |x| = πR/2.
    @Test func sphere() throws {
        let p = try CassiniSoldner(ellipsoid: .sphere(radius: 6371000),
                                   parameters: S.parameters("Cassini", names: ["Central_Meridian": S.rad(10)]))
        for lat in stride(from: -85.0, through: 85.0, by: 17.0) {
            for lon in stride(from: -160.0, through: 170.0, by: 30.0) {
                #expect(S.roundTripError(p, SIMD2(S.rad(lon), S.rad(lat))) < 1e-11, "\(lon) \(lat)")
            }
        }
        #expect(p.unproject(SIMD2(6371000 * 1.6, 0)).x.isNaN)
        #expect(p.clipRegion == ClipRegion(seams: [.transverseCut(centralMeridian: p.frame.centralMeridian)]))
    }

    @Test func roundTripEllipsoid() throws {
        let p = try CassiniSoldner(ellipsoid: .wgs84, parameters: S.parameters(
            "Cassini-Soldner", code: 9806, [8801: S.rad(31.73), 8802: S.rad(35.21), 8806: 170251.555, 8807: 126867.909]))
        var worst = 0.0
        for lat in stride(from: -80.0, through: 88.0, by: 8.0) {
            for dl in stride(from: -29.0, through: 29.0, by: 4.0) {
                worst = worse(worst, S.roundTripError(p, SIMD2(S.rad(35.21 + dl), S.rad(lat))))
            }
        }
        #expect(worst < 1e-11)
        #expect(p.project(SIMD2(S.rad(35.21 + 31), S.rad(10))).x.isNaN)
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            try CassiniSoldner(ellipsoid: .sphere(radius: 6371000),
                               parameters: S.parameters("Hyperbolic Cassini-Soldner", code: 9833))
        }
        #expect(throws: GraticuleError.self) {
            try CassiniSoldner(ellipsoid: .wgs84, parameters: S.parameters("Cassini-Soldner", code: 9806, [8801: S.rad(95)]))
        }
        #expect(throws: GraticuleError.self) {
            try CassiniSoldner(ellipsoid: .wgs84, parameters: S.parameters("Cassini", names: ["Scale_Factor": 0]))
        }
    }
}
