import Foundation

/// Conformal latitude helpers (Karney, "Transverse Mercator with an accuracy of a few
/// nanometers", J. Geodesy 85, 2011, eqs. 7–9), shared by the conformal projections.
public enum Conformal {
    /// τ′ = tan χ (conformal latitude) from τ = tan φ.
    @inlinable public static func conformalTau(_ tau: Double, e: Double) -> Double {
        let tau1 = (1 + tau * tau).squareRoot()
        let sig = sinh(e * atanh(e * tau / tau1))
        return (1 + sig * sig).squareRoot() * tau - sig * tau1
    }

    /// sinh q and cosh q of q = e·atanh(x), x = e sin φ, for the conformal latitude
    /// (sinh ψ′ terms): power series instead of `atanh` and `exp`. Valid for |x| ≤ e < 0.1 (every
    /// terrestrial ellipsoid; the registry's largest e is 0.0825): atanh(x)/x to x¹⁸ and the
    /// sinh/cosh series to q⁹ leave a relative error below 1e-17.
    @inlinable @inline(__always)
    public static func sinhCoshOfQ(_ x: Double, e: Double) -> (sinh: Double, cosh: Double) {
        let x2 = x * x
        // atanh(x)/x = Σ x^(2k)/(2k+1), k = 0…9
        var a = 1.0 / 19
        a = a * x2 + 1.0 / 17; a = a * x2 + 1.0 / 15; a = a * x2 + 1.0 / 13; a = a * x2 + 1.0 / 11
        a = a * x2 + 1.0 / 9; a = a * x2 + 1.0 / 7; a = a * x2 + 1.0 / 5; a = a * x2 + 1.0 / 3
        a = a * x2 + 1
        let q = e * x * a
        let q2 = q * q
        let sh = q * (1 + q2 / 6 * (1 + q2 / 20 * (1 + q2 / 42 * (1 + q2 / 72))))
        let ch = 1 + q2 / 2 * (1 + q2 / 12 * (1 + q2 / 30 * (1 + q2 / 56 * (1 + q2 / 90))))
        return (sh, ch)
    }

    /// τ = tan φ from τ′ = tan χ by Newton's method (converges in 2–3 iterations to full precision).
    @inlinable public static func tau(fromConformalTau taup: Double, e: Double) -> Double {
        let e2m = 1 - e * e
        var tau = abs(taup) > 70 ? taup * exp(e * atanh(e)) : taup / e2m
        let stol = 0.1 * Double.ulpOfOne.squareRoot() * max(1, abs(taup))
        for _ in 0..<10 {
            let taupa = conformalTau(tau, e: e)
            let dtau = (taup - taupa) * (1 + e2m * tau * tau)
                / (e2m * (1 + tau * tau).squareRoot() * (1 + taupa * taupa).squareRoot())
            tau += dtau
            if !(abs(dtau) >= stol) { break }
        }
        return tau
    }
}
