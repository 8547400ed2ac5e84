import Foundation
import GraticuleCore

/// Lambert Azimuthal Equal Area: EPSG 9820 (ellipsoidal), 1027 (Spherical: the spherical formulas
/// on the authalic sphere of the ellipsoid, radius R_A by PROJ's `+R_A` series), Esri
/// `Lambert_Azimuthal_Equal_Area`, PROJ `laea`.
///
/// Formulas: IOGP GN 7-2 §3.9.2 and Snyder 1987 pp. 187–190: authalic latitude
/// β = asin(q / q_P), q = (1 − e²)(sin φ / (1 − e² sin² φ) + atanh(e sin φ) / e); oblique aspect
/// B = R_q √(2 / (1 + sin β0 sin β + cos β0 cos β cos Δλ)), x = B D cos β sin Δλ,
/// y = (B / D)(cos β0 sin β − sin β0 cos β cos Δλ), D = m0 / (R_q cos β0); polar aspects
/// ρ = √(q_P ∓ q). Inverse: the closed-form β, then φ from q by Newton's method (2–3 steps from
/// the 3-term series), to 1e-15 rad.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward over the areas of use of the 28 EPSG/ESRI
/// CRSs (sweep fixture), and with GN 7-2's ETRS89-LAEA example to its printed 1 cm. The inverse is
/// exact to 1e-15 rad; PROJ 9.5.1's inverse uses a 3-term authalic series and is off by up to
/// 1.4e-8° (1.5 mm), so the sweep checks ours by round trip there. Domain: every point but the antipode of the origin (NaN), which is the whole boundary
/// circle ρ = 2 R_q; `clipRegion` is the cap of radius π − `ClipRegion.antipodeExclusion`.
public struct LambertAzimuthalEqualArea: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Lambert Azimuthal Equal Area",
        epsgCodes: [9820, 1027],
        names: ["Lambert Azimuthal Equal Area", "Lambert Azimuthal Equal Area (Spherical)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: .pi - ClipRegion.antipodeExclusion)
    }

    @usableFromInline enum Mode: Sendable { case north, south, oblique }
    @usableFromInline let mode: Mode
    @usableFromInline let phi0: Double
    @usableFromInline let authalic: AuthalicLatitude
    @usableFromInline let d: Double
    @usableFromInline let sinB0: Double
    @usableFromInline let cosB0: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let spherical = p.methodCode == 1027 || p.methodNameContains("Spherical")
        let e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOfProjectionCentre,
                       names: ["Latitude_Of_Origin", "Latitude_Of_Center"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true, tolerance: 1e-12)
        let lon0 = p.centralMeridian(
            [EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfProjectionCentre],
            names: ["Central_Meridian", "Longitude_Of_Center"])
        let figure: Ellipsoid
        if spherical && e != 0 {
            // Authalic sphere of the ellipsoid by PROJ's `+R_A` series.
            figure = .sphere(radius: AuthalicLatitude.seriesRadius(ellipsoid))
            authalic = AuthalicLatitude(eccentricity: 0)
        } else {
            figure = ellipsoid
            authalic = AuthalicLatitude(eccentricity: e)
        }
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: figure)
        if abs(abs(phi0) - .pi / 2) < 1e-10 {
            mode = phi0 > 0 ? .north : .south
            sinB0 = phi0 > 0 ? 1 : -1; cosB0 = 0; d = 1
        } else {
            mode = .oblique
            let b0 = asin(authalic.sinBeta(sin: sin(phi0)))
            sinB0 = sin(b0); cosB0 = cos(b0)
            let s = sin(phi0)
            d = cos(phi0) / (1 - authalic.es * s * s).squareRoot() / (authalic.radius * cosB0)
        }
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let qp = authalic.qp
        let qv = authalic.q(sin: sin(lp.y))
        let sinLam = sin(lp.x), cosLam = cos(lp.x)
        switch mode {
        case .north, .south:
            let r2 = mode == .north ? qp - qv : qp + qv
            // The opposite pole (the antipode of the origin) has no single image.
            guard mode == .north ? lp.y > -Double.pi / 2 + 1e-12 : lp.y < Double.pi / 2 - 1e-12 else {
                return SIMD2(.nan, .nan)
            }
            let rho = max(0, r2).squareRoot()
            return SIMD2(rho * sinLam, mode == .north ? -rho * cosLam : rho * cosLam)
        case .oblique:
            let sinB = max(-1, min(1, qv / qp))
            let cosB = (1 - sinB * sinB).squareRoot()
            let den = 1 + sinB0 * sinB + cosB0 * cosB * cosLam
            guard den > 1e-15 else { return SIMD2(.nan, .nan) }
            let b = authalic.radius * (2 / den).squareRoot()
            return SIMD2(b * d * cosB * sinLam, (b / d) * (cosB0 * sinB - sinB0 * cosB * cosLam))
        }
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let qp = authalic.qp, rq = authalic.radius
        switch mode {
        case .north, .south:
            let rho2 = xy.x * xy.x + xy.y * xy.y
            guard rho2 <= 2 * qp * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
            let qv = mode == .north ? qp - rho2 : rho2 - qp
            let lam = rho2 == 0 ? 0 : atan2(xy.x, mode == .north ? -xy.y : xy.y)
            return SIMD2(lam, authalic.latitude(q: qv))
        case .oblique:
            let x = xy.x / d, y = xy.y * d
            let rho = (x * x + y * y).squareRoot()
            guard rho <= 2 * rq * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
            if rho == 0 { return SIMD2(0, phi0) }
            let c = 2 * asin(min(1, rho / (2 * rq)))
            let sinC = sin(c), cosC = cos(c)
            let sinB = max(-1, min(1, cosC * sinB0 + y * sinC * cosB0 / rho))
            let lam = atan2(x * sinC, rho * cosB0 * cosC - y * sinB0 * sinC)
            return SIMD2(lam, authalic.latitude(q: qp * sinB))
        }
    }
}
