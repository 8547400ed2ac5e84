import Foundation
import GraticuleCore

/// Eckert II, equal-area pseudocylindrical with rectilinear meridians broken at the equator. No
/// EPSG method code; Esri `Eckert_II` (ESRI:53014, 54014), PROJ `eck2`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Eckert 1906; Snyder & Voxland 1989, USGS PP 1453, p. 219):
/// x = 2λ √(4 − 3 sin|φ|) / √(6π), y = ±√(2π/3) (2 − √(4 − 3 sin|φ|)); closed-form inverse.
///
/// Accuracy: closed form; forward within 8e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct EckertII: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert II", names: ["Eckert II"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    /// 2/√(6π) and √(2π/3).
    @usableFromInline static let fx = 2 / (6 * Double.pi).squareRoot()
    @usableFromInline static let fy = (2 * Double.pi / 3).squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let q = (4 - 3 * sin(abs(lp.y))).squareRoot()
        let y = EckertII.fy * (2 - q)
        return SIMD2(EckertII.fx * lp.x * q, lp.y < 0 ? -y : y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let q = 2 - abs(xy.y) / EckertII.fy
        // q = √(4 − 3 sin|φ|) ∈ [1, 2].
        guard q >= 1 - 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let s = WorldProjectionSupport.unit((4 - q * q) / 3)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertII.fx * max(q, 1))
        guard s.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        let phi = asin(s)
        return SIMD2(lam, xy.y < 0 ? -phi : phi)
    }
}
