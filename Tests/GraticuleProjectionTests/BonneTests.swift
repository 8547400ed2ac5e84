import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Bonne (EPSG 9827, Esri Bonne) and Bonne (South Orientated) (EPSG 9828).
@Suite struct BonneTests {
    typealias T = ConicTestSupport

    /// ESRI:54024 World_Bonne (φ1 = 60°, WGS 84), one of the product's world maps, against PROJ 9.5.1
    /// (tools/oracle/conic_references.py), incl. the poles and both
    /// sides of the antimeridian; inverse back to the point.
    @Test(arguments: ConicTestSupport.references("world_bonne"))
    func worldBonne(_ r: ReferenceRow) throws {
        let xy = try T.forward("ESRI:54024", r.lon, r.lat)
        #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(r): \(xy)")
        let ll = try T.inverse("ESRI:54024", r.x, r.y)
        if abs(r.lat) == 90 {
            #expect(abs(ll.y - r.lat) < 1e-9, "\(r): \(ll)")
        } else {
            #expect(abs(abs(ll.x) - abs(r.lon)) < 1e-9 && abs(ll.y - r.lat) < 1e-9, "\(r): \(ll)")
        }
    }

    /// World_Bonne covers the whole globe: every point is finite and round-trips; the horizon is
    /// the globe (cut only at the antimeridian); it is equal-area.
    @Test func worldBonneDomain() throws {
        let sr = try T.transformer("ESRI:54024")
        let inv = sr.inverse
        var pts: [SIMD2<Double>] = []
        for lon in stride(from: -180.0, through: 180.0, by: 15) {
            for lat in stride(from: -90.0, through: 90.0, by: 7.5) { pts.append(SIMD2(lon, lat)) }
        }
        let xy = sr.transform(pts)
        let back = inv.transform(xy)
        for i in pts.indices {
            #expect(xy[i].x.isFinite && xy[i].y.isFinite, "\(pts[i])")
            if abs(pts[i].y) == 90 { continue }
            let lonOK = abs(back[i].x - pts[i].x) < 1e-9 || (abs(pts[i].x) == 180 && abs(abs(back[i].x) - 180) < 1e-9)
            #expect(lonOK && abs(back[i].y - pts[i].y) < 1e-9, "\(pts[i]) → \(back[i])")
        }
        let bonne = try Bonne(ellipsoid: .wgs84, parameters: T.parameters("Bonne", code: 9827, angles: [8801: 60]))
        #expect(isWorldCut(bonne))
        // Equal area: Jacobian = ellipsoidal area element.
        let e2 = Ellipsoid.wgs84.eccentricitySquared, a = 6_378_137.0, h = 1e-5
        for (lon, lat) in [(0.0, 0.0), (120.0, 45.0), (-170.0, -70.0), (60.0, 85.0)] {
            let p = [T.project(bonne, lon, lat), T.project(bonne, lon + h, lat), T.project(bonne, lon, lat + h)]
            let jac = abs((p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x))
            let s = sin(lat * .pi / 180), w = 1 - e2 * s * s
            let area = a * a * (1 - e2) * cos(lat * .pi / 180) / (w * w) * pow(h * .pi / 180, 2)
            #expect(abs(jac / area - 1) < 1e-5, "\(lon), \(lat): \(jac / area)")
        }
    }

    /// Inverse points outside the heart-shaped outline give NaN.
    @Test func inverseOutsideTheHeart() throws {
        #expect(T.isNaN(try T.inverse("ESRI:54024", 0, 2e7)))         // far above the north pole
        #expect(T.isNaN(try T.inverse("ESRI:54024", 0, -2e7)))        // below the south pole
        #expect(T.isNaN(try T.inverse("ESRI:54024", 1.9e7, 0)))       // beside the heart
        let edge = try T.forward("ESRI:54024", 180, 0)
        #expect(T.isNaN(try T.inverse("ESRI:54024", edge.x * 1.01, edge.y)))
        #expect(T.isNaN(try T.forward("ESRI:54024", 0, 90.5)))
    }

    /// PROJ 9.5.1 test/gie/builtins.gie, `+proj=bonne` with `+ellps=GRS80` and `+R=6400000`,
    /// `+lat_1=0.5` and `-0.5` (0.1 mm; inverse values to 1e-9°).
    @Test func projBuiltins() throws {
        func make(_ e: Ellipsoid, _ lat1: Double) throws -> Bonne {
            try Bonne(ellipsoid: e, parameters: T.parameters("Bonne", code: 9827, angles: [8801: lat1]))
        }
        let grs = try make(.grs80, 0.5), grsS = try make(.grs80, -0.5), sph = try make(.sphere(radius: 6_400_000), 0.5)
        for (p, lon, lat, x, y) in [(grs, 2.0, 1.0, 222605.296097157, 55321.139565495),
                                    (grs, 2.0, -1.0, 222605.296099239, -165827.647799052),
                                    (grsS, 2.0, 1.0, 222605.2961, 165827.6478),
                                    (grsS, 2.0, -1.0, 222605.2961, -55321.1396),
                                    (sph, -2.0, 1.0, -223368.115572528, 55884.555246394)] {
            let xy = T.project(p, lon, lat)
            #expect(abs(xy.x - x) < 1e-4 && abs(xy.y - y) < 1e-4, "\(xy)")
        }
        for (p, x, y, lon, lat) in [(grs, 200.0, 100.0, 0.001796699, 0.500904369),
                                    (grs, -200.0, -100.0, -0.001796698, 0.499095631),
                                    (sph, 200.0, -100.0, 0.001790561, 0.499104753)] {
            let ll = T.unproject(p, x, y)
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9, "\(ll)")
        }
        // Werner (φ1 = ±90°): the pole is the origin.
        let werner = try make(.grs80, 90)
        let o = T.project(werner, 0, 90)
        #expect(abs(o.x) < 1e-6 && abs(o.y) < 1e-6)
        #expect(abs(T.unproject(werner, 0, 0).y - 90) < 1e-9)
    }

    /// Bonne (South Orientated), EPSG:5017 Lisbon 1890 / Portugal Bonne New, which PROJ cannot
    /// project. IOGP GN 7-2 (method 9828) defines W = FE − x, S = FN − y from the north-orientated Bonne;
    /// expected values are PROJ's `+proj=bonne` for the CRS's parameters turned by that definition
    /// (tools/oracle/conic_references.py). Output is (southing, westing), the CRS's axis order.
    @Test(arguments: ConicTestSupport.references("bonne_south"))
    func southOrientated(_ r: ReferenceRow) throws {
        let xy = try T.forward(r.crs, r.lon, r.lat)
        #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(r): \(xy)")
        let ll = try T.inverse(r.crs, r.x, r.y)
        #expect(abs(ll.x - r.lon) < 1e-9 && abs(ll.y - r.lat) < 1e-9, "\(r): \(ll)")
    }

    /// South-orientated axes: southing grows southward, westing westward; the false origin goes
    /// to the right components.
    @Test func southOrientatedAxesAndFalseOrigin() throws {
        let north = try T.forward("EPSG:5017", -8.13, 41), south = try T.forward("EPSG:5017", -8.13, 38)
        #expect(south.x > north.x)
        let west = try T.forward("EPSG:5017", -9, 39.67), east = try T.forward("EPSG:5017", -7, 39.67)
        #expect(west.y > east.y)
        let plain = try Bonne(ellipsoid: .wgs84, parameters: T.parameters(
            "Bonne", code: 9827, angles: [8801: 40, 8802: -8], values: [8806: 1000, 8807: 2000]))
        let turned = try Bonne(ellipsoid: .wgs84, parameters: T.parameters(
            "Bonne (South Orientated)", code: 9828, angles: [8801: 40, 8802: -8], values: [8806: 1000, 8807: 2000]))
        for (lon, lat) in [(-8.0, 40.0), (-9.5, 37.0), (-6.2, 42.1)] {
            let a = T.project(plain, lon, lat), b = T.project(turned, lon, lat)
            // North-orientated gives (FE + x, FN + y), south-orientated (FN − y, FE − x).
            #expect(abs(b.x - (2 * 2000 - a.y)) < 1e-6 && abs(b.y - (2 * 1000 - a.x)) < 1e-6)
            let ll = T.unproject(turned, b.x, b.y)
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9)
        }
        #expect(turned.southOrientated && !plain.southOrientated)
    }

    /// A southern standard parallel (the heart upside down) and the sphere round-trip too.
    @Test(arguments: [(-40.0, false), (-40.0, true), (60.0, true)])
    func roundTripSouthernAndSphere(_ c: (Double, Bool)) throws {
        let p = try Bonne(ellipsoid: c.1 ? .sphere(radius: 6_371_000) : .wgs84,
                          parameters: T.parameters("Bonne", code: 9827, angles: [8801: c.0, 8802: 10]))
        for lon in stride(from: -169.0, through: 189.0, by: 17.9) {
            for lat in stride(from: -89.0, through: 89.0, by: 8.9) {
                let xy = T.project(p, lon, lat)
                let ll = T.unproject(p, xy.x, xy.y)
                var dl = ll.x - lon
                dl -= 360 * (dl / 360).rounded()
                #expect(abs(dl) < 1e-9 && abs(ll.y - lat) < 1e-9, "φ1 \(c.0) (\(lon), \(lat)) → \(ll)")
            }
        }
    }

    @Test func invalidParameters() {
        for lat1 in [0.0, 91.0] {
            #expect(throws: GraticuleError.self) {
                _ = try Bonne(ellipsoid: .wgs84, parameters: T.parameters("Bonne", code: 9827, angles: [8801: lat1]))
            }
        }
        #expect(throws: GraticuleError.self) {
            _ = try Bonne(ellipsoid: .wgs84, parameters: T.parameters("Bonne", code: 9827))
        }
    }
}
