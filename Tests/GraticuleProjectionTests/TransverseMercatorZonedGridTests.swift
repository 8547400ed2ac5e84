import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct TransverseMercatorZonedGridTests {
    typealias S = ProjectionTestSupport

    /// EPSG:32600 / 32700 (PROJ cannot project them) against PROJ's UTM CRS of the zone of the
    /// longitude, with the zone number prefixed to the easting (IOGP GN 7-2 §3.5.3.3; case zoned),
    /// including points on zone boundaries (0°, 3°, which belong to the zone to the east).
    @Test func matchesUTMZonesWithZonePrefix() throws {
        let rows = ReferenceFixture.rows("zoned")
        #expect(rows.count == 22)
        for r in rows {
            let t = try S.transformer(r.crs)
            let xy = S.project(t, r.lon, r.lat)
            #expect(abs(xy.x - r.x) < 1e-3 && abs(xy.y - r.y) < 1e-3, "\(r.crs) \(xy) vs \(r)")
            let ll = t.inverse.transform([xy])[0]
            #expect(abs(ll.x - r.lon) < 1e-9 && abs(ll.y - r.lat) < 1e-9, "\(ll) vs \(r)")
            let again = t.transform([ll])[0]
            #expect(abs(again.x - xy.x) < 1e-6, "zone changed in the round trip at \(r)")
        }
    }

    @Test func zoneNumbers() throws {
        let p = S.parameters("Transverse Mercator Zoned Grid System", code: 9824,
                             [8801: 0, 8830: S.rad(-180), 8831: S.rad(6), 8805: 0.9996, 8806: 500000, 8807: 0])
        let z = try TransverseMercatorZonedGrid(ellipsoid: .wgs84, parameters: p)
        #expect(z.zone(ofRelativeLongitude: 0) == 1)
        #expect(z.zone(ofRelativeLongitude: S.rad(5.999)) == 1)
        #expect(z.zone(ofRelativeLongitude: S.rad(6)) == 2)
        #expect(z.zone(ofRelativeLongitude: S.rad(359.9)) == 60)
        #expect(z.zone(ofRelativeLongitude: S.rad(-0.1)) == 60)
        #expect(z.clipRegion.seams.count == 60 && z.clipRegion.seams.allSatisfy { $0.meridian != nil })
        // Inverse outside the grid: zone 0 or 61, or an easting too far from its zone's meridian.
        #expect(z.unproject(SIMD2(400_000, 1e6)).x.isNaN)
        #expect(z.unproject(SIMD2(61_500_000, 1e6)).x.isNaN)
        #expect(z.unproject(SIMD2(31_100_000, 0)).x.isNaN)  // 400 km west of zone 31's meridian at the equator
    }

    @Test func invalidParameters() {
        let base: [Int: Double] = [8801: 0, 8830: S.rad(-180), 8805: 0.9996, 8806: 500000, 8807: 0]
        for w in [7.0, 0, 12, -6] {
            var v = base
            v[8831] = S.rad(w)
            #expect(throws: GraticuleError.self) {
                try TransverseMercatorZonedGrid(ellipsoid: .wgs84,
                                                parameters: S.parameters("Transverse Mercator Zoned Grid System", code: 9824, v))
            }
        }
        #expect(throws: GraticuleError.self) {  // zone width missing
            try TransverseMercatorZonedGrid(ellipsoid: .wgs84,
                                            parameters: S.parameters("Transverse Mercator Zoned Grid System", code: 9824, base))
        }
    }
}
