import Foundation
import GraticuleCore

/// Loximuthal (Siemon 1935, Tobler 1966): rhumb lines from the central point (0, φ1) are straight
/// and true to scale and azimuth. No EPSG method code; Esri `Loximuthal` (ESRI:53023, 54023, with
/// `Central_Parallel` 40°), PROJ `loxim`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Formulas (Snyder & Voxland 1989, USGS PP 1453, p. 224): y = φ − φ1,
/// x = λ (φ − φ1) / (ψ − ψ1) with the isometric latitude ψ = ln tan(π/4 + φ/2), and
/// x = λ cos φ1 on φ = φ1. Within 0.25 rad of φ1 the difference ψ − ψ1 is summed without
/// cancellation as atanh((sin φ − sin φ1)/(1 − sin φ sin φ1)) with
/// sin φ − sin φ1 = 2 cos((φ + φ1)/2) sin((φ − φ1)/2), so the ratio stays accurate next to φ1
/// (PROJ switches to the limit within 1e-8 rad and loses digits just outside); farther away
/// ψ = asinh(tan φ), which stays accurate next to the poles.
/// Closed-form inverse. φ1: EPSG 8801 / Esri `Central_Parallel` (PROJ `lat_1`, default 0).
///
/// Accuracy: closed form; forward within 3e-6 m of PROJ 9.5.1 over the sweep and the world fixture
/// (the largest differences at φ = ±89.999°, where both lose a few digits of ψ), inverse within
/// 1.1e-12°. Domain: the whole globe (the poles are points); inverse points outside the outline
/// give NaN.
public struct Loximuthal: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Loximuthal", names: ["Loximuthal"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let phi1: Double
    @usableFromInline let sinPhi1: Double
    @usableFromInline let cosPhi1: Double
    /// Isometric latitude of φ1.
    @usableFromInline let psi1: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        phi1 = try WorldProjectionSupport.latitude(
            p, [EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOf1stStandardParallel],
            names: ["Central_Parallel", "Latitude_Of_Origin", "Standard_Parallel_1"],
            label: "Latitude of natural origin", default: 0)
        sinPhi1 = sin(phi1)
        cosPhi1 = cos(phi1)
        psi1 = asinh(tan(phi1))
    }

    /// (φ − φ1) / (ψ − ψ1), or cos φ1 on φ = φ1; 0 at the poles.
    @inlinable @inline(__always)
    func ratio(_ phi: Double) -> Double {
        let d = phi - phi1
        if d == 0 { return cosPhi1 }
        let dpsi: Double
        if abs(d) < 0.25 {
            // Close to φ1: the difference in closed form, without cancellation.
            let num = 2 * cos(0.5 * (phi + phi1)) * sin(0.5 * d)
            dpsi = atanh(num / (1 - sin(phi) * sinPhi1))
        } else {
            // Far from φ1 (and near the poles, where the form above loses accuracy).
            dpsi = asinh(tan(phi)) - psi1
        }
        return dpsi.isFinite ? d / dpsi : 0
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        if abs(lp.y) == Double.pi / 2 { return SIMD2(0, lp.y - phi1) }
        return SIMD2(lp.x * ratio(lp.y), lp.y - phi1)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi = WorldProjectionSupport.latitudeOnMap(xy.y + phi1)
        guard phi.isFinite && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let lam = WorldProjectionSupport.longitude(xy.x, width: abs(phi) == Double.pi / 2 ? 0 : ratio(phi))
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
