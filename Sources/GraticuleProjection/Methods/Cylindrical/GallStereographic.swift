import Foundation
import GraticuleCore

/// Gall Stereographic (Esri `Gall_Stereographic`, PROJ `gall`; no EPSG method code): the cylindrical
/// projection onto a secant cylinder at ±45° from the antipode.
///
/// Formulas: Snyder, "Flattening the Earth" (1993) p. 109; x = Δλ/√2, y = (1 + √2/2)·tan(φ/2);
/// inverse φ = 2·atan(y/(1 + √2/2)). Spherical; on an ellipsoid the sphere of radius a (as PROJ and
/// Esri: "supported on spheres only; for an ellipsoid the semimajor axis is used").
///
/// Accuracy: identical formulas to PROJ 9.5.1 (< 0.01 µm, sweep ESRI:53016/54016). Domain: the whole globe.
public struct GallStereographic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Gall Stereographic", names: ["Gall Stereographic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let xf = 0.5.squareRoot()
    @usableFromInline static let yf = 1 + 0.5.squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        return SIMD2(GallStereographic.xf * lp.x, GallStereographic.yf * tan(0.5 * lp.y))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let t = xy.y / GallStereographic.yf
        let lam = xy.x / GallStereographic.xf
        guard abs(t) <= 1 + 1e-12, abs(lam) <= Double.pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, 2 * atan(t))
    }
}
