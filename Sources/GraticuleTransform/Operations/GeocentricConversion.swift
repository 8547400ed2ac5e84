import Foundation
import GraticuleCore

/// Geodetic ↔ geocentric (Earth-centred, Earth-fixed) coordinates on one ellipsoid, as EPSG
/// method 9602 and PROJ's `cart` define them.
///
/// Geodetic coordinates are (λ, φ, h): longitude and latitude in radians, ellipsoidal height in
/// metres; geocentric ones (X, Y, Z) in metres. The inverse is Bowring's (1976) one-step formula
/// as PROJ's `cart` uses it: exact to about 1e-9 m for points within 10 km of the ellipsoid, so
/// that Helmert transformations agree with PROJ to well below a millimetre.
@frozen
public struct GeocentricConversion: Hashable, Sendable {
    public let a: Double
    public let b: Double
    /// First eccentricity squared.
    public let es: Double
    /// Second eccentricity squared, e'² = (a² − b²)/b².
    public let e2s: Double

    public init(_ ellipsoid: Ellipsoid) {
        a = ellipsoid.semiMajorAxis
        b = ellipsoid.semiMinorAxis
        es = ellipsoid.eccentricitySquared
        e2s = ellipsoid.isSphere ? 0 : (a * a - b * b) / (b * b)
    }

    /// (λ, φ, h) → (X, Y, Z).
    @inlinable @inline(__always)
    public func cartesian(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let sphi = sin(p.y), cphi = cos(p.y)
        let slam = sin(p.x), clam = cos(p.x)
        let n = a / (1 - es * sphi * sphi).squareRoot()
        let r = (n + p.z) * cphi
        return SIMD3(r * clam, r * slam, (n * (1 - es) + p.z) * sphi)
    }

    /// (X, Y, Z) → (λ, φ, h).
    @inlinable @inline(__always)
    public func geodetic(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let p = (c.x * c.x + c.y * c.y).squareRoot()
        let theta = atan2(c.z * a, p * b)
        let ct = cos(theta), st = sin(theta)
        var phi = atan2(c.z + e2s * b * st * st * st, p - es * a * ct * ct * ct)
        if abs(phi) > .pi / 2 { phi = phi < 0 ? -.pi / 2 : .pi / 2 }
        let lam = atan2(c.y, c.x)
        let sphi = sin(phi), cphi = cos(phi)
        let n = a / (1 - es * sphi * sphi).squareRoot()
        let h: Double
        if abs(cphi) < 1e-6 {
            // Within 0.2 m of a pole: the height from Z and the geocentric radius.
            let cb = b * sphi, ca = a * cphi
            let r = ((a * ca) * (a * ca) + (b * cb) * (b * cb)).squareRoot() / (ca * ca + cb * cb).squareRoot()
            h = abs(c.z) - r
        } else {
            h = p / cphi - n
        }
        return SIMD3(lam, phi, h)
    }
}
