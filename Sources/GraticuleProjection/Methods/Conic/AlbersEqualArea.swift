import Foundation
import GraticuleCore

/// Albers Equal Area conic, EPSG 9822, Esri `Albers` (`Albers_Conic_Equal_Area`), PROJ `aea`, on
/// the ellipsoid or the sphere.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, method 9822; Snyder 1987, pp. 98–103): with the authalic
/// function q(φ) = (1 − e²)[sin φ/(1 − e² sin²φ) + atanh(e sin φ)/e] (2 sin φ on the sphere) and
/// m = cos φ/√(1 − e² sin²φ): n = (m1² − m2²)/(q2 − q1) (sin φ1 for one parallel),
/// C = m1² + n q1, ρ = √(C − n q)/n, θ = n(λ − λ0), x = ρ sin θ, y = ρ0 − ρ cos θ.
/// The inverse takes q = (C − (nρ)²)/n and solves q(φ) = q by Newton's method from the authalic
/// latitude (quadratic convergence, to 1e-15 rad).
///
/// Accuracy: agrees with PROJ 9.5.1 to 3e-8 m forward and 4e-13° inverse on the 305 sweep points
/// of the 61 EPSG/ESRI Albers CRSs; GN 7-2's example to 1 mm; round trip < 1e-12° except at a
/// pole that maps to an
/// arc, where the meridian scale is 0 and the inverse is ill-conditioned (δφ ∝ √δq: up to 3e-6°
/// at the pole itself, < 0.4 mm on the ground 0.001° from it). Domain: the whole globe (both
/// poles map to finite arcs or points; the cut is the antimeridian of λ0); inverse points outside
/// the projected fan or beyond the poles give NaN.
public struct AlbersEqualArea: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Albers Equal Area",
        epsgCodes: [9822],
        names: ["Albers Equal Area"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public let n: Double
    /// C (units of a²).
    @usableFromInline let bigC: Double
    @usableFromInline let rho0: Double
    @usableFromInline let authalic: AuthalicLatitude

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let (phi1, phi2, phi0) = try ConicSupport.parallels(p)
        let e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        authalic = AuthalicLatitude(eccentricity: e)
        let q1 = authalic.q(sin: sin(phi1))
        let q2 = authalic.q(sin: sin(phi2))
        let m1 = ConicSupport.m(phi1, e2: e * e), m2 = ConicSupport.m(phi2, e2: e * e)
        var n = sin(phi1)
        if abs(phi1 - phi2) >= 1e-10 { n = (m1 * m1 - m2 * m2) / (q2 - q1) }
        self.n = try ConicSupport.coneConstant(n, phi2: phi2)
        bigC = m1 * m1 + n * q1
        let r0 = bigC - n * authalic.q(sin: sin(phi0))
        guard r0 >= 0 else {
            throw .invalidParameter(name: "Latitude of false origin", value: phi0 * Angle.degreesPerRadian,
                                    reason: "lies outside the cone")
        }
        rho0 = r0.squareRoot() / n
        let lon0 = p.centralMeridian([P.longitudeOfFalseOrigin, P.longitudeOfNaturalOrigin])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, falseOrigin: [.falseOrigin, .natural],
                                ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        let r = bigC - n * authalic.q(sin: sin(phi))
        guard r >= -1e-15 else { return SIMD2(.nan, .nan) }
        let rho = max(r, 0).squareRoot() / n
        return ConicSupport.point(rho: rho, theta: n * lp.x, rho0: rho0)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard let (r, lam) = ConicSupport.polar(xy, n: n, rho0: rho0) else { return SIMD2(.nan, .nan) }
        let nr = n * r
        let q = (bigC - nr * nr) / n
        // |q| ≤ qp on the globe; a sliver of rounding beyond is a pole.
        guard abs(q) <= authalic.qp * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, authalic.latitude(q: q))
    }
}
