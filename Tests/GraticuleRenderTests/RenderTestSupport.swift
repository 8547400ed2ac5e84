import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender

/// The eleven world spatial references of the design (workflow 2).
let worldSpatialReferences = [
    "ESRI:102299", "ESRI:54050", "EPSG:27200", "ESRI:102018", "ESRI:54090", "EPSG:32610",
    "ESRI:54024", "ESRI:54052", "ESRI:102038", "EPSG:3857", "EPSG:4326",
]

/// Registry projected CRSs of other methods, drawn whole: conics, azimuthals, oblique and
/// transverse cylindricals, pseudocylindricals.
let registrySpatialReferences = [
    "EPSG:2154", "EPSG:27700", "EPSG:3035", "EPSG:5070", "EPSG:3413", "EPSG:3031", "EPSG:2056", "EPSG:5514",
    "EPSG:32661", "EPSG:3395", "ESRI:54030", "ESRI:54009", "EPSG:8857", "EPSG:3832", "ESRI:102016",
    "ESRI:102017", "EPSG:28992", "EPSG:2193", "EPSG:3577", "EPSG:6933", "ESRI:54042", "ESRI:53029", "EPSG:4269",
]

enum RenderTestSupport {
    static func renderer(_ crs: String, width: Int = 1024, height: Int = 512, extent: Envelope? = nil,
                         layers: [MapLayer] = [.countries(.low), .outline]) throws -> MapRenderer {
        try MapRenderer(spatialReference: SpatialReference(text: crs), extent: extent, width: width, height: height,
                        layers: layers)
    }

    /// Non-zero winding number of closed pixel rings around a point.
    static func winding(_ rings: [[SIMD2<Double>]], _ p: SIMD2<Double>) -> Int {
        var w = 0
        for ring in rings {
            var a = ring[ring.count - 1]
            for b in ring {
                if a.y <= p.y {
                    if b.y > p.y && cross(a, b, p) > 0 { w += 1 }
                } else if b.y <= p.y && cross(a, b, p) < 0 {
                    w -= 1
                }
                a = b
            }
        }
        return w
    }

    @inline(__always) static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ p: SIMD2<Double>) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// Distance from p to the nearest edge of the rings (closed) or lines.
    static func distance(_ p: SIMD2<Double>, to paths: [[SIMD2<Double>]], closed: Bool) -> Double {
        var best = Double.infinity
        for path in paths where path.count >= 2 {
            let n = path.count
            for i in 0..<(closed ? n : n - 1) {
                best = min(best, segmentDistance(p, path[i], path[(i + 1) % n]))
            }
        }
        return best
    }

    static func segmentDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        let l2 = (d * d).sum()
        let t = l2 > 0 ? min(max(((p - a) * d).sum() / l2, 0), 1) : 0
        let q = a + d * t - p
        return (q * q).sum().squareRoot()
    }

    /// Signed area (pixels², y down) of closed rings.
    static func area(_ rings: [[SIMD2<Double>]]) -> Double {
        var total = 0.0
        for r in rings {
            for i in r.indices {
                let a = r[i], b = r[(i + 1) % r.count]
                total += a.x * b.y - b.x * a.y
            }
        }
        return total / 2
    }
}
