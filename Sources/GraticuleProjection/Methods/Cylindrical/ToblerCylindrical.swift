import Foundation
import GraticuleCore

/// Tobler Cylindrical I and II (Esri `Tobler_Cylindrical_I`, `Tobler_Cylindrical_II`,
/// ESRI:54100/54101; no EPSG method, no PROJ operation — PROJ 9.5.1 cannot project them).
///
/// Formulas: W. R. Tobler, "Alternatives to Miller's Projection", Cartography and Geographic
/// Information Systems 24(2):110–112, 1997 (doi:10.1559/152304097782439358): x = Δλ and
/// y = φ + φ³/6 (variant 1, Esri's Tobler cylindrical I) or y = φ + φ³/6 + φ⁵/24 (variant 2,
/// Esri's II) — the first terms of the Mercator series. Inverse by Newton's method on the odd
/// polynomial (dy/dφ ≥ 1). Spherical; Esri's documentation: "supported on spheres only; for an
/// ellipsoid, the semimajor axis is used for the radius".
/// Check value: Esri gives the height-to-width ratio of the whole Tobler I map as 0.71 —
/// 2·y(π/2)/(2π) = 0.7056.
///
/// Accuracy: exact formulas; inverse to 1e-15 rad. Domain: the whole globe.
public struct ToblerCylindrical: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Tobler Cylindrical",
        names: ["Tobler_Cylindrical_I", "Tobler_Cylindrical_II"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    /// Coefficient of φ⁵: 0 (variant I) or 1/24 (variant II).
    @usableFromInline let c5: Double
    @usableFromInline let maxY: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let name = ProjectionDescriptor.normalize(p.methodName)
        c5 = name.hasSuffix("ii") || name.hasSuffix("2") ? 1.0 / 24 : 0
        let h = Double.pi / 2
        maxY = h + h * h * h / 6 + c5 * h * h * h * h * h
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    /// True for Tobler Cylindrical II.
    public var isVariantII: Bool { c5 != 0 }

    @inlinable func y(_ phi: Double) -> Double {
        let p2 = phi * phi
        return phi * (1 + p2 * (1.0 / 6 + c5 * p2))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        return SIMD2(lp.x, y(lp.y))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(xy.y) <= maxY * (1 + 1e-12), abs(xy.x) <= Double.pi * (1 + 1e-12) else {
            return SIMD2(.nan, .nan)
        }
        let phi = NumericalInverse.newton(from: xy.y, maxIterations: 30) { phi in
            let p2 = phi * phi
            return (y(phi) - xy.y) / (1 + p2 * (0.5 + 5 * c5 * p2))
        }
        return SIMD2(xy.x, max(-Double.pi / 2, min(Double.pi / 2, phi)))
    }
}
