import Foundation
import GraticuleCore

/// Winkel Tripel, a modified azimuthal projection: the mean of Aitoff and the equirectangular
/// projection with standard parallel φ1. No EPSG method code; Esri `Winkel_Tripel` (ESRI:53042,
/// 54042, Mars 103887), PROJ `wintri`.
///
/// Sphere only; on an ellipsoid the spherical formulas are applied on the sphere of radius a, as
/// PROJ does. Forward (Winkel 1921; Snyder & Voxland 1989, USGS PP 1453, p. 233):
/// x = (x_Aitoff + λ cos φ1)/2, y = (y_Aitoff + φ)/2. φ1: EPSG 8823 / Esri `Standard_Parallel_1`
/// (PROJ `lat_1`), default acos(2/π) = 50.4598° as in PROJ; Esri's CRSs use 50.467°.
///
/// Inverse: no closed form. Newton's method in two dimensions with the analytic Jacobian
/// (derived here from k = d/sin d and dk/d(cos d) = (k cos d − 1)/sin² d, with its limit −1/3
/// near the centre), started from the Winkel I-like guess φ = y, λ = 2x/(cos φ + cos φ1),
/// with step halving whenever a step does not reduce the residual; at most 40 iterations. A result
/// with |λ| > π or |φ| > π/2 (beyond a 1e-10 rad slack), or that does not reproduce (x, y) to
/// 1e-12 (units of a, ≈ 6 µm on the Earth), is outside the outline and gives NaN. (PROJ uses the
/// Newton scheme of Bildirici & Ipbüker 2002 with 1e-12 tolerance.)
///
/// Accuracy: forward within 8e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°); inverse residual < 1e-14 (units of a), within 1.5e-13° of PROJ. Domain:
/// the whole globe.
public struct WinkelTripel: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Winkel Tripel", names: ["Winkel Tripel"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let cosPhi1: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        cosPhi1 = try WorldProjectionSupport.cosStandardParallel(p, default: acos(2 / Double.pi))
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 && abs(lp.x) <= Double.pi else { return SIMD2(.nan, .nan) }
        let a = Aitoff.raw(lp.x, lp.y)
        return SIMD2(0.5 * (a.x + lp.x * cosPhi1), 0.5 * (a.y + lp.y))
    }

    /// Forward values and Jacobian [[∂x/∂λ, ∂x/∂φ], [∂y/∂λ, ∂y/∂φ]] (valid beyond |λ| = π too).
    @inlinable @inline(__always)
    func evaluate(_ lam: Double, _ phi: Double) -> (xy: SIMD2<Double>, xl: Double, xp: Double, yl: Double, yp: Double) {
        let c = 0.5 * lam
        let sp = sin(phi), cp = cos(phi), sc = sin(c), cc = cos(c)
        let sin2d = sp * sp + cp * cp * sc * sc
        let cosd = cp * cc
        var g = 1.0, k = -1.0 / 3
        if sin2d > 0 {
            let sind = sin2d.squareRoot()
            let d = atan2(sind, cosd)
            g = d / sind
            // k = dg/d(cos d) = (g cos d − 1)/sin² d; its series −1/3 − 2d²/15 near the centre.
            k = sin2d < 1e-6 ? -1.0 / 3 - 2 * d * d / 15 : (g * cosd - 1) / sin2d
        }
        let xa = 2 * g * cp * sc, ya = g * sp
        let xaP = 2 * sc * (-k * sp * cp * cc - g * sp)
        let xaL = cp * (g * cc - k * cp * sc * sc)
        let yaP = -k * sp * sp * cc + g * cp
        let yaL = -0.5 * k * sp * cp * sc
        return (SIMD2(0.5 * (xa + lam * cosPhi1), 0.5 * (ya + phi)),
                0.5 * (xaL + cosPhi1), 0.5 * xaP, 0.5 * yaL, 0.5 * (yaP + 1))
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite else { return SIMD2(.nan, .nan) }
        // The map lies within |y| ≤ π/2 and |x| ≤ π (1 + cos φ1)/2.
        guard abs(xy.y) <= Double.pi / 2 + 1e-9, abs(xy.x) <= 0.5 * Double.pi * (1 + cosPhi1) + 1e-9 else {
            return SIMD2(.nan, .nan)
        }
        var phi = min(max(xy.y, -Double.pi / 2), Double.pi / 2)
        var lam = min(max(2 * xy.x / (cos(phi) + cosPhi1), -Double.pi), Double.pi)
        var e = evaluate(lam, phi)
        var r = e.xy - xy
        var norm = abs(r.x) + abs(r.y)
        for _ in 0..<40 {
            if norm < 1e-15 { break }
            let det = e.xl * e.yp - e.xp * e.yl
            guard det != 0 && det.isFinite else { break }
            let dl = (r.x * e.yp - r.y * e.xp) / det
            let dp = (r.y * e.xl - r.x * e.yl) / det
            var step = 1.0
            var accepted = false
            for _ in 0..<12 {
                let l2 = lam - step * dl
                let p2 = min(max(phi - step * dp, -Double.pi / 2), Double.pi / 2)
                let e2 = evaluate(l2, p2)
                let r2 = e2.xy - xy
                let n2 = abs(r2.x) + abs(r2.y)
                if n2 < norm {
                    lam = l2; phi = p2; e = e2; r = r2; norm = n2
                    accepted = true
                    break
                }
                step *= 0.5
            }
            if !accepted { break }
        }
        guard norm <= 1e-12 else { return SIMD2(.nan, .nan) }
        let l = WorldProjectionSupport.longitudeOnMap(lam)
        let p = WorldProjectionSupport.latitudeOnMap(phi)
        guard l.isFinite && p.isFinite else { return SIMD2(.nan, .nan) }
        return SIMD2(l, p)
    }
}
