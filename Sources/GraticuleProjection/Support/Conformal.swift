import Foundation
import GraticuleCore

/// Conformal latitude helpers (Karney, "Transverse Mercator with an accuracy of a few
/// nanometers", J. Geodesy 85, 2011, eqs. 7–9), shared by the conformal projections.
public enum Conformal {
    /// τ′ = tan χ (conformal latitude) from τ = tan φ.
    @inlinable public static func conformalTau(_ tau: Double, e: Double) -> Double {
        let tau1 = (1 + tau * tau).squareRoot()
        let sig = sinh(e * atanh(e * tau / tau1))
        return (1 + sig * sig).squareRoot() * tau - sig * tau1
    }

    /// The isometric latitude ψ = asinh(tan φ) − e·atanh(e sin φ) (Karney 2011 eq. 8; the tan form
    /// stays accurate next to the poles).
    @inlinable public static func isometricLatitude(_ phi: Double, e: Double) -> Double {
        asinh(tan(phi)) - e * atanh(e * sin(phi))
    }

    /// The latitude φ of isometric latitude ψ: atan(sinh ψ) on the sphere (e = 0), else by
    /// `tau(fromConformalTau:)` from τ′ = sinh ψ.
    @inlinable public static func latitude(isometric psi: Double, e: Double) -> Double {
        e == 0 ? atan(sinh(psi)) : atan(tau(fromConformalTau: sinh(psi), e: e))
    }

    /// B = √(1 + e² cos⁴φ0 / (1 − e²)), from cos φ0 and e²: the exponent of the conformal map of
    /// the ellipsoid onto the Gauss sphere that keeps the scale stationary at latitude φ0 (IOGP
    /// GN 7-2: Oblique Stereographic, Hotine and Laborde Oblique Mercator, Krovak).
    @inlinable public static func gaussSphereExponent(cosPhi0 c: Double, e2: Double) -> Double {
        (1 + e2 * c * c * c * c / (1 - e2)).squareRoot()
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

/// The conformal latitude χ and the isometric latitude ψ as polynomials in sin²φ, for the forward
/// kernels of the conformal projections (Transverse Mercator, Lambert Conic Conformal): no `atanh`,
/// `sinh` or `cosh` call per point.
///
/// With s = sin φ and q = e·atanh(e·s) (so that ψ = atanh(s) − q, Karney 2011 eq. 8):
/// - `tanChiCosPhi(sin:)` = tan χ · cos φ = s·cosh q − sinh q = s·R(s²), R(t) = cosh q − (sinh q)/s
///   (an even function of s, so a power series in t = s²);
/// - `isometricCorrection(sin:)` = q = s·Q(s²), Q(t) = Σ e²ᵏ⁺² tᵏ / (2k + 1).
///
/// Both series in t converge like (e²t)ᵏ (the singularity of atanh(e·s) is at t = 1/e²); they are
/// truncated after t⁷, where the remainder is below 2·10⁻²¹ relative for the Earth's ellipsoids and
/// below 9·10⁻¹⁹ at e² = 1/75 (f ≈ 1/150; checked with mpmath at 50 digits over t ∈ [0, 1]).
/// R's coefficients come from power-series arithmetic at construction (Q, then q² = t·Q², cosh and
/// sinh by their series); R₀ = 1 − e², R₁ = e⁴(1 − e²)/6 ≈ 7·10⁻⁶ for WGS 84, and each further
/// coefficient is ≈ e² times the previous one, so the value is R₀ plus a small correction and
/// rounds to within one ulp. For flatter-than-terrestrial bodies `isUsable` is false (e² > 1/75)
/// and both functions evaluate the closed forms instead.
@frozen
public struct ConformalPolynomials: Sendable {
    /// R(t) coefficients, t⁰…t⁷.
    @usableFromInline let r0, r1, r2, r3, r4, r5, r6, r7: Double
    /// Q(t) coefficients, t⁰…t⁷.
    @usableFromInline let q0, q1, q2, q3, q4, q5, q6, q7: Double
    /// True when e² ≤ 1/75, where the truncated series are exact to double precision.
    public let isUsable: Bool
    /// The eccentricity, for the closed forms beyond `isUsable`.
    public let eccentricity: Double

    /// The series for eccentricity `e` (0 for a sphere: R ≡ 1, Q ≡ 0).
    public init(eccentricity e: Double) {
        let count = 8
        let e2 = e * e
        eccentricity = e
        isUsable = e2 <= 1.0 / 75
        // Q(t) = Σ e^(2k+2) t^k / (2k+1): q = s·Q(s²).
        var qc = [Double](repeating: 0, count: count)
        var ek = e2
        for k in 0..<count { qc[k] = ek / Double(2 * k + 1); ek *= e2 }
        func mul(_ a: [Double], _ b: [Double]) -> [Double] {
            var r = [Double](repeating: 0, count: count)
            for i in 0..<count { for j in 0..<(count - i) { r[i + j] += a[i] * b[j] } }
            return r
        }
        // q² = t·Q(t)²; cosh q = Σ q²ʲ/(2j)!, (sinh q)/s = Q·Σ q²ʲ/(2j+1)!.
        let qq = [0] + mul(qc, qc).dropLast()
        var cosh = [Double](repeating: 0, count: count), sinhOverQ = cosh
        var power = [1.0] + [Double](repeating: 0, count: count - 1)
        var evenFactorial = 1.0, oddFactorial = 1.0
        for j in 0..<count {
            if j > 0 {
                evenFactorial *= Double((2 * j - 1) * (2 * j))
                oddFactorial *= Double((2 * j) * (2 * j + 1))
            }
            for i in 0..<count {
                cosh[i] += power[i] / evenFactorial
                sinhOverQ[i] += power[i] / oddFactorial
            }
            power = mul(power, qq)
        }
        let sinhOverS = mul(sinhOverQ, qc)
        var r = (0..<count).map { cosh[$0] - sinhOverS[$0] }
        r[0] = 1 - e2  // exactly cosh 0 − e²
        (r0, r1, r2, r3, r4, r5, r6, r7) = (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])
        (q0, q1, q2, q3, q4, q5, q6, q7) = (qc[0], qc[1], qc[2], qc[3], qc[4], qc[5], qc[6], qc[7])
    }

    /// tan χ · cos φ (χ the conformal latitude) from s = sin φ, on two values; within one ulp of
    /// the closed form s·cosh q − sinh q (`Series.oddPolynomial`), which it is beyond `isUsable`.
    @inlinable @inline(__always)
    public func tanChiCosPhi(sin s: SIMD2<Double>) -> SIMD2<Double> {
        isUsable ? Series.oddPolynomial(s, (r0, r1, r2, r3, r4, r5, r6, r7))
            : SIMD2(Self.tanChiCosPhi(s[0], e: eccentricity), Self.tanChiCosPhi(s[1], e: eccentricity))
    }

    /// tan χ · cos φ in closed form, s·cosh q − sinh q with q = e·atanh(e·s).
    @inlinable
    public static func tanChiCosPhi(_ s: Double, e: Double) -> Double {
        let q = e * atanh(e * s)
        return s * cosh(q) - sinh(q)
    }

    /// q = e·atanh(e·s), the ellipsoidal part of the isometric latitude ψ = atanh(s) − q, from
    /// s = sin φ, on two values (`Series.oddPolynomial`; the closed form beyond `isUsable`).
    @inlinable @inline(__always)
    public func isometricCorrection(sin s: SIMD2<Double>) -> SIMD2<Double> {
        isUsable ? Series.oddPolynomial(s, (q0, q1, q2, q3, q4, q5, q6, q7))
            : SIMD2(eccentricity * atanh(eccentricity * s[0]), eccentricity * atanh(eccentricity * s[1]))
    }

    /// `tanChiCosPhi(sin:)` on one value (a lane of the pair form, so the same result).
    @inlinable @inline(__always)
    public func tanChiCosPhi(sin s: Double) -> Double { tanChiCosPhi(sin: SIMD2(repeating: s))[0] }

    /// `isometricCorrection(sin:)` on one value (a lane of the pair form, so the same result).
    @inlinable @inline(__always)
    public func isometricCorrection(sin s: Double) -> Double { isometricCorrection(sin: SIMD2(repeating: s))[0] }
}
