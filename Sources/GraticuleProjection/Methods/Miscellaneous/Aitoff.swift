import Foundation
import GraticuleCore

/// Aitoff, a modified azimuthal projection: the equatorial azimuthal equidistant projection of the
/// hemisphere (λ/2, φ), stretched to double width. No EPSG method code; Esri `Aitoff`
/// (ESRI:53043, 54043), PROJ `aitoff`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Forward (Aitoff 1889; Snyder 1993, *Flattening the Earth*, p. 130; Snyder & Voxland
/// 1989, USGS PP 1453, p. 231): with c = λ/2, cos d = cos φ cos c and k = d / sin d,
/// x = 2k cos φ sin c, y = k sin φ; sin² d is summed as sin² φ + cos² φ sin² c (no cancellation
/// near the centre) and d = atan2(sin d, cos d).
///
/// Inverse: closed form, as the inverse of the equatorial azimuthal equidistant projection of
/// (x/2, y) (Snyder 1987, USGS PP 1395, §25 with φ1 = 0: ρ = d, φ = asin(y sin ρ / ρ),
/// λ/2 = atan2(x/2 · sin ρ, ρ cos ρ)); PROJ iterates instead (Bildirici & Ipbüker 2002).
///
/// Accuracy: closed form both ways; forward within 9e-9 m of PROJ 9.5.1 over the sweep and the
/// world fixture (global grid with poles and ±180°), inverse within 4e-13°. Domain: the whole
/// globe; inverse points outside the ellipse (x/π)² + (2y/π)² = 1 give NaN.
public struct Aitoff: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Aitoff", names: ["Aitoff"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    /// Aitoff's (x, y) on the unit sphere, for |λ| ≤ π, |φ| ≤ π/2.
    @inlinable @inline(__always)
    static func raw(_ lam: Double, _ phi: Double) -> SIMD2<Double> {
        let c = 0.5 * lam
        let sp = sin(phi), cp = cos(phi), sc = sin(c)
        let sin2d = sp * sp + cp * cp * sc * sc
        guard sin2d > 0 else { return SIMD2(0, 0) }
        let sind = sin2d.squareRoot()
        let k = atan2(sind, cp * cos(c)) / sind
        return SIMD2(2 * k * cp * sc, k * sp)
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && abs(lp.x) <= Double.pi else { return SIMD2(.nan, .nan) }
        return Aitoff.raw(lp.x, lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let xa = 0.5 * xy.x, ya = xy.y
        var rho = (xa * xa + ya * ya).squareRoot()
        guard rho <= Double.pi / 2 + WorldProjectionSupport.edgeTolerance else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, 0) }
        rho = min(rho, Double.pi / 2)
        let s = sin(rho), c = cos(rho)
        let phi = asin(WorldProjectionSupport.unit(ya * s / rho))
        let half = atan2(xa * s, rho * c)
        let lam = WorldProjectionSupport.longitudeOnMap(2 * half)
        guard lam.isFinite && phi.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
