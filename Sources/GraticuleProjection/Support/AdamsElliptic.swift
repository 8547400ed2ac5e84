import Foundation

/// Shared kernels of the conformal "sphere in a square" maps of C. S. Peirce (1879) and
/// O. S. Adams (1925; "Conformal projection of the sphere within a square", USC&GS Special
/// Publication 153, 1929): used by `PeirceQuincuncial` and `AdamsSquareII`.
///
/// Adams writes both maps through two angles a, b of a point (their definition depends on the
/// map) and two real incomplete elliptic integrals of the first kind with modulus k = 1/√2:
///
///     x = F(m | ½),  y = F(n | ½),  sin²m = 1 + cos(a + b),  sin²n = 1 − cos(a − b).
///
/// With c = cos a, d = cos b and s = sin a sin b = √((1 − c²)(1 − d²)) this is, without the
/// cancellation of the textbook form (derivation: sin²m = 1 + cd − s = (c + d)²/(1 + cd + s)),
///
///     sin m = (c + d)/√(1 + cd + s),  cos²m = s − cd,
///     sin n = (d − c)/√(1 − cd + s),  cos²n = s + cd,   cos²m · cos²n = 1 − c² − d² =: w,
///
/// where the caller supplies w computed directly from the latitude and longitude (for Peirce
/// w = sin²φ), so that m and n keep full relative precision near the corners and the centre.
/// Because c² + d² ≤ 1 for both maps, the denominators are ≥ ½. The inverse is closed form once
/// F is inverted: c + d = sin m √(1 + cos²n), d − c = sin n √(1 + cos²m), w = cos²m cos²n.
///
/// F is available two ways:
/// - exact: F(φ | ½) = sin φ · R_F(cos²φ, 1 − ½ sin²φ, 1) (Carlson's symmetric integral,
///   B. C. Carlson, "Numerical computation of real or complex elliptic integrals", Numerical
///   Algorithms 10, 1995, duplication algorithm), relative error ~1e-16;
/// - PROJ-compatible: the 7-term even Chebyshev approximation of G. I. Evenden's libproj4
///   (`proj_guyou.c`), which PROJ's `adams.cpp` (`ell_int_5`) uses. Its error is at most
///   6.6e-8 (0.42 m on the WGS 84 semi-major axis) and F̃(π/2) = 1.854074716833181 exceeds
///   K(1/√2) = 1.8540746773013719 by 3.95e-8 (0.25 m).
public enum AdamsElliptic {
    /// K(1/√2) = Γ(¼)²/(4√π), the complete elliptic integral of the first kind for m = ½.
    public static let completeK = 1.8540746773013719

    /// √½.
    @usableFromInline static let rsqrt2 = 0.70710678118654752440

    // MARK: Elliptic integral F(φ | ½)

    /// Carlson's R_F(x, y, z) by the duplication algorithm (Carlson 1995, §2), for x, y, z ≥ 0
    /// with at most one of them zero.
    @inlinable public static func carlsonRF(_ x0: Double, _ y0: Double, _ z0: Double) -> Double {
        var x = x0, y = y0, z = z0
        let a0 = (x + y + z) / 3
        var a = a0
        // Q = (3r)^(-1/6) max|A0 − x_i| with r = 2^-53: after n steps the error is below
        // r when 4^-n Q < |A_n|.
        let q = 393.0 * max(abs(a0 - x), abs(a0 - y), abs(a0 - z))
        var f = 1.0
        for _ in 0..<40 {
            if f * q < abs(a) { break }
            let sx = x.squareRoot(), sy = y.squareRoot(), sz = z.squareRoot()
            let lam = sx * sy + sx * sz + sy * sz
            x = 0.25 * (x + lam); y = 0.25 * (y + lam); z = 0.25 * (z + lam)
            a = 0.25 * (a + lam)
            f *= 0.25
        }
        let dx = (a - x) / a, dy = (a - y) / a
        let dz = -(dx + dy)
        let e2 = dx * dy - dz * dz, e3 = dx * dy * dz
        return (1 - e2 / 10 + e3 / 14 + e2 * e2 / 24 - 3 * e2 * e3 / 44) / a.squareRoot()
    }

    /// F(φ | ½), exact (relative error ~1e-16), odd in φ, for |φ| ≤ π/2.
    @inlinable public static func incompleteF(_ phi: Double) -> Double {
        let s = sin(phi), c = cos(phi)
        return s * carlsonRF(c * c, 1 - 0.5 * s * s, 1)
    }

    /// Evenden's Chebyshev approximation F̃(φ | ½) (the coefficients of libproj4's `ell_int_5`,
    /// as in PROJ `adams.cpp`): F̃(φ) = φ · Σ cₖ T₂ₖ(2φ/π) evaluated by Clenshaw's recurrence in
    /// t = 2(2φ/π)² − 1. Odd in φ; maximum error 6.6e-8 on |φ| ≤ π/2.
    @inlinable public static func incompleteFChebyshev(_ phi: Double) -> Double {
        let u = phi * (2 / Double.pi)
        let t = 2 * u * u - 1
        let t2 = 2 * t
        // Clenshaw, highest degree first: b_k = 2t·b_{k+1} − b_{k+2} + c_k.
        var b1 = -8.58691003636495e-07, b2 = 0.0, b0: Double
        b0 = t2 * b1 - b2 + 2.02692115653689e-07; b2 = b1; b1 = b0
        b0 = t2 * b1 - b2 + 3.12960480765314e-05; b2 = b1; b1 = b0
        b0 = t2 * b1 - b2 + 5.30394739921063e-05; b2 = b1; b1 = b0
        b0 = t2 * b1 - b2 - 0.0012804644680613; b2 = b1; b1 = b0
        b0 = t2 * b1 - b2 - 0.00575574836830288; b2 = b1; b1 = b0
        b0 = t2 * b1 - b2 + 0.0914203033408211; b2 = b1; b1 = b0
        return phi * (t * b1 - b2 + 0.5 * 2.19174570831038)
    }

    /// F(φ | ½) with the chosen evaluation.
    @inlinable @inline(__always)
    public static func F(_ phi: Double, exact: Bool) -> Double {
        exact ? incompleteF(phi) : incompleteFChebyshev(phi)
    }

    /// F(π/2 | ½) with the chosen evaluation: the half-side of the unit square.
    public static func halfSide(exact: Bool) -> Double {
        exact ? completeK : incompleteFChebyshev(Double.pi / 2)
    }

    /// The amplitude φ with F(φ | ½) = u, for |u| ≤ F(π/2): Newton's method with the exact
    /// derivative 1/√(1 − ½ sin²φ) (for the Chebyshev F̃ the derivative differs by < 1e-6,
    /// so the iteration still converges, linearly with ratio < 1e-6). Values beyond the half-side
    /// are clamped to ±π/2; the result inverts the chosen F to ~1 ulp.
    @inlinable public static func amplitude(_ u: Double, exact: Bool, halfSide: Double) -> Double {
        if abs(u) >= halfSide { return u < 0 ? -Double.pi / 2 : Double.pi / 2 }
        let phi = NumericalInverse.newton(from: u * (Double.pi / 2) / halfSide, maxIterations: 12, tolerance: 1e-16) { t in
            let s = sin(t)
            return (F(t, exact: exact) - u) * (1 - 0.5 * s * s).squareRoot()
        }
        return min(max(phi, -Double.pi / 2), Double.pi / 2)
    }

    // MARK: The square kernel

    /// Square coordinates (F(m), F(n)) from c = cos a, d = cos b and w = 1 − c² − d² ≥ 0.
    @inlinable public static func square(c: Double, d: Double, w: Double, exact: Bool) -> SIMD2<Double> {
        let cd = c * d
        let ww = max(w, 0)
        let s = (ww + cd * cd).squareRoot()
        var cm2: Double, cn2: Double
        if cd >= 0 {
            cn2 = s + cd
            cm2 = cn2 > 0 ? ww / cn2 : 0
        } else {
            cm2 = s - cd
            cn2 = cm2 > 0 ? ww / cm2 : 0
        }
        let sm = (c + d) / (1 + cd + s).squareRoot()
        let sn = (d - c) / (1 - cd + s).squareRoot()
        let m = atan2(sm, max(cm2, 0).squareRoot())
        let n = atan2(sn, max(cn2, 0).squareRoot())
        return SIMD2(F(m, exact: exact), F(n, exact: exact))
    }

    /// The inverse of `square`: from (F(m), F(n)) inside the square of half-side `halfSide`,
    /// returns (c + d, d − c, cos m · cos n) = (c + d, d − c, √w).
    @inlinable public static func unsquare(_ xy: SIMD2<Double>, exact: Bool, halfSide: Double)
        -> (sum: Double, difference: Double, rootW: Double)
    {
        let m = amplitude(xy.x, exact: exact, halfSide: halfSide)
        let n = amplitude(xy.y, exact: exact, halfSide: halfSide)
        let sm = sin(m), cm = cos(m), sn = sin(n), cn = cos(n)
        return (sm * (1 + cn * cn).squareRoot(), sn * (1 + cm * cm).squareRoot(), cm * cn)
    }

    /// Rotation by +45° (x′ = (x − y)/√2, y′ = (x + y)/√2), as PROJ's square layouts.
    @inlinable @inline(__always) public static func rotate45(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(rsqrt2 * (p.x - p.y), rsqrt2 * (p.x + p.y))
    }

    /// Rotation by −45°, the inverse of `rotate45`.
    @inlinable @inline(__always) public static func unrotate45(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(rsqrt2 * (p.x + p.y), rsqrt2 * (p.y - p.x))
    }
}
