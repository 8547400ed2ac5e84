import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

@Suite struct GeostationarySatelliteTests {
    /// ESRI:102498 GOES-16 East ABI fixed grid (PROJ `geos +h=35786023 +lon_0=-75`, sweep y): PROJ 9.5.1.
    @Test func goes16() throws {
        let t = try Fixture.transformer("ESRI:102498")
        expectClose(project(t, -123.77969999999999, -48.79691999999999), SIMD2(-2_870_380.8995820787, -4_303_903.820819128), 1e-3)
        expectClose(project(t, -75, 0), SIMD2(0, 0), 1e-9)
        expectNaN(project(t, 105, 0), "the far side of the Earth")
        expectNaN(project(t, -75, 85), "beyond the limb")
        let p = try SpatialReferenceHelper.projection("ESRI:102498")
        expectRoundTrip(p, lon: Fixture.dms(-130)...Fixture.dms(-20), lat: Fixture.dms(-60)...Fixture.dms(60))
        expectNaN(p.inverse(SIMD2(1, 1)), "scan ray (10° off nadir) misses the Earth")
    }

    @Test func sweepXDiffersOffAxis() throws {
        func make(_ name: String) throws -> GeostationarySatellite {
            try GeostationarySatellite(ellipsoid: .grs80, parameters: Fixture.parameters(name, [(nil, "Satellite Height", 35_786_023)]))
        }
        let x = try make("Geostationary Satellite (Sweep X)"), y = try make("Geostationary Satellite (Sweep Y)")
        let ll = SIMD2(Fixture.dms(40), Fixture.dms(40))
        #expect(abs(x.forward(ll).x - y.forward(ll).x) > 1e-4)
        expectClose(x.inverse(x.forward(ll)), ll, 1e-13)
    }

    @Test func invalidParameters() {
        #expect(throws: GraticuleError.self) {
            try GeostationarySatellite(ellipsoid: .grs80, parameters: Fixture.parameters("Geostationary Satellite (Sweep Y)", []))
        }
        #expect(throws: GraticuleError.self) {
            try GeostationarySatellite(ellipsoid: .grs80, parameters: Fixture.parameters(
                "Geostationary Satellite (Sweep Y)", [(nil, "Satellite Height", 0)]))
        }
    }
}
