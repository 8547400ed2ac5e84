import Foundation
import GraticuleCore

/// Eckert V, pseudocylindrical with sinusoidal meridians and a pole line half the equator. No EPSG
/// method code; Esri `Eckert_V` (ESRI:53011, 54011), PROJ `eck5`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Eckert 1906; Snyder & Voxland 1989, USGS PP 1453, p. 221):
/// x = λ (1 + cos φ) / √(2 + π), y = 2φ / √(2 + π); closed-form inverse.
///
/// Accuracy: closed form; forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct EckertV: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert V", names: ["Eckert V"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let xf = 1 / (2 + Double.pi).squareRoot()
    @usableFromInline static let yf = 2 / (2 + Double.pi).squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(EckertV.xf * (1 + cos(lp.y)) * lp.x, EckertV.yf * lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi = WorldProjectionSupport.latitudeOnMap(xy.y / EckertV.yf)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertV.xf * (1 + cos(phi)))
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
