import Foundation
import GraticuleCore

/// Van der Grinten (I), a compromise projection of the globe onto a disc. No EPSG method code; Esri
/// `Van_der_Grinten_I` (ESRI:53029, 54029), PROJ `vandg`.
///
/// Sphere only. On an ellipsoid it is applied, as PROJ's Esri mapping does (`+R_A`), on the
/// sphere of the authalic radius R_A = a (1 − e²/6 − 17e⁴/360 − 67e⁶/3024) (Snyder 1987, USGS PP
/// 1395, eq. 3-13; the same series as PROJ, 0.16 mm from the exact authalic radius for WGS 84).
///
/// Snyder 1987, §29 pp. 239–242. Forward (eqs. 29-1 to 29-6) with sin θ = |2φ/π|,
/// A = ½|π/λ − λ/π|, G = cos θ/(sin θ + cos θ − 1), P = G(2/sin θ − 1), Q = A² + G; the two
/// square-root expressions are rationalised here so that no term cancels: with
/// P² − G² = 4G²(1 − sin θ)/sin²θ, G − 1 = (1 − sin θ)/(sin θ + cos θ − 1) and u = G − P² ≤ 0,
/// x = π (P² − G²) / (√(A²u² + (P² + A²)(P² − G²)) − A u),
/// y = π (A²(2G − 1) + G²) / (P Q + A √(A²(P² − 2G + 1) + P² − G²)),
/// evaluated in 1/A when A > 1 so that the central meridian (A = ∞) needs no special case.
/// Inverse (eqs. 29-7 to 29-19): λ = 2πX / (√((1 − r²)² + 4X²) + 1 − r²) (rationalised form of
/// eq. 29-19, X = x/π, Y = y/π, r² = X² + Y²), φ by the trigonometric solution of the cubic
/// (eqs. 29-11 to 29-18), then one Newton step on y(λ, φ) to polish it.
///
/// Accuracy: forward within 2e-8 m of PROJ 9.5.1 over the sweep; over the world fixture within 0.15
/// mm, PROJ's own cancellation (its y is 0 at φ = 1e-6°, 0.11 m off), and within 1e-6 m of 50-digit
/// values; round trip < 1e-13°. Domain: the whole globe; inverse points outside the circle x² + y²
/// = π² give NaN, except with PROJ's `+over` (no longitude wrapping), where the formulas continue
/// past ±180° as PROJ's do (A < 0 in eq. 29-1, the other root of the cubic in the inverse).
public struct VanDerGrinten: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Van Der Grinten", names: ["Van Der Grinten"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    /// PROJ's `+over`: the inverse also takes points beyond the circle (longitudes past ±180°).
    @usableFromInline let over: Bool

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: AuthalicLatitude.seriesRadius(ellipsoid)))
        over = !p.wrapsLongitude
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard abs(phi) <= Double.pi / 2 && lam.isFinite else { return SIMD2(.nan, .nan) }
        let s = min(abs(2 * phi / Double.pi), 1)
        if s < 1e-30 { return SIMD2(lam, 0) }
        if s == 1 { return SIMD2(0, phi < 0 ? -Double.pi : Double.pi) }
        let oms = 1 - s
        let c = (oms * (1 + s)).squareRoot()
        let den = s * (1 + c - s) / (1 + c)          // sin θ + cos θ − 1
        let g = c / den
        let gm1 = oms / den                           // G − 1
        let pmg2 = 4 * g * g * oms / (s * s)          // P² − G²
        let p = g * (2 / s - 1)
        let u = -g * gm1 - pmg2                       // G − P² ≤ 0
        let aa = 0.5 * abs(Double.pi / lam - lam / Double.pi)   // A (∞ on the central meridian)
        var x: Double, y: Double
        if abs(lam) > Double.pi {
            // Past the antimeridian (only reached without longitude wrapping, PROJ's `+over`): PROJ
            // continues eq. 29-1 with A = −½|π/λ − λ/π|, where neither term cancels, and takes y from
            // x by (29-2): y = π √(1 − X(X + 2A)), X = |x|/π.
            let a2 = aa * aa
            x = Double.pi * (-aa * u + (a2 * u * u + (p * p + a2) * pmg2).squareRoot()) / (p * p + a2)
            let xx = x / Double.pi
            y = Double.pi * max(0, 1 - xx * (xx - 2 * aa)).squareRoot()
        } else if aa > 1 {
            // Divided through by A, w = 1/A².
            let ia = 1 / aa, w = ia * ia
            x = Double.pi * pmg2 * ia / ((u * u + (p * p * w + 1) * pmg2).squareRoot() - u)
            y = Double.pi * ((2 * g - 1) + g * g * w)
                / (p * (1 + g * w) + (pmg2 + gm1 * gm1 + pmg2 * w).squareRoot())
        } else {
            let a2 = aa * aa
            x = Double.pi * pmg2 / ((a2 * u * u + (p * p + a2) * pmg2).squareRoot() - aa * u)
            y = Double.pi * (a2 * (2 * g - 1) + g * g)
                / (p * (a2 + g) + aa * (a2 * (pmg2 + gm1 * gm1) + pmg2).squareRoot())
        }
        if lam < 0 { x = -x }
        if phi < 0 { y = -y }
        return SIMD2(x, y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let X = xy.x / Double.pi, Y = xy.y / Double.pi
        let r2 = X * X + Y * Y
        // Beyond the circle: longitudes past ±180°, with `+over` only (PROJ's inverse takes them and
        // picks the other root of the cubic for φ).
        let beyond = over && r2 > 1
        guard beyond || r2 <= 1 + 1e-12 else { return SIMD2(.nan, .nan) }
        let lam: Double
        if beyond {
            let rm1 = r2 - 1
            lam = X == 0 ? .nan : Double.pi * (rm1 + (rm1 * rm1 + 4 * X * X).squareRoot()) / (2 * X)
        } else {
            let omr = max(0, 1 - r2)
            lam = WorldProjectionSupport.longitudeOnMap(
                X == 0 ? 0 : 2 * Double.pi * X / ((omr * omr + 4 * X * X).squareRoot() + omr))
        }
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        let ay = abs(Y)
        if ay == 0 { return SIMD2(lam, 0) }
        let c1 = -ay * (1 + r2)
        let c2 = c1 - 2 * Y * Y + X * X
        let c3 = -2 * c1 + 1 + 2 * Y * Y + r2 * r2
        let d = Y * Y / c3 + (2 * c2 * c2 * c2 / (c3 * c3 * c3) - 9 * c1 * c2 / (c3 * c3)) / 27
        let a1 = (c1 - c2 * c2 / (3 * c3)) / c3
        let m1 = 2 * max(0, -a1 / 3).squareRoot()
        let t = a1 * m1 == 0 ? 1 : max(-1, min(1, 3 * d / (a1 * m1)))
        let theta1 = acos(t) / 3
        var phi = Double.pi * ((beyond ? m1 * cos(theta1) : -m1 * cos(theta1 + Double.pi / 3)) - c2 / (3 * c3))
        phi = min(max(phi, 0), Double.pi / 2)
        // One Newton step on y(λ, φ) = |y| (derivative by a central difference).
        if phi > 1e-9 && phi < Double.pi / 2 - 1e-9 {
            let h = 1e-7
            let f0 = forward(SIMD2(lam, phi)).y - abs(xy.y)
            let dy = (forward(SIMD2(lam, min(phi + h, Double.pi / 2))).y
                - forward(SIMD2(lam, max(phi - h, 0))).y) / (min(phi + h, Double.pi / 2) - max(phi - h, 0))
            if dy > 0 && dy.isFinite { phi = min(max(phi - f0 / dy, 0), Double.pi / 2) }
        }
        return SIMD2(lam, xy.y < 0 ? -phi : phi)
    }
}
