import Foundation
import GraticuleCore

/// Wagner V, pseudocylindrical of the Mollweide family (not equal-area). No EPSG method code;
/// Esri `Wagner_V` (ESRI:53075, 54075), PROJ `wag5`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas: Wagner (1932); Snyder 1993, *Flattening the Earth*, p. 205:
/// x = 0.90977 λ cos θ, y = 1.65014 sin θ with 2θ + sin 2θ = 3.00896 sin φ (Wagner's published
/// constants, which PROJ uses as given), solved as in `HomalographicKernel`.
///
/// Accuracy: forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°), inverse within 1.2e-13°. Domain: the whole globe; inverse points outside
/// the outline give NaN.
public struct WagnerV: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Wagner V", names: ["Wagner V"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let kernel: HomalographicKernel

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        kernel = HomalographicKernel(cx: 0.90977, cy: 1.65014, cp: 3.00896)
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { kernel.forward(lp) }
    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> { kernel.inverse(xy) }
}
