import Foundation
import GraticuleCore

/// Wagner VII (Hammer-Wagner), equal-area: a Hammer-like map of the sphere's zone |φ| ≤ 65°
/// squeezed from the Lambert azimuthal equal-area projection. No EPSG method code; Esri
/// `Wagner_VII` (ESRI:53076, 54076), PROJ `wag7` (forward only).
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Forward (Wagner 1941; Snyder 1993, *Flattening the Earth*, pp. 206–207; constants as PROJ):
/// sin θ = sin 65° sin φ, λ′ = λ/3, D = √(2 / (1 + cos θ cos λ′)),
/// x = 2.66723 D cos θ sin λ′, y = 1.24104 D sin θ.
///
/// Inverse (PROJ has none): (x/2.66723, y/1.24104) are the equatorial Lambert azimuthal
/// equal-area coordinates of (λ′, θ) (Snyder 1987, USGS PP 1395, §24, inverse with φ1 = 0), so the
/// inverse is closed form: ρ = √(X² + Y²), c = 2 asin(ρ/2), sin θ = Y sin c / ρ,
/// λ′ = atan2(X sin c, ρ cos c); then sin φ = sin θ / sin 65°, λ = 3λ′. Points with ρ > 2,
/// |λ′| > π/3 or |sin θ| > sin 65° (beyond a 1e-10 slack) are outside the outline and give NaN.
///
/// Accuracy: forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture; inverse
/// round trip within 2e-13° off the poles. On the pole lines y(φ) is flat, so their latitude is
/// resolved only to ~1.5e-8 rad (≈ 1e-6°). Domain: the whole globe.
public struct WagnerVII: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Wagner VII", names: ["Wagner VII"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline static let sin65 = sin(65 * Double.pi / 180)
    @usableFromInline static let cx = 2.66723
    @usableFromInline static let cy = 1.24104

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let s = WagnerVII.sin65 * sin(lp.y)
        let ct = (1 - s * s).squareRoot()
        let l = lp.x / 3
        let d = (2 / (1 + ct * cos(l))).squareRoot()
        return SIMD2(WagnerVII.cx * d * ct * sin(l), WagnerVII.cy * d * s)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let X = xy.x / WagnerVII.cx, Y = xy.y / WagnerVII.cy
        var rho = (X * X + Y * Y).squareRoot()
        guard rho <= 2 + 1e-12 else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, 0) }
        rho = min(rho, 2)
        let c = 2 * asin(0.5 * rho)
        let sc = sin(c), cc = cos(c)
        let sinTheta = Y * sc / rho
        let l = atan2(X * sc, rho * cc)
        let third = Double.pi / 3
        guard abs(l) <= third + WorldProjectionSupport.edgeTolerance else { return SIMD2(.nan, .nan) }
        let sinPhi = WorldProjectionSupport.unit(sinTheta / WagnerVII.sin65)
        guard sinPhi.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(3 * min(max(l, -third), third), asin(sinPhi))
    }
}
