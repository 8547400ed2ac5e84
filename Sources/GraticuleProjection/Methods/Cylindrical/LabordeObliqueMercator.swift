import Foundation
import GraticuleCore

/// Laborde Oblique Mercator, EPSG 9813 (Esri `Laborde_Oblique_Mercator`, PROJ `labrd`): Madagascar's
/// grid (EPSG:29701, 8441). The ellipsoid is mapped conformally onto the Gauss sphere, the sphere
/// rotated so the projection centre lies on its equator, projected by Mercator, and finished by
/// the complex cubic H + G H³.
///
/// Formulas: IOGP GN 7-2 §3.4.2 (after J. Laborde 1928 and IGN NT/G 74): B = √(1 + e² cos⁴φc/(1 − e²)),
/// φs = asin(sin φc / B), R = a kc √(1 − e²)/(1 − e² sin²φc), q = C + B ψ(φ) (ψ the isometric
/// latitude), P = gd(q), L = B Δλ; the rotation by φs gives (L′, P′); H = −L′ + i ln tan(π/4 + P′/2),
/// G = (1 − cos 2αc + i sin 2αc)/12, E = FE + R Im(H + G H³), N = FN + R Re(H + G H³). Inverse:
/// Newton's method on the cubic in complex arithmetic, then the rotations undone, ψ = (q − C)/B and
/// φ from ψ (Karney 2011) — exact to 1e-14 rad, where GN 7-2 iterates to 1e-11.
///
/// Accuracy: GN 7-2's example (Tananarive / Laborde Grid) to 2.3 mm, its printed input being
/// rounded to 1e-9 rad (6 mm). PROJ 9.5.1's `labrd` is a series expansion of this method that is
/// off by up to 5 cm forward and 8 cm inverse at the edges of Madagascar; the sweep compares with it
/// at 10 cm and checks the inverse by round trip (< 1e-12°). Domain: within 60° of the centre, where
/// the cubic is monotonic (|3 G H²| < 1); NaN beyond. `clipRegion`: the cap of radius 60°.
public struct LabordeObliqueMercator: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Laborde Oblique Mercator",
        epsgCodes: [9813],
        names: ["Laborde Oblique Mercator"])

    public static let domainRadius = 60 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phic, radius: LabordeObliqueMercator.domainRadius)
    }

    @usableFromInline let phic: Double
    @usableFromInline let e: Double
    @usableFromInline let b: Double
    @usableFromInline let c: Double
    @usableFromInline let sinPhiS: Double
    @usableFromInline let cosPhiS: Double
    /// R / a.
    @usableFromInline let r: Double
    @usableFromInline let gRe: Double
    @usableFromInline let gIm: Double
    @usableFromInline let domain: SphericalCap

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        let e2 = e * e
        phic = try p.required(EPSGParameter.latitudeOfProjectionCentre, "Latitude of projection centre",
                              names: ["Latitude_Of_Center", "Latitude_Of_Origin"])
        try ProjectionParameters.checkLatitude(phic, name: "Latitude of projection centre", tolerance: 1e-10)
        // PROJ's labrd refuses φc = 0 (its formulation divides by sin φc); a CRS with it would not
        // be usable there, so it is refused here too.
        guard phic != 0 else {
            throw .invalidParameter(name: "Latitude of projection centre", value: 0,
                                    reason: "must not be 0 (PROJ's labrd is undefined there)")
        }
        let lamc = try p.required(EPSGParameter.longitudeOfProjectionCentre, "Longitude of projection centre",
                                  names: ["Longitude_Of_Center", "Central_Meridian"])
        let alpha = try p.required(EPSGParameter.azimuthOfInitialLine, "Azimuth at projection centre",
                                   names: ["Azimuth"])
        let kc = p.value(EPSGParameter.scaleFactorOnInitialLine, EPSGParameter.scaleFactorAtNaturalOrigin,
                         names: ["Scale_Factor"], default: 1)
        guard kc > 0 && kc.isFinite else {
            throw .invalidParameter(name: "Scale factor at projection centre", value: kc, reason: "must be positive")
        }
        let s = sin(phic), co = cos(phic)
        b = Conformal.gaussSphereExponent(cosPhi0: co, e2: e2)
        let phis = asin(s / b)
        sinPhiS = sin(phis); cosPhiS = cos(phis)
        r = kc * (1 - e2).squareRoot() / (1 - e2 * s * s)
        // C = ln tan(π/4 + φs/2) − B ψ(φc).
        c = asinh(tan(phis)) - b * Conformal.isometricLatitude(phic, e: e)
        gRe = (1 - cos(2 * alpha)) / 12
        gIm = sin(2 * alpha) / 12
        domain = SphericalCap(centerLatitude: phic, radius: LabordeObliqueMercator.domainRadius)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lamc, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        // Angular distance from the centre on the sphere, for the domain.
        let sp = sin(lp.y), cp = cos(lp.y)
        guard domain.contains(dlam: lp.x, sinPhi: sp, cosPhi: cp) else {
            return SIMD2(.nan, .nan)
        }
        let q = c + b * Conformal.isometricLatitude(lp.y, e: e)
        let bigP = atan(sinh(q))
        let l = b * lp.x
        let cosP = cos(bigP), sinP = sin(bigP)
        let uu = cosP * cos(l) * cosPhiS + sinP * sinPhiS
        let vv = cosP * cos(l) * sinPhiS - sinP * cosPhiS
        let ww = cosP * sin(l)
        let lPrime = atan2(vv, uu)
        let psiPrime = atanh(max(-1, min(1, ww)))  // ln tan(π/4 + P′/2) with sin P′ = W
        guard psiPrime.isFinite else { return SIMD2(.nan, .nan) }
        // Z = H + G H³, H = −L′ + i ψ′.
        let hr = -lPrime, hi = psiPrime
        let h2r = hr * hr - hi * hi, h2i = 2 * hr * hi
        let h3r = h2r * hr - h2i * hi, h3i = h2r * hi + h2i * hr
        let zr = hr + gRe * h3r - gIm * h3i
        let zi = hi + gRe * h3i + gIm * h3r
        return SIMD2(r * zi, r * zr)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let h0r = xy.y / r, h0i = xy.x / r
        guard h0r.isFinite && h0i.isFinite else { return SIMD2(.nan, .nan) }
        // Newton: H ← H − (H + G H³ − H0) / (1 + 3 G H²).
        var hr = h0r, hi = h0i
        var converged = false
        for _ in 0..<30 {
            let h2r = hr * hr - hi * hi, h2i = 2 * hr * hi
            let h3r = h2r * hr - h2i * hi, h3i = h2r * hi + h2i * hr
            let fr = hr + gRe * h3r - gIm * h3i - h0r
            let fi = hi + gRe * h3i + gIm * h3r - h0i
            let dr = 1 + 3 * (gRe * h2r - gIm * h2i), di = 3 * (gRe * h2i + gIm * h2r)
            let den = dr * dr + di * di
            guard den > 0 else { break }
            let sr = (fr * dr + fi * di) / den, si = (fi * dr - fr * di) / den
            hr -= sr; hi -= si
            if abs(sr) < 1e-15 && abs(si) < 1e-15 { converged = true; break }
        }
        guard converged else { return SIMD2(.nan, .nan) }
        let lPrime = -hr
        let sinPp = tanh(hi), cosPp = 1 / cosh(hi)
        let uu = cosPp * cos(lPrime), vv = cosPp * sin(lPrime), ww = sinPp
        // Undo the rotation by φs: (cos P cos L, sin P) = R (U, V), cos P sin L = W.
        let cpcl = uu * cosPhiS + vv * sinPhiS
        let sinP = uu * sinPhiS - vv * cosPhiS
        let bigP = atan2(sinP, (cpcl * cpcl + ww * ww).squareRoot())
        let l = atan2(ww, cpcl)
        let psi = (asinh(tan(bigP)) - c) / b
        let phi = Conformal.latitude(isometric: psi, e: e)
        let lam = l / b
        let out = SIMD2(lam, phi)
        // Points beyond the domain (where the cubic folds) are not images of the forward map.
        guard domain.contains(dlam: lam, sinPhi: sin(phi), cosPhi: cos(phi))
        else { return SIMD2(.nan, .nan) }
        return out
    }
}
