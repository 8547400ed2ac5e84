import Foundation
import GraticuleCore

/// American Polyconic, EPSG 9818, Esri `Polyconic`, PROJ `poly`, on the ellipsoid or the sphere.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, method 9818; Snyder 1987, pp. 124–133): every parallel is
/// the arc of its own tangent cone. With M the meridian distance (`MeridianArc`),
/// N cot φ = cot φ/√(1 − e² sin²φ) and E = (λ − λ0) sin φ: x = N cot φ sin E,
/// y = M(φ) − M(φ0) + N cot φ (1 − cos E); on the equator x = λ − λ0, y = −M(φ0).
/// The inverse solves f(φ) = C (x² + D²) − 2D = 0 with D = y + M0 − M(φ), C = tan φ √(1 − e² sin²φ)
/// (the circle of the parallel through the point) by Newton from φ = y + M0, then
/// E = atan2(x C, 1 − D C) and λ = E / sin φ; the result is checked by projecting it again, so a
/// point off the projected globe gives NaN instead of a spurious root.
///
/// Accuracy: agrees with PROJ 9.5.1 to 5e-8 m forward on the 45 sweep points of the 9 EPSG/ESRI
/// Polyconic CRSs and 4e-13° inverse where PROJ's inverse returns the point (for 8 points of
/// ESRI:53021/54021, 108° from the central meridian, PROJ's Newton lands on a spurious root,
/// latitude −335°; ours round-trips); GIGS 5107 to its 5 cm; round trip < 1e-12° over the globe. Domain: the whole globe, λ − λ0 in
/// [−π, π] (the outline is the meridian ±180°, which curls around the poles).
public struct AmericanPolyconic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "American Polyconic",
        epsgCodes: [9818],
        names: ["American Polyconic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    /// M(φ0), units of a.
    @usableFromInline let m0: Double
    @usableFromInline let e2: Double
    @usableFromInline let meridian: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let phi0 = p.value(P.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true)
        meridian = MeridianArc(flattening: ellipsoid.flattening)
        e2 = ellipsoid.eccentricitySquared
        m0 = meridian.distance(phi0)
        frame = try ProjectionFrame(parameters: p, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        if phi == 0 { return SIMD2(lp.x, -m0) }
        let s = sin(phi), c = cos(phi)
        let ncot = c / (s * (1 - e2 * s * s).squareRoot())  // N cot φ (units of a)
        let bigE = lp.x * s
        let h = sin(bigE / 2)
        return SIMD2(ncot * sin(bigE), meridian.distance(phi, sin: s, cos: c) - m0 + 2 * ncot * h * h)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x, yy = xy.y + m0
        guard x.isFinite && yy.isFinite else { return SIMD2(.nan, .nan) }
        if abs(yy) <= 1e-15 {
            guard abs(x) <= .pi else { return SIMD2(.nan, .nan) }
            return SIMD2(x, 0)
        }
        // The poles (every meridian meets there, on the central meridian's image); Newton below
        // stops 1e-12 short of them.
        if abs(x) <= 1e-12 && abs(abs(yy) - meridian.quarterMeridian) <= 1e-12 {
            return SIMD2(0, yy < 0 ? -.pi / 2 : .pi / 2)
        }
        let x2 = x * x
        let oneMinusE2 = 1 - e2
        var phi = max(-.pi / 2 + 1e-9, min(.pi / 2 - 1e-9, yy))
        var converged = false
        for _ in 0..<40 {
            let s = sin(phi), c = cos(phi)
            let w = (1 - e2 * s * s).squareRoot()
            let cc = s * w / c                                  // C = tan φ √(1 − e² sin²φ)
            let d = yy - meridian.distance(phi, sin: s, cos: c)
            let dm = oneMinusE2 / (w * w * w)                   // dM/dφ
            let dc = w / (c * c) - e2 * s * s / w                // dC/dφ
            let f = cc * (x2 + d * d) - 2 * d
            let df = dc * (x2 + d * d) + 2 * dm * (1 - cc * d)
            var dphi = f / df
            guard dphi.isFinite else { break }
            dphi = max(-0.5, min(0.5, dphi))
            phi -= dphi
            phi = max(-.pi / 2 + 1e-12, min(.pi / 2 - 1e-12, phi))
            if abs(dphi) <= 1e-14 { converged = true; break }
        }
        guard converged else { return SIMD2(.nan, .nan) }
        let s = sin(phi), c = cos(phi)
        let cc = s * (1 - e2 * s * s).squareRoot() / c
        let d = yy - meridian.distance(phi, sin: s, cos: c)
        let lam = atan2(x * cc, 1 - d * cc) / s
        guard abs(lam) <= .pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        // Reject spurious roots: the answer must project back onto the input.
        let back = forward(SIMD2(lam, phi))
        guard abs(back.x - x) <= 1e-9 && abs(back.y - xy.y) <= 1e-9 else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
