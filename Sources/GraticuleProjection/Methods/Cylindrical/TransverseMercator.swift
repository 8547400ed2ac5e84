import Foundation
import GraticuleCore

/// Transverse Mercator: EPSG 9807, Transverse Mercator (South Orientated) EPSG 9808, the horizontal
/// part of Transverse Mercator 3D EPSG 1111, and Esri's `Transverse_Mercator`, `Gauss_Kruger` and
/// `Transverse_Mercator_Complex`, including Esri's south-African "Lo" systems ESRI:102470–102489,
/// whose scale factor is −1.
///
/// Formulas: the Krüger series to 6th order in the third flattening n (Karney, "Transverse
/// Mercator with an accuracy of a few nanometers", J. Geodesy 85, 2011, eqs. 7–11 and 35–36;
/// the same series as Poder/Engsager, used by PROJ's default `tmerc` and by IOGP Guidance Note
/// 7-2 §3.5.3.1 "USGS/JHS formulas"), not the Snyder power series. Forward: geodetic latitude →
/// conformal latitude (tan χ·cos φ as a polynomial in sin²φ, `ConformalPolynomials`), then the
/// spherical TM (ξ′, η′), then ζ = ζ′ + Σ αⱼ sin 2jζ′ on complex ζ = ξ + iη by Clenshaw summation;
/// the sines and hyperbolic functions of 2ξ′ and 2η′ come from the conformal latitude
/// algebraically, so one point costs one sin/cos of φ and of λ, one atan2 and one log1p (η′).
/// Inverse: ζ′ = ζ − Σ βⱼ sin 2jζ (one sincos of ξ and one expm1 of η; ζ′'s functions by rotating
/// through the small δ = ζ − ζ′), then two atan2 (λ, χ) and the conformal → geodetic latitude
/// series (6th order in n, accurate to 1e-17 rad).
///
/// Batches: the kernels run on two points at once (`PairProjection`, with `VectorMath`'s SIMD2
/// sin/cos, atan2, log1p and expm1); the single-point kernels are a lane of the pair kernels, so
/// results do not depend on a point's place in a batch (throughput in `Benchmarks/RESULTS.md`).
///
/// Sign conventions: y = k0·(A·ξ − M0), x = k0·A·η. South Orientated (EPSG 9808, IOGP GN 7-2
/// §3.5.3.2: westing W = FE − E, southing S = FN − N) negates both. A negative scale factor (Esri
/// "Lo" CRSs, k = −1) is applied as written: with k0 = −k the result is (−x, −y) of the k0 = +k
/// result before the false origin, i.e. the south-orientated grid of EPSG 9808 (ESRI:102480
/// "Hartebeesthoek94_Lo15" therefore agrees with EPSG:2046 "Hartebeesthoek94 / Lo15").
/// PROJ refuses k ≤ 0.
///
/// Accuracy: agrees with PROJ 9.5.1 (`tmerc`, Poder/Engsager): 4 nm at points 0–35° from the
/// central meridian at all latitudes (WGS 84, Krassowsky; 3.7 nm at the 312 reference points, 5.6 nm
/// over 200,000 random points of UTM 32N within 35°, where the output's own ulp is 1.9 nm), and
/// within 3.7 nm of the same 6th-order series evaluated in mpmath at 40 digits (rms 0.6 nm);
/// inverse within 4e-14° of PROJ (1.6e-14° in UTM 32N, longitude included up to 84°N). < 0.06 µm
/// forward and < 1e-12° inverse over the sweep's 4,244 EPSG/ESRI TM CRSs, < 0.03 mm over the 28
/// south-orientated ones (PROJ rounds Bessel Namibia's axis). Round trip: 1e-13° within 35°,
/// 4e-11° at 60°. Truncation error of the 6th-order series against exact TM (computed with mpmath
/// to 60 orders): 2 nm at 35° from the central meridian on the equator, 1 µm at 55°, 0.1 mm at
/// 64°, 5 mm at 70°; it diverges at (1 − e)·90° ≈ 82.6°.
///
/// Domain: points whose angular distance from the great circle of the central meridian is at
/// most 70° on the conformal sphere (|sin Δλ|·cos χ ≤ sin 70°, χ the conformal latitude), i.e.
/// |η′| ≤ atanh(sin 70°): all of the globe except two caps of radius 20° around
/// (φ = 0, λ0 ± 90°), where the series is inaccurate or diverges. Outside it both directions return
/// NaN; the inverse also returns NaN beyond |ξ′| > π (outside the projected outline). On a sphere
/// the formulas are exact and the domain is the whole globe but the two singular points themselves
/// (their image is at infinity). Points more than 90° from the central meridian (the far
/// hemisphere, near the poles) are inside the domain and map beyond the poles, as in PROJ.
/// `clipRegion`: the globe less caps of 20.5° (geodetic) around (0, λ0 ± 90°), which hold the
/// excluded caps of the conformal sphere, torn along the back half of the equator, where y jumps
/// between ± half the meridian.
public struct TransverseMercator: PairProjection {
    public static let descriptor = ProjectionDescriptor(
        name: "Transverse Mercator",
        epsgCodes: [9807, 9808, 1111],
        names: ["Transverse Mercator", "Transverse Mercator 3D", "Transverse Mercator (South Orientated)"])

    /// Largest |tanh η′| (sine of the angular distance from the central meridian's great circle on
    /// the conformal sphere) in the domain: sin 70°.
    public static let maxDistanceFromCentralMeridian = 70 * Double.pi / 180
    @usableFromInline static let maxTanhEta = sin(maxDistanceFromCentralMeridian)
    @usableFromInline static let maxTanhEtaSquared = maxTanhEta * maxTanhEta
    @usableFromInline static let maxEta = atanh(maxTanhEta)

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion
    /// (west, south) for South Orientated (EPSG 9808), whose formulas give westing and southing.
    public let outputAxes: OutputAxes

    @usableFromInline let spherical: Bool
    /// ±k0·A/a: the rectifying radius times the scale factor, negative when south-orientated.
    @usableFromInline let scale: Double
    /// ξ of the natural origin (its rectifying latitude), radians.
    @usableFromInline let xi0: Double
    @usableFromInline let a1, a2, a3, a4, a5, a6: Double  // α, forward
    @usableFromInline let b1, b2, b3, b4, b5, b6: Double  // β, inverse
    @usableFromInline let g1, g2, g3, g4, g5, g6: Double  // conformal → geodetic latitude
    /// tan χ · cos φ as a polynomial in sin²φ (forward kernel).
    @usableFromInline let conformal: ConformalPolynomials
    /// 1 / scale, for the inverse kernel.
    @usableFromInline let inverseScale: Double
    /// The domain bounds as instance copies of the static values: a `static let` read in a kernel
    /// costs a `swift_once` call per point.
    @usableFromInline let maxTanhEtaSquared: Double, maxEta: Double, maxEtaBound: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let southOrientated = p.methodCode == 9808 || p.methodNameContains("South Orientated")
        let phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        let k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        let origin = p.falseOrigin()
        try self.init(ellipsoid: ellipsoid, latitudeOfOrigin: phi0, centralMeridian: p.centralMeridian(),
                      scaleFactor: k0, falseEasting: origin.easting, falseNorthing: origin.northing,
                      southOrientated: southOrientated, wrapsLongitude: p.wrapsLongitude)
    }

    /// Builds a TM directly. Angles in radians, false origin in metres.
    /// - Throws: `invalidParameter` for a latitude beyond ±90°, a zero or non-finite scale factor,
    ///   or an ellipsoid that is not oblate with e < 1.
    public init(ellipsoid: Ellipsoid, latitudeOfOrigin phi0: Double, centralMeridian lam0: Double,
                scaleFactor k0: Double, falseEasting: Double = 0, falseNorthing: Double = 0,
                southOrientated: Bool = false, wrapsLongitude: Bool = true) throws(GraticuleError) {
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true)
        guard lam0.isFinite else {
            throw .invalidParameter(name: "Longitude of natural origin", value: lam0, reason: "must be finite")
        }
        guard k0.isFinite && k0 != 0 else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0,
                                    reason: "must be finite and non-zero (negative flips both axes, as Esri's Lo systems)")
        }
        let f = ellipsoid.flattening
        guard f >= 0 && f < 1, ellipsoid.semiMajorAxis > 0 else {
            throw .invalidParameter(name: "Inverse flattening", value: ellipsoid.inverseFlattening,
                                    reason: "the ellipsoid must be a sphere or oblate")
        }
        spherical = f == 0
        outputAxes = southOrientated ? .westSouth : .eastNorth
        let n = ellipsoid.thirdFlattening
        let n2 = n * n, n3 = n2 * n, n4 = n3 * n, n5 = n4 * n, n6 = n5 * n
        // Karney (2011) eq. 35: α, conformal-sphere TM → ellipsoid TM.
        a1 = n / 2 - 2 * n2 / 3 + 5 * n3 / 16 + 41 * n4 / 180 - 127 * n5 / 288 + 7891 * n6 / 37800
        a2 = 13 * n2 / 48 - 3 * n3 / 5 + 557 * n4 / 1440 + 281 * n5 / 630 - 1983433 * n6 / 1935360
        a3 = 61 * n3 / 240 - 103 * n4 / 140 + 15061 * n5 / 26880 + 167603 * n6 / 181440
        a4 = 49561 * n4 / 161280 - 179 * n5 / 168 + 6601661 * n6 / 7257600
        a5 = 34729 * n5 / 80640 - 3418889 * n6 / 1995840
        a6 = 212378941 * n6 / 319334400
        // Karney (2011) eq. 36: β, the reverse.
        b1 = n / 2 - 2 * n2 / 3 + 37 * n3 / 96 - n4 / 360 - 81 * n5 / 512 + 96199 * n6 / 604800
        b2 = n2 / 48 + n3 / 15 - 437 * n4 / 1440 + 46 * n5 / 105 - 1118711 * n6 / 3870720
        b3 = 17 * n3 / 480 - 37 * n4 / 840 - 209 * n5 / 4480 + 5569 * n6 / 90720
        b4 = 4397 * n4 / 161280 - 11 * n5 / 504 - 830251 * n6 / 7257600
        b5 = 4583 * n5 / 161280 - 108847 * n6 / 3991680
        b6 = 20648693 * n6 / 638668800
        // Conformal → geodetic latitude, φ = χ + Σ gⱼ sin 2jχ: `ConformalLatitudeSeries`' coefficients.
        (g1, g2, g3, g4, g5, g6) = ConformalLatitudeSeries(flattening: f).c
        let rectifyingRadius = (1 + n2 / 4 + n4 / 64 + n6 / 256) / (1 + n)
        scale = (southOrientated ? -k0 : k0) * rectifyingRadius
        inverseScale = 1 / scale
        if f == 0 {
            // On a sphere the series vanish and the formulas are the exact closed forms: only the
            // two singular points (φ = 0, λ0 ± 90°, where η′ is infinite) are excluded.
            maxTanhEtaSquared = 1.0.nextDown
            maxEta = .infinity
            maxEtaBound = .infinity
        } else {
            maxTanhEtaSquared = TransverseMercator.maxTanhEtaSquared
            maxEta = TransverseMercator.maxEta
            maxEtaBound = TransverseMercator.maxEta + 0.05
        }
        conformal = ConformalPolynomials(eccentricity: f == 0 ? 0 : ellipsoid.eccentricity)
        // ξ at the natural origin: the rectifying latitude of φ0 through the same series.
        let s0 = sin(phi0), c0 = cos(phi0)
        let u0 = f == 0 ? s0 : ConformalPolynomials.tanChiCosPhi(s0, e: ellipsoid.eccentricity)
        let chi0 = atan2(u0, c0)
        xi0 = chi0 + Series.sinSum(sin: sin(chi0), cos: cos(chi0), (a1, a2, a3, a4, a5, a6))
        frame = try ProjectionFrame(checkedCentralMeridian: lam0, falseEasting: falseEasting,
                                    falseNorthing: falseNorthing, ellipsoid: ellipsoid, wrapsLongitude: wrapsLongitude)
        // The globe less two caps around (λ0 ± 90°, 0) (20.5° on the geodetic sphere hold the
        // 20° of the conformal sphere where the series stops), cut along the back half of the equator.
        let excluded = 20.5 * Double.pi / 180
        clipRegion = ClipRegion(
            caps: [-1.0, 1].map { s in
                ClipRegion.Cap(center: SIMD2(Angle.normalizeRadians(lam0 + s * Double.pi / 2), 0), radius: Double.pi - excluded)
            },
            seams: [.transverseCut(centralMeridian: lam0)])
    }

    @inlinable @inline(__always)
    public func forward(lambda lam: SIMD2<Double>, phi: SIMD2<Double>) -> (x: SIMD2<Double>, y: SIMD2<Double>) {
        typealias V = VectorMath
        let (s, c) = V.sincos(phi)
        // u = tan χ · cos φ (χ conformal latitude), by a polynomial in sin²φ: no atanh/sinh/cosh.
        let u = conformal.tanChiCosPhi(sin: s)
        let (sl, cl) = V.sincos(lam)
        let v = c * cl, w = c * sl
        let u2 = u * u, w2 = w * w
        let bigR2 = u2 + c * c  // (1 + tan²χ) cos²φ; tanh η′ = w / bigR
        // The domain (NaN fails it too); lanes outside it are computed anyway and replaced by NaN.
        let inside = (V.abs(phi) .<= Double.pi / 2) .& (w2 .<= maxTanhEtaSquared * bigR2)
        let r2 = u2 + v * v
        let bigR = V.squareRoot(bigR2)
        let xip = V.atan2(u, v)
        // η′ = atanh(w / R) = ½ log1p(2w / (R − w)); R − w ≥ (1 − sin 70°)·R, no cancellation.
        let etap = 0.5 * V.log1p(2 * w / (bigR - w))
        // sin 2ξ′, cos 2ξ′, sinh 2η′, cosh 2η′ without further transcendental calls.
        let inv = 1 / r2
        let sin2 = 2 * u * v * inv, cos2 = (v * v - u2) * inv
        let sinh2 = 2 * w * bigR * inv, cosh2 = (bigR2 + w2) * inv
        let (dxi, deta) = TransverseMercator.clenshaw(sin2, cos2, sinh2, cosh2, a1, a2, a3, a4, a5, a6)
        let nan = SIMD2<Double>(repeating: .nan)
        return (V.choose(inside, scale * (etap + deta), nan), V.choose(inside, scale * ((xip + dxi) - xi0), nan))
    }

    /// Σⱼ kⱼ sin 2jζ′ on complex ζ′ = ξ′ + iη′ (real and imaginary parts) by Clenshaw, from
    /// sin 2ξ′, cos 2ξ′, sinh 2η′ and cosh 2η′: b_k = 2cos(2ζ′)·b_{k+1} − b_{k+2} + k_k, Σ = b_1·sin(2ζ′).
    @inlinable @inline(__always)
    static func clenshaw(_ sin2: SIMD2<Double>, _ cos2: SIMD2<Double>, _ sinh2: SIMD2<Double>,
                         _ cosh2: SIMD2<Double>, _ k1: Double, _ k2: Double, _ k3: Double, _ k4: Double,
                         _ k5: Double, _ k6: Double) -> (SIMD2<Double>, SIMD2<Double>) {
        let ar = 2 * cos2 * cosh2, ai = -2 * sin2 * sinh2
        let zero = SIMD2<Double>(repeating: 0)
        var yr = SIMD2<Double>(repeating: k6), yi = zero, zr = zero, zi = zero, t = zero
        t = ar * yr - ai * yi - zr + k5; zi = ar * yi + ai * yr - zi; zr = yr; yr = t; swap(&yi, &zi)
        t = ar * yr - ai * yi - zr + k4; zi = ar * yi + ai * yr - zi; zr = yr; yr = t; swap(&yi, &zi)
        t = ar * yr - ai * yi - zr + k3; zi = ar * yi + ai * yr - zi; zr = yr; yr = t; swap(&yi, &zi)
        t = ar * yr - ai * yi - zr + k2; zi = ar * yi + ai * yr - zi; zr = yr; yr = t; swap(&yi, &zi)
        t = ar * yr - ai * yi - zr + k1; zi = ar * yi + ai * yr - zi; zr = yr; yr = t; swap(&yi, &zi)
        let sr = sin2 * cosh2, si = cos2 * sinh2
        return (yr * sr - yi * si, yr * si + yi * sr)
    }

    @inlinable @inline(__always)
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let r = inverse(x: SIMD2(repeating: xy.x), y: SIMD2(repeating: xy.y))
        return SIMD2(r.lambda[0], r.phi[0])
    }

    @inlinable @inline(__always)
    public func inverse(x: SIMD2<Double>, y: SIMD2<Double>) -> (lambda: SIMD2<Double>, phi: SIMD2<Double>) {
        typealias V = VectorMath
        let xi = y * inverseScale + xi0, eta = x * inverseScale
        // Coarse bounds (NaN fails them too): |η − η′| < 0.02 inside the domain.
        let coarse = (V.abs(eta) .<= maxEtaBound) .& (V.abs(xi) .<= 3.5)
        // One sincos and one expm1: the double angles by identities, ζ′ = ζ − δ by rotating
        // (sin ξ, cos ξ) through δξ and (sinh η, cosh η) through δη, |δ| < 0.02 (`smallSinCosSinhCosh`).
        let (sx, cx) = V.sincos(xi)
        let sin2 = 2 * sx * cx, cos2 = (cx - sx) * (cx + sx)
        // sinh η from expm1: (E − 1/E)/2 would cancel near the central meridian, and λ ≈ sinh η′/cos ξ′
        // inherits that relative error (×10 at 84°).
        let em = V.expm1(eta)
        let ex = 1 + em, iex = 1 / ex
        let sh = 0.5 * (em + em * iex), ch = 0.5 * (ex + iex)
        let sinh2 = 2 * sh * ch, cosh2 = ch * ch + sh * sh
        let (dxi, deta) = TransverseMercator.clenshaw(sin2, cos2, sinh2, cosh2, b1, b2, b3, b4, b5, b6)
        let xip = xi - dxi
        let etap = eta - deta
        let inside = coarse .& (V.abs(etap) .<= maxEta) .& (V.abs(xip) .<= Double.pi + 1e-12)
        let (sd, cd, shd, chd) = TransverseMercator.smallSinCosSinhCosh(dxi, deta)
        let sxp = sx * cd - cx * sd, cxp = cx * cd + sx * sd
        let shp = sh * chd - ch * shd, chp = ch * chd - sh * shd
        let r = V.squareRoot(shp * shp + cxp * cxp)
        let lam = V.atan2(shp, cxp)
        // Conformal latitude χ: tan χ = sin ξ′/r, and sin²ξ′ + r² = cosh²η′.
        let chi = V.atan2(sxp, r)
        let nan = SIMD2<Double>(repeating: .nan)
        if spherical { return (V.choose(inside, lam, nan), V.choose(inside, chi, nan)) }
        let ich = 1 / chp
        let phi = chi + Series.sinSum(sin: sxp * ich, cos: r * ich, (g1, g2, g3, g4, g5, g6))
        return (V.choose(inside, lam, nan), V.choose(inside, phi, nan))
    }

    /// sin d, cos d, sinh g and cosh g for |d|, |g| ≤ 0.02 by Taylor polynomials (remainders below
    /// 0.02¹⁰/10! ≈ 3·10⁻²⁴): the rotation from ξ to ξ′ and the shift from η to η′ in the inverse.
    @inlinable @inline(__always)
    static func smallSinCosSinhCosh(_ d: SIMD2<Double>, _ g: SIMD2<Double>)
        -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
        typealias V2 = SIMD2<Double>
        let d2: V2 = d * d, d4: V2 = d2 * d2
        let s35: V2 = (1.0 / 120) * d2 - 1.0 / 6, s79: V2 = (1.0 / 362880) * d2 - 1.0 / 5040
        let sinD: V2 = d + (d * d2) * (s35 + d4 * s79)
        let c24: V2 = (1.0 / 24) * d2 - 0.5, c68: V2 = (1.0 / 40320) * d2 - 1.0 / 720
        let cosD: V2 = 1 + d2 * (c24 + d4 * c68)
        let g2: V2 = g * g, g4: V2 = g2 * g2
        let h35: V2 = (1.0 / 120) * g2 + 1.0 / 6, h79: V2 = (1.0 / 362880) * g2 + 1.0 / 5040
        let sinhG: V2 = g + (g * g2) * (h35 + g4 * h79)
        let k24: V2 = (1.0 / 24) * g2 + 0.5, k68: V2 = (1.0 / 40320) * g2 + 1.0 / 720
        let coshG: V2 = 1 + g2 * (k24 + g4 * k68)
        return (sinD, cosD, sinhG, coshG)
    }
}
