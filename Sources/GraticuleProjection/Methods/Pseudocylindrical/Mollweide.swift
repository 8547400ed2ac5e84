import Foundation
import GraticuleCore

/// Mollweide (homalographic), equal-area pseudocylindrical. No EPSG method code; Esri
/// `Mollweide` (ESRI:53009, 54009), PROJ `moll`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a,
/// as PROJ does. Snyder 1987 (USGS PP 1395) §31 pp. 249–252, eqs. 31-1 to 31-4: x = (2√2/π) λ cos θ,
/// y = √2 sin θ with 2θ + sin 2θ = π sin φ, solved by Newton's method (see `HomalographicKernel`
/// for the pole-safe formulation); the inverse is closed form (eqs. 31-5 to 31-7).
///
/// Accuracy: forward within 3e-8 m of PROJ 9.5.1 over the sweep and the world fixture, inverse
/// within 4e-13°; at and next to the poles PROJ's iteration stops early (the pole is not a point: x
/// up to 112 m off at 90°, 0.47 mm at 89.999°) and the comparison is with 50-digit values. Domain:
/// the whole globe; inverse points outside the ellipse x²/8 + y²/2 = 1 give NaN.
public struct Mollweide: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Mollweide", names: ["Mollweide"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let kernel: HomalographicKernel

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        kernel = .mollweide
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { kernel.forward(lp) }
    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> { kernel.inverse(xy) }
}

/// The Mollweide family on the unit sphere: x = C_x λ cos θ, y = C_y sin θ with
/// 2θ + sin 2θ = C_p sin φ (Mollweide, Wagner IV, Wagner V; Goode's polar parts).
///
/// The generalised form (Snyder 1993, *Flattening the Earth*, pp. 204–205): for a parallel of
/// "pole line" p, C_p = 2p + sin 2p, r = √(2π sin p / C_p), C_x = 2r/π, C_y = r / sin p; p = π/2 is
/// Mollweide, p = π/3 Wagner IV.
///
/// Solving t + sin t = k (t = 2θ): f is increasing and concave on [0, π), so Newton's method started
/// at t = k/2 (left of the root, since t + sin t ≤ 2t) converges monotonically. Mollweide's root
/// reaches t = π at the poles, where f′ vanishes; within 0.25 rad of a pole the equation is
/// rewritten for u = π − t as u − sin u = π(1 − sin |φ|) = 2π sin²((π/2 − |φ|)/2), with u − sin u
/// summed as a series for small u, so θ keeps full relative accuracy next to the pole.
@usableFromInline
struct HomalographicKernel: Sendable {
    @usableFromInline let cx: Double
    @usableFromInline let cy: Double
    @usableFromInline let cp: Double
    /// True for Mollweide proper (C_p = π): the pole-safe branch applies.
    @usableFromInline let poleSingular: Bool
    /// θ at the poles (p): its sine and cosine.
    @usableFromInline let sinPole: Double
    @usableFromInline let cosPole: Double

    /// The generalised form with pole line `p` (radians, 0 < p ≤ π/2).
    init(p: Double) {
        let p2 = 2 * p
        cp = p2 + sin(p2)
        let r = (2 * Double.pi * sin(p) / cp).squareRoot()
        cx = 2 * r / Double.pi
        cy = r / sin(p)
        poleSingular = p == Double.pi / 2
        sinPole = poleSingular ? 1 : sin(p)
        cosPole = poleSingular ? 0 : cos(p)
    }

    /// Explicit constants (Wagner V); the pole value of θ is solved once here.
    init(cx: Double, cy: Double, cp: Double) {
        self.cx = cx
        self.cy = cy
        self.cp = cp
        poleSingular = false
        let t = HomalographicKernel.solve(cp)
        sinPole = sin(t / 2)
        cosPole = cos(t / 2)
    }

    static let mollweide = HomalographicKernel(p: Double.pi / 2)

    /// t in [0, π) with t + sin t = k, for 0 ≤ k < π.
    ///
    /// Started at k/2 + k³/96 (the inverse's Taylor series: 4.2 Newton steps on average over
    /// Mollweide's and Eckert VI's range instead of 5.0), stopped once a step is under 4e-15:
    /// near t = π the step's own rounding is a few units in the last place, and a tolerance of
    /// 1e-15 let 0.5 % of latitudes swing between two neighbouring values for all 60 steps.
    @inlinable static func solve(_ k: Double) -> Double {
        NumericalInverse.newton(from: 0.5 * k + k * k * k / 96, maxIterations: 60, tolerance: 4e-15) { t in
            let (s, c) = sinCos(t)
            return (t + s - k) / (1 + c)
        }
    }

    /// u − sin u without cancellation for small u.
    @inlinable static func uMinusSinU(_ u: Double) -> Double {
        if u >= 0.5 { return u - sin(u) }
        let u2 = u * u
        // u³/3! − u⁵/5! + … − u¹⁵/15!… (Horner in u²); next term < 1e-18 relative at u = 0.5.
        var s = 1.0 / 1_307_674_368_000
        s = s * -u2 + 1.0 / 6_227_020_800
        s = s * -u2 + 1.0 / 39_916_800
        s = s * -u2 + 1.0 / 362_880
        s = s * -u2 + 1.0 / 5_040
        s = s * -u2 + 1.0 / 120
        s = s * -u2 + 1.0 / 6
        return s * u2 * u
    }

    /// (sin θ, cos θ) for latitude `phi` (|φ| ≤ π/2).
    @inlinable func auxiliary(_ phi: Double) -> (sin: Double, cos: Double) {
        let a = abs(phi)
        let sign: Double = phi < 0 ? -1 : 1
        if a >= Double.pi / 2 { return (sign * sinPole, cosPole) }
        if poleSingular && Double.pi / 2 - a < 0.25 {
            let h = sin(0.5 * (Double.pi / 2 - a))
            let delta = 2 * Double.pi * h * h
            var u = Foundation.cbrt(6 * delta)
            // A relative step under 4e-15 ends it (at most 4 steps; 1e-16, under the rounding of
            // a step, ran 40 steps for 40 % of these latitudes, 19 on average).
            for _ in 0..<40 {
                let hu = sin(0.5 * u)
                let d = (HomalographicKernel.uMinusSinU(u) - delta) / (2 * hu * hu)
                u -= d
                if !(abs(d) > 4e-15 * max(u, 1e-300)) { break }
            }
            // θ = (π − u)/2.
            return (sign * cos(0.5 * u), sin(0.5 * u))
        }
        let t = HomalographicKernel.solve(cp * sin(a))
        return (sign * sin(0.5 * t), cos(0.5 * t))
    }

    @inlinable func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let th = auxiliary(lp.y)
        return SIMD2(cx * lp.x * th.cos, cy * th.sin)
    }

    /// Latitude of ordinate `y` and the width x/λ of its parallel; φ NaN beyond the poles.
    @inlinable func inverseParts(_ y: Double) -> (phi: Double, width: Double) {
        let s = WorldProjectionSupport.unit(y / cy)
        guard s.isFinite else { return (.nan, .nan) }
        let theta = asin(s)
        let sinPhi = WorldProjectionSupport.unit((2 * theta + sin(2 * theta)) / cp)
        return (asin(sinPhi), cx * cos(theta))
    }

    @inlinable func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let (phi, width) = inverseParts(xy.y)
        let lam = WorldProjectionSupport.longitude(xy.x, width: width)
        guard phi.isFinite && lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
