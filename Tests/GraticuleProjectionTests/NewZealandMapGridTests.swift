import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

/// New Zealand Map Grid (EPSG 9811, EPSG:27200).
@Suite struct NewZealandMapGridTests {
    typealias T = ConicTestSupport

    /// Wellington (174.78, −41.29) and four more points on NZGD49 (EPSG:4272 → EPSG:27200) against
    /// PROJ 9.5.1 (tools/oracle/conic_references.py), 1 mm; inverse back to 1e-9°.
    @Test(arguments: ConicTestSupport.references("nzmg"))
    func matchesPROJ(_ r: ReferenceRow) throws {
        let xy = try T.forward("EPSG:27200", r.lon, r.lat)
        #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(r): \(xy)")
        let ll = try T.inverse("EPSG:27200", r.x, r.y)
        #expect(abs(ll.x - r.lon) < 1e-9 && abs(ll.y - r.lat) < 1e-9, "\(r): \(ll)")
    }

    /// LINZ, "Conversion between latitude and longitude and New Zealand Map Grid" (OSG Technical
    /// Report 4.1, 1998), test vectors: NZGD49 lon/lat (to 1e-6°, i.e. ±0.1 m) ⇄ NZMG E, N (mm).
    @Test(arguments: [(172.739194, -34.444066, 2487100.638, 6751049.719),
                      (172.723106, -40.512409, 2486533.395, 6077263.661),
                      (169.172062, -46.651295, 2216746.425, 5388508.765)])
    func linzTestVectors(_ c: (Double, Double, Double, Double)) throws {
        let xy = try T.forward("EPSG:27200", c.0, c.1)
        #expect(abs(xy.x - c.2) < 0.12 && abs(xy.y - c.3) < 0.12, "\(xy)")
        let ll = try T.inverse("EPSG:27200", c.2, c.3)
        #expect(abs(ll.x - c.0) < 1e-6 && abs(ll.y - c.1) < 1e-6, "\(ll)")
    }

    /// Outside the documented domain (13.5° of arc ≈ 1,500 km around 41°S 173°E, where the scale
    /// error reaches 8 % and then explodes) the forward and the inverse give NaN. PROJ 9.5.1 returns
    /// 3.9e9 m for (0, 0) and 2e25 m for (0, 89) here, without error.
    @Test func outsideTheDomain() throws {
        for (lon, lat) in [(0.0, 0.0), (0.0, 89.0), (-100.0, 40.0), (173.0, -90.0), (173.0, 0.0), (150.0, -41.0),
                           (173.0, -55.0), (-165.0, -41.0)] {
            #expect(T.isNaN(try T.forward("EPSG:27200", lon, lat)), "(\(lon), \(lat))")
        }
        for (x, y) in [(0.0, 0.0), (1e7, 1e7), (2_510_000.0, 2e7), (2_510_000.0, 6_023_150 - 3e6),
                       (2_510_000.0 + 2e6, 6_023_150.0), (1e12, -1e12), (Double.nan, 0)] {
            #expect(T.isNaN(try T.inverse("EPSG:27200", x, y)), "(\(x), \(y))")
        }
    }

    /// Inside the domain (incl. the Chatham, Auckland and Campbell Islands, across 180°) the map is
    /// finite and the inverse is exact.
    @Test func insideTheDomain() throws {
        let t = try T.transformer("EPSG:27200")
        let inv = t.inverse
        var pts: [SIMD2<Double>] = [SIMD2(-176.5, -44.0), SIMD2(166.1, -50.7), SIMD2(169.1, -52.5)]
        for lon in stride(from: 164.0, through: 182.0, by: 1.5) {
            for lat in stride(from: -50.0, through: -32.0, by: 1.5) { pts.append(SIMD2(lon > 180 ? lon - 360 : lon, lat)) }
        }
        let xy = t.transform(pts)
        let back = inv.transform(xy)
        for i in pts.indices {
            #expect(xy[i].x.isFinite && xy[i].y.isFinite, "\(pts[i])")
            #expect(abs(back[i].x - pts[i].x) < 1e-11 && abs(back[i].y - pts[i].y) < 1e-11, "\(pts[i]) → \(back[i])")
        }
    }

    /// The domain edge: just inside 13.5° projects, just outside is NaN; the clip region is that cap.
    @Test func domainEdgeAndHorizon() throws {
        let nz = try NewZealandMapGrid(ellipsoid: Ellipsoid(semiMajorAxis: 6_378_388, inverseFlattening: 297),
                                       parameters: T.parameters("New Zealand Map Grid", code: 9811,
                                                                angles: [8801: -41, 8802: 173],
                                                                values: [8806: 2_510_000, 8807: 6_023_150]))
        #expect(!T.isNaN(T.project(nz, 173, -41 - 13.49)))
        #expect(T.isNaN(T.project(nz, 173, -41 - 13.51)))
        #expect(!T.isNaN(T.project(nz, 173, -41 + 13.49)))
        #expect(T.isNaN(T.project(nz, 173, -41 + 13.51)))
        guard let c = nz.clipRegion.capCenter, let radius = nz.clipRegion.capRadius else { Issue.record("\(nz.clipRegion)"); return }
        let (lon, lat) = (c.x, c.y)
        #expect(abs(lon * 180 / .pi - 173) < 1e-12 && abs(lat * 180 / .pi + 41) < 1e-12)
        #expect(radius == NewZealandMapGrid.domainRadius)
        let edge = T.project(nz, 173, -41 - 13.49)
        let back = T.unproject(nz, edge.x, edge.y)
        #expect(abs(back.y - (-41 - 13.49)) < 1e-11)
        let outside = T.project(nz, 173, -41 - 13.4)  // then push the grid point out by 30 km
        #expect(T.isNaN(T.unproject(nz, outside.x, outside.y - 30_000)))
    }

    /// `+proj=nzmg` from a PROJ string: PROJ hard-codes its origin (−41°, 173°, 2 510 000 m,
    /// 6 023 150 m) and International 1924's semi-major axis whatever the string says (pyproj 3.7.2
    /// values). Far from New Zealand points stay NaN (the 1,500 km domain) where PROJ evaluates the
    /// polynomial anyway (3e9 m, builtins.gie:4643–4659).
    @Test func projString() throws {
        let t = try Fixture.transformer("+proj=nzmg +ellps=GRS80 +type=crs")
        let cases: [(Double, Double, Double, Double)] = [
            (174.7, -41.3, 2_652_366.099202936, 5_988_447.855966261), (172.0, -43.5, 2_429_146.4519440713, 5_744_974.661706123),
            (176.0, -38.0, 2_773_625.523998831, 6_351_680.46738889),
        ]
        for (lon, lat, x, y) in cases { expectClose(project(t, lon, lat), SIMD2(x, y), 1e-6, "\(lon) \(lat)") }
        expectClose(t.inverse.transform([SIMD2(2_700_000, 6_000_000)])[0], SIMD2(175.26497233600767, -41.18628015227611), 1e-9)
        let ignored = try Fixture.transformer("+proj=nzmg +lat_0=10 +lon_0=20 +x_0=0 +y_0=0 +ellps=WGS84 +type=crs")
        expectClose(project(ignored, 174.7, -41.3), SIMD2(2_652_366.099202936, 5_988_447.855966261), 1e-6)
        expectNaN(project(t, 2, 1))
        expectNaN(t.inverse.transform([SIMD2(200_000, 100_000)])[0])
    }
}
