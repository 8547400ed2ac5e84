import Foundation
import GraticuleCore

/// Winkel I, pseudocylindrical: the mean of the sinusoidal and the equirectangular projections.
/// No EPSG method code; Esri `Winkel_I` (ESRI:53018, 54018), PROJ `wink1`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Formulas (Winkel 1914; Snyder & Voxland 1989, USGS PP 1453, p. 228):
/// x = λ (cos φ1 + cos φ)/2, y = φ; closed-form inverse. φ1: EPSG 8823 / Esri
/// `Standard_Parallel_1` (PROJ `lat_ts`, default 0); Esri's world CRSs use acos(2/π) = 50.4598°.
///
/// Accuracy: closed form; forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture
/// (global grid with poles and ±180°), inverse within 5e-14°. Domain: the whole globe; inverse
/// points outside the outline give NaN.
public struct WinkelI: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Winkel I", names: ["Winkel I"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let cosPhi1: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        cosPhi1 = try WorldProjectionSupport.cosStandardParallel(
            p, names: ["Standard_Parallel_1", "Latitude_Of_Standard_Parallel"], default: 0)
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(0.5 * lp.x * (cosPhi1 + cos(lp.y)), lp.y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi = WorldProjectionSupport.latitudeOnMap(xy.y)
        let lam = WorldProjectionSupport.longitude(xy.x, width: 0.5 * (cosPhi1 + cos(phi)))
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
