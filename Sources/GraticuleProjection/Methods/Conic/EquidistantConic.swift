import Foundation
import GraticuleCore

/// Equidistant Conic, EPSG 1119, Esri `Equidistant_Conic`, PROJ `eqdc`, on the ellipsoid or the
/// sphere (the meridians are true to scale).
///
/// Formulas (Snyder 1987, pp. 111–115, eqs. 14-15, 16-1 … 16-5; EPSG method 1119 has no
/// GN 7-2 formulas): with the meridian distance M(φ) (`MeridianArc`, full double precision) and
/// m = cos φ/√(1 − e² sin²φ): n = (m1 − m2)/(M2 − M1) (sin φ1 for one parallel),
/// G = m1/n + M1, ρ = G − M(φ), θ = n(λ − λ0), x = ρ sin θ, y = ρ0 − ρ cos θ. The inverse is
/// closed form: M = G − ρ, then φ from M by the rectifying-latitude series.
///
/// Accuracy: agrees with PROJ 9.5.1 to 5e-8 m forward and 5e-13° inverse on the 45 sweep points
/// of the 9 ESRI Equidistant_Conic CRSs; round trip < 1e-12° over the globe. Domain: the whole globe (both
/// poles map to arcs; the cut is the antimeridian of λ0); inverse points outside the projected
/// fan or beyond the poles give NaN.
public struct EquidistantConic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Equidistant Conic",
        epsgCodes: [1119],
        names: ["Equidistant Conic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public let n: Double
    /// G (units of a): ρ = G − M(φ).
    @usableFromInline let g: Double
    @usableFromInline let rho0: Double
    @usableFromInline let meridian: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let (phi1, phi2, phi0) = try ConicSupport.parallels(p)
        let meridian = MeridianArc(flattening: ellipsoid.flattening)
        self.meridian = meridian
        let e2 = ellipsoid.eccentricitySquared
        let m1 = ConicSupport.m(phi1, e2: e2), m2 = ConicSupport.m(phi2, e2: e2), bigM1 = meridian.distance(phi1)
        var n = sin(phi1)
        if abs(phi1 - phi2) >= 1e-10 { n = (m1 - m2) / (meridian.distance(phi2) - bigM1) }
        self.n = try ConicSupport.coneConstant(n, phi2: phi2)
        g = m1 / n + bigM1
        rho0 = g - meridian.distance(phi0)
        let lon0 = p.centralMeridian([P.longitudeOfFalseOrigin, P.longitudeOfNaturalOrigin])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, falseOrigin: [.falseOrigin, .natural],
                                ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        let rho = g - meridian.distance(phi)
        return ConicSupport.point(rho: rho, theta: n * lp.x, rho0: rho0)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard let (r, lam) = ConicSupport.polar(xy, n: n, rho0: rho0) else { return SIMD2(.nan, .nan) }
        let bigM = g - (n < 0 ? -r : r)
        let quarter = meridian.quarterMeridian
        guard abs(bigM) <= quarter * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        if abs(bigM) >= quarter { return SIMD2(lam, bigM < 0 ? -.pi / 2 : .pi / 2) }
        return SIMD2(lam, meridian.latitude(distance: bigM))
    }
}
