import Foundation
import GraticuleCore

/// Winkel II, pseudocylindrical: the mean of the Mollweide-type and the equirectangular
/// projections. No EPSG method code; Esri `Winkel_II` (ESRI:53019, 54019), PROJ `wink2`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Winkel 1918; Snyder 1993, *Flattening the Earth*, p. 224; PROJ `wink2`):
/// x = λ (cos θ + cos φ1)/2, y = (π/4) sin θ + φ/2, with Mollweide's auxiliary angle
/// 2θ + sin 2θ = π sin φ (`HomalographicKernel`). φ1: EPSG 8823 / Esri `Standard_Parallel_1`
/// (PROJ `lat_1`, default 0).
///
/// Inverse: y(φ) is increasing with dy/dφ = π² cos φ / (16 cos θ) + 1/2 ≥ 1/2, so φ is solved by
/// Newton's method safeguarded by bisection on [0, π/2], then λ in closed form (PROJ uses a
/// generic 2-D Newton inverse).
///
/// Accuracy: forward within 3e-8 m of PROJ 9.5.1 over the sweep and the world fixture, inverse
/// within 5e-13°; at φ = ±89.999° PROJ's 10-iteration loop gives up (x 7 km off at λ = 180°) and
/// the comparison is with 50-digit values. Domain: the whole globe; inverse points outside the
/// outline give NaN.
public struct WinkelII: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Winkel II", names: ["Winkel II"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let cosPhi1: Double
    @usableFromInline let kernel: HomalographicKernel

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        cosPhi1 = try WorldProjectionSupport.cosStandardParallel(p, default: 0)
        kernel = .mollweide
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let th = kernel.auxiliary(lp.y)
        return SIMD2(0.5 * lp.x * (th.cos + cosPhi1), Double.pi / 4 * th.sin + 0.5 * lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let ay = abs(xy.y)
        guard ay <= Double.pi / 2 + WorldProjectionSupport.edgeTolerance && xy.x.isFinite else {
            return SIMD2(.nan, .nan)
        }
        let target = min(ay, Double.pi / 2)
        let kernel = self.kernel
        let a = NumericalInverse.solveIncreasing(target, lo: 0, hi: Double.pi / 2, guess: target) { phi in
            let th = kernel.auxiliary(phi)
            let ratio = th.cos > 0 ? cos(phi) / th.cos : 0
            return (Double.pi / 4 * th.sin + 0.5 * phi, Double.pi * Double.pi / 16 * ratio + 0.5)
        }
        let c = kernel.auxiliary(a).cos
        let lam = WorldProjectionSupport.longitude(xy.x, width: 0.5 * (c + cosPhi1))
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, xy.y < 0 ? -a : a)
    }
}
