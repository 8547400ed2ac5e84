import Foundation
import GraticuleCore

/// Craster parabolic (Putniņš P4), equal-area pseudocylindrical with parabolic meridians. No EPSG
/// method code; Esri `Craster_Parabolic` (ESRI:53046, 54046), PROJ `crast`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Formulas (Craster 1929; Snyder & Voxland 1989, USGS PP 1453, p. 225):
/// x = √(3/π) λ (2 cos(2φ/3) − 1), y = √(3π) sin(φ/3); closed-form inverse.
///
/// Accuracy: closed form; forward within 5e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1.5e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct CrasterParabolic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Craster Parabolic", names: ["Craster Parabolic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline static let xm = (3 / Double.pi).squareRoot()
    @usableFromInline static let ym = (3 * Double.pi).squareRoot()

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let t = lp.y / 3
        return SIMD2(CrasterParabolic.xm * lp.x * (2 * cos(2 * t) - 1), CrasterParabolic.ym * sin(t))
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        // |sin(φ/3)| ≤ sin 30° = 1/2.
        let s = xy.y / CrasterParabolic.ym
        guard abs(s) <= 0.5 + 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let t = asin(min(max(s, -0.5), 0.5))
        let phi = WorldProjectionSupport.latitudeOnMap(3 * t)
        let lam = WorldProjectionSupport.longitude(xy.x, width: CrasterParabolic.xm * (2 * cos(2 * t) - 1))
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
