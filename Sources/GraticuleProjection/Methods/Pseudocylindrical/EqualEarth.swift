import Foundation
import GraticuleCore

/// Equal Earth, EPSG method 1078; Esri `Equal_Earth` (ESRI:53035–53037 sphere, 54035–54037 WGS 84),
/// EPSG:8857–8859; PROJ `eqearth`.
///
/// Šavrič, Patterson & Jenny, "The Equal Earth map projection", International Journal of
/// Geographical Information Science 33(3):454–465, 2019 (doi:10.1080/13658816.2018.1504949);
/// ellipsoidal form as in IOGP GN 7-2 (method 1078): on the ellipsoid the authalic latitude β,
/// sin β = q(φ)/q_p with q(φ) = (1 − e²)(sin φ/(1 − e² sin² φ) + atanh(e sin φ)/e) (Snyder 1987,
/// USGS PP 1395, eq. 3-12), replaces φ and the result is scaled by the authalic radius
/// R_q/a = √(q_p/2). With sin θ = (√3/2) sin β:
/// x = R_q λ cos θ / ((√3/2)(A1 + 3A2 θ² + θ⁶(7A3 + 9A4 θ²))), y = R_q θ (A1 + A2 θ² + θ⁶(A3 + A4 θ²)),
/// A1 = 1.340264, A2 = −0.081106, A3 = 0.000893, A4 = 0.003796.
///
/// Inverse: θ by Newton's method safeguarded by bisection on [0, π/3]; λ closed form; φ from β by
/// Snyder's series (eq. 3-18) followed by Newton steps on q(φ) = q_p sin β, which make it exact
/// to ~1e-15 rad (PROJ 9.5.1 stops at the series, 2.3e-9° off at 54°).
///
/// Accuracy: forward within 3e-8 m of PROJ 9.5.1 over the sweep (9 CRSs) and the world fixture
/// (sphere and WGS 84), inverse within 3e-13° (PROJ's is 2.3e-9° off on the ellipsoid). On the pole
/// lines y(θ) is flat in β, so their latitude is resolved only to ~1.5e-8 rad (≈ 1e-6°); points on
/// the pole lines (to 1e-9 a ≈ 6 mm) return the pole exactly. Domain: the whole globe; inverse
/// points more than 1e-9 a outside the outline give NaN (PROJ clamps y instead, so that it maps
/// y = −1.4 R, 540 km beyond the pole line, to the pole).
public struct EqualEarth: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Equal Earth",
        epsgCodes: [1078],
        names: ["Equal Earth"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline static let a1 = 1.340264
    @usableFromInline static let a2 = -0.081106
    @usableFromInline static let a3 = 0.000893
    @usableFromInline static let a4 = 0.003796
    @usableFromInline static let m = 3.0.squareRoot() / 2
    /// y at θ = π/3 (the pole), unit authalic sphere.
    @usableFromInline static let maxY = poly(Double.pi / 3).value

    @usableFromInline let authalic: AuthalicLatitude
    /// Authalic radius / a.
    @inlinable var rq: Double { authalic.radius }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: ellipsoid)
        authalic = AuthalicLatitude(eccentricity: ellipsoid.isSphere ? 0 : ellipsoid.eccentricity)
    }

    /// y(θ) / R_q and its derivative.
    @inlinable @inline(__always)
    static func poly(_ t: Double) -> (value: Double, slope: Double) {
        let t2 = t * t, t6 = t2 * t2 * t2
        return (t * (a1 + a2 * t2 + t6 * (a3 + a4 * t2)), a1 + 3 * a2 * t2 + t6 * (7 * a3 + 9 * a4 * t2))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let theta = asin(EqualEarth.m * authalic.sinBeta(sin: sin(lp.y)))
        let (y, dy) = EqualEarth.poly(theta)
        return SIMD2(rq * lp.x * cos(theta) / (EqualEarth.m * dy), rq * y)
    }

    /// Slack on the outline, units of a (1e-9 ≈ 6 mm on the Earth): a point this close outside the
    /// outline is taken onto it, so that outline coordinates given to the centimetre (as PROJ's
    /// test file gives them) invert to ±180° and the poles.
    @usableFromInline static let outlineSlack = 1e-9

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x / rq, y = xy.y / rq
        let ay = abs(y)
        guard ay <= EqualEarth.maxY + EqualEarth.outlineSlack && x.isFinite else { return SIMD2(.nan, .nan) }
        // On the pole lines θ = ±π/3 exactly: y(θ) is flat in β there, and solving for θ would
        // leave φ ~1e-6° short of the pole.
        let onPole = ay >= EqualEarth.maxY
        let target = min(ay, EqualEarth.maxY)
        var theta = onPole ? Double.pi / 3
            : NumericalInverse.solveIncreasing(target, lo: 0, hi: Double.pi / 3,
                                                     guess: target / EqualEarth.a1) { EqualEarth.poly($0) }
        if y < 0 { theta = -theta }
        let lam = WorldProjectionSupport.longitude(x, width: cos(theta) / (EqualEarth.m * EqualEarth.poly(theta).slope),
                                                   slack: EqualEarth.outlineSlack)
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        if onPole { return SIMD2(lam, y < 0 ? -Double.pi / 2 : Double.pi / 2) }
        let sb = WorldProjectionSupport.unit(sin(theta) / EqualEarth.m)
        guard sb.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, authalic.latitude(q: authalic.qp * sb))
    }
}
