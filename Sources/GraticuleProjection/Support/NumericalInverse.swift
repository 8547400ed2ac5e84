import Foundation

/// Anything with a forward map (λ − λ0, φ) → (x, y), for `NumericalInverse.refine`.
@usableFromInline protocol ForwardKernel {
    func forward(_ lp: SIMD2<Double>) -> SIMD2<Double>
}

/// The Newton solvers of the inverse kernels (and of the forward kernels' auxiliary angles).
@usableFromInline enum NumericalInverse {
    /// Refines an approximate inverse by Newton's method on a projection's own forward kernel, so
    /// that methods whose published reverse formulas are truncated series (Cassini-Soldner,
    /// Colombia Urban) invert their forward exactly (to ~1e-15 of the unit ellipsoid, i.e.
    /// < 0.01 mm on the Earth). The Jacobian is taken by central differences (step 1e-7 rad), which
    /// is ample for quadratic-rate convergence from an initial error of a few metres.
    ///
    /// Newton iterations from `initial` (λ − λ0, φ) towards the point whose forward is `target`.
    /// Returns NaN when the iteration does not converge within `maxIterations`.
    @inlinable
    static func refine<P: ForwardKernel>(_ p: P, target: SIMD2<Double>, initial: SIMD2<Double>,
                                      tolerance: Double = 1e-14, maxIterations: Int = 15) -> SIMD2<Double> {
        var lp = initial
        let h = 1e-7
        for _ in 0..<maxIterations {
            let f = p.forward(lp) - target
            if !(f.x.isFinite && f.y.isFinite) { return SIMD2(.nan, .nan) }
            if abs(f.x) <= tolerance && abs(f.y) <= tolerance { return lp }
            let dl = (p.forward(SIMD2(lp.x + h, lp.y)) - p.forward(SIMD2(lp.x - h, lp.y))) / (2 * h)
            let dp = (p.forward(SIMD2(lp.x, lp.y + h)) - p.forward(SIMD2(lp.x, lp.y - h))) / (2 * h)
            let det = dl.x * dp.y - dp.x * dl.y
            guard det.isFinite && det != 0 else { return SIMD2(.nan, .nan) }
            let dlam = (f.x * dp.y - dp.x * f.y) / det
            let dphi = (dl.x * f.y - f.x * dl.y) / det
            lp.x -= dlam
            lp.y -= dphi
            if abs(dlam) < 1e-15 && abs(dphi) < 1e-15 { return lp }
        }
        // Accept a result that is as good as the arithmetic allows even if the step test never fired.
        let f = p.forward(lp) - target
        return abs(f.x) <= 1e-12 && abs(f.y) <= 1e-12 ? lp : SIMD2(.nan, .nan)
    }

    /// Solves `g(t) = target` for an increasing `g` on `[lo, hi]` (with `g(lo) ≤ target ≤ g(hi)`)
    /// by Newton's method safeguarded by bisection: a step that leaves the current bracket is
    /// replaced by the midpoint. `g` returns the value and the derivative. At most 100
    /// evaluations; stops when the step falls below 1e-15 (absolute, radians).
    @inlinable
    static func solveIncreasing(_ target: Double, lo: Double, hi: Double, guess: Double,
                                _ g: (Double) -> (value: Double, slope: Double)) -> Double {
        var a = lo, b = hi
        var t = min(max(guess, lo), hi)
        for _ in 0..<100 {
            let (v, d) = g(t)
            let f = v - target
            if f == 0 { return t }
            if f < 0 { a = t } else { b = t }
            var next = t - f / d
            if !(next > a && next < b) { next = 0.5 * (a + b) }
            let step = abs(next - t)
            t = next
            if step <= 1e-15 || b - a <= 1e-15 { break }
        }
        return t
    }

    /// Newton's method in one dimension: t ← t − step(t) from `start`, where `step(t)` is
    /// f(t)/f′(t), until |step| ≤ `tolerance` (or is NaN), at most `maxIterations` times. With a
    /// `limit`, an iterate at or beyond it ends the iteration and `limit` is returned. For the
    /// monotone equations of the projections (auxiliary angles, polynomial inverses), whose callers
    /// start where Newton's method converges (left of the root of an increasing concave function).
    @inlinable @inline(__always)
    static func newton(from start: Double, maxIterations: Int, tolerance: Double = 1e-15, limit: Double? = nil,
                       _ step: (Double) -> Double) -> Double {
        var t = start
        for _ in 0..<maxIterations {
            let d = step(t)
            t -= d
            if let limit, t >= limit { return limit }
            if !(abs(d) > tolerance) { break }
        }
        return t
    }
}
