import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// Berghaus star (ESRI:102299) against d3-geo-projection's published test values, a Python
/// transcription of d3's `geoBerghaus().rotate([88, −90])`, PROJ 9.5.1 `aeqd` and geodesic pole
/// distances (Fixtures/berghaus_star.csv from tools/oracle/berghaus_star.py).
@Suite struct BerghausStarTests {
    typealias S = WorldMapTestSupport
    static let angles: Set<String> = ["Central_Meridian", "Latitude_Of_Origin", "XY_Plane_Rotation"]

    /// d3-geo-projection 4.0.0 test/berghaus-test.js: geoBerghaus().scale(150).translate([480, 250])
    /// .center([0, 0]) (equatorial aspect, north up, a star point up: axes at 90° + 72°k). Ours puts
    /// the axes at −90° + 72°k with north up, so d3's map is ours on a unit sphere centred at
    /// (0°, 0°) turned half round on the sphere about the centre ((λ, φ) → (−λ, −φ)) and in the
    /// plane (XY_Plane_Rotation 180°): pixel = (480 + 150 x, 250 − 150 y) of ours at (−λ, −φ).
    @Test(arguments: [
        (0.0, 0.0, 480.000000, 250.000000), (0, -45, 480.000000, 367.809724), (0, 45, 480.000000, 132.190275),
        (-90, 0, 244.380550, 250.000000), (90, 0, 715.619449, 250.000000), (-80, 15, 277.038148, 194.777583),
        (1, 1, 482.617728, 247.381873), (15, 45, 510.778518, 131.080938), (120, 30, 750.967904, 114.867516),
        (110, 10, 759.454234, 183.963114),
    ])
    func d3PublishedValues(_ lon: Double, _ lat: Double, _ px: Double, _ py: Double) throws {
        let p = try S.projection(method: "Berghaus_Star", ellipsoid: .sphere(radius: 1),
                                 ["Central_Meridian": 0, "Latitude_Of_Origin": 0, "XY_Plane_Rotation": 180],
                                 angles: Self.angles)
        let xy = S.forward(p, -lon, -lat)
        #expect(abs(480 + 150 * xy.x - px) < 2e-6 && abs(250 - 150 * xy.y - py) < 2e-6, "\(xy)")
        // d3's test asserts the inverse too.
        let ll = S.inverse(p, xy.x, xy.y)
        #expect(abs(S.dLon(ll.x, -lon)) < 1e-9 && abs(ll.y + lat) < 1e-9)
    }

    /// On a sphere, ESRI:102299's parameters give d3's geoBerghaus().rotate([88, −90]) exactly
    /// (the orientation chosen in the type's documentation).
    @Test func sphereMatchesD3Rotation() throws {
        let p = try S.projection(method: "Berghaus_Star", ellipsoid: .sphere(radius: 1),
                                 ["Central_Meridian": -52, "Latitude_Of_Origin": 90, "XY_Plane_Rotation": 36],
                                 angles: Self.angles)
        var worst = 0.0
        for r in FixtureCSV.rows("berghaus_star") {
            guard let lon = Double(r[0]), let lat = Double(r[1]), let x = Double(r[4]), let y = Double(r[5]) else {
                continue
            }
            let xy = S.forward(p, lon, lat)
            worst = worse(worst, abs(xy.x - x), abs(xy.y - y))
        }
        #expect(worst < 1e-12)
    }

    /// ESRI:102299 on WGS 84: the northern hemisphere is PROJ's ellipsoidal polar aeqd turned
    /// counter-clockwise by 36°.
    @Test func northernHemisphereIsPROJAeqd() throws {
        let p = try S.projection("ESRI:102299")
        let c = cos(36 * Double.pi / 180), s = sin(36 * Double.pi / 180)
        var worst = 0.0, n = 0
        for r in FixtureCSV.rows("berghaus_star") {
            guard let lon = Double(r[0]), let lat = Double(r[1]), let ax = Double(r[2]), let ay = Double(r[3]) else {
                continue
            }
            let xy = S.forward(p, lon, lat)
            let ex = ax * c - ay * s, ey = ax * s + ay * c
            worst = worse(worst, abs(xy.x - ex), abs(xy.y - ey))
            n += 1
        }
        #expect(n > 300)
        #expect(worst < 1e-3)
        print("Berghaus vs PROJ aeqd: \(n) points, max |Δ| \(worst) m")
    }

    /// Everywhere (star points included) the distance from the centre is the meridian arc from the
    /// North Pole (WGS 84 geodesic distance, pyproj.Geod).
    @Test func radiusIsMeridianDistance() throws {
        let p = try S.projection("ESRI:102299")
        var worst = 0.0
        for r in FixtureCSV.rows("berghaus_star") {
            guard let lon = Double(r[0]), let lat = Double(r[1]), let d = Double(r[6]) else { continue }
            worst = worse(worst, abs(len(S.forward(p, lon, lat)) - d))
        }
        #expect(worst < 1e-3)
    }

    @Test func aagOrientation() throws {
        let p = try S.projection("ESRI:102299")
        // The star point on 92°E extends to grid north; the −52° point to −54° (lower right).
        let up = S.forward(p, 92, -90 + 1e-9)
        #expect(abs(up.x) < 1e-3 && up.y > 19_000_000)
        let sa = S.forward(p, -52, -90 + 1e-9)
        #expect(abs(atan2(sa.y, sa.x) * 180 / .pi + 54) < 1e-9)
        // Apex distance = half the meridian (20,003,931.46 m on WGS 84).
        #expect(abs(len(up) - 20_003_931.4586) < 1e-3)
    }

    @Test(arguments: [
        ("ESRI:102299", ["Central_Meridian": -52.0, "Latitude_Of_Origin": 90, "XY_Plane_Rotation": 36]),
        ("sphere-south", ["Central_Meridian": 20, "Latitude_Of_Origin": -90, "XY_Plane_Rotation": 10]),
        ("sphere-oblique", ["Central_Meridian": 10, "Latitude_Of_Origin": 35, "XY_Plane_Rotation": -20]),
    ])
    func roundTripEverywhere(_ name: String, _ params: [String: Double]) throws {
        let p = name == "ESRI:102299" ? try S.projection(name)
            : try S.projection(method: "Berghaus_Star", ellipsoid: .sphere(radius: 6_371_000), params, angles: Self.angles)
        let (worstDeg, worstM) = S.worstRoundTrip(p, latitudes: Array(stride(from: -89.3, to: 90, by: 1.7)),
                                                  longitudes: Array(stride(from: -179.7, to: 180, by: 2.3)))
        #expect(worstDeg < 1e-9, "\(name): \(worstDeg)°")
        #expect(worstM < 1e-6, "\(name): \(worstM) m")
    }

    @Test func inverseOutsideStarIsNaN() throws {
        let p = try S.projection("ESRI:102299")
        let apex = 20_003_931.4586
        // Beyond the apex, and between two star points just outside the bounding circle.
        #expect(S.inverse(p, 0, apex * 1.001).x.isNaN)
        #expect(S.inverse(p, 0, apex * 0.999).x.isFinite)
        let half = apex / 2
        // The notch between the 92°E point (up) and its neighbour at 162°: direction 126°.
        let a = 126 * Double.pi / 180
        #expect(S.inverse(p, 1.2 * half * cos(a), 1.2 * half * sin(a)).x.isNaN)
        #expect(S.inverse(p, 0.99 * half * cos(a), 0.99 * half * sin(a)).x.isFinite)
        #expect(S.inverse(p, .nan, 0).x.isNaN)
    }

    @Test func horizonCutsAAGMeridians() throws {
        let p = try S.projection("ESRI:102299")
        let cuts = try p.clipRegion.seams.map { try #require($0.meridian) }
        #expect(p.clipRegion.caps.isEmpty)
        // Central meridian −52°: star points at −52°, 20°, 92°, 164° and −124°, cuts midway between
        // them, at 16°W, 88°W, 160°W, 56°E and 128°E (the Association of American Geographers' emblem).
        let lons = cuts.map { ($0.longitude * 180 / .pi * 1e6).rounded() / 1e6 }.sorted()
        #expect(lons == [-160, -88, -16, 56, 128])
        #expect(cuts.allSatisfy { $0.north == 0 && abs($0.south + .pi / 2) < 1e-15 })
        // A point just east and just west of a cut land in different star points.
        let east = S.forward(p, 56.001, -40), west = S.forward(p, 55.999, -40)
        #expect(len(east - west) > 1_000_000)
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            _ = try S.projection(method: "Berghaus_Star", ["Latitude_Of_Origin": 45], angles: Self.angles)
        }
        #expect(throws: GraticuleError.self) {
            _ = try S.projection(method: "Berghaus_Star", ["XY_Plane_Rotation": .nan])
        }
        #expect(throws: Never.self) {
            _ = try S.projection(method: "Berghaus_Star", ellipsoid: .sphere(radius: 1), ["Latitude_Of_Origin": 45],
                                 angles: Self.angles)
        }
    }
}
