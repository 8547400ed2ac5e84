import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// Goode homolosine: uninterrupted (Esri Option 0, PROJ `goode`), interrupted land (Option 1,
/// ESRI:54052, PROJ `igh`) and ocean (Option 2, ESRI:54053, PROJ `igh_o`).
@Suite struct GoodeHomolosineTests {
    static let land = "Interrupted Goode Homolosine"
    static let ocean = "Interrupted Goode Homolosine Ocean"

    @Test func projTestVectors() throws {
        // PROJ 9.5.1 test/gie/builtins.gie, `+proj=goode|igh|igh_o +a=6400000`.
        let sphere = Ellipsoid.sphere(radius: 6_400_000)
        let goode = try worldProjection("Goode Homolosine", ellipsoid: sphere)
        expectNoFailures(gieFailures(goode, forward: [(2, 1, 223368.119026632, 111701.072127637),
                                                      (2, -1, 223368.119026632, -111701.072127637)],
                                     inverse: [(200, 100, 0.001790493, 0.000895247), (200, -100, 0.001790493, -0.000895247)]))
        let igh = try worldProjection(Self.land, ellipsoid: sphere)
        expectNoFailures(gieFailures(igh, forward: [(2, 1, 223878.497456271, 111701.072127637),
                                                    (2, -1, 223708.371313058, -111701.072127637)],
                                     inverse: [(200, 100, 0.001790489, 0.000895247), (200, -100, 0.001790491, -0.000895247)]))
        let ighO = try worldProjection(Self.ocean, ellipsoid: sphere)
        expectNoFailures(gieFailures(ighO, forward: [(2, 1, 223197.992883418, 111701.072127637),
                                                     (2, -1, 223708.371313058, -111701.072127637)],
                                     inverse: [(200, 100, 0.001790494, 0.000895247), (200, -100, 0.001790491, -0.000895247)]))
    }

    @Test(arguments: ["goode-wgs84", "igh-wgs84", "igh-option", "igh_o-wgs84", "igh_o-option"])
    func matchesPROJOverTheGlobe(_ fixtureCase: String) {
        expectNoFailures(WorldFixture.check(fixtureCase))
    }

    /// ESRI:54052 through the registry and the transformer, from EPSG:4326 (PROJ 9.5.1 via pyproj
    /// 3.7.2, `always_xy`), and the split of Greenland at the −40° seam.
    @Test func worldGoodeHomolosineLand() throws {
        let sr = try SpatialReference(text: "ESRI:54052")
        let t = try Transformer(from: try #require(sr.baseGeographic), to: sr)
        let cases: [(Double, Double, Double, Double)] = [
            (-123, 45, -12_989_664.792, 5_003_456.780), (2.35, 48.85, 1_205_112.737, 5_415_728.240),
            (139.7, 35.7, 13_256_544.223, 3_974_105.821), (179.9, -17, 19_832_297.514, -1_892_431.343),
            (-179.9, -17, -19_929_580.161, -1_892_431.343),
            // Greenland is split at −40°: (−40.0001°, 75°) → x = −8,587,343 m; (−39.9999°, 75°) → +370,877 m.
            (-40.0001, 75, -8_587_342.695, 7_835_874.586), (-39.9999, 75, 370_876.568, 7_835_874.586),
        ]
        for (lon, lat, x, y) in cases {
            let xy = t.transform([SIMD2(lon, lat)])[0]
            #expect(abs(xy.x - x) < 1e-3 && abs(xy.y - y) < 1e-3, "(\(lon), \(lat)) → \(xy)")
            let ll = t.inverse.transform([xy])[0]
            #expect(abs(ll.x - lon) < 1e-9 && abs(ll.y - lat) < 1e-9, "(\(lon), \(lat)) ← \(ll)")
        }
    }

    @Test func horizons() throws {
        let d = Double.pi / 180
        #expect(try isWorldCut(worldProjection("Goode Homolosine")))
        let land = try worldProjection(Self.land).clipRegion
        #expect(land.caps.isEmpty)
        let landCuts: [(Double, Double, Double, ClipRegion.Seam.Owner)] = [
            (180, -90, 90, .bySign), (-40, 0, 90, .left), (-100, -90, 0, .right), (-20, -90, 0, .right),
            (80, -90, 0, .right)]
        #expect(land.seams.count == landCuts.count)
        for (s, e) in zip(land.seams, landCuts) {
            let m = try #require(s.meridian)
            #expect(abs(abs(Angle.normalizeRadians(m.longitude - e.0 * d)) ) < 1e-12 || (e.0 == 180 && abs(abs(m.longitude) - .pi) < 1e-12))
            #expect(abs(m.south - e.1 * d) < 1e-12 && abs(m.north - e.2 * d) < 1e-12 && s.owner == e.3)
        }
        // ESRI:54053: central meridian −160°, so the cuts move with it.
        let cuts = try worldProjection(Self.ocean, "8802=-160").clipRegion.seams.map { try #require($0.meridian) }
        let expected: [(Double, Double, Double)] = [(20, -90, 90), (110, 0, 90), (-100, 0, 90), (140, -90, 0), (-70, -90, 0)]
        #expect(cuts.count == expected.count)
        for (c, e) in zip(cuts, expected) {
            #expect(abs(c.longitude - e.0 * d) < 1e-12 && abs(c.south - e.1 * d) < 1e-12 && abs(c.north - e.2 * d) < 1e-12)
        }
    }

    @Test func lobeSeamsAndGaps() throws {
        let p = try worldProjection(Self.land)
        // A point on the seam belongs to the western lobe (as in PROJ).
        let west = kernel(p, -40, 60), east = kernel(p, -39.999999, 60)
        #expect(west.x < east.x - 0.5)
        // Between the two lobes' edges there is no map.
        #expect(isNaNPoint(p.inverse(SIMD2(0.5 * (west.x + east.x), west.y))))
        for lat in [60.0, 20, -20, -60] {
            for lon in [-100.0, -40, -20, 80] where (lat > 0) == (lon == -40) {
                let a = kernel(p, lon, lat), b = kernel(p, lon + 1e-6, lat)
                #expect(isNaNPoint(p.inverse(SIMD2(0.5 * (a.x + b.x), a.y))), "gap at (\(lon), \(lat))")
                let la = p.inverse(a) * (180 / .pi), lb = p.inverse(b) * (180 / .pi)
                #expect(abs(la.x - lon) < 1e-9 && abs(lb.x - lon - 1e-6) < 1e-9)
            }
        }
        // The uninterrupted form's rounded constants leave a 3.5e-6 sliver at 40°44′ with no map.
        let g = try worldProjection("Goode Homolosine")
        #expect(isNaNPoint(g.inverse(SIMD2(0.1, 0.71093078197902358 + 1.5e-6))))
        #expect(!isNaNPoint(g.inverse(SIMD2(0.1, 0.71093078197902358 + 5e-6))))
    }

    @Test func variantsFromOptionOrName() throws {
        func variant(_ m: String, _ p: String) throws -> GoodeHomolosine.Variant? {
            (try worldProjection(m, p) as? GoodeHomolosine)?.variant
        }
        #expect(try variant("Goode Homolosine", "") == .uninterrupted)
        #expect(try variant("Goode_Homolosine", "Option=0") == .uninterrupted)
        #expect(try variant("Goode_Homolosine", "Option=1") == .land)
        #expect(try variant("Goode_Homolosine", "Option=2") == .ocean)
        #expect(try variant(Self.land, "") == .land)
        #expect(try variant(Self.ocean, "") == .ocean)
        #expect(rejects("Goode_Homolosine", "Option=3", naming: "Option"))
        #expect(rejects("Goode_Homolosine", "Option=1.5", naming: "Option"))
    }

    @Test(arguments: ["Goode Homolosine", land, ocean])
    func outline(_ method: String) throws {
        expectNoFailures(outlineFailures(try worldProjection(method)))
    }

    @Test(arguments: ["Goode Homolosine", land, ocean])
    func invalidParameters(_ method: String) {
        expectNoFailures(frameParameterFailures(method))
    }

    @Test(arguments: ["Goode Homolosine", land, ocean])
    func roundTrip(_ method: String) throws {
        for ellipsoid in [Ellipsoid.sphere(radius: 6_371_000), .wgs84] {
            let p = try worldProjection(method, "8802=-160", ellipsoid: ellipsoid)
            expectNoFailures(worldRoundTrip(p, degrees: 1e-9, step: 0.7))
        }
    }
}
