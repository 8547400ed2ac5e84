import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// American Polyconic (EPSG 9818, Esri Polyconic).
@Suite struct AmericanPolyconicTests {
    typealias T = ConicTestSupport

    /// IOGP GIGS test 5107, SIRGAS 2000 / Brazil Polyconic (EPSG:5880), from PROJ 9.5.1's
    /// test/gigs/5107.gie (tolerance 5 cm).
    @Test(arguments: [(-54.0, 0.0, 5000000.0, 10000000.0), (-45.0, 6.0, 5996378.70982, 10671650.0559),
                      (-45.0, 0.0, 6001875.41714, 10000000.0), (-45.0, -6.0, 5996378.70982, 9328349.94408)])
    func gigs5107(_ c: (Double, Double, Double, Double)) throws {
        let xy = try T.forward("EPSG:5880", c.0, c.1)
        #expect(abs(xy.x - c.2) < 0.05 && abs(xy.y - c.3) < 0.05, "\(xy)")
        let ll = try T.inverse("EPSG:5880", c.2, c.3)
        #expect(abs(ll.x - c.0) < 5e-7 && abs(ll.y - c.1) < 5e-7, "\(ll)")
    }

    /// PROJ 9.5.1 test/gie/builtins.gie, `+proj=poly +ellps=GRS80` and `+R=6400000` (0.1 mm;
    /// inverse values to 1e-9°).
    @Test func projBuiltins() throws {
        func make(_ e: Ellipsoid) throws -> AmericanPolyconic {
            try AmericanPolyconic(ellipsoid: e, parameters: T.parameters("American Polyconic", code: 9818))
        }
        let grs = try make(.grs80), sphere = try make(.sphere(radius: 6_400_000))
        for (p, lon, lat, x, y) in [(grs, 2.0, 1.0, 222605.285770237, 110642.194561440),
                                    (grs, -2.0, -1.0, -222605.285770237, -110642.194561440),
                                    (sphere, 2.0, 1.0, 223368.105210219, 111769.110491225),
                                    (sphere, 2.0, -1.0, 223368.105210219, -111769.110491225)] {
            let xy = T.project(p, lon, lat)
            #expect(abs(xy.x - x) < 1e-4 && abs(xy.y - y) < 1e-4, "\(xy)")
        }
        for (p, x, y, lon, lat) in [(grs, 200.0, 100.0, 0.001796631, 0.000904369),
                                    (sphere, -200.0, -100.0, -0.001790493, -0.000895247)] {
            let ll = T.unproject(p, x, y)
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9, "\(ll)")
        }
    }

    /// Where PROJ 9.5.1's inverse gives a spurious root (latitude −335° for ESRI:54021 World_Polyconic
    /// at 108°W 54°S, a sweep point), ours returns the point; and the whole globe round-trips.
    @Test(arguments: ["ESRI:54021", "EPSG:5880", "ESRI:102766"])
    func wholeGlobeRoundTrip(_ crs: String) throws {
        try T.expectRoundTrip(crs, [SIMD2(-108, -54), SIMD2(108, 54)]
            + T.grid(longitudes: stride(from: -179.0, through: 179.0, by: 17.9),
                     latitudes: stride(from: -88.0, through: 88.0, by: 8.8)))
    }

    /// The equator is straight and true to scale; the central meridian is true to scale.
    @Test func equatorAndCentralMeridian() throws {
        let p = try AmericanPolyconic(ellipsoid: .wgs84, parameters: T.parameters("American Polyconic", code: 9818))
        let eq = T.project(p, 90, 0)
        #expect(abs(eq.x - 6_378_137 * .pi / 2) < 1e-6 && eq.y == 0)
        #expect(abs(T.project(p, 0, 45).x) < 1e-9)
    }

    /// Points off the projected globe give NaN (not a spurious root).
    @Test func inverseOffTheGlobe() throws {
        #expect(T.isNaN(try T.inverse("ESRI:54021", 0, 3e7)))
        #expect(T.isNaN(try T.inverse("ESRI:54021", 2.5e7, 0)))
        #expect(T.isNaN(try T.inverse("ESRI:54021", .nan, 0)))
        #expect(T.isNaN(try T.forward("ESRI:54021", 0, 90.5)))
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            _ = try AmericanPolyconic(ellipsoid: .wgs84, parameters: T.parameters(
                "American Polyconic", code: 9818, angles: [8801: 100]))
        }
    }
}
