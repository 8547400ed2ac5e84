import Foundation
import GraticuleCore

/// Lambert Conic Near-Conformal, EPSG 9817 (EPSG:22700 Deir ez Zor / Levant Zone): the French
/// "Lambert" of the Levant, in which the LCC series for the radius is truncated after the cubic
/// term.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, method 9817): with n = f/(2 − f), the meridian arc
/// s(φ) = A′φ − B′ sin 2φ + C′ sin 4φ − D′ sin 6φ + E′ sin 8φ (GN 7-2's 5th-order series in n),
/// m = s(φ) − s(φ0), M = k0(m + A m³) with A = 1/(6 ρ0 ν0), r = r0 − M with r0 = k0 ν0 / tan φ0,
/// θ = (λ − λ0) sin φ0, x = r sin θ, y = M + r sin θ tan(θ/2). The inverse solves the cubic for
/// m and then s(φ) = m + s0 for φ, both by Newton to full precision (GN 7-2 iterates the same
/// equations by fixed point).
///
/// Accuracy: reproduces GN 7-2's worked example to the published 1 cm both ways (test); PROJ
/// 9.5.1 cannot project this method, so the sweep checks round trips (< 1 nm). Domain: the whole
/// globe gives finite values (the formula is the definition, not an approximation of a conformal
/// map: its scale error grows as m², so it is meaningful only near the Levant zone); φ0 ≠ 0.
public struct LambertConicNearConformal: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Lambert Conic Near-Conformal",
        epsgCodes: [9817],
        names: ["Lambert Conic Near-Conformal"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline let k0: Double
    /// Cubic coefficient A (units of a⁻²).
    @usableFromInline let cubic: Double
    @usableFromInline let r0: Double
    @usableFromInline let s0: Double
    @usableFromInline let sinPhi0: Double
    /// Meridian-arc coefficients A′ (per radian), B′, C′, D′, E′, units of a.
    @usableFromInline let arc: (Double, Double, Double, Double, Double)

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let phi0 = try p.required(P.latitudeOfNaturalOrigin, "Latitude of natural origin",
                                  names: ["Latitude_Of_Origin"])
        guard abs(phi0) > 1e-10 && abs(phi0) < .pi / 2 else {
            throw .invalidParameter(name: "Latitude of natural origin", value: phi0 * Angle.degreesPerRadian,
                                    reason: "must be non-zero and strictly between −90° and 90°")
        }
        let k0 = p.value(P.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        self.k0 = k0
        let f = ellipsoid.flattening
        let e2 = ellipsoid.eccentricitySquared
        let n = f / (2 - f)
        let n2 = n * n, n3 = n2 * n, n4 = n2 * n2, n5 = n4 * n
        arc = (1 - n + 5 * (n2 - n3) / 4 + 81 * (n4 - n5) / 64,
               3 * (n - n2 + 7 * (n3 - n4) / 8 + 55 * n5 / 64) / 2,
               15 * (n2 - n3 + 3 * (n4 - n5) / 4) / 16,
               35 * (n3 - n4 + 11 * n5 / 16) / 48,
               315 * (n4 - n5) / 512)
        let s = sin(phi0)
        let w2 = 1 - e2 * s * s
        let nu0 = 1 / w2.squareRoot()
        let rho0 = (1 - e2) / (w2 * w2.squareRoot())
        cubic = 1 / (6 * rho0 * nu0)
        r0 = k0 * nu0 / tan(phi0)
        sinPhi0 = s
        s0 = Self.arcLength(phi0, arc)
        frame = try ProjectionFrame(parameters: p, ellipsoid: ellipsoid)
    }

    /// GN 7-2's meridian arc s(φ), units of a.
    @inlinable @inline(__always)
    static func arcLength(_ phi: Double, _ k: (Double, Double, Double, Double, Double)) -> Double {
        k.0 * phi - k.1 * sin(2 * phi) + k.2 * sin(4 * phi) - k.3 * sin(6 * phi) + k.4 * sin(8 * phi)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        let m = Self.arcLength(phi, arc) - s0
        let bigM = k0 * (m + cubic * m * m * m)
        let r = r0 - bigM
        let theta = lp.x * sinPhi0
        let st = sin(theta)
        return SIMD2(r * st, bigM + r * st * tan(theta / 2))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let sgn: Double = sinPhi0 < 0 ? -1 : 1
        let x = sgn * xy.x, y = sgn * (r0 - xy.y)
        let r = sgn * (x * x + y * y).squareRoot()
        guard r.isFinite else { return SIMD2(.nan, .nan) }
        let lam = atan2(x, y) / sinPhi0
        guard abs(lam) <= .pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        let bigM = r0 - r
        // k0 (m + A m³) = M: monotonic in m, Newton from m = M / k0.
        var m = bigM / k0
        for _ in 0..<30 {
            let dm = (k0 * (m + cubic * m * m * m) - bigM) / (k0 * (1 + 3 * cubic * m * m))
            m -= dm
            if !(abs(dm) > 1e-15 * max(1, abs(m))) { break }
        }
        // s(φ) = m + s0 by Newton (ds/dφ > 0).
        let target = m + s0
        let phi = NumericalInverse.newton(from: target / arc.0, maxIterations: 30) { phi in
            let ds = arc.0 - 2 * arc.1 * cos(2 * phi) + 4 * arc.2 * cos(4 * phi) - 6 * arc.3 * cos(6 * phi)
                + 8 * arc.4 * cos(8 * phi)
            return (Self.arcLength(phi, arc) - target) / ds
        }
        guard abs(phi) <= .pi / 2 * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, max(-.pi / 2, min(.pi / 2, phi)))
    }
}
