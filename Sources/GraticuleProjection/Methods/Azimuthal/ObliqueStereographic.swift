import Foundation
import GraticuleCore

/// Oblique Stereographic, EPSG 9809 (Esri `Double_Stereographic`, PROJ `sterea`): the ellipsoid is
/// mapped conformally onto the Gauss sphere of radius R = √(ρ0 ν0), then projected
/// stereographically from it (RD New, New Brunswick, Poland's "1965" zones, Romania's Stereo 70).
///
/// Formulas: IOGP GN 7-2 §3.3.2 (after Thomson, Mepham & Steeves 1977): n = √(1 + e² cos⁴ φ0 / (1 − e²)),
/// conformal-sphere latitude χ with ψ_χ = n ψ + ½ ln c (ψ the isometric latitude, ψ_χ its sphere
/// counterpart), Λ = n Δλ, sin χ0 = sin φ0 / n; then the spherical stereographic projection with
/// scale 2 R k0. Inverse: the spherical inverse, ψ = (ψ_χ − ½ ln c)/n and φ from ψ by Newton's
/// method (Karney 2011) — exact, not GN 7-2's fixed-point iteration.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse over the 19 EPSG
/// CRSs' areas of use (sweep fixture), and with GN 7-2's Amersfoort / RD New example to its printed
/// 1 mm. Domain: every point but the antipode of the origin on the Gauss sphere (NaN); `clipRegion`
/// is a cap of `PolarStereographic.horizonRadius` (120°) around the origin.
public struct ObliqueStereographic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Oblique Stereographic",
        epsgCodes: [9809],
        names: ["Oblique Stereographic"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: PolarStereographic.horizonRadius)
    }

    @usableFromInline let phi0: Double
    @usableFromInline let e: Double
    @usableFromInline let n: Double
    /// ½ ln c: ψ_χ = n ψ + halfLogC.
    @usableFromInline let halfLogC: Double
    @usableFromInline let sinChi0: Double
    @usableFromInline let cosChi0: Double
    /// 2 R k0 / a.
    @usableFromInline let twoRk: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        let e2 = e * e
        phi0 = try p.required(EPSGParameter.latitudeOfNaturalOrigin, "Latitude of natural origin",
                              names: ["Latitude_Of_Origin"])
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true)
        let k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        let s0 = sin(phi0), c0 = cos(phi0)
        let w = 1 - e2 * s0 * s0
        let rho0 = (1 - e2) / (w * w.squareRoot())
        let nu0 = 1 / w.squareRoot()
        let radius = (rho0 * nu0).squareRoot()
        n = Conformal.gaussSphereExponent(cosPhi0: c0, e2: e2)
        let sinChi0 = s0 / n
        self.sinChi0 = sinChi0
        // cos²χ0 = 1 − sin²φ0/n² = cos²φ0 (1 + e² cos²φ0/(1 − e²))/n², without the cancellation
        // of 1 − sin²χ0 (which is 0, and χ0's isometric latitude infinite, at φ0 = ±90°).
        let cosChi0 = c0 * (1 + e2 * c0 * c0 / (1 - e2)).squareRoot() / n
        self.cosChi0 = cosChi0
        // ψ(φ0) on the ellipsoid and ψ_χ(χ0) on the sphere fix c: ½ ln c = ψ_χ(χ0) − n ψ(φ0), with
        // both isometric latitudes as asinh(tan): finite for the double nearest ±π/2, and the
        // difference tends to ±e·atanh(e) in the polar aspects, as it should.
        let psi0 = asinh(s0 / c0) - e * atanh(e * s0)
        halfLogC = asinh(sinChi0 / cosChi0) - n * psi0
        twoRk = 2 * radius * k0
        frame = try ProjectionFrame(parameters: p, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let psi = Conformal.isometricLatitude(lp.y, e: e)
        // sin χ = tanh ψ_χ, cos χ = sech ψ_χ.
        let psiChi = n * psi + halfLogC
        let sinChi = tanh(psiChi), cosChi = 1 / cosh(psiChi)
        let lam = n * lp.x
        let cosLam = cos(lam)
        let b = 1 + sinChi * sinChi0 + cosChi * cosChi0 * cosLam
        guard b > 1e-15 else { return SIMD2(.nan, .nan) }
        let k = twoRk / b
        return SIMD2(k * cosChi * sin(lam), k * (sinChi * cosChi0 - cosChi * sinChi0 * cosLam))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x / twoRk, y = xy.y / twoRk
        let rho = (x * x + y * y).squareRoot()
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        if rho == 0 { return SIMD2(0, phi0) }
        // The point at angular distance c = 2 atan ρ from the origin in the direction (x, y); tan χ
        // from both components, so that latitudes next to a pole (the origin of the polar aspects)
        // keep full precision.
        let c = 2 * atan(rho)
        let sinC = sin(c), cosC = cos(c)
        let sinChi = cosC * sinChi0 + y * sinC * cosChi0 / rho
        let east = x * sinC, north = rho * cosChi0 * cosC - y * sinChi0 * sinC  // (cos χ sin Λ, cos χ cos Λ)·ρ
        let lam = atan2(east, north)
        let cosChi = (east * east + north * north).squareRoot() / rho
        let psi = (asinh(sinChi / cosChi) - halfLogC) / n
        // Beyond |ψ| = 40, tan φ > 1e17: φ is ±π/2 to the last bit (and ψ is infinite at a pole).
        if abs(psi) > 40 { return SIMD2(lam / n, psi < 0 ? -Double.pi / 2 : Double.pi / 2) }
        let phi = Conformal.latitude(isometric: psi, e: e)
        let l = lam / n
        guard abs(l) <= .pi else { return SIMD2(.nan, .nan) }
        return SIMD2(l, phi)
    }
}
