import Foundation
import GraticuleCore

/// Sinusoidal (Sanson-Flamsteed), equal-area pseudocylindrical. No EPSG method code; Esri
/// `Sinusoidal` (ESRI:53008, 54008, 102011, Moon/Mars 103882/103886), PROJ `sinu`.
///
/// Sphere (Snyder 1987, USGS PP 1395, §30 pp. 243–248, eqs. 30-1, 30-2): x = λ cos φ, y = φ.
/// Ellipsoid (Snyder eqs. 30-8, 30-9): x = λ cos φ / √(1 − e² sin² φ), y = M(φ), the meridian
/// arc, summed as the rectifying latitude μ by its 6th-order Fourier series in the third
/// flattening n (Helmert; Karney 2011, eqs. 5–6) with the rectifying radius A; the inverse uses
/// the reverse series, so it is closed form too. Like PROJ, the ellipsoidal form is used whenever
/// the ellipsoid is not a sphere.
///
/// Accuracy: series truncation below 1e-15 rad for f ≤ 1/150; forward within 5e-9 m of PROJ 9.5.1
/// over the sweep (5 CRSs) and the world fixture (global grid with poles and ±180°, sphere and WGS
/// 84), inverse within 1e-12°. Domain: the whole globe; the inverse gives NaN outside the outline
/// (|y| beyond the pole, |λ| > π).
public struct Sinusoidal: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Sinusoidal",
        names: ["Sinusoidal", "Sanson-Flamsteed", "Sinusoidal (Sanson-Flamsteed)"],
        projName: "sinu")

    public let frame: ProjectionFrame
    public var horizon: Horizon { .globe }

    @usableFromInline let spherical: Bool
    @usableFromInline let es: Double
    @usableFromInline let arc: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: ellipsoid)
        spherical = ellipsoid.isSphere
        es = ellipsoid.eccentricitySquared
        arc = MeridianArc(n: ellipsoid.thirdFlattening)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let c = cos(phi)
        if spherical { return SIMD2(lp.x * c, phi) }
        let s = sin(phi)
        return SIMD2(lp.x * c / (1 - es * s * s).squareRoot(), arc.distance(phi))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi: Double
        if spherical {
            phi = WorldProjectionSupport.latitudeOnMap(xy.y)
        } else {
            phi = arc.latitude(xy.y)
        }
        guard phi.isFinite && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let c = cos(phi)
        var scale = 1.0
        if !spherical {
            let s = sin(phi)
            scale = (1 - es * s * s).squareRoot()
        }
        let lam = WorldProjectionSupport.longitude(xy.x, width: max(0, c) / scale)
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}

/// The meridian arc on the unit-a ellipsoid: M(φ) = A·μ(φ), μ the rectifying latitude, both
/// directions by 6th-order series in n summed with Clenshaw (Karney 2011, eqs. 5, 6, 35–36;
/// coefficients as in Helmert 1880). Truncation error below 1e-15 rad for f ≤ 1/150.
@usableFromInline
struct MeridianArc: Sendable {
    /// Rectifying radius / a.
    @usableFromInline let radius: Double
    /// μ = φ + Σ toMu[k−1] sin 2kφ.
    @usableFromInline let toMu: SIMD8<Double>
    /// φ = μ + Σ toPhi[k−1] sin 2kμ.
    @usableFromInline let toPhi: SIMD8<Double>

    init(n: Double) {
        let n2 = n * n, n3 = n2 * n, n4 = n2 * n2, n5 = n4 * n, n6 = n3 * n3
        radius = (1 + n2 / 4 + n4 / 64 + n6 / 256) / (1 + n)
        toMu = SIMD8(-3 * n / 2 + 9 * n3 / 16 - 3 * n5 / 32,
                     15 * n2 / 16 - 15 * n4 / 32 + 135 * n6 / 2048,
                     -35 * n3 / 48 + 105 * n5 / 256,
                     315 * n4 / 512 - 189 * n6 / 512,
                     -693 * n5 / 1280,
                     1001 * n6 / 2048, 0, 0)
        toPhi = SIMD8(3 * n / 2 - 27 * n3 / 32 + 269 * n5 / 512,
                      21 * n2 / 16 - 55 * n4 / 32 + 6759 * n6 / 4096,
                      151 * n3 / 96 - 417 * n5 / 128,
                      1097 * n4 / 512 - 15543 * n6 / 2560,
                      8011 * n5 / 2560,
                      293393 * n6 / 61440, 0, 0)
    }

    /// Σ c[k−1] sin 2kθ, k = 1…6, by Clenshaw.
    @inlinable @inline(__always)
    static func sum(_ c: SIMD8<Double>, _ theta: Double) -> Double {
        let s = sin(2 * theta), x = 2 * cos(2 * theta)
        var u0 = 0.0, u1 = 0.0
        var k = 5
        while k >= 0 {
            let t = x * u0 - u1 + c[k]
            u1 = u0; u0 = t
            k -= 1
        }
        return s * u0
    }

    /// Meridian distance from the equator to φ, in units of a.
    @inlinable func distance(_ phi: Double) -> Double {
        radius * (phi + MeridianArc.sum(toMu, phi))
    }

    /// Latitude at meridian distance `m` (units of a); NaN beyond the pole (with a 1e-10 rad slack).
    @inlinable func latitude(_ m: Double) -> Double {
        let mu = WorldProjectionSupport.latitudeOnMap(m / radius)
        guard mu.isFinite else { return .nan }
        if abs(mu) == Double.pi / 2 { return mu }
        return mu + MeridianArc.sum(toPhi, mu)
    }
}
