import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Equidistant Conic (EPSG 1119, Esri Equidistant_Conic).
@Suite struct EquidistantConicTests {
    typealias T = ConicTestSupport

    /// PROJ 9.5.1 test/gie/builtins.gie, `+proj=eqdc +ellps=GRS80 +lat_1=0.5 +lat_2=2` and
    /// `+R=6400000` (tolerance 0.1 mm; inverse values to 1e-9°), through Esri's names.
    @Test func projBuiltins() throws {
        func make(_ e: Ellipsoid) throws -> any Projection {
            try ProjectionCatalog.make(ellipsoid: e, parameters: T.parameters(
                "Equidistant_Conic", code: nil,
                named: ["Standard_Parallel_1": 0.5 * .pi / 180, "Standard_Parallel_2": 2 * .pi / 180]))
        }
        let grs = try make(.grs80), sphere = try make(.sphere(radius: 6_400_000))
        #expect(grs is EquidistantConic)
        for (p, lon, lat, x, y) in [(grs, 2.0, 1.0, 222588.440269286, 110659.134907347),
                                    (grs, 2.0, -1.0, 222756.836702042, -110489.578087221),
                                    (grs, -2.0, -1.0, -222756.836702042, -110489.578087221),
                                    (sphere, 2.0, 1.0, 223351.088175114, 111786.108747174),
                                    (sphere, -2.0, -1.0, -223521.200266735, -111615.970741241)] {
            let xy = T.project(p, lon, lat)
            #expect(abs(xy.x - x) < 1e-4 && abs(xy.y - y) < 1e-4, "\(xy)")
        }
        for (p, x, y, lon, lat) in [(grs, 200.0, 100.0, 0.001796359, 0.000904369),
                                    (grs, -200.0, -100.0, -0.001796358, -0.000904370),
                                    (sphere, 200.0, 100.0, 0.001790221, 0.000895246)] {
            let ll = T.unproject(p, x, y)
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9, "\(ll)")
        }
    }

    /// Meridians are true to scale: the distance along λ0 between two parallels equals the
    /// meridian arc, for ESRI:102005 USA_Contiguous_Equidistant_Conic (WGS 84). The reference
    /// arc is Helmert's series (Snyder 1987 eq. 3-21), independent of our Karney series.
    @Test func meridianTrueToScale() throws {
        let t = try T.transformer("ESRI:102005")
        let p = t.transform([SIMD2(-96, 20), SIMD2(-96, 50)])
        let e2 = Ellipsoid.wgs84.eccentricitySquared, a = 6_378_137.0
        func m(_ deg: Double) -> Double {
            let f = deg * .pi / 180, e4 = e2 * e2, e6 = e4 * e2
            return a * ((1 - e2 / 4 - 3 * e4 / 64 - 5 * e6 / 256) * f - (3 * e2 / 8 + 3 * e4 / 32 + 45 * e6 / 1024) * sin(2 * f)
                + (15 * e4 / 256 + 45 * e6 / 1024) * sin(4 * f) - 35 * e6 / 3072 * sin(6 * f))
        }
        #expect(abs(abs(p[1].y - p[0].y) - (m(50) - m(20))) < 1e-3)
        #expect(abs(p[0].x) < 1e-6 && abs(p[1].x) < 1e-6)
    }

    @Test(arguments: ["ESRI:102005", "ESRI:102029", "ESRI:54027"])
    func wholeGlobeRoundTrip(_ crs: String) throws {
        try T.expectRoundTrip(crs, T.grid(longitudes: stride(from: -179.5, through: 179.5, by: 17.95),
                                          latitudes: stride(from: -89.0, through: 89.0, by: 8.9)))
    }

    @Test func inverseOutsideTheGlobe() throws {
        let south = try T.forward("ESRI:102005", -96, -90)
        #expect(T.isNaN(try T.inverse("ESRI:102005", south.x, south.y - 100_000)))
        let north = try T.forward("ESRI:102005", -96, 90)
        #expect(T.isNaN(try T.inverse("ESRI:102005", north.x, north.y + 2e7)))  // beyond the apex: in the cut
    }

    @Test func invalidParameters() {
        for angles in [[8823: 1.0, 8824: -1.0], [8823: 91.0, 8824: 30.0], [8823: 30.0, 8824: 91.0]] {
            #expect(throws: GraticuleError.self) {
                _ = try EquidistantConic(ellipsoid: .sphere(radius: 6_400_000), parameters: T.parameters(
                    "Equidistant Conic", code: 1119, angles: angles))
            }
        }
    }
}
