import Foundation
import GraticuleCore

/// Hotine Oblique Mercator: EPSG 9812 (variant A: u from the natural origin), 9815 (variant B: u
/// from the projection centre, with Easting/Northing at the centre), Esri
/// `Hotine_Oblique_Mercator_Azimuth_Natural_Origin` / `_Azimuth_Center`,
/// `Rectified_Skew_Orthomorphic_Natural_Origin` / `_Center` (XY_Plane_Rotation = γc), and the
/// two-point forms `Hotine_Oblique_Mercator_Two_Point_Natural_Origin` / `_Center` (the central line
/// through two points; ESRI:53025 Sphere_Hotine, 54025 World_Hotine). PROJ `omerc` (and `somerc`
/// for αc = γc = 90°, which is the same map).
///
/// Formulas: IOGP GN 7-2 §3.4.1 (Hotine 1947 via Snyder 1987 pp. 66–75): constants B, A, D, F,
/// H = F t_c^B, γ0 = asin(sin αc / D), λ0 = λc − asin(G tan γ0)/B; the point's isometric latitude
/// ψ gives Q = H e^{Bψ}, U = (sin γ0 sinh w − cos γ0 sin BΔλ)/cosh w (w = ln Q),
/// v = −(A/B) atanh U, u = (A/B) atan2(sinh w cos γ0 + sin BΔλ sin γ0, cos BΔλ); variant B
/// subtracts u_c = (A/B) atan(√(D² − 1)/cos αc)·sign φc; (E, N) = rotation by γc. The two-point
/// form takes λ0 and γ0 from the points (Snyder eqs. 9-21 to 9-24) and γc = αc = asin(D sin γ0).
/// The inverse is closed form up to φ from ψ (Newton, Karney 2011).
///
/// The two-point CRSs have their first point on the equator (lat_1 = 0), which PROJ's `omerc`
/// rejects ("lat_1 should be different from 0": a restriction of Snyder's spherical two-point
/// formulas, where the pole of the central line is found from tan φ1). The ellipsoidal formulas
/// used here only need t(φ1) = 1 at the equator and are regular there: both points map onto the
/// central line (v = 0), and forward/inverse round-trip to 1e-12° (tests).
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse over the 45 EPSG/ESRI
/// CRSs' areas of use (sweep fixture, incl. the Swiss/Hungarian `somerc` ones), and with GN 7-2's
/// Timbalai 1948 / RSO Borneo example to its printed 1 cm. Domain: every point but the two poles of
/// the central line's great circle on the aposphere (NaN there) and, on the ellipsoid (B > 1),
/// the sliver |λ − λ0| > π/B next to the antimeridian of λ0, which would wrap; the inverse gives
/// NaN beyond the image's period |u| > π·A/B. `clipRegion` is the cap of radius 80°
/// around the centre (scale ≤ 1/cos 80° ≈ 5.8 at its edge), which excludes those two points,
/// shrunk where needed to stay clear of the sliver (ESRI:54025 World_Hotine: 57°).
public struct HotineObliqueMercator: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Hotine Oblique Mercator",
        epsgCodes: [9812, 9815],
        names: ["Hotine Oblique Mercator (variant A)", "Hotine Oblique Mercator (variant B)",
                "Hotine Oblique Mercator Two Point Natural Origin", "Hotine Oblique Mercator Two Point Center"])

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion

    @usableFromInline let e: Double
    @usableFromInline let b: Double
    /// A / B.
    @usableFromInline let arb: Double
    /// ln H.
    @usableFromInline let logH: Double
    @usableFromInline let sinGamma0: Double
    @usableFromInline let cosGamma0: Double
    @usableFromInline let sinRot: Double
    @usableFromInline let cosRot: Double
    @usableFromInline let uc: Double
    @usableFromInline let vPoleN: Double
    @usableFromInline let vPoleS: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let name = ProjectionDescriptor.normalize(p.methodName)
        let twoPoint = name.contains("twopoint")
        let centred = p.methodCode == 9815 || name.hasSuffix("center") || name.hasSuffix("centre")
            || name.contains("variantb") || name == "obliquemercator" || name.contains("swiss")
        let e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        let e2 = e * e
        self.e = e
        let phic = try p.required(EPSGParameter.latitudeOfProjectionCentre, "Latitude of projection centre",
                                  names: ["Latitude_Of_Center", "Latitude_Of_Origin"])
        try ProjectionParameters.checkLatitude(phic, name: "Latitude of projection centre", tolerance: 1e-10)
        let kc = p.value(EPSGParameter.scaleFactorOnInitialLine, EPSGParameter.scaleFactorAtNaturalOrigin,
                         names: ["Scale_Factor"], default: 1)
        guard kc > 0 && kc.isFinite else {
            throw .invalidParameter(name: "Scale factor at projection centre", value: kc, reason: "must be positive")
        }
        // Aposphere constants (GN 7-2).
        let sc = sin(phic), cc = cos(phic)
        let w = 1 - e2 * sc * sc
        let bb = Conformal.gaussSphereExponent(cosPhi0: cc, e2: e2)
        let a = bb * kc * (1 - e2).squareRoot() / w
        let d = bb * (1 - e2).squareRoot() / (cc * w.squareRoot())
        let d2m1 = max(0, d * d - 1)
        let f = d + (phic < 0 ? -1 : 1) * d2m1.squareRoot()
        // ln H = ln F + B ln t_c, ln t_c = −ψ_c.
        let psic = Conformal.isometricLatitude(phic, e: e)
        let logH = log(f) - bb * psic
        b = bb
        arb = a / bb
        self.logH = logH
        let lon0: Double, gamma0: Double, alphac: Double, gammac: Double
        var centre = (lon: 0.0, lat: phic)
        if twoPoint {
            let phi1 = try p.required(-1, "Latitude of 1st point", names: ["Latitude_Of_1st_Point"])
            let lam1 = try p.required(-1, "Longitude of 1st point", names: ["Longitude_Of_1st_Point"])
            let phi2 = try p.required(-1, "Latitude of 2nd point", names: ["Latitude_Of_2nd_Point"])
            var lam2 = try p.required(-1, "Longitude of 2nd point", names: ["Longitude_Of_2nd_Point"])
            try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st point", tolerance: 1e-7)
            try ProjectionParameters.checkLatitude(phi2, name: "Latitude of 2nd point", tolerance: 1e-7)
            guard abs(phi1 - phi2) > 1e-7 else {
                throw .invalidParameter(name: "Latitude of 2nd point", value: phi2 * Angle.degreesPerRadian,
                                        reason: "must differ from the latitude of the 1st point")
            }
            // H = t1^B, L = t2^B; E = H_c (GN's H); Snyder eqs. 9-21 to 9-24.
            let psi1 = Conformal.isometricLatitude(phi1, e: e)
            let psi2 = Conformal.isometricLatitude(phi2, e: e)
            let h1 = exp(-bb * psi1), l2 = exp(-bb * psi2)
            let eh = exp(logH)
            let pp = (l2 - h1) / (l2 + h1)
            let j = (eh * eh - l2 * h1) / (eh * eh + l2 * h1)
            if lam1 - lam2 < -.pi { lam2 -= 2 * .pi } else if lam1 - lam2 > .pi { lam2 += 2 * .pi }
            lon0 = Angle.normalizeRadians(0.5 * (lam1 + lam2) - atan(j * tan(0.5 * bb * (lam1 - lam2)) / pp) / bb)
            // tan γ0 = 2 sin(B(λi − λ0)) / (Fi − 1/Fi), Fi = E / Hi, holds for either point (both lie on
            // the central line); Snyder uses point 1, which is 0/0 when it is the natural origin itself
            // (lat_1 = 0 on the sphere: ESRI:53025). Use the point farther from the aposphere's equator.
            let f1 = eh / h1, f2 = eh / l2
            let (fi, lami) = abs(f1 - 1 / f1) >= abs(f2 - 1 / f2) ? (f1, lam1) : (f2, lam2)
            gamma0 = atan(2 * sin(bb * Angle.normalizeRadians(lami - lon0)) / (fi - 1 / fi))
            let s = d * sin(gamma0)
            guard abs(s) <= 1 + 1e-12 else {
                throw .invalidParameter(name: "Latitude of 2nd point", value: phi2 * Angle.degreesPerRadian,
                                        reason: "the two points do not define a central line at this latitude of centre")
            }
            alphac = asin(max(-1, min(1, s)))
            gammac = alphac
            // Rendering centre: midway between the two points on the sphere.
            let v1 = SIMD3(cos(phi1) * cos(lam1), cos(phi1) * sin(lam1), sin(phi1))
            let v2 = SIMD3(cos(phi2) * cos(lam2), cos(phi2) * sin(lam2), sin(phi2))
            let m = v1 + v2
            centre = (atan2(m.y, m.x), atan2(m.z, (m.x * m.x + m.y * m.y).squareRoot()))
        } else {
            let lamc = try p.required(EPSGParameter.longitudeOfProjectionCentre, "Longitude of projection centre",
                                      names: ["Longitude_Of_Center", "Central_Meridian"])
            alphac = try p.required(EPSGParameter.azimuthOfInitialLine, "Azimuth at projection centre",
                                    names: ["Azimuth"])
            gammac = p.value(EPSGParameter.angleFromRectifiedToSkewGrid, names: ["XY_Plane_Rotation"],
                             default: alphac)
            let sa = sin(alphac), ca = cos(alphac)
            guard abs(sa) <= d * (1 + 1e-12) else {
                throw .invalidParameter(name: "Azimuth at projection centre", value: alphac * Angle.degreesPerRadian,
                                        reason: "no central line with this azimuth at this latitude")
            }
            // γ0 = asin(sin αc / D) and asin(G tan γ0) = atan2(G sin αc, D |cos αc|) (G² = D² − 1):
            // the atan2 forms stay accurate at αc = 90°, where asin's argument is 1 and its
            // derivative infinite (a 1-ulp error there moves λ0 by 0.3 m).
            gamma0 = atan2(sa, max(0, d * d - sa * sa).squareRoot())
            let g = 0.5 * (f - 1 / f)
            lon0 = lamc - atan2(g * sa, d * abs(ca)) / bb
            centre = (lamc, phic)
        }
        sinGamma0 = sin(gamma0); cosGamma0 = cos(gamma0)
        sinRot = sin(gammac); cosRot = cos(gammac)
        if centred {
            let u0 = arb * atan2(d2m1.squareRoot(), abs(cos(alphac)))
            uc = phic < 0 ? -u0 : u0
        } else {
            uc = 0
        }
        vPoleN = arb * log(tan(.pi / 4 - 0.5 * gamma0))
        vPoleS = arb * log(tan(.pi / 4 + 0.5 * gamma0))
        clipRegion = .cap(lon: centre.lon, lat: centre.lat,
                          radius: Swift.min(80 * Angle.radiansPerDegree,
                                         HotineObliqueMercator.distanceToSliver(from: centre, lon0: lon0, b: bb)))
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0,
                                falseOrigin: centred ? [.projectionCentre, .natural] : [.natural, .projectionCentre],
                                ellipsoid: ellipsoid)
    }

    /// The angular distance from the centre to the sliver |λ − λ0| > π/B (empty on the sphere, where
    /// B = 1): to the nearer of its two edge meridians, or to the nearer pole, where every meridian
    /// and so the sliver's tip lies. Regional CRSs have it half a world away; World_Hotine's cap shrinks.
    static func distanceToSliver(from centre: (lon: Double, lat: Double), lon0: Double, b: Double) -> Double {
        guard b > 1 else { return .pi }
        var d = Double.pi / 2 - abs(centre.lat)
        for edge in [lon0 + .pi / b, lon0 - .pi / b] {
            let delta = Angle.normalizeRadians(edge - centre.lon)
            if abs(delta) <= .pi / 2 { d = Swift.min(d, asin(cos(centre.lat) * abs(sin(delta)))) }
        }
        return d
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        var u: Double, v: Double
        if abs(abs(lp.y) - .pi / 2) > 1e-10 {
            let psi = Conformal.isometricLatitude(lp.y, e: e)
            let w = logH + b * psi  // ln Q
            let sh = sinh(w), ch = cosh(w)
            let bl = b * lp.x
            // B > 1 on the ellipsoid: the last (B − 1)·π of longitude before the antimeridian of λ0
            // would wrap onto the other end of the map.
            guard abs(bl) <= .pi else { return SIMD2(.nan, .nan) }
            let sinBl = sin(bl), cosBl = cos(bl)
            let uu = (sh * sinGamma0 - sinBl * cosGamma0) / ch
            guard abs(abs(uu) - 1) > 1e-10 else { return SIMD2(.nan, .nan) }
            v = -arb * atanh(uu)
            // atan2 is exact where cos Bλ = 0 (PROJ's omerc substitutes A·λ there, which has the
            // wrong sign on half of those meridians).
            u = arb * atan2(sh * cosGamma0 + sinBl * sinGamma0, cosBl)
        } else {
            v = lp.y > 0 ? vPoleN : vPoleS
            u = arb * lp.y
        }
        u -= uc
        return SIMD2(v * cosRot + u * sinRot, u * cosRot - v * sinRot)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let v = xy.x * cosRot - xy.y * sinRot
        let u = xy.y * cosRot + xy.x * sinRot + uc
        // u = (A/B)·atan2(…) ∈ [−π A/B, π A/B]: beyond is not an image of the forward map (NaN
        // fails it too).
        guard abs(u) <= .pi * arb * (1 + 1e-12) && v.isFinite else { return SIMD2(.nan, .nan) }
        // Q' = e^{−v/(A/B)}: S' = −sinh(v B/A), T' = cosh(v B/A).
        let z = v / arb
        let sp = -sinh(z), tp = cosh(z)
        let vp = sin(u / arb)
        let up = (vp * cosGamma0 + sp * sinGamma0) / tp
        // The poles; next to them atanh(U') is still finite (|U'| = 1 − 1e-16 is 1.5e-8 rad away).
        if abs(up) >= 1 { return SIMD2(0, up > 0 ? .pi / 2 : -.pi / 2) }
        // ψ = (atanh U' − ln H) / B.
        let psi = (atanh(up) - logH) / b
        let phi = Conformal.latitude(isometric: psi, e: e)
        let lam = -atan2(sp * cosGamma0 - vp * sinGamma0, cos(u / arb)) / b
        return SIMD2(lam, phi)
    }
}
