import Foundation
import GraticuleCore

/// A world projection on the unit sphere that draws the parallel of latitude φ as the straight
/// line y = height(φ), x = λ·width(φ), with `height` odd and increasing and `width` even and
/// positive: the polynomial compromise projections of Šavrič, Jenny and Patterson (Natural Earth,
/// Natural Earth II; Patterson cylindrical, where width ≡ 1).
///
/// Conforming types give the two functions; the kernels are shared. Forward: x = λ·width(φ),
/// y = height(φ), NaN for |φ| > π/2 or a non-finite λ. Inverse: φ solves height(φ) = |y| by
/// Newton's method safeguarded by bisection on [0, π/2] (`NumericalInverse.solveIncreasing`),
/// then λ = x / width(φ) (`WorldProjectionSupport.longitude`); points beyond the pole line
/// (|y| > maxY + 1e-12) or outside the outline give NaN.
public protocol PolynomialPseudocylindrical: Projection {
    /// x / λ on the parallel of latitude `phi` (units of a per radian).
    static func width(_ phi: Double) -> Double

    /// y of the parallel of latitude `phi` ∈ [0, π/2] (units of a) and its derivative dy/dφ.
    static func height(_ phi: Double) -> (value: Double, slope: Double)

    /// y of the pole line, `height(π/2).value`.
    static var maxY: Double { get }
}

extension PolynomialPseudocylindrical {
    /// Cylindrical: every parallel as long as the equator.
    @inlinable @inline(__always) public static func width(_ phi: Double) -> Double { 1 }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lp.x * Self.width(lp.y), Self.height(lp.y).value)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let ay = abs(xy.y)
        guard ay <= Self.maxY + 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let target = min(ay, Self.maxY)
        let a = NumericalInverse.solveIncreasing(target, lo: 0, hi: Double.pi / 2, guess: target) {
            Self.height($0)
        }
        let lam = WorldProjectionSupport.longitude(xy.x, width: Self.width(a))
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, xy.y < 0 ? -a : a)
    }
}
