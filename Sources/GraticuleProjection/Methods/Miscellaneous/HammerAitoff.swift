import Foundation
import GraticuleCore

/// Hammer (Hammer-Aitoff), equal-area: the equatorial Lambert azimuthal equal-area projection of the
/// hemisphere (λ/2, φ), stretched to double width. No EPSG method code; Esri `Hammer_Aitoff`
/// (ESRI:53044, 54044). PROJ 9.5.1 cannot convert the Esri method ("cannot be converted to a PROJ
/// string"); the same map is PROJ's `+proj=hammer` (W = 0.5, M = 1), against which it is tested
/// (tools/oracle/world_projections.py).
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// for PROJ's other spherical world projections (Esri's own choice for ESRI:54044 is not public).
/// Formulas (Hammer 1892; Snyder & Voxland 1989, USGS PP 1453, p. 233):
/// x = 2√2 cos φ sin(λ/2) / √(1 + cos φ cos(λ/2)), y = √2 sin φ / √(1 + cos φ cos(λ/2)).
/// Inverse closed form: z = √(1 − x²/16 − y²/4), λ = 2 atan2(z x, 2(2z² − 1)), φ = asin(z y).
///
/// Accuracy: closed form both ways; agrees with PROJ 9.5.1 `hammer` to the last bit over the world
/// fixture (sphere and WGS 84 a), inverse within 6e-13°. Domain: the whole globe; inverse points
/// outside the ellipse x²/8 + y²/2 = 1 give NaN.
public struct HammerAitoff: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Hammer_Aitoff", names: ["Hammer_Aitoff"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && abs(lp.x) <= Double.pi else { return SIMD2(.nan, .nan) }
        let cp = cos(lp.y)
        let half = 0.5 * lp.x
        let d = (2 / (1 + cp * cos(half))).squareRoot()
        return SIMD2(2 * d * cp * sin(half), d * sin(lp.y))
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x, y = xy.y
        let e = x * x / 8 + y * y / 2
        guard e <= 1 + 1e-12 else { return SIMD2(.nan, .nan) }
        let z = max(0.5, 1 - x * x / 16 - y * y / 4).squareRoot()
        let lam = WorldProjectionSupport.longitudeOnMap(2 * atan2(z * x, 2 * max(0, 2 * z * z - 1)))
        let phi = asin(WorldProjectionSupport.unit(z * y))
        guard lam.isFinite && phi.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
