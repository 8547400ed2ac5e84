import Foundation
import GraticuleCore

/// Eckert VI, equal-area pseudocylindrical with sinusoidal meridians and a pole line half the
/// equator. No EPSG method code; Esri `Eckert_VI` (ESRI:53010, 54010), PROJ `eck6`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Snyder 1987 (USGS PP 1395) §32 pp. 253–258, eqs. 32-7 to 32-9:
/// x = λ(1 + cos θ)/√(2 + π), y = 2θ/√(2 + π) with θ + sin θ = (1 + π/2) sin φ, solved by Newton's
/// method from θ = k/2 (monotone convergence: the left side is increasing and concave on
/// [0, π/2]); the inverse is closed form (eqs. 32-10 to 32-12).
///
/// Accuracy: forward within 8e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°), inverse within 1.2e-13°. Domain: the whole globe; inverse points outside
/// the outline give NaN.
public struct EckertVI: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Eckert VI", names: ["Eckert VI"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let cx = 1 / (2 + Double.pi).squareRoot()
    @usableFromInline static let cy = 2 / (2 + Double.pi).squareRoot()
    @usableFromInline static let n = 1 + Double.pi / 2

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let a = abs(lp.y)
        guard a <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        // θ + sin θ = k is the Mollweide family's equation (in 2θ there).
        let theta = a < Double.pi / 2 ? HomalographicKernel.solve(EckertVI.n * sin(a)) : Double.pi / 2
        let y = EckertVI.cy * theta
        return SIMD2(EckertVI.cx * lp.x * (1 + cos(theta)), lp.y < 0 ? -y : y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let theta = WorldProjectionSupport.latitudeOnMap(xy.y / EckertVI.cy)
        guard theta.isFinite && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let sinPhi = WorldProjectionSupport.unit((theta + sin(theta)) / EckertVI.n)
        let lam = WorldProjectionSupport.longitude(xy.x, width: EckertVI.cx * (1 + cos(theta)))
        guard sinPhi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, asin(sinPhi))
    }
}
