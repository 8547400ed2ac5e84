/// Polynomial and trigonometric series summation used by the projection kernels (and by
/// `Geodesic`). `sinSum` and `oddPolynomial` run on two values at once (`SIMD2`, for the pair
/// kernels); a scalar form is a lane of its pair form (the value in both lanes), so both give the
/// same result bit for bit.
public enum Series {
    /// Horner evaluation of `c[0] + c[1] x + … + c[n] xⁿ`.
    @inlinable public static func horner(_ x: Double, _ c: UnsafeBufferPointer<Double>) -> Double {
        var y = 0.0
        var i = c.count - 1
        while i >= 0 { y = y * x + c[i]; i -= 1 }
        return y
    }

    /// Σ₁⁶ kⱼ sin 2jθ (k = (k₁, …, k₆)) by Clenshaw's recurrence, from sin θ and cos θ: no
    /// trigonometric call. The auxiliary-latitude series (rectifying, conformal) and the geodesic
    /// integrals are of this form.
    @inlinable @inline(__always)
    public static func sinSum(sin s: SIMD2<Double>, cos c: SIMD2<Double>,
                              _ k: (Double, Double, Double, Double, Double, Double)) -> SIMD2<Double> {
        // b_j = 2 cos 2θ · b_{j+1} − b_{j+2} + k_j from b_7 = b_8 = 0; the sum is sin 2θ · b_1.
        let x = 2 * (c - s) * (c + s)  // 2 cos 2θ
        let b5 = x * k.5 + k.4
        let b4 = x * b5 - k.5 + k.3
        let b3 = x * b4 - b5 + k.2
        let b2 = x * b3 - b4 + k.1
        let b1 = x * b2 - b3 + k.0
        return 2 * s * c * b1  // sin 2θ · b_1
    }

    /// `sinSum` on one angle.
    @inlinable @inline(__always)
    public static func sinSum(sin s: Double, cos c: Double,
                              _ k: (Double, Double, Double, Double, Double, Double)) -> Double {
        sinSum(sin: SIMD2(repeating: s), cos: SIMD2(repeating: c), k)[0]
    }

    /// s · (k₀ + k₁ t + … + k₇ t⁷) with t = s², by Estrin's scheme (a dependency chain of 5
    /// operations instead of Horner's 14): odd power series in s truncated after s¹⁵.
    @inlinable @inline(__always)
    public static func oddPolynomial(_ s: SIMD2<Double>,
                                     _ k: (Double, Double, Double, Double, Double, Double, Double, Double))
        -> SIMD2<Double> {
        let t = s * s, t2 = t * t
        let hi = (k.4 + k.5 * t) + t2 * (k.6 + k.7 * t)
        let tail = k.1 * t + t2 * ((k.2 + k.3 * t) + t2 * hi)
        return s * (k.0 + tail)
    }
}
