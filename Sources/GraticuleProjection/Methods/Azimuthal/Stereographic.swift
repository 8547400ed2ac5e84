import Foundation
import GraticuleCore

/// Stereographic as PROJ (`stere`) and Esri (`Stereographic`) define it (no EPSG method code):
/// on the ellipsoid, the oblique/equatorial aspect is the stereographic projection of the
/// conformal sphere of latitude χ (Snyder 1987 eqs. 21-27 to 21-38, p. 160), *not* EPSG's
/// Oblique Stereographic 9809 (Gauss sphere, see `ObliqueStereographic`); with Latitude of origin
/// ±90° it is Polar Stereographic variant A (ESRI:102018 North_Pole_Stereographic, 102021).
///
/// Forward: A = 2 k0 m0 / (cos χ0 (1 + sin χ0 sin χ + cos χ0 cos χ cos Δλ)), x = A cos χ sin Δλ,
/// y = A (cos χ0 sin χ − sin χ0 cos χ cos Δλ), m0 = cos φ0 / √(1 − e² sin² φ0). Inverse: the
/// spherical inverse on the conformal sphere, then φ from χ by Newton's method (Karney 2011).
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on the sweep's
/// ESRI world/sphere CRSs (±108°, ±54° from the centre). Domain: every point but the antipode of
/// the centre (NaN); `clipRegion` is a cap of `PolarStereographic.horizonRadius` (120°) — for
/// ESRI:102018 that keeps everything north of 30° S (the south pole is at infinity).
public struct Stereographic: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Stereographic", names: ["Stereographic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: PolarStereographic.horizonRadius)
    }

    /// The polar kernel when the origin is a pole.
    @usableFromInline let polar: PolarStereographic?
    @usableFromInline let phi0: Double
    @usableFromInline let sinChi0: Double
    @usableFromInline let cosChi0: Double
    /// 2 k0 m0 / cos χ0 (PROJ's akm1 / cos χ0).
    @usableFromInline let akm1: Double
    @usableFromInline let e: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true, tolerance: 1e-12)
        let k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        frame = try ProjectionFrame(parameters: p, ellipsoid: ellipsoid)
        if abs(abs(phi0) - .pi / 2) < 1e-10 {
            polar = PolarStereographic(e: e, north: phi0 > 0, k0: k0, frame: frame)
            sinChi0 = 0; cosChi0 = 1; akm1 = 0
        } else {
            polar = nil
            let s = sin(phi0)
            let chi0 = atan(Conformal.conformalTau(tan(phi0), e: e))
            sinChi0 = sin(chi0)
            cosChi0 = cos(chi0)
            akm1 = 2 * k0 * cos(phi0) / (1 - e * e * s * s).squareRoot() / cosChi0
        }
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        if let polar { return polar.forward(lp) }
        let chi = atan(Conformal.conformalTau(tan(lp.y), e: e))
        let sinChi = sin(chi), cosChi = cos(chi)
        let cosLam = cos(lp.x)
        let d = 1 + sinChi0 * sinChi + cosChi0 * cosChi * cosLam
        guard d > 1e-15 else { return SIMD2(.nan, .nan) }
        let a = akm1 / d
        return SIMD2(a * cosChi * sin(lp.x), a * (cosChi0 * sinChi - sinChi0 * cosChi * cosLam))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        if let polar { return polar.inverse(xy) }
        let rho = (xy.x * xy.x + xy.y * xy.y).squareRoot()
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, phi0) }
        let c = 2 * atan(rho / akm1)
        let sinC = sin(c), cosC = cos(c)
        let sinChi = cosC * sinChi0 + xy.y * sinC * cosChi0 / rho
        let chi = asin(max(-1, min(1, sinChi)))
        let lam = atan2(xy.x * sinC, rho * cosChi0 * cosC - xy.y * sinChi0 * sinC)
        let phi = e == 0 ? chi : atan(Conformal.tau(fromConformalTau: tan(chi), e: e))
        return SIMD2(lam, phi)
    }
}
