import Foundation
import GraticuleCore

/// Geographic latitude φ from the isometric latitude ψ (equivalently the conformal latitude χ,
/// tan χ = sinh ψ) by the 6th-order trigonometric series in the third flattening n,
/// φ = χ + Σ₁⁶ cₗ sin 2lχ (Karney, "On auxiliary latitudes", Survey Review 56, 2024,
/// arXiv:2212.05818, the χ → φ series; the same coefficients are Krüger's δ of the transverse
/// Mercator inverse). Closed form, no iteration (a fixed number of transcendental calls, where
/// Newton on tan φ, `Conformal.tau(fromConformalTau:)`, iterates), which it matches to 5e-16 rad on the Earth's
/// ellipsoids (1.3e-15 rad at f = 1/150) over the whole latitude range. `isUsable` is false for
/// |f| > 1/150 (use Newton there).
@frozen
public struct ConformalLatitudeSeries: Sendable {
    /// c₁ … c₆ (also the conformal → geodetic series of `TransverseMercator`'s inverse).
    @usableFromInline let c: (Double, Double, Double, Double, Double, Double)
    /// True when |f| ≤ 1/150, where the series is exact to double precision.
    public let isUsable: Bool

    public init(flattening f: Double) {
        let n = f / (2 - f)
        let n2 = n * n, n3 = n2 * n, n4 = n3 * n, n5 = n4 * n, n6 = n5 * n
        isUsable = abs(f) <= 1.0 / 150
        // Karney (2024), Table (Engsager & Poder 2007): within 1e-17 rad for terrestrial
        // flattenings (checked with mpmath against the closed form).
        c = (n * (2 + n * (-2.0 / 3 + n * (-2 + n * (116.0 / 45 + n * (26.0 / 45 + n * (-2854.0 / 675)))))),
             n2 * (7.0 / 3 + n * (-8.0 / 5 + n * (-227.0 / 45 + n * (2704.0 / 315 + n * (2323.0 / 945))))),
             n3 * (56.0 / 15 + n * (-136.0 / 35 + n * (-1262.0 / 105 + n * (73814.0 / 2835)))),
             n4 * (4279.0 / 630 + n * (-332.0 / 35 + n * (-399572.0 / 14175))),
             n5 * (4174.0 / 315 + n * (-144838.0 / 6237)),
             n6 * (601676.0 / 22275))
    }

    /// φ from E = exp(ψ) (ψ the isometric latitude), given as E to save callers an exp/log pair.
    @inlinable @inline(__always)
    public func latitude(expIsometric e: Double) -> Double {
        // sin χ = tanh ψ = (E² − 1)/(E² + 1), cos χ = sech ψ = 2E/(E² + 1).
        guard e.isFinite else { return e > 0 ? .pi / 2 : .nan }
        let e2 = e * e
        let d = 1 / (e2 + 1)
        let s = (e2 - 1) * d, c = 2 * e * d
        return atan2(s, c) + Series.sinSum(sin: s, cos: c, self.c)
    }

    /// φ from the isometric latitude ψ.
    @inlinable
    public func latitude(isometric psi: Double) -> Double {
        latitude(expIsometric: exp(max(-40, min(40, psi))))
    }
}
