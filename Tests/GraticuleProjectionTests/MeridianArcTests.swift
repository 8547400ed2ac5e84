import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// The shared meridian arc against independent values.
@Suite struct MeridianArcTests {
    /// WGS 84 quarter meridian: 10,001,965.7293127 m (GeographicLib `Geodesic::WGS84().EllipsoidArea`
    /// documentation / Karney 2011 Table 1; also EPSG guidance "meridional quadrant").
    @Test func wgs84QuarterMeridian() {
        let arc = MeridianArc(.wgs84)
        #expect(abs(arc.quarterMeridian * 6_378_137 - 10_001_965.729_312_7) < 1e-6)
    }

    /// Meridian distance to 45°N on WGS 84 from pyproj 3.7.2 `Geod(ellps="WGS84").inv(0, 0, 0, 45)`:
    /// 4,984,944.377977744 m.
    @Test func arcTo45North() {
        let arc = MeridianArc(.wgs84)
        #expect(abs(arc.distance(Double.pi / 4) * 6_378_137 - 4_984_944.377977744) < 1e-6)
    }

    @Test(arguments: [-89.9, -60.0, -1e-9, 0.0, 12.5, 45.0, 80.0, 90.0])
    func inverseUndoesForward(latitude: Double) {
        let arc = MeridianArc(.grs80)
        let phi = latitude * Double.pi / 180
        #expect(abs(arc.latitude(distance: arc.distance(phi)) - phi) < 1e-15)
    }

    @Test func sphereIsTheLatitude() {
        let arc = MeridianArc(flattening: 0)
        #expect(arc.distance(0.7) == 0.7)
        #expect(arc.latitude(arc: Double.pi) .isNaN)  // beyond the pole
    }
}
