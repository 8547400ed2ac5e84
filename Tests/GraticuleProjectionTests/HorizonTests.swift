import GraticuleCore
import GraticuleProjection
import Testing

/// `Horizon.contains`: each kind of horizon, inside, outside and at the margin.
@Suite struct HorizonTests {
    static func deg(_ lon: Double, _ lat: Double) -> SIMD2<Double> { SIMD2(lon, lat) * Angle.radiansPerDegree }

    @Test func cap() {
        let h = Horizon.cap(centerLongitude: 10 * Angle.radiansPerDegree, centerLatitude: 0,
                            radius: 90 * Angle.radiansPerDegree)
        #expect(h.contains(Self.deg(99, 0)))
        #expect(!h.contains(Self.deg(101, 0)))
        #expect(h.contains(Self.deg(10, 89)))
        #expect(!h.contains(Self.deg(-170, 0)), "the antipode of the centre")
        #expect(!h.contains(Self.deg(99, 0), margin: 2 * Angle.radiansPerDegree))
        #expect(Horizon.cap(centerLongitude: 0, centerLatitude: 0, radius: .pi).contains(Self.deg(180, 0)))
    }

    @Test func boxAcrossTheAntimeridian() {
        let h = Horizon.box(west: 170 * Angle.radiansPerDegree, south: -0.5, east: -170 * Angle.radiansPerDegree, north: 0.5)
        #expect(h.contains(Self.deg(175, 0)))
        #expect(h.contains(Self.deg(-175, 0)))
        #expect(h.contains(Self.deg(185, 0)), "longitudes in any range")
        #expect(!h.contains(Self.deg(0, 0)))
        #expect(!h.contains(Self.deg(175, 40)))
        #expect(!h.contains(Self.deg(171, 0), margin: 2 * Angle.radiansPerDegree))
    }

    @Test func bandGlobeAndInvalidPoints() {
        let band = Horizon.latitudeBand(south: -1.4, north: 1.4)
        #expect(band.contains(Self.deg(123, 80)))
        #expect(!band.contains(Self.deg(123, 81)))
        #expect(Horizon.globe.contains(Self.deg(-180, -90)))
        #expect(!Horizon.globe.contains(SIMD2(0, 1.6)), "not a latitude")
        #expect(!Horizon.globe.contains(SIMD2(.nan, 0)))
        #expect(Horizon.interrupted(cuts: []).contains(Self.deg(0, 0)))
    }
}
