import GraticuleCore
import Testing

@Suite struct EllipsoidTests {
    /// WGS 84 derived constants against NIMA TR8350.2 (Table 3.3).
    @Test func wgs84DerivedConstants() {
        let e = Ellipsoid.wgs84
        #expect(abs(e.semiMinorAxis - 6_356_752.3142) < 1e-4)
        #expect(abs(e.eccentricitySquared - 6.69437999014e-3) < 1e-14)
        #expect(abs(e.secondEccentricitySquared - 6.73949674228e-3) < 1e-14)
        #expect(!e.isSphere)
    }

    @Test func sphere() {
        let s = Ellipsoid.sphere(radius: 6_371_000)
        #expect(s.isSphere)
        #expect(s.inverseFlattening == 0)
        #expect(s.semiMinorAxis == 6_371_000)
        #expect(Ellipsoid(semiMajorAxis: 6_370_997, semiMinorAxis: 6_370_997).isSphere)
    }
}

@Suite struct AngleTests {
    @Test(arguments: [
        (0.0, 0.0, 1.0), (90.0, 1.0, 0.0), (180.0, 0.0, -1.0), (270.0, -1.0, 0.0), (-90.0, -1.0, 0.0),
        (360.0, 0.0, 1.0), (450.0, 1.0, 0.0),
    ])
    func sincosdIsExactAtQuadrants(degrees: Double, sin: Double, cos: Double) {
        let r = Angle.sincosd(degrees)
        #expect(r.sin == sin)
        #expect(r.cos == cos)
    }

    @Test(arguments: [(190.0, -170.0), (-190.0, 170.0), (180.0, 180.0), (-180.0, -180.0), (540.0, 180.0),
                      (45.0, 45.0), (-360.0, 0.0)])
    func normalizeDegrees(input: Double, expected: Double) {
        #expect(Angle.normalizeDegrees(input) == expected)
    }
}
