import Foundation
import GraticuleCore
import Testing

/// `Geodesic` (Karney 2013) against pyproj 3.7.2's `Geod(ellps="WGS84")` (GeographicLib C), incl.
/// nearly antipodal pairs (the astroid start) and short lines.
@Suite struct GeodesicTests {
    static let g = Geodesic(semiMajorAxis: 6_378_137, flattening: 1 / 298.257223563)

    @Test(arguments: [
        (40.6, 51.6, -73.35, 5_555_057.287279562, -51.18642007582112),
        (0, 0.5, 179.5, 19_936_288.578965314, 25.67187286829188),
        (0, 0.5, 179.7, 19_944_127.420750458, 15.556882793490542),
        (-30.12345, -30.12344, 0.00005, 4.944208283968597, 77.04353354101747),
        (10, -10, 179.9, 20_003_008.42150941, 9.69335249789529),
        (45, 45, 90, 6_690_232.932542715, 54.726097228268806),
        (89.9, -89.9, 10, 19_981_677.669672444, 174.99994640555013),
    ])
    func inverse(lat1: Double, lat2: Double, lon12: Double, s12: Double, azi1: Double) {
        let r = Self.g.inverse(lat1: Angle.radians(lat1), lat2: Angle.radians(lat2), lon12: Angle.radians(lon12))
        #expect(abs(r.s12 - s12) < 1e-6, "s12 \(r.s12)")
        #expect(abs(Angle.degrees(r.azi1) - azi1) < 1e-9, "azi1 \(Angle.degrees(r.azi1))")
    }

    @Test(arguments: [
        (40.0, 30.0, 1e7, 137.8449000437715, 41.793310205056265),
        (-20.0, -120.0, 1.9e7, -171.59549387802903, 15.396854191277555),
    ])
    func direct(lat1: Double, azi1: Double, s12: Double, lon2: Double, lat2: Double) {
        let p = Self.g.line(lat1: Angle.radians(lat1), azi1: Angle.radians(azi1)).position(distance: s12)
        #expect(abs(Angle.degrees(p.lat2) - lat2) < 1e-11)
        #expect(abs(Angle.normalizeDegrees(Angle.degrees(p.lon12)) - lon2) < 1e-11)
    }

    /// The direct problem inverts the inverse problem, and m12, M12 agree between both.
    @Test func inverseThenDirect() {
        for (lat1, lat2, lon12) in [(10.0, 40.0, 60.0), (-45.0, 30.0, 150.0), (0.0, 0.0, 100.0), (80.0, -70.0, 175.0)] {
            let r = Self.g.inverse(lat1: Angle.radians(lat1), lat2: Angle.radians(lat2), lon12: Angle.radians(lon12))
            let p = Self.g.line(lat1: Angle.radians(lat1), azi1: r.azi1).position(distance: r.s12)
            #expect(abs(Angle.degrees(p.lat2) - lat2) < 1e-11)
            #expect(abs(Angle.normalizeDegrees(Angle.degrees(p.lon12)) - lon12) < 1e-11)
            #expect(abs(p.m12 - r.m12) < 1e-6 && abs(p.M12 - r.M12) < 1e-12 && abs(p.M21 - r.M21) < 1e-12)
        }
    }
}
