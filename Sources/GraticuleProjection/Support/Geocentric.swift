import Foundation

/// Geocentric coordinates on the unit ellipsoid x² + y² + z²/(1 − e²) = 1 (a = 1, z along the
/// axis, x towards λ = 0), for the perspective projections (Vertical Perspective, Geostationary
/// Satellite).
@usableFromInline
enum Geocentric {
    /// The point of latitude φ and longitude λ, from their sines and cosines:
    /// (ν cos φ cos λ, ν cos φ sin λ, (1 − e²) ν sin φ) with ν = 1/√(1 − e² sin²φ).
    @inlinable @inline(__always)
    static func point(sinPhi: Double, cosPhi: Double, sinLam: Double, cosLam: Double, e2: Double) -> SIMD3<Double> {
        let nu = 1 / (1 - e2 * sinPhi * sinPhi).squareRoot()
        return SIMD3(nu * cosPhi * cosLam, nu * cosPhi * sinLam, (1 - e2) * nu * sinPhi)
    }

    /// (λ, φ) of the first point where the ray from `origin` (outside the ellipsoid) along
    /// `direction` meets the ellipsoid: the nearer root of the quadratic in the ray parameter,
    /// (−b − √disc)/a evaluated as c/(−b + √disc) without cancellation. NaN when the ray misses.
    @inlinable @inline(__always)
    static func firstIntersection(from origin: SIMD3<Double>, along dir: SIMD3<Double>, e2: Double)
        -> SIMD2<Double> {
        let q = 1 / (1 - e2)
        let qa = dir.x * dir.x + dir.y * dir.y + dir.z * dir.z * q
        let qb = origin.x * dir.x + origin.y * dir.y + origin.z * dir.z * q
        let qc = origin.x * origin.x + origin.y * origin.y + origin.z * origin.z * q - 1
        let disc = qb * qb - qa * qc
        guard disc >= 0 else { return SIMD2(.nan, .nan) }
        let t = qc / (-qb + disc.squareRoot())
        let p = origin + t * dir
        return SIMD2(atan2(p.y, p.x), atan2(p.z, (1 - e2) * (p.x * p.x + p.y * p.y).squareRoot()))
    }
}
