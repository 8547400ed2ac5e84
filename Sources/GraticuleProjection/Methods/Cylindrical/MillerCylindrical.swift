import Foundation
import GraticuleCore

/// Miller Cylindrical (Esri `Miller_Cylindrical`, PROJ `mill`; no EPSG method code).
///
/// Formulas: Snyder 1987 p. 88, eqs. 11-1, 11-2 (Miller 1942): x = Δλ, y = 1.25·asinh(tan 0.8φ)
/// (= 1.25 ln tan(π/4 + 0.4φ)); inverse φ = 1.25·atan(sinh 0.8y). Spherical; on an ellipsoid the
/// sphere is the authalic one by PROJ's series R_A = a(1 − e²/6 − 17e⁴/360 − 67e⁶/3024) (PROJ maps
/// Esri's Miller to `+R_A`; the series is within 0.2 mm of the closed form a·√(qp/2) for WGS 84).
///
/// Accuracy: same formulas and radius as PROJ 9.5.1 (< 0.02 µm, sweep ESRI:53003/54003). Domain: the whole globe (y at the poles ±2.3034·R).
public struct MillerCylindrical: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Miller Cylindrical", names: ["Miller Cylindrical"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline static let maxY = 1.25 * asinh(tan(0.4 * Double.pi))

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: AuthalicLatitude.seriesRadius(ellipsoid)))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        return SIMD2(lp.x, 1.25 * asinh(tan(0.8 * lp.y)))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(xy.y) <= MillerCylindrical.maxY * (1 + 1e-12), abs(xy.x) <= Double.pi * (1 + 1e-12) else {
            return SIMD2(.nan, .nan)
        }
        return SIMD2(xy.x, 1.25 * atan(sinh(0.8 * xy.y)))
    }
}
