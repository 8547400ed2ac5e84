import Foundation
import GraticuleCore

/// Polar Stereographic: EPSG 9810 (variant A: scale factor at the pole), 9829 (variant B:
/// latitude of standard parallel), 9830 (variant C: standard parallel with the false origin at its
/// intersection with the longitude of origin), and Esri's `Stereographic_North_Pole`,
/// `Stereographic_South_Pole`, `Polar_Stereographic_Variant_A/B/C`. PROJ 9.5.1 has no export for
/// variant C (EPSG:2985, 2986 fail there); it is verified against IOGP's worked example and by
/// round trip.
///
/// Formulas: IOGP GN 7-2 §3.5.2 (Snyder 1987 pp. 160–162): ρ = K·t with
/// t = tan(π/4 − φ/2)·((1 + e sin φ)/(1 − e sin φ))^(e/2) about the north pole (φ → −φ for the
/// south pole), K = 2 k0 / √((1+e)^(1+e)(1−e)^(1−e)) (A) or K = m_F / t_F (B, C); x = ρ sin Δλ,
/// y = ∓ρ cos Δλ (north/south). Variant C adds ±m_F to y. The inverse solves the conformal
/// latitude χ = π/2 − 2 atan t for φ by Newton's method (Karney 2011), to 1 ulp.
///
/// Accuracy: closed form; agrees with PROJ 9.5.1 (`stere`, `ups`) to < 0.1 mm forward and
/// < 1e-11° inverse over the areas of use of the 46 EPSG/ESRI polar CRSs (sweep fixture), and with
/// GN 7-2's examples to their printed 1 cm. Domain: every point but the opposite pole (NaN);
/// `clipRegion` is a cap of `PolarStereographic.horizonRadius` (120°) around the pole for rendering.
public struct PolarStereographic: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Polar Stereographic",
        epsgCodes: [9810, 9829, 9830],
        names: ["Polar Stereographic (variant A)", "Polar Stereographic (variant B)",
                "Polar Stereographic (variant C)"])

    /// Angular radius of the rendering cap around the centre of the stereographic projections
    /// (120°: the scale factor reaches sec²(60°) = 4 at its edge, the map radius 2R·tan 60° ≈ 3.5 R).
    /// The projection itself is defined everywhere but at the antipode of the centre; beyond this
    /// cap it grows without bound (the south pole of ESRI:102018 is at infinity), so a world map
    /// clips there: for the north polar aspect that keeps everything north of 30° S.
    public static let horizonRadius = 120 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: north ? .pi / 2 : -.pi / 2, radius: PolarStereographic.horizonRadius)
    }

    /// True for the north polar aspect.
    @usableFromInline let north: Bool
    /// ρ = scale · t(φ) on the unit ellipsoid.
    @usableFromInline let scale: Double
    /// Variant C: northing of the pole relative to the false origin (+m_F north, −m_F south), else 0.
    @usableFromInline let poleOffset: Double
    @usableFromInline let e: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        e = ellipsoid.isSphere ? 0 : ellipsoid.eccentricity
        let lon0: Double
        let name = ProjectionDescriptor.normalize(p.methodName)
        let variantC = p.methodCode == 9830 || name.hasSuffix("variantc")
        let variantA = p.methodCode == 9810 || name.hasSuffix("varianta") || name.contains("universal")
            || (p.methodCode == nil && !variantC && p.value(EPSGParameter.latitudeOfStandardParallel,
                                                             names: ["Standard_Parallel_1"]) == nil)
        if variantA {
            let phi0 = try p.required(EPSGParameter.latitudeOfNaturalOrigin, "Latitude of natural origin",
                                      names: ["Latitude_Of_Origin"])
            guard abs(abs(phi0) - .pi / 2) < 1e-10 else {
                throw .invalidParameter(name: "Latitude of natural origin", value: phi0 * Angle.degreesPerRadian,
                                        reason: "must be ±90° for Polar Stereographic (variant A)")
            }
            let k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
            guard k0 > 0 && k0.isFinite else {
                throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
            }
            north = phi0 > 0
            scale = PolarStereographic.scaleAtPole(k0: k0, e: e)
            poleOffset = 0
            lon0 = p.value(EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfOrigin,
                           names: ["Central_Meridian", "Longitude_Of_Origin"], default: 0)
        } else {
            let phiF = try p.required(EPSGParameter.latitudeOfStandardParallel, "Latitude of standard parallel",
                                      names: ["Standard_Parallel_1"])
            guard abs(phiF) <= .pi / 2, phiF != 0 else {
                throw .invalidParameter(name: "Latitude of standard parallel", value: phiF * Angle.degreesPerRadian,
                                        reason: "must be in [−90°, 0°) or (0°, 90°]")
            }
            north = name.contains("southpole") ? false : (name.contains("northpole") ? true : phiF > 0)
            (scale, poleOffset) = PolarStereographic.constants(standardParallel: abs(phiF), e: e,
                                                               north: north, variantC: variantC)
            lon0 = p.value(EPSGParameter.longitudeOfOrigin, EPSGParameter.longitudeOfNaturalOrigin,
                           names: ["Central_Meridian", "Longitude_Of_Origin"], default: 0)
        }
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0,
                                falseOrigin: !variantA && variantC ? [.falseOrigin, .natural] : [.natural],
                                ellipsoid: ellipsoid)
    }

    /// A kernel for another type (Stereographic with a polar origin): variant A constants.
    init(e: Double, north: Bool, k0: Double, frame: ProjectionFrame) {
        self.e = e
        self.north = north
        scale = PolarStereographic.scaleAtPole(k0: k0, e: e)
        poleOffset = 0
        self.frame = frame
    }

    /// K of variant A: 2 k0 / √((1+e)^(1+e)(1−e)^(1−e)).
    static func scaleAtPole(k0: Double, e: Double) -> Double {
        2 * k0 / (pow(1 + e, 1 + e) * pow(1 - e, 1 - e)).squareRoot()
    }

    /// K = m_F / t_F and the variant C pole offset, for |latitude of standard parallel| `phiF`.
    static func constants(standardParallel phiF: Double, e: Double, north: Bool,
                          variantC: Bool) -> (scale: Double, poleOffset: Double) {
        if abs(phiF - .pi / 2) < 1e-10 { return (scaleAtPole(k0: 1, e: e), 0) }
        let s = sin(phiF)
        let mF = cos(phiF) / (1 - e * e * s * s).squareRoot()
        // Variant C: N = NF + ρF − ρ cos Δλ (north), NF − ρF + ρ cos Δλ (south).
        return (mF / t(phiF, e: e), variantC ? (north ? mF : -mF) : 0)
    }

    /// t = tan(π/4 − φ/2)·((1 + e sin φ)/(1 − e sin φ))^(e/2) (IOGP GN 7-2), written without
    /// cancellation on both sides of the equator.
    @inlinable static func t(_ phi: Double, e: Double) -> Double {
        let s = sin(phi), c = cos(phi)
        let half = phi >= 0 ? c / (1 + s) : (1 - s) / c
        return e == 0 ? half : half * exp(e * atanh(e * s))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = north ? lp.y : -lp.y
        // The opposite pole (and points within 1e-12 rad of it) has no finite image.
        guard phi > -Double.pi / 2 + 1e-12 else { return SIMD2(.nan, .nan) }
        // The pole itself (the double nearest π/2, whose cosine is 6e-17) maps to exactly 0.
        let rho = phi >= Double.pi / 2 ? 0 : scale * PolarStereographic.t(phi, e: e)
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        let x = rho * sin(lp.x), c = rho * cos(lp.x)
        return SIMD2(x, (north ? -c : c) + poleOffset)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x
        let y = (xy.y - poleOffset) * (north ? -1 : 1)
        let rho = (x * x + y * y).squareRoot()
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        let t = rho / scale
        // tan χ = (1 − t²) / (2t) = sinh ψ; t = 0 at the pole.
        let phi: Double
        if t == 0 {
            phi = .pi / 2
        } else {
            let taup = (1 - t) * (1 + t) / (2 * t)
            phi = e == 0 ? atan(taup) : atan(Conformal.tau(fromConformalTau: taup, e: e))
        }
        let lam = rho == 0 ? 0 : atan2(x, y)
        return SIMD2(lam, north ? phi : -phi)
    }
}
