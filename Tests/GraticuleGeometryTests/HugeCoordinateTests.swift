import Foundation
import Testing
import GraticuleCore
@testable import GraticuleGeometry

/// Coordinates whose differences overflow (±9e307: a file of them once trapped a server's
/// GetFeatureInfo in `SphericalRing` and `convert --simplify --preserve-topology` in the
/// simplifier's grid): the engine's paths give a value, never a trap. Readers refuse such
/// files (`FeatureLayer.checkCoordinates`); these paths are public API all the same.
@Suite struct HugeCoordinateTests {
    static let huge: [SIMD2<Double>] = [SIMD2(-9e307, -9e307), SIMD2(9e307, -9e307), SIMD2(9e307, 9e307),
                                        SIMD2(-9e307, 9e307), SIMD2(-9e307, -9e307)]

    @Test func sincosdOfNonFiniteAnglesIsNaN() {
        for v in [Double.infinity, -.infinity, .nan, 9e307 - (-9e307)] {
            let (s, c) = Angle.sincosd(v)
            #expect(s.isNaN && c.isNaN)
        }
        #expect(Angle.sincosd(1e308).sin.isFinite)
    }

    @Test func sphericalRingOfHugeCoordinates() {
        let r = Self.huge.withUnsafeBufferPointer { SphericalRing.smallerSide($0) }
        // The longitudes' differences overflow: no area, NaN (not a trap).
        #expect(r.area.isNaN)
        _ = Self.huge.withUnsafeBufferPointer { SphericalRing.oddCrossingsBelow($0, lon: 0, lat: 0) }
    }

    @Test(arguments: [GeometryEngine.SimplificationMethod.douglasPeucker(maxDeviation: 0.5), .visvalingam(minimumArea: 0.25)])
    func topologySimplifyOfHugeCoordinates(method: GeometryEngine.SimplificationMethod) {
        let square: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1), SIMD2(0, 0)]
        let out = GeometryEngine.simplifyPreservingTopology([.polygon(Polygon(polygons: [[Self.huge]])),
                                                             .polygon(Polygon(polygons: [[square]]))], method: method)
        #expect(out.count == 2)
    }
}

extension HugeCoordinateTests {
    /// The spherical index a server's GetFeatureInfo asks: built and queried over the polygon.
    @Test func sphericalIndexOverHugeCoordinates() {
        let index = SphericalIndex(polygons: [Polygon(polygons: [[Self.huge]])])
        // It trapped; now it answers, with no index but the polygon's.
        #expect(index.allContaining(lon: 0, lat: 0).allSatisfy { $0 == 0 })
        #expect(index.intersecting(Envelope(xMin: -1, yMin: -1, xMax: 1, yMax: 1)).allSatisfy { $0 == 0 })
    }
}
