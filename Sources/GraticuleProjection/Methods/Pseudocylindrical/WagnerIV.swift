import Foundation
import GraticuleCore

/// Wagner IV (Putniņš P2′), equal-area pseudocylindrical of the Mollweide family with the pole line
/// at p = 60°. No EPSG method code; Esri `Wagner_IV` (ESRI:53074, 54074), PROJ `wag4`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas: Wagner (1932); Snyder 1993, *Flattening the Earth*, pp. 204–205 — the
/// generalised Mollweide x = C_x λ cos θ, y = C_y sin θ, 2θ + sin 2θ = C_p sin φ with
/// C_p = 2p + sin 2p, r = √(2π sin p / C_p), C_x = 2r/π, C_y = r/sin p (`HomalographicKernel`).
///
/// Accuracy: forward within 1.5e-8 m of PROJ 9.5.1 over the sweep and the world fixture, inverse
/// within 1.5e-13° off the poles; on the pole lines y(φ) is flat, so their latitude is resolved
/// only to ~1.5e-8 rad (≈ 1e-6°, 10 cm). Domain: the whole globe; inverse points outside the
/// outline give NaN.
public struct WagnerIV: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Wagner IV", names: ["Wagner IV"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let kernel: HomalographicKernel

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        kernel = HomalographicKernel(p: Double.pi / 3)
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { kernel.forward(lp) }
    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> { kernel.inverse(xy) }
}
