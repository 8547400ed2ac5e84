import Foundation
import GraticuleCore

/// New Zealand Map Grid, EPSG 9811 (EPSG:27200 NZGD49 / New Zealand Map Grid), Esri
/// `New_Zealand_Map_Grid`, PROJ `nzmg`: Reilly's (1973) sixth-order complex-polynomial conformal
/// modification of Mercator, on the International 1924 ellipsoid.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, method 9811; LINZ OSG Technical Report 4.1, 1998):
/// Δφ′ = (φ − φ0) in units of 10⁵ arc-seconds, Δψ = Σ₁¹⁰ Aₙ Δφ′ⁿ, ζ = Δψ + iΔλ,
/// z = Σ₁⁶ Bₙ ζⁿ (complex), N = FN + a Re z, E = FE + a Im z. Inverse: Newton–Raphson on the
/// complex polynomial (≤ 20 iterations, to 1e-14), then GN 7-2's reverse series
/// Δφ′ = Σ₁⁹ Cₙ Δψⁿ, polished by Newton on the forward series so that the inverse is exact
/// (GN 7-2's and PROJ's series alone return 5e-10° off on the mainland, 1e-6° at the domain edge).
///
/// Domain (chosen from the map's scale error: the largest |k − 1| of the meridional and parallel
/// scales over all azimuths at a distance d from the origin, from PROJ 9.5.1's `get_factors` of
/// `+proj=nzmg` via pyproj 3.7.2, is 0.005 at d = 500 km, 0.025 at 1,000 km, 0.079 at 1,500 km,
/// 0.27 at 2,000 km, then explodes): points within `domainRadius` = 13.5° of arc (≈ 1,500 km) of the origin (φ0, λ0),
/// which holds the North, South, Stewart and Chatham Islands (≤ 9.5°) and the sub-Antarctic
/// Auckland/Campbell groups with margin. Outside it the forward and the inverse give NaN
/// (PROJ returns 10⁹–10²⁵ m there without error). `clipRegion` is that cap.
///
/// Accuracy: agrees with PROJ 9.5.1 to 3e-9 m forward and 6e-10° inverse (the reverse series'
/// own error, which ours corrects) on the sweep's EPSG:27200 points and 1 mm at Wellington;
/// LINZ's three published test points to their stated precision (tests); round trip < 1e-12°
/// over the whole domain.
public struct NewZealandMapGrid: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "New Zealand Map Grid",
        epsgCodes: [9811],
        names: ["New Zealand Map Grid"])

    /// Angular radius of the domain around the origin, radians (13.5°, ≈ 1,500 km).
    public static let domainRadius = 13.5 * Angle.radiansPerDegree
    /// Radians → units of 10⁵ arc-seconds.
    @usableFromInline static let radiansToSec5 = 648_000 / Double.pi / 100_000

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .cap(lon: frame.centralMeridian, lat: phi0, radius: Self.domainRadius) }

    @usableFromInline let phi0: Double
    @usableFromInline let domain: SphericalCap

    /// Aₙ (n = 1…10), GN 7-2 / LINZ.
    @usableFromInline static let a = (0.6399175073, -0.1358797613, 0.063294409, -0.02526853, 0.0117879,
                                      -0.0055161, 0.0026906, -0.001333, 0.00067, -0.00034)
    /// Bₙ (n = 1…6), real and imaginary parts.
    @usableFromInline static let bRe = (0.7557853228, 0.249204646, -0.001541739, -0.10162907, -0.26623489,
                                        -0.6870983)
    @usableFromInline static let bIm = (0.0, 0.003371507, 0.041058560, 0.01727609, -0.36249218, -1.1651967)
    /// Cₙ (n = 1…9).
    @usableFromInline static let c = (1.5627014243, 0.5185406398, -0.03333098, -0.1052906, -0.0368594, 0.007317,
                                      0.01220, 0.00394, -0.0013)

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        let phi0 = p.value(P.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: -41 * Angle.radiansPerDegree)
        let lon0 = p.value(P.longitudeOfNaturalOrigin, names: ["Central_Meridian", "Longitude_Of_Origin"],
                           default: 173 * Angle.radiansPerDegree)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin")
        self.phi0 = phi0
        domain = SphericalCap(centerLatitude: phi0, radius: Self.domainRadius)
        let origin = p.falseOrigin(default: (2_510_000, 6_023_150))
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: origin.easting,
                                    falseNorthing: origin.northing, ellipsoid: ellipsoid)
    }

    /// True when (Δλ, φ) is within `domainRadius` of the origin (spherical angular distance).
    @inlinable @inline(__always)
    func inDomain(_ dlam: Double, _ phi: Double) -> Bool {
        domain.contains(dlam: dlam, sinPhi: sin(phi), cosPhi: cos(phi))
    }

    /// z = Σ₁⁶ Bₙ ζⁿ and dz/dζ, by complex Horner.
    @inlinable @inline(__always)
    static func polynomial(_ zr: Double, _ zi: Double) -> (Double, Double, Double, Double) {
        let br = bRe, bi = bIm
        // p = B6; q = 0 (derivative accumulator); then p = p ζ + Bₖ, q = q ζ + p_previous.
        var pr = br.5, pi = bi.5
        var qr = 0.0, qi = 0.0
        func step(_ cr: Double, _ ci: Double) {
            let nqr = qr * zr - qi * zi + pr, nqi = qr * zi + qi * zr + pi
            qr = nqr; qi = nqi
            let npr = pr * zr - pi * zi + cr, npi = pr * zi + pi * zr + ci
            pr = npr; pi = npi
        }
        step(br.4, bi.4); step(br.3, bi.3); step(br.2, bi.2); step(br.1, bi.1); step(br.0, bi.0)
        // z = p ζ (no constant term); dz/dζ = q ζ + p.
        let dr = qr * zr - qi * zi + pr, di = qr * zi + qi * zr + pi
        return (pr * zr - pi * zi, pr * zi + pi * zr, dr, di)
    }

    /// Δψ = Σ₁¹⁰ Aₙ Δφ′ⁿ and dΔψ/dΔφ′, by Horner.
    @inlinable @inline(__always)
    static func psi(_ t: Double) -> (Double, Double) {
        let k = a
        var p = k.9, d = 0.0
        d = d * t + p; p = p * t + k.8
        d = d * t + p; p = p * t + k.7
        d = d * t + p; p = p * t + k.6
        d = d * t + p; p = p * t + k.5
        d = d * t + p; p = p * t + k.4
        d = d * t + p; p = p * t + k.3
        d = d * t + p; p = p * t + k.2
        d = d * t + p; p = p * t + k.1
        d = d * t + p; p = p * t + k.0
        // Δψ = t·p(t), dΔψ/dt = p(t) + t·p′(t)
        return (t * p, p + t * d)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= .pi / 2, inDomain(lp.x, lp.y) else { return SIMD2(.nan, .nan) }
        let z = Self.polynomial(Self.psi((lp.y - phi0) * Self.radiansToSec5).0, lp.x)
        return SIMD2(z.1, z.0)  // (E, N) = (Im z, Re z)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let nr = xy.y, ni = xy.x  // z = N + iE (units of a)
        // Far beyond the domain (|z| > 0.4 ≈ 2,500 km): no need to iterate.
        guard nr * nr + ni * ni <= 0.16 else { return SIMD2(.nan, .nan) }
        var zr = nr, zi = ni
        var converged = false
        for _ in 0..<20 {
            let (fr, fi, dr, di) = Self.polynomial(zr, zi)
            let gr = fr - nr, gi = fi - ni
            let den = dr * dr + di * di
            let dzr = -(gr * dr + gi * di) / den
            let dzi = -(gi * dr - gr * di) / den
            zr += dzr; zi += dzi
            if abs(dzr) + abs(dzi) <= 1e-14 { converged = true; break }
        }
        guard converged else { return SIMD2(.nan, .nan) }
        // GN 7-2's reverse series gives Δφ′ from Δψ; Newton on the forward series Δψ(Δφ′) then
        // makes it the exact inverse (the series alone is off by 5e-10° on the mainland and up to
        // 1e-6° at the domain's edge).
        let k = Self.c
        var t = k.8
        t = t * zr + k.7; t = t * zr + k.6; t = t * zr + k.5; t = t * zr + k.4
        t = t * zr + k.3; t = t * zr + k.2; t = t * zr + k.1; t = t * zr + k.0
        let u = NumericalInverse.newton(from: zr * t, maxIterations: 3) { u in
            let (psi, dpsi) = Self.psi(u)
            return (psi - zr) / dpsi
        }
        let phi = phi0 + u / Self.radiansToSec5
        let lam = zi
        guard abs(phi) <= .pi / 2, inDomain(lam, phi) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
