import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

/// Albers Equal Area (EPSG 9822, Esri Albers).
@Suite struct AlbersEqualAreaTests {
    typealias T = ConicTestSupport

    /// IOGP GN 7-2 (2019) worked example for method 9822, NAD83 / Great Lakes Albers (EPSG:3174, GRS 1980):
    /// 42°45′N 78°45′W ⇄ E 1466493.492 m, N 702903.006 m.
    @Test func gn72GreatLakes() throws {
        let lon = T.dms(-78, 45), lat = T.dms(42, 45)
        let xy = try T.forward("EPSG:3174", lon, lat)
        #expect(abs(xy.x - 1466493.492) < 0.001 && abs(xy.y - 702903.006) < 0.001, "\(xy)")
        let ll = try T.inverse("EPSG:3174", 1466493.492, 702903.006)
        #expect(abs(ll.x - lon) < 1e-8 && abs(ll.y - lat) < 1e-8, "\(ll)")
    }

    /// IOGP GIGS test 5109, GDA94 / Australian Albers (EPSG:3577), from PROJ 9.5.1's
    /// test/gigs/5109.gie (tolerance 5 cm).
    @Test(arguments: [(132.0, 0.0, 0.0, 0.0), (132.0, -27.0, 0.0, -2926820.89), (140.0, 0.0, 966973.98, -30285.6),
                      (140.0, -20.0, 832799.36, -2170181.93)])
    func gigs5109(_ c: (Double, Double, Double, Double)) throws {
        let xy = try T.forward("EPSG:3577", c.0, c.1)
        #expect(abs(xy.x - c.2) < 0.05 && abs(xy.y - c.3) < 0.05, "\(xy)")
        let ll = try T.inverse("EPSG:3577", c.2, c.3)
        #expect(abs(ll.x - c.0) < 5e-7 && abs(ll.y - c.1) < 5e-7, "\(ll)")
    }

    /// PROJ 9.5.1 test/gie/builtins.gie, `+proj=aea +ellps=GRS80 +lat_1=0 +lat_2=2` and
    /// `+R=6400000` (tolerance 0.1 mm; inverse values given to 1e-9°).
    @Test func projBuiltins() throws {
        func make(_ e: Ellipsoid) throws -> AlbersEqualArea {
            try AlbersEqualArea(ellipsoid: e, parameters: T.parameters(
                "Albers Equal Area", code: 9822, angles: [8823: 0, 8824: 2]))
        }
        let grs = try make(.grs80)
        for (lon, lat, x, y) in [(2.0, 1.0, 222571.608757106, 110653.326743030),
                                 (2.0, -1.0, 222706.306508391, -110484.267144400),
                                 (-2.0, -1.0, -222706.306508391, -110484.267144400)] {
            let xy = T.project(grs, lon, lat)
            #expect(abs(xy.x - x) < 1e-4 && abs(xy.y - y) < 1e-4, "\(xy)")
        }
        for (x, y, lon, lat) in [(200.0, 100.0, 0.001796631, 0.000904369), (200.0, -100.0, 0.001796630, -0.000904370)] {
            let ll = T.unproject(grs, x, y)
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9, "\(ll)")
        }
    }

    /// Equal area: the Jacobian of the forward map equals the ellipsoid's area element.
    @Test func equalArea() throws {
        let t = try T.transformer("EPSG:5070")  // NAD83 / Conus Albers (GRS 1980)
        let a = 6_378_137.0, e2 = Ellipsoid.grs80.eccentricitySquared
        for (lon, lat) in [(-96.0, 23.0), (-120.0, 45.0), (-70.0, 60.0), (20.0, -50.0)] {
            let h = 1e-5
            let p = t.transform([SIMD2(lon, lat), SIMD2(lon + h, lat), SIMD2(lon, lat + h)])
            let jac = abs((p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x))
            let phi = lat * .pi / 180, s = sin(phi)
            let w = 1 - e2 * s * s
            let area = a * a * (1 - e2) * cos(phi) / (w * w) * (h * .pi / 180) * (h * .pi / 180)
            #expect(abs(jac / area - 1) < 1e-6, "\(lon), \(lat): \(jac / area)")
        }
    }

    /// The whole globe projects (finite), both poles included; round trip everywhere.
    @Test(arguments: ["EPSG:5070", "EPSG:3577", "ESRI:102033"])
    func wholeGlobeRoundTrip(_ crs: String) throws {
        // A pole maps to an arc: the meridian scale h is 0 there, so the inverse is ill-conditioned
        // (δφ ∝ √δq); a few µdeg is what double precision allows.
        try T.expectRoundTrip(crs, T.grid(longitudes: stride(from: -179.5, through: 179.5, by: 17.95),
                                          latitudes: stride(from: -90.0, through: 90.0, by: 9)),
                              poleTolerance: 1e-5)
    }

    /// Inverse points outside the projected globe (beyond the pole arcs or in the cut) give NaN.
    @Test func inverseOutsideTheGlobe() throws {
        let north = try T.forward("EPSG:5070", -96, 90), south = try T.forward("EPSG:5070", -96, -90)
        #expect(T.isNaN(try T.inverse("EPSG:5070", north.x, north.y + 1_000_000)))
        #expect(T.isNaN(try T.inverse("EPSG:5070", south.x, south.y - 1_000_000)))
        #expect(T.isNaN(try T.forward("EPSG:5070", 0, -91)))
    }

    @Test func invalidParameters() {
        for angles in [[8823: 30.0, 8824: -30.0], [8823: 95.0, 8824: 30.0], [8823: 30.0, 8824: 45.0, 8821: 100.0]] {
            #expect(throws: GraticuleError.self) {
                _ = try AlbersEqualArea(ellipsoid: .wgs84, parameters: T.parameters(
                    "Albers Equal Area", code: 9822, angles: angles))
            }
        }
    }

    /// `+proj=aea` with PROJ's default standard parallels (both 0, symmetric about the equator) is
    /// refused, as PROJ 9.5.1 refuses it (pyproj 3.7.2: "|lat_1 + lat_2| should be > 0");
    /// builtins.gie:21's operation continues on the next line (`+lat_1=0 +lat_2=2`, gie's free
    /// format) and gives (222571.608757106, 110653.326743030) at (2°, 1°).
    @Test func projDefaultStandardParallels() throws {
        #expect(throws: GraticuleError.self) { try Fixture.transformer("+proj=aea +ellps=GRS80 +type=crs") }
        let t = try Fixture.transformer("+proj=aea +ellps=GRS80 +lat_1=0 +lat_2=2 +type=crs")
        expectClose(project(t, 2, 1), SIMD2(222_571.608757106, 110_653.326743030), 1e-4)
    }
}
