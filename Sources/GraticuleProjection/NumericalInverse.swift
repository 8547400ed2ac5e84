import Foundation

/// Refines an approximate inverse by Newton's method on a projection's own forward kernel, so that
/// methods whose published reverse formulas are truncated series (Cassini-Soldner, Colombia Urban)
/// invert their forward exactly (to ~1e-15 of the unit ellipsoid, i.e. < 0.01 mm on the Earth).
/// The Jacobian is taken by central differences (step 1e-7 rad), which is ample for quadratic-rate
/// convergence from an initial error of a few metres. Used only by the inverse kernels.
/// Anything with a forward map (λ − λ0, φ) → (x, y), for `NumericalInverse`.
@usableFromInline protocol ForwardKernel {
    func forward(_ lp: SIMD2<Double>) -> SIMD2<Double>
}

@usableFromInline enum NumericalInverse {
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
}
