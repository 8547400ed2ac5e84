import Foundation
import GraticuleCore

/// Compact Miller (Esri `Compact_Miller`, PROJ `comill`; no EPSG method code).
///
/// Formulas: Jenny, Šavrič & Patterson, "A compromise aspect-adaptive cylindrical projection for
/// world maps", IJGIS 29(6), 2015, eq. for the 0.6 aspect ratio: x = Δλ,
/// y = φ(K1 + φ²(K2 + K3 φ²)) with K1 = 0.9902, K2 = 0.1604, K3 = −0.03054; inverse by Newton's
/// method on the polynomial (monotone: dy/dφ > 0.84). Spherical; on an ellipsoid the sphere of
/// radius a (PROJ; Esri: "for an ellipsoid, the semimajor axis is used").
///
/// Accuracy: forward agrees with PROJ 9.5.1 to < 0.02 µm (sweep ESRI:53080/54080); inverse to 1e-15 rad. Domain: the whole globe;
/// the inverse returns NaN beyond the poles' y (PROJ clamps instead).
public struct CompactMiller: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Compact Miller", names: ["Compact Miller"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let k1 = 0.9902, k2 = 0.1604, k3 = -0.03054
    @usableFromInline static let maxY = CompactMiller.y(Double.pi / 2)

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable static func y(_ phi: Double) -> Double {
        let p2 = phi * phi
        return phi * (k1 + p2 * (k2 + k3 * p2))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        return SIMD2(lp.x, CompactMiller.y(lp.y))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(xy.y) <= CompactMiller.maxY * (1 + 1e-12), abs(xy.x) <= Double.pi * (1 + 1e-12) else {
            return SIMD2(.nan, .nan)
        }
        let phi = NumericalInverse.newton(from: xy.y / CompactMiller.k1, maxIterations: 20) { phi in
            let p2 = phi * phi
            let slope = CompactMiller.k1 + p2 * (3 * CompactMiller.k2 + 5 * CompactMiller.k3 * p2)
            return (CompactMiller.y(phi) - xy.y) / slope
        }
        return SIMD2(xy.x, max(-Double.pi / 2, min(Double.pi / 2, phi)))
    }
}
