import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct TransverseMercatorTests {
    typealias S = ProjectionTestSupport

    /// IOGP Guidance Note 7-2 (2019) §3.5.3.1 example, OSGB 1936 / British National Grid:
    /// 50°30'00"N, 00°30'00"E → E = 577274.99 m, N = 69740.50 m. GN 7-2 computes it with the
    /// USGS (Snyder) series, which is a few millimetres off the exact TM here; PROJ's value
    /// (577274.9838, 69740.4923) is the one we match to the nanometre.
    @Test func iogpBritishNationalGrid() throws {
        let t = try S.transformer("EPSG:27700")
        let xy = S.project(t, 0.5, 50.5)
        #expect(abs(xy.x - 577274.99) < 0.01)
        #expect(abs(xy.y - 69740.50) < 0.01)
        #expect(abs(xy.x - 577274.9838134756) < 1e-6 && abs(xy.y - 69740.4922666242) < 1e-6)
        let ll = t.inverse.transform([SIMD2(577274.99, 69740.50)])[0]
        #expect(abs(ll.x - 0.5) < 2e-7 && abs(ll.y - 50.5) < 2e-7)
    }

    /// The product's Mongolia workflow: Pulkovo 1942 / Gauss-Kruger zone 13 (EPSG:28413, λ0 = 75°E)
    /// used at 105°E, i.e. 30° from its central meridian, on Krassowsky. PROJ 9.5.1 through pyproj
    /// 3.7.2: `Transformer.from_crs(4284, 28413, always_xy=True).transform(105, 47)`.
    @Test func gaussKrugerZone13At30DegreesFromCentralMeridian() throws {
        let t = try S.transformer("EPSG:28413")
        let xy = S.project(t, 105, 47)
        #expect(abs(xy.x - 15769862.33534059) < 1e-3)
        #expect(abs(xy.y - 5662053.606404523) < 1e-3)
        let ll = t.inverse.transform([xy])[0]
        #expect(abs(ll.x - 105) < 1e-11 && abs(ll.y - 47) < 1e-11)
    }

    /// PROJ `tmerc` (Poder/Engsager) at 0–35° from the central meridian, all latitudes, WGS 84 and
    /// Krassowsky (tools/oracle/tm_cyl_reference.py, case tm-far): the Krüger series agrees to the
    /// millimetre required, and in fact to a few nanometres.
    @Test func agreesWithPROJUpTo35DegreesFromCentralMeridian() throws {
        let rows = ReferenceFixture.rows("tm-far")
        #expect(rows.count > 250)
        var worst = 0.0
        for r in rows {
            let ell: Ellipsoid = r.crs == "WGS84" ? .wgs84 : Ellipsoid(semiMajorAxis: 6378245, inverseFlattening: 298.3)
            let tm = try TransverseMercator(ellipsoid: ell, latitudeOfOrigin: 0, centralMeridian: 0, scaleFactor: 0.9996)
            let xy = tm.project(SIMD2(S.rad(r.lon), S.rad(r.lat)))
            worst = worse(worst, abs(xy.x - r.x), abs(xy.y - r.y))
            let ll = tm.unproject(SIMD2(r.x, r.y))
            #expect(abs(ll.x - S.rad(r.lon)) * cos(S.rad(r.lat)) * 180 / .pi < 1e-11, "\(r)")
            #expect(abs(ll.y - S.rad(r.lat)) * 180 / .pi < 1e-11, "\(r)")
        }
        #expect(worst < 1e-3)
        #expect(worst < 1e-7, "largest difference to PROJ: \(worst) m")
    }

    /// IOGP GN 7-2 §3.5.3.2 example, Hartebeesthoek94 / Lo29 (EPSG:2053, TM South Orientated):
    /// 25°43'55.302"S, 28°16'57.479"E → westing 71984.49 m, southing 2847342.74 m.
    @Test func iogpSouthOrientated() throws {
        let t = try S.transformer("EPSG:2053")
        let xy = S.project(t, S.dms(28, 16, 57.479), -S.dms(25, 43, 55.302))
        #expect(abs(xy.x - 71984.49) < 0.011)
        #expect(abs(xy.y - 2847342.74) < 0.006)
    }

    /// Esri's "Lo" CRSs (ESRI:102470–102489: TM with scale factor −1, which PROJ refuses) give the
    /// south-orientated grid: the same values as EPSG's Hartebeesthoek94 / LoXX and Cape / LoXX
    /// (EPSG 9808) computed by PROJ (cases lo, lo-cape).
    @Test func esriNegativeScaleFactorIsSouthOrientated() throws {
        let rows = ReferenceFixture.rows("lo") + ReferenceFixture.rows("lo-cape")
        #expect(rows.count == 60)
        for r in rows {
            let t = try S.transformer(r.crs)
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(r.crs) \(xy) vs \(r)")
            let ll = t.inverse.transform([xy])[0]
            #expect(abs(ll.x - r.lon) < 1e-9 && abs(ll.y - r.lat) < 1e-9)
        }
    }

    /// The sign convention for k < 0: (x, y) of k0 = −k is (−x, −y) of k0 = +k before the false origin.
    @Test func negativeScaleFactorNegatesBothAxes() throws {
        let pos = try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: S.rad(10), centralMeridian: S.rad(29),
                                         scaleFactor: 0.9996)
        let neg = try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: S.rad(10), centralMeridian: S.rad(29),
                                         scaleFactor: -0.9996)
        let south = try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: S.rad(10), centralMeridian: S.rad(29),
                                           scaleFactor: 0.9996, southOrientated: true)
        for (lon, lat) in [(28.3, -25.7), (31.9, -33.0), (29.0, 10.0), (25.0, 60.0)] {
            let p = pos.project(SIMD2(S.rad(lon), S.rad(lat)))
            let n = neg.project(SIMD2(S.rad(lon), S.rad(lat)))
            let s = south.project(SIMD2(S.rad(lon), S.rad(lat)))
            #expect(n.x == -p.x && n.y == -p.y)
            #expect(s == n)
            let back = neg.unproject(n)
            #expect(abs(back.x - S.rad(lon)) < 1e-14 && abs(back.y - S.rad(lat)) < 1e-14)
        }
    }

    /// Domain: 70° from the central meridian's great circle (conformal sphere); NaN beyond, both ways.
    @Test func domain() throws {
        let tm = try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: 0, centralMeridian: S.rad(9),
                                        scaleFactor: 0.9996, falseEasting: 500000)
        func fwd(_ lon: Double, _ lat: Double) -> SIMD2<Double> { tm.project(SIMD2(S.rad(lon), S.rad(lat))) }
        #expect(fwd(9 + 90, 0).x.isNaN)  // the singular point
        #expect(fwd(9 - 90, 0).y.isNaN)
        #expect(fwd(9 + 75, 0).x.isNaN)  // series error > 5 mm there
        #expect(fwd(9 + 70.5, 0).x.isNaN)
        let edge = fwd(9 + 69.5, 0)
        #expect(edge.x.isFinite && edge.y.isFinite)
        #expect(S.roundTripError(tm, SIMD2(S.rad(9 + 69.5), 0)) < 1e-7)  // both series within 5 mm here
        // Far from the equator every longitude is inside: the far hemisphere maps beyond the pole.
        for lon in [9 + 120.0, 9 - 150.0, 9 + 180.0] {
            let p = fwd(lon, 75)
            #expect(p.y > tm.project(SIMD2(S.rad(9), S.rad(90))).y)
            #expect(S.roundTripError(tm, SIMD2(S.rad(lon), S.rad(75))) < 1e-10)
        }
        let pole = fwd(9, 90)
        #expect(abs(pole.x - 500000) < 1e-6 && abs(pole.y - 9997964.943) < 1e-3)
        #expect(fwd(9, 90.0001).x.isNaN)
        #expect(fwd(.nan, 10).x.isNaN)
        // Inverse: beyond the outline.
        #expect(tm.unproject(SIMD2(500000 + 2.0e7, 0)).x.isNaN)
        #expect(tm.unproject(SIMD2(500000, 2.1e7)).x.isNaN)
        #expect(tm.unproject(SIMD2(.infinity, 0)).x.isNaN)
        #expect(tm.unproject(SIMD2(500000 + 1.3e7, 0)).x.isNaN)  // η′ beyond the domain
        // The clip region: the globe less 20.5° around (λ0 ± 90°, 0), cut along the back half of the equator.
        let region = tm.clipRegion
        #expect(region.caps.count == 2 && region.seams == [.transverseCut(centralMeridian: S.rad(9))])
        #expect(region.contains(SIMD2(S.rad(9 + 69.4), 0)) && !region.contains(SIMD2(S.rad(9 + 69.6), 0)))
        #expect(region.contains(SIMD2(S.rad(9 + 90), S.rad(20.6))) && !region.contains(SIMD2(S.rad(9 - 90), S.rad(20.4))))
    }

    /// Round trips over a grid inside the domain (WGS 84 and a sphere).
    @Test func roundTrip() throws {
        for ell in [Ellipsoid.wgs84, Ellipsoid.sphere(radius: 6371000)] {
            let tm = try TransverseMercator(ellipsoid: ell, latitudeOfOrigin: S.rad(49), centralMeridian: S.rad(-2),
                                            scaleFactor: 0.9996012717, falseEasting: 400000, falseNorthing: -100000)
            var worst = 0.0
            for lat in stride(from: -89.0, through: 89.0, by: 7.0) {
                for dl in stride(from: -60.0, through: 60.0, by: 6.0) {
                    worst = worse(worst, S.roundTripError(tm, SIMD2(S.rad(-2 + dl), S.rad(lat))))
                }
            }
            #expect(worst < 1e-10, "\(ell): \(worst)°")  // 4e-11° (4 µm) at 60° from the meridian
        }
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: 0, centralMeridian: 0, scaleFactor: 0)
        }
        #expect(throws: GraticuleError.self) {
            try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: S.rad(91), centralMeridian: 0, scaleFactor: 1)
        }
        #expect(throws: GraticuleError.self) {
            try TransverseMercator(ellipsoid: .wgs84, latitudeOfOrigin: 0, centralMeridian: 0, scaleFactor: .nan)
        }
        let p = S.parameters("Transverse Mercator", code: 9807, [8805: 0])
        do {
            _ = try TransverseMercator(ellipsoid: .wgs84, parameters: p)
            Issue.record("k0 = 0 accepted")
        } catch let GraticuleError.invalidParameter(name, value, _) {
            #expect(name == "Scale factor at natural origin" && value == 0)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Esri and WKT1 names reach this type (through the registry's Esri mapping or the method table).
    @Test func catalogNames() {
        for name in ["Transverse_Mercator", "Gauss_Kruger", "Transverse_Mercator_Complex",
                     "Transverse Mercator (South Orientated)"] {
            #expect(MethodNamingTests.kernel(name) == TransverseMercator.self, "\(name)")
        }
        #expect(ProjectionCatalog.type(methodCode: 1111, methodName: "") == TransverseMercator.self)
        #expect(ProjectionCatalog.type(methodCode: 9808, methodName: "") == TransverseMercator.self)
    }

    /// ESRI:102060 / ESRI:102166 / EPSG:29333, whose sweep values include a datum shift or PROJ's
    /// rounded Bessel Namibia axis, against PROJ's pure projection pipeline (case tm-pipeline).
    @Test func sweepExceptionsAgainstPureProjection() throws {
        let rows = ReferenceFixture.rows("tm-pipeline")
        #expect(rows.count == 8)
        for r in rows {
            let t = try S.transformer(r.crs)
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x - r.x) < 1e-6 && abs(xy.y - r.y) < 1e-6, "\(r.crs) \(xy) vs \(r)")
        }
    }

    /// On a sphere the formulas are exact: 89°–91° from the central meridian next to the equator
    /// project and round-trip (PROJ 9.5.1 test/gie/builtins.gie 6782–6823, `+proj=tmerc +R=6400000`,
    /// 0.1 mm; 100° and −135° from pyproj 3.7.2). Only the singular points (0°, ±90°) are excluded.
    @Test func sphereAwayFromTheSingularPoints() throws {
        let t = try S.transformer("+proj=tmerc +R=6400000 +type=crs")
        let cases: [(Double, Double, Double, Double)] = [
            (89, 0.01, 30_344_312.098578717560, 64_001.116414904580), (91, 0.01, 30_344_312.098578717560, 20_042_191.866555366665),
            (-89, -0.01, -30_344_312.098578717560, -64_001.116414904580), (-91, 0.01, -30_344_312.098578717560, 20_042_191.866555366665),
            (100, 5, 14_880_400.709984884, 17_119_283.375826754), (-135, -10, -5_505_323.947329382, -18_542_161.031217266),
        ]
        for (lon, lat, x, y) in cases {
            let xy = S.project(t, lon, lat)
            #expect(abs(xy.x - x) < 1e-4 && abs(xy.y - y) < 1e-4, "(\(lon), \(lat)) → \(xy)")
            let back = t.inverse.transform([xy])[0]
            #expect(abs(back.x - lon) < 1e-9 && abs(back.y - lat) < 1e-9, "inverse (\(lon), \(lat)) → \(back)")
        }
        #expect(S.project(t, 90, 0).x.isNaN && S.project(t, -90, 0).y.isNaN)
        let near = S.project(t, 89.9999, 0.0001)
        #expect(near.x.isFinite && near.x > 3e7)
    }
}
