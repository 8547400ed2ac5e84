import Foundation

/// Meridian distance M(φ) from the equator on the unit ellipsoid (a = 1) and its inverse, shared
/// by the conics that measure along the meridian (Equidistant Conic, American Polyconic, Bonne).
///
/// M = A·μ with the rectifying radius A = (1 + n²/4 + n⁴/64 + n⁶/256)/(1 + n) and the rectifying
/// latitude μ = φ + Σ₁⁶ Cₗ sin 2lφ; the inverse is φ = μ + Σ₁⁶ Dₗ sin 2lμ. The coefficients are the
/// 6th-order series in the third flattening n = f/(2 − f) (Karney, "On auxiliary latitudes",
/// Survey Review 56, 2024, arXiv:2212.05818, eqs. A5–A6), summed by Clenshaw. Full double
/// precision for |f| ≤ 1/150 (every terrestrial ellipsoid); exact (M = φ) on the sphere.
@frozen
public struct MeridianDistance: Sendable {
    /// Rectifying radius A / a.
    public let rectifyingRadius: Double
    /// Coefficients Cₗ of φ → μ.
    @usableFromInline let toRectifying: (Double, Double, Double, Double, Double, Double)
    /// Coefficients Dₗ of μ → φ.
    @usableFromInline let fromRectifying: (Double, Double, Double, Double, Double, Double)

    /// Precomputes the series for an ellipsoid of flattening `f` (0 for a sphere).
    public init(flattening f: Double) {
        let n = f / (2 - f)
        let n2 = n * n
        rectifyingRadius = (1 + n2 * (1.0 / 4 + n2 * (1.0 / 64 + n2 / 256))) / (1 + n)
        let n3 = n2 * n, n4 = n2 * n2, n5 = n4 * n, n6 = n3 * n3
        toRectifying = (
            n * (-3.0 / 2 + n2 * (9.0 / 16 - n2 * 3.0 / 32)),
            n2 * (15.0 / 16 + n2 * (-15.0 / 32 + n2 * 135.0 / 2048)),
            n3 * (-35.0 / 48 + n2 * 105.0 / 256),
            n4 * (315.0 / 512 - n2 * 189.0 / 512),
            n5 * (-693.0 / 1280),
            n6 * (1001.0 / 2048))
        fromRectifying = (
            n * (3.0 / 2 + n2 * (-27.0 / 32 + n2 * 269.0 / 512)),
            n2 * (21.0 / 16 + n2 * (-55.0 / 32 + n2 * 6759.0 / 4096)),
            n3 * (151.0 / 96 - n2 * 417.0 / 128),
            n4 * (1097.0 / 512 - n2 * 15543.0 / 2560),
            n5 * (8011.0 / 2560),
            n6 * (293393.0 / 61440))
    }

    /// M(π/2) / a, the quarter meridian.
    @inlinable public var quarterMeridian: Double { rectifyingRadius * (Double.pi / 2) }

    /// M(φ) / a, given φ and its sine and cosine.
    @inlinable
    public func distance(_ phi: Double, sin s: Double, cos c: Double) -> Double {
        rectifyingRadius * (phi + MeridianDistance.clenshaw(sin: s, cos: c, toRectifying))
    }

    /// M(φ) / a.
    @inlinable
    public func distance(_ phi: Double) -> Double {
        distance(phi, sin: sin(phi), cos: cos(phi))
    }

    /// The latitude φ whose meridian distance is `m` (units of a). |m| beyond the quarter
    /// meridian gives a latitude beyond ±π/2 (callers check).
    @inlinable
    public func latitude(distance m: Double) -> Double {
        let mu = m / rectifyingRadius
        return mu + MeridianDistance.clenshaw(sin: sin(mu), cos: cos(mu), fromRectifying)
    }

    /// Σ₁⁶ cₗ sin 2lζ by Clenshaw, given sin ζ and cos ζ.
    @inlinable @inline(__always)
    static func clenshaw(sin s: Double, cos c: Double,
                         _ k: (Double, Double, Double, Double, Double, Double)) -> Double {
        let x = 2 * (c - s) * (c + s)  // 2 cos 2ζ
        var u0 = k.5, u1 = 0.0
        var t = x * u0 - u1 + k.4; u1 = u0; u0 = t
        t = x * u0 - u1 + k.3; u1 = u0; u0 = t
        t = x * u0 - u1 + k.2; u1 = u0; u0 = t
        t = x * u0 - u1 + k.1; u1 = u0; u0 = t
        t = x * u0 - u1 + k.0; u0 = t
        return 2 * s * c * u0  // sin 2ζ · u0
    }
}
