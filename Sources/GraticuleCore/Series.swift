/// Polynomial and trigonometric series summation used by the projection kernels.
public enum Series {
    /// Horner evaluation of `c[0] + c[1] x + … + c[n] xⁿ`.
    @inlinable public static func horner(_ x: Double, _ c: UnsafeBufferPointer<Double>) -> Double {
        var y = 0.0
        var i = c.count - 1
        while i >= 0 { y = y * x + c[i]; i -= 1 }
        return y
    }

    /// Clenshaw summation of the sine series `Σ_{k=1..n} c[k−1] sin(2kθ)`, given `sin 2θ` and
    /// `cos 2θ` (no per-term trigonometric calls).
    @inlinable public static func clenshawSin(sin2: Double, cos2: Double, _ c: UnsafeBufferPointer<Double>) -> Double {
        let x = 2 * cos2
        var u0 = 0.0, u1 = 0.0
        var k = c.count - 1
        while k >= 0 {
            let t = x * u0 - u1 + c[k]
            u1 = u0; u0 = t
            k -= 1
        }
        return sin2 * u0
    }
}
