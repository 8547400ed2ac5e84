import Foundation
import GraticuleCore

/// Eckert IV, equal-area pseudocylindrical with elliptical meridians and a pole line half the
/// equator. No EPSG method code; Esri `Eckert_IV` (ESRI:53012, 54012), PROJ `eck4`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Snyder 1987 (USGS PP 1395) §32 pp. 253–258, eqs. 32-1 to 32-3:
/// x = 2λ(1 + cos θ)/√(π(4 + π)), y = 2√(π/(4 + π)) sin θ with
/// θ + sin θ cos θ + 2 sin θ = (2 + π/2) sin φ. The left side is increasing and concave on
/// [0, π/2], so Newton's method from θ = k/4 (left of the root) converges monotonically; the
/// inverse is closed form (eqs. 32-4 to 32-6).
///
/// Accuracy: forward within 2e-8 m of PROJ 9.5.1 over the sweep and the world fixture, inverse
/// within 2e-13°; at φ = ±89.999° PROJ's 6-iteration loop gives up (x up to 200 m off) and the
/// comparison is with 50-digit values. Domain: the whole globe; inverse points outside the outline
/// (beyond `WorldProjectionSupport.edgeTolerance`) give NaN; points on a pole line return the pole.
public struct EckertIV: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert IV", names: ["Eckert IV"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let cx = 2 / (Double.pi * (4 + Double.pi)).squareRoot()
    @usableFromInline static let cy = 2 * (Double.pi / (4 + Double.pi)).squareRoot()
    @usableFromInline static let cp = 2 + Double.pi / 2

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let a = abs(lp.y)
        guard a <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        var theta = Double.pi / 2
        if a < Double.pi / 2 {
            let k = EckertIV.cp * sin(a)
            theta = NumericalInverse.newton(from: 0.25 * k, maxIterations: 80, limit: Double.pi / 2) { t in
                let s = sin(t), c = cos(t)
                return (t + s * (c + 2) - k) / (2 * c * (1 + c))
            }
        }
        let y = EckertIV.cy * sin(theta)
        return SIMD2(EckertIV.cx * lp.x * (1 + cos(theta)), lp.y < 0 ? -y : y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        var s = WorldProjectionSupport.unit(xy.y / EckertIV.cy)
        guard s.isFinite && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        // Within rounding of a pole line (1e-15 of cy ≈ 8 nm on the Earth) the point is on it: y is
        // flat in θ and φ there, and asin would leave φ ~1e-6° (0.2 m) short of the pole.
        if abs(s) >= 1 - 1e-15 { s = s < 0 ? -1 : 1 }
        let theta = asin(s)
        let c = cos(theta)
        let sinPhi = WorldProjectionSupport.unit((theta + s * (c + 2)) / EckertIV.cp)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertIV.cx * (1 + c))
        guard sinPhi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, asin(sinPhi))
    }
}
