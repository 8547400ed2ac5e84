import Foundation

/// Points of the unit sphere as 3-D unit vectors: x towards (λ = 0, φ = 0), y towards (λ = 90°,
/// φ = 0), z towards the North Pole. Edges between points are great-circle arcs.
///
/// The helpers shared by the domain regions of the projections (`ClipRegion`) and the renderer's
/// clipping on the sphere. Angles are radians.
public enum UnitSphere {
    /// The unit vector of longitude λ and latitude φ (radians).
    @inlinable @inline(__always)
    public static func vector(lon: Double, lat: Double) -> SIMD3<Double> {
        let cp = cos(lat)
        return SIMD3(cp * cos(lon), cp * sin(lon), sin(lat))
    }

    /// The unit vector of (λ, φ) radians.
    @inlinable @inline(__always)
    public static func vector(_ lonLat: SIMD2<Double>) -> SIMD3<Double> { vector(lon: lonLat.x, lat: lonLat.y) }

    /// Longitude and latitude (radians) of a (not necessarily unit) vector; longitude 0 at a pole.
    @inlinable @inline(__always)
    public static func lonLat(_ v: SIMD3<Double>) -> SIMD2<Double> {
        let h = (v.x * v.x + v.y * v.y).squareRoot()
        return SIMD2(h == 0 ? 0 : atan2(v.y, v.x), atan2(v.z, h))
    }

    @inlinable @inline(__always)
    public static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    @inlinable @inline(__always)
    public static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    @inlinable @inline(__always)
    public static func length(_ a: SIMD3<Double>) -> Double { (a * a).sum().squareRoot() }

    /// `a` scaled to unit length (the zero vector stays zero).
    @inlinable @inline(__always)
    public static func normalized(_ a: SIMD3<Double>) -> SIMD3<Double> {
        let l = length(a)
        return l > 0 ? a / l : a
    }

    /// The angle between two unit vectors (radians, 0…π), accurate at every size (atan2 of the
    /// cross and dot products).
    @inlinable @inline(__always)
    public static func angle(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        atan2(length(cross(a, b)), dot(a, b))
    }

    /// The point at fraction `t` of the great-circle arc from `a` to `b` (unit vectors, not
    /// antipodal), by angle.
    @inlinable
    public static func interpolate(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ t: Double) -> SIMD3<Double> {
        let w = angle(a, b)
        guard w > 1e-12 else { return normalized(a + (b - a) * t) }
        let s = sin(w)
        return normalized(a * (sin((1 - t) * w) / s) + b * (sin(t * w) / s))
    }

    /// The unit tangent at `a` of the great circle towards `b` (zero when `b` is `±a`).
    @inlinable @inline(__always)
    public static func tangent(from a: SIMD3<Double>, towards b: SIMD3<Double>) -> SIMD3<Double> {
        normalized(b - a * dot(a, b))
    }

    /// The point at angular distance `d` from `a` in the tangent direction `t` (unit, ⟂ a).
    @inlinable @inline(__always)
    public static func offset(_ a: SIMD3<Double>, along t: SIMD3<Double>, by d: Double) -> SIMD3<Double> {
        normalized(a * cos(d) + t * sin(d))
    }
}
