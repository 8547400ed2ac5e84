import Foundation
import GraticuleCore

/// A point of the unit sphere carried through the clipping stages with its longitude/latitude, so
/// that source vertices are converted once and only clip-edge points need `atan2`.
struct SpherePoint: Sendable {
    /// Unit vector (x towards (0, 0), z towards the North Pole).
    var v: SIMD3<Double>
    /// Longitude and latitude, radians, in the projection frame.
    var ll: SIMD2<Double>

    @inline(__always) init(v: SIMD3<Double>, ll: SIMD2<Double>) {
        self.v = v
        self.ll = ll
    }

    @inline(__always) init(_ v: SIMD3<Double>) {
        self.v = v
        ll = UnitSphere.lonLat(v)
    }

    @inline(__always) init(lonLat: SIMD2<Double>) {
        v = UnitSphere.vector(lonLat)
        ll = lonLat
    }
}

/// A ring or line on the sphere: consecutive points joined by great-circle arcs; a ring's last
/// point is not repeated. Rings keep the region they bound on their left (counter-clockwise seen
/// from outside the sphere).
typealias SpherePath = [SpherePoint]

enum SphereMath {
    /// The solid angle on the left of a closed ring of great-circle arcs (steradians, in [0, 4π)):
    /// the signed sum of the triangles (c, a, b) over its edges a → b, with c the normalised mean of
    /// its vertices (Van Oosterom–Strackee), taken modulo 4π. Robust to spikes and repeated
    /// vertices, unlike a sum of turning angles.
    static func leftArea(_ ring: SpherePath) -> Double {
        let n = ring.count
        guard n >= 3 else { return 0 }
        var sum = SIMD3<Double>(0, 0, 0)
        for p in ring { sum += p.v }
        var c = UnitSphere.normalized(sum)
        if UnitSphere.length(sum) < 1e-9 * Double(n) { c = ring[0].v }
        var area = 0.0
        for i in 0..<n {
            let a = ring[i].v, b = ring[(i + 1) % n].v
            let det = UnitSphere.dot(c, UnitSphere.cross(a, b))
            let den = 1 + UnitSphere.dot(c, a) + UnitSphere.dot(a, b) + UnitSphere.dot(b, c)
            area += 2 * atan2(det, den)
        }
        area = area.truncatingRemainder(dividingBy: 4 * .pi)
        if area < 0 { area += 4 * .pi }
        return area
    }

    /// The point where the arc a → b crosses the great circle whose pole is `n`, given the signed
    /// distances `sa` = n·a and `sb` = n·b of opposite signs.
    @inline(__always)
    static func crossing(_ a: SIMD3<Double>, _ b: SIMD3<Double>, sa: Double, sb: Double) -> SIMD3<Double> {
        let t = sa / (sa - sb)
        return UnitSphere.normalized(a + (b - a) * t)
    }
}
