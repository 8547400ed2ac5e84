import Foundation

/// The shape a point is drawn as (simplestyle's `marker-symbol`, in the names of the Maki icons
/// and of SLD's well-known marks that have them): each fits the circle of the point's radius r
/// about the point, or the square of side 2r (`square`), as SLD's marks fit their size.
public enum MarkerShape: String, Sendable, Hashable, CaseIterable {
    /// A disc of radius r (the default).
    case circle
    /// A square of side 2r, axis-aligned.
    case square
    /// An equilateral triangle, point up, its corners on the circle of radius r.
    case triangle
    /// A five-pointed star, points on the circle of radius r, the inner corners at 0.4 r.
    case star
    /// A plus sign: two bars of length 2r and width 2r/3.
    case cross

    /// The outline about `c` (pixels, y down) for radius `r`, as a closed ring.
    public func outline(at c: SIMD2<Double>, radius r: Double) -> [SIMD2<Double>] {
        func polar(_ count: Int, _ radius: (Int) -> Double, start: Double) -> [SIMD2<Double>] {
            (0..<count).map { k in
                let a = start + Double(k) * 2 * Double.pi / Double(count)
                return c + SIMD2(cos(a), sin(a)) * radius(k)
            }
        }
        switch self {
        case .circle:
            return polar(16, { _ in r }, start: 0)
        case .square:
            return [c + SIMD2(-r, -r), c + SIMD2(r, -r), c + SIMD2(r, r), c + SIMD2(-r, r)]
        case .triangle:
            return polar(3, { _ in r }, start: -Double.pi / 2)
        case .star:
            return polar(10, { $0 % 2 == 0 ? r : 0.4 * r }, start: -Double.pi / 2)
        case .cross:
            let w = r / 3
            return [SIMD2(-w, -r), SIMD2(w, -r), SIMD2(w, -w), SIMD2(r, -w), SIMD2(r, w), SIMD2(w, w),
                    SIMD2(w, r), SIMD2(-w, r), SIMD2(-w, w), SIMD2(-r, w), SIMD2(-r, -w), SIMD2(-w, -w)].map { c + $0 }
        }
    }
}
