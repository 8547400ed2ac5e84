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
