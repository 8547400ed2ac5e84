import Foundation
import GraticuleCore

/// McBryde-Thomas flat-polar quartic, equal-area pseudocylindrical with a pole line a third of the
/// equator. No EPSG method code; Esri `Flat_Polar_Quartic` (ESRI:53045, 54045), PROJ `mbtfpq`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Formulas (McBryde & Thomas 1949; Snyder & Voxland 1989, USGS PP 1453, p. 227):
/// sin(ψ/2) + sin ψ = (1 + √2/2) sin φ, x = λ (1 + 2 cos ψ / cos(ψ/2)) / √(3√2 + 6),
/// y = 2√3 sin(ψ/2) / √(2 + √2). The left side is increasing and concave on [0, π/2], so Newton's
/// method from ψ = k/1.5 (left of the root) converges monotonically; the inverse is closed form.
///
/// Accuracy: forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse points outside
/// the outline give NaN.
public struct FlatPolarQuartic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Flat Polar Quartic", names: ["Flat Polar Quartic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline static let c = 1 + 0.5.squareRoot()
    @usableFromInline static let fx = 1 / (3 * 2.0.squareRoot() + 6).squareRoot()
    @usableFromInline static let fy = 2 * 3.0.squareRoot() / (2 + 2.0.squareRoot()).squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let a = abs(lp.y)
        guard a <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        var psi = Double.pi / 2
        if a < Double.pi / 2 {
            let k = FlatPolarQuartic.c * sin(a)
            psi = NumericalInverse.newton(from: k / 1.5, maxIterations: 60) { p in
                (sin(0.5 * p) + sin(p) - k) / (0.5 * cos(0.5 * p) + cos(p))
            }
        }
        let h = 0.5 * psi
        let y = FlatPolarQuartic.fy * sin(h)
        return SIMD2(FlatPolarQuartic.fx * lp.x * (1 + 2 * cos(psi) / cos(h)), lp.y < 0 ? -y : y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        // sin(ψ/2) ≤ sin 45°.
        let sh = xy.y / FlatPolarQuartic.fy
        guard abs(sh) <= 0.5.squareRoot() + 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let h = asin(min(max(sh, -1), 1))
        let psi = 2 * h
        let sinPhi = WorldProjectionSupport.unit((sh + sin(psi)) / FlatPolarQuartic.c)
        let lam = WorldProjectionSupport.longitude(xy.x, width: FlatPolarQuartic.fx * (1 + 2 * cos(psi) / cos(h)))
        guard sinPhi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, asin(sinPhi))
    }
}
