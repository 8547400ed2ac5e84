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
    public static let descriptor = ProjectionDescriptor(
        name: "Miller Cylindrical",
        names: ["Miller_Cylindrical", "Miller"],
        projName: "mill")

    public let frame: ProjectionFrame
    public var horizon: Horizon { .globe }
    @usableFromInline static let maxY = 1.25 * asinh(tan(0.4 * Double.pi))

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: MillerCylindrical.authalicRadius(ellipsoid)))
    }

    /// PROJ's `R_A`: the authalic radius by its series a·(1 − e²/6 − 17e⁴/360 − 67e⁶/3024)
    /// (Snyder 1987 eq. 3-13 expanded), which PROJ uses for Esri's Miller on an ellipsoid; it differs
    /// from the closed form a·√(qp/2) by 2.6e-11 (0.16 mm), enough to matter at 1e-9° in reverse.
    static func authalicRadius(_ ellipsoid: Ellipsoid) -> Double {
        let es = ellipsoid.eccentricitySquared
        return ellipsoid.semiMajorAxis * (1 - es * (1.0 / 6 + es * (17.0 / 360 + es * 67.0 / 3024)))
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
