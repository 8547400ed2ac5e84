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
    public static let descriptor = ProjectionDescriptor(name: "Sinusoidal", names: ["Sinusoidal"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline let spherical: Bool
    @usableFromInline let es: Double
    @usableFromInline let arc: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: ellipsoid)
        spherical = ellipsoid.isSphere
        es = ellipsoid.eccentricitySquared
        arc = MeridianArc(thirdFlattening: ellipsoid.thirdFlattening)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let c = cos(phi)
        if spherical { return SIMD2(lp.x * c, phi) }
        let s = sin(phi)
        return SIMD2(lp.x * c / (1 - es * s * s).squareRoot(), arc.distance(phi, sin: s, cos: c))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let phi: Double
        if spherical {
            phi = WorldProjectionSupport.latitudeOnMap(xy.y)
        } else {
            let mu = WorldProjectionSupport.latitudeOnMap(xy.y / arc.rectifyingRadius)
            phi = !mu.isFinite || abs(mu) == Double.pi / 2 ? mu : arc.latitude(rectifying: mu)
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
