import Foundation
import GraticuleCore

/// Quartic authalic (McBryde & Thomas 1949), equal-area pseudocylindrical with a pointed pole.
/// No EPSG method code; Esri `Quartic_Authalic` (ESRI:53022, 54022), PROJ `qua_aut`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Formulas (Snyder & Voxland 1989, USGS PP 1453, p. 222; PROJ `sts.cpp`):
/// x = λ cos φ / cos(φ/2), y = 2 sin(φ/2); closed-form inverse φ = 2 asin(y/2),
/// λ = x cos(φ/2) / cos φ.
///
/// Accuracy: closed form; forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 1e-13°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct QuarticAuthalic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Quartic Authalic", names: ["Quartic Authalic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let h = 0.5 * lp.y
        return SIMD2(lp.x * cos(lp.y) / cos(h), 2 * sin(h))
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        // |y| ≤ 2 sin 45° = √2.
        let s = 0.5 * xy.y
        guard abs(s) <= 0.5.squareRoot() + 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let phi = WorldProjectionSupport.latitudeOnMap(2 * asin(min(max(s, -1), 1)))
        guard phi.isFinite else { return SIMD2(.nan, .nan) }
        let c = cos(phi)
        let lam = WorldProjectionSupport.longitude(xy.x, width: max(0, c) / cos(0.5 * phi))
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
