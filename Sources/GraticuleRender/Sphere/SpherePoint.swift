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

    /// As `init(_:)`, with both arctangents in one vector call (`VectorMath.atan2`, within
    /// 1.6 ulp of libm): resampling midpoints, which are only projected.
    @inline(__always) init(fast v: SIMD3<Double>) {
        self.v = v
        let h = (v.x * v.x + v.y * v.y).squareRoot()
        let a = VectorMath.atan2(SIMD2(v.y, v.z), SIMD2(v.x, h))
        ll = SIMD2(h == 0 ? 0 : a.x, a.y)
    }

    /// As `init(lonLat:)`, with the sine and cosine of λ and φ in one vector call
    /// (`VectorMath.sincos`, within 1 ulp of libm): the conversion of every source vertex.
    @inline(__always) init(fastLonLat lonLat: SIMD2<Double>) {
        let (s, c) = VectorMath.sincos(lonLat)
        v = SIMD3(c.y * c.x, c.y * s.x, s.y)
        ll = lonLat
    }
}

/// A ring or line on the sphere: consecutive points joined by great-circle arcs; a ring's last
/// point is not repeated. Rings keep the region they bound on their left (counter-clockwise seen
/// from outside the sphere).
typealias SpherePath = [SpherePoint]

/// A cap of the sphere that holds every vertex of some paths (centre: their normalised mean), for
/// quick rejection. Only caps smaller than a hemisphere are built, so the great-circle arcs
/// between the vertices lie in the cap too.
struct SphereBoundingCap {
    let center: SIMD3<Double>
    /// Angular radius (radians) and its cosine.
    let radius: Double
    let cosRadius: Double
    let sinRadius: Double

    /// The cap round `paths`, widened by `margin` radians; nil when there are no vertices or they
    /// do not fit in a cap smaller than a hemisphere.
    init?(_ paths: [SpherePath], margin: Double = 0) {
        self.init(paths.joined(), margin: margin)
    }

    /// The cap round some points (see `init(_:margin:)`).
    init?(_ points: some Collection<SpherePoint>, margin: Double = 0) {
        var sum = SIMD3<Double>(0, 0, 0)
        for p in points { sum += p.v }
        let len = UnitSphere.length(sum)
        guard len > 1e-9 else { return nil }
        let c = sum / len
        var minDot = 1.0
        for p in points { minDot = min(minDot, UnitSphere.dot(c, p.v)) }
        let radius = acos(minDot) + margin + 1e-9
        guard minDot > 0, radius < .pi / 2 else { return nil }
        center = c
        self.radius = radius
        cosRadius = cos(radius)
        sinRadius = sin(radius)
    }

    /// False when `v` is certainly outside the cap.
    @inline(__always) func mayContain(_ v: SIMD3<Double>) -> Bool { UnitSphere.dot(center, v) >= cosRadius }
}

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
