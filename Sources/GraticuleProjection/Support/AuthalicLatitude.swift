import Foundation
import GraticuleCore

/// The authalic (equal-area) latitude of an ellipsoid of eccentricity e, on the unit ellipsoid:
/// Snyder's q(φ) = (1 − e²)(sin φ / (1 − e² sin²φ) + atanh(e sin φ) / e) (eq. 3-12; 2 sin φ on the
/// sphere), q_p = q(90°), sin β = q / q_p, and φ from q. Shared by Albers, Lambert cylindrical and
/// azimuthal equal-area and Equal Earth.
///
/// Accuracy: `latitude(q:)` starts from the 3-term series β → φ (IOGP GN 7-2, e⁶) and refines by
/// Newton on q(φ) to 1e-15 rad; at the poles, where dq/dφ = 0, it returns ±π/2 exactly.
public struct AuthalicLatitude: Hashable, Sendable {
    /// Eccentricity e and e² (0 on the sphere).
    public let e: Double
    public let es: Double
    /// q at the pole, q_p (2 on the sphere).
    public let qp: Double
    /// The authalic radius over a, √(q_p / 2) (1 on the sphere).
    public let radius: Double
    @usableFromInline let b2: Double
    @usableFromInline let b4: Double
    @usableFromInline let b6: Double

    /// - Parameter e: the eccentricity, 0 for a sphere.
    public init(eccentricity e: Double) {
        self.e = e
        let es = e * e
        self.es = es
        let e4 = es * es, e6 = e4 * es
        b2 = es / 3 + 31 * e4 / 180 + 517 * e6 / 5040
        b4 = 23 * e4 / 360 + 251 * e6 / 3780
        b6 = 761 * e6 / 45360
        let qp = e == 0 ? 2 : (1 - es) * (1 / (1 - es) + atanh(e) / e)
        self.qp = qp
        radius = (qp / 2).squareRoot()
    }

    /// PROJ's `R_A` (metres): the authalic radius by its series a·(1 − e²/6 − 17e⁴/360 − 67e⁶/3024)
    /// (Snyder 1987 eq. 3-13 expanded), which PROJ uses for the authalic sphere of an ellipsoid
    /// (Esri's Miller, Van der Grinten, spherical LAEA and LCEA on an ellipsoid); it differs from the
    /// closed form a·√(q_p/2) by 2.6e-11 (0.16 mm), enough to matter at 1e-9° in reverse.
    public static func seriesRadius(_ ellipsoid: Ellipsoid) -> Double {
        let es = ellipsoid.eccentricitySquared
        return ellipsoid.semiMajorAxis * (1 - es * (1.0 / 6 + es * (17.0 / 360 + es * 67.0 / 3024)))
    }

    /// q(φ) from sin φ.
    @inlinable @inline(__always)
    public func q(sin s: Double) -> Double {
        if e == 0 { return 2 * s }
        return (1 - es) * (s / (1 - es * s * s) + atanh(e * s) / e)
    }

    /// sin β = q(φ) / q_p from sin φ, clamped to [−1, 1].
    @inlinable @inline(__always)
    public func sinBeta(sin s: Double) -> Double {
        min(max(q(sin: s) / qp, -1), 1)
    }

    /// The latitude φ of q (|q| ≤ q_p; beyond, the pole).
    @inlinable
    public func latitude(q qv: Double) -> Double {
        let sb = min(max(qv / qp, -1), 1)
        let beta = asin(sb)
        if e == 0 || abs(sb) == 1 { return beta }
        let t = 2 * beta
        var phi = beta + b2 * sin(t) + b4 * sin(2 * t) + b6 * sin(3 * t)
        for _ in 0..<5 {
            let s = sin(phi), c = cos(phi)
            guard c > 1e-12 else { break }
            let w = 1 - es * s * s
            // dq/dφ = 2 (1 − e²) cos φ / (1 − e² sin²φ)²
            let dphi = (qv - q(sin: s)) * w * w / (2 * (1 - es) * c)
            phi += dphi
            if !(abs(dphi) > 1e-15) { break }
        }
        return min(max(phi, -.pi / 2), .pi / 2)
    }
}
