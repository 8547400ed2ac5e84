import Foundation
import GraticuleCore

/// Eckert I, pseudocylindrical with rectilinear meridians broken at the equator. No EPSG method
/// code; Esri `Eckert_I` (ESRI:53015, 54015), PROJ `eck1`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Eckert 1906; Snyder & Voxland 1989, USGS PP 1453, p. 219):
/// x = 2√(2/(3π)) λ (1 − |φ|/π), y = 2√(2/(3π)) φ; closed-form inverse.
///
/// Accuracy: closed form; forward within 5e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct EckertI: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert I", names: ["Eckert I"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    /// 2√(2/(3π)).
    @usableFromInline static let fc = 2 * (2 / (3 * Double.pi)).squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(EckertI.fc * lp.x * (1 - abs(lp.y) / Double.pi), EckertI.fc * lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi = WorldProjectionSupport.latitudeOnMap(xy.y / EckertI.fc)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertI.fc * (1 - abs(phi) / Double.pi))
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
