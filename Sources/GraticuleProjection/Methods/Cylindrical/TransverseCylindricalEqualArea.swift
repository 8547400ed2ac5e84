import Foundation
import GraticuleCore

/// Transverse Cylindrical Equal Area (Esri `Transverse_Cylindrical_Equal_Area`, PROJ `tcea`; no
/// EPSG method code).
///
/// Formulas: Snyder 1987 p. 77, eqs. 10-3 to 10-5 and 10-20/10-21 (spherical transverse aspect):
/// x = cos φ sin Δλ / k0, y = k0·(atan2(tan φ, cos Δλ) − φ0); inverse with t = √(1 − (k0 x)²),
/// φ = asin(t sin D), Δλ = atan2(k0 x, t cos D), D = y/k0 + φ0. Spherical; on an ellipsoid the
/// sphere of radius a (PROJ's `tcea` is spherical only).
///
/// Accuracy: identical formulas to PROJ 9.5.1 (< 1 µm at the unit tests' points; no CRS uses it). Domain: the whole globe; the inverse needs
/// |k0·x| ≤ 1.
public struct TransverseCylindricalEqualArea: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Transverse Cylindrical Equal Area",
        names: ["Transverse Cylindrical Equal Area"])

    public let frame: ProjectionFrame
    /// Torn along the back half of the equator (y jumps between ±π k0 there).
    public var clipRegion: ClipRegion { ClipRegion(seams: [.transverseCut(centralMeridian: frame.centralMeridian)]) }
    @usableFromInline let k0: Double
    @usableFromInline let phi0: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale_Factor", value: k0, reason: "must be positive")
        }
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude_Of_Origin", includingPoles: true)
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let c = cos(lp.y)
        return SIMD2(c * sin(lp.x) / k0, k0 * (atan2(sin(lp.y), c * cos(lp.x)) - phi0))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x * k0, d = xy.y / k0 + phi0
        guard abs(x) <= 1 + 1e-12, abs(d) <= 2 * Double.pi else { return SIMD2(.nan, .nan) }
        let t = max(0, 1 - x * x).squareRoot()
        return SIMD2(atan2(x, t * cos(d)), asin(max(-1, min(1, t * sin(d)))))
    }
}
