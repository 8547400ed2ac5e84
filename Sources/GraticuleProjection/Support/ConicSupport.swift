import Foundation
import GraticuleCore

/// Pieces shared by the conic projections (Albers Equal Area, Equidistant Conic, Lambert Conic
/// Conformal): the standard parallels, the checks of the cone constant n, and the polar
/// coordinates about the apex of Albers' and Equidistant Conic's kernels.
@usableFromInline
enum ConicSupport {
    /// φ1, φ2 and the latitude of the false origin φ0 of a cone with one or two standard parallels:
    /// φ1 from EPSG 8823 / Esri `Standard_Parallel_1` (required), φ2 from EPSG 8824 /
    /// `Standard_Parallel_2` (default φ1), φ0 from EPSG 8821, then 8801 / `Latitude_Of_Origin`
    /// (default 0).
    /// - Throws: `invalidParameter` when φ1 is missing, a latitude is beyond ±90° (or NaN), or the
    ///   parallels are symmetric about the equator.
    static func parallels(_ p: ProjectionParameters) throws(GraticuleError)
        -> (phi1: Double, phi2: Double, phi0: Double) {
        typealias P = EPSGParameter
        let phi1 = try p.required(P.latitudeOf1stStandardParallel, "Latitude of 1st standard parallel",
                                  names: ["Standard_Parallel_1"])
        let phi2 = p.value(P.latitudeOf2ndStandardParallel, names: ["Standard_Parallel_2"]) ?? phi1
        let phi0 = p.value(P.latitudeOfFalseOrigin, P.latitudeOfNaturalOrigin,
                           names: ["Latitude_Of_Origin"], default: 0)
        try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st standard parallel", includingPoles: true)
        try ProjectionParameters.checkLatitude(phi2, name: "Latitude of 2nd standard parallel", includingPoles: true)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of false origin", includingPoles: true)
        try checkNotSymmetric(phi1, phi2)
        return (phi1, phi2, phi0)
    }

    /// Throws `invalidParameter` when the standard parallels are symmetric about the equator
    /// (|φ1 + φ2| ≤ 1e-10), where the cone constant n is 0.
    static func checkNotSymmetric(_ phi1: Double, _ phi2: Double) throws(GraticuleError) {
        guard abs(phi1 + phi2) > 1e-10 else {
            throw .invalidParameter(name: "Latitude of 2nd standard parallel", value: phi2 * Angle.degreesPerRadian,
                                    reason: "the standard parallels must not be symmetric about the equator (n = 0)")
        }
    }

    /// `n` when it is a usable cone constant (finite, non-zero, |n| ≤ `maxMagnitude`); otherwise
    /// throws `invalidParameter` naming the second standard parallel `phi2`.
    static func coneConstant(_ n: Double, phi2: Double, maxMagnitude: Double = .infinity) throws(GraticuleError)
        -> Double {
        guard n.isFinite && n != 0 && abs(n) <= maxMagnitude else {
            throw .invalidParameter(name: "Latitude of 2nd standard parallel", value: phi2 * Angle.degreesPerRadian,
                                    reason: "gives no valid cone constant (n = \(n))")
        }
        return n
    }

    /// The map point at polar coordinates (ρ, θ = n Δλ) about the apex (0, ρ0):
    /// (ρ sin θ, ρ0 − ρ cos θ).
    @inlinable @inline(__always)
    static func point(rho: Double, theta: Double, rho0: Double) -> SIMD2<Double> {
        SIMD2(rho * sin(theta), rho0 - rho * cos(theta))
    }

    /// The polar coordinates of the map point `xy` about the apex (0, ρ0) of a cone of constant n,
    /// in the frame where ρ and θ follow the northern formulas (flipped when n < 0): the distance
    /// r ≥ 0 from the apex and Δλ = θ/n (0 at the apex). Nil when r is not finite or
    /// |Δλ| > π (1 + 1e-12) (outside the projected fan).
    @inlinable @inline(__always)
    static func polar(_ xy: SIMD2<Double>, n: Double, rho0: Double) -> (r: Double, lambda: Double)? {
        let sgn: Double = n < 0 ? -1 : 1
        let x = sgn * xy.x, y = sgn * (rho0 - xy.y)
        let r = (x * x + y * y).squareRoot()
        guard r.isFinite else { return nil }
        let lam = r == 0 ? 0 : atan2(x, y) / n
        guard abs(lam) <= .pi * (1 + 1e-12) else { return nil }
        return (r, lam)
    }

    /// m = cos φ / √(1 − e² sin²φ): the radius of the parallel of latitude φ, units of a
    /// (Snyder 1987 eq. 14-15).
    static func m(_ phi: Double, e2: Double) -> Double {
        let s = sin(phi)
        return cos(phi) / (1 - e2 * s * s).squareRoot()
    }
}
