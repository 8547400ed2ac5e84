import Foundation
import GraticuleCore

/// Eckert III, pseudocylindrical with elliptical meridians and a pole line half the equator. No
/// EPSG method code; Esri `Eckert_III` (ESRI:53013, 54013), PROJ `eck3`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Eckert 1906; Snyder & Voxland 1989, USGS PP 1453, p. 221):
/// x = 2λ (1 + √(1 − 4φ²/π²)) / √(π(4 + π)), y = 4φ / √(π(4 + π)); closed-form inverse.
///
/// Accuracy: closed form; forward within 8e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct EckertIII: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert III", names: ["Eckert III"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    /// 2/√(π(4 + π)), 4/√(π(4 + π)), 4/π².
    @usableFromInline static let cx = 2 / (Double.pi * (4 + Double.pi)).squareRoot()
    @usableFromInline static let cy = 4 / (Double.pi * (4 + Double.pi)).squareRoot()
    @usableFromInline static let b = 4 / (Double.pi * Double.pi)

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable static func width(_ phi: Double) -> Double {
        1 + max(0, 1 - b * phi * phi).squareRoot()
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(EckertIII.cx * lp.x * EckertIII.width(lp.y), EckertIII.cy * lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi = WorldProjectionSupport.latitudeOnMap(xy.y / EckertIII.cy)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertIII.cx * EckertIII.width(phi))
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
