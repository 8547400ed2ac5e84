import Foundation
import GraticuleCore

/// Colombia Urban, EPSG 1052 (the 32 MAGNA-SIRGAS urban grids EPSG:6244–6275; Esri
/// `IGAC_Plano_Cartesiano`): a local plane at the height h0 of the city.
///
/// Formulas: IOGP Guidance Note 7-2 §3.4.5: with ν0, ρ0 the radii at φ0,
/// A = 1 + h0/ν0, B = tan φ0/(2ρ0ν0), G = 1 + h0/ρm (ρm at (φ + φ0)/2),
/// x = A·ν cos φ·Δλ, y = G·ρ0·[(φ − φ0) + B·(ν cos φ Δλ)²].
/// GN 7-2's reverse formulas (φ = φ0 + y/D − B(x/C)², Δλ = x/(C ν cos φ), C = 1 + h0,
/// D = ρ0(1 + h0/(1 − e²))) are approximate (up to 4e-9°, 0.4 mm, at the edge of Bogotá's grid);
/// they start a Newton iteration on the forward (`NumericalInverse`) so that the inverse is exact.
///
/// Accuracy: forward agrees with PROJ 9.5.1 `col_urban` to < 0.02 µm (sweep: 32 CRSs); GN 7-2's Bogotá example
/// (4°48′N, 74°15′W → E 80859.033, N 122543.174) reproduced. Domain: the method is a local
/// plane; it is evaluated within 10° of the origin (both |Δφ| and |Δλ|), NaN outside.
public struct ColombiaUrban: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Colombia Urban",
        epsgCodes: [1052],
        names: ["Colombia Urban"])

    /// Half-size of the domain around the origin, radians.
    public static let maxOffset = 10 * Double.pi / 180

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion
    @usableFromInline let es: Double
    @usableFromInline let phi0: Double
    @usableFromInline let h0: Double
    @usableFromInline let a: Double, b: Double, c: Double, d: Double, rho0: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phi0 = try p.required(EPSGParameter.latitudeOfNaturalOrigin, "Latitude of natural origin",
                              names: ["Latitude_Of_Center", "Latitude_Of_Origin"])
        let lam0 = try p.required(EPSGParameter.longitudeOfNaturalOrigin, "Longitude of natural origin",
                                  names: ["Longitude_Of_Center", "Central_Meridian"])
        let height = p.value(EPSGParameter.projectionPlaneOriginHeight, names: ["Height"], default: 0)
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin")
        guard height.isFinite && height > -ellipsoid.semiMajorAxis / 2 else {
            throw .invalidParameter(name: "Projection plane origin height", value: height,
                                    reason: "must be a finite height above the ellipsoid")
        }
        es = ellipsoid.eccentricitySquared
        h0 = height / ellipsoid.semiMajorAxis
        let s0 = sin(phi0), w0 = 1 - es * s0 * s0
        let nu0 = 1 / w0.squareRoot()
        rho0 = (1 - es) / (w0 * w0.squareRoot())
        a = 1 + h0 / nu0
        b = tan(phi0) / (2 * rho0 * nu0)
        c = 1 + h0
        d = rho0 * (1 + h0 / (1 - es))
        frame = try ProjectionFrame(parameters: p, centralMeridian: lam0, ellipsoid: ellipsoid)
        clipRegion = .box(west: Angle.normalizeRadians(lam0 - ColombiaUrban.maxOffset),
                       south: max(-Double.pi / 2, phi0 - ColombiaUrban.maxOffset),
                       east: Angle.normalizeRadians(lam0 + ColombiaUrban.maxOffset),
                       north: min(Double.pi / 2, phi0 + ColombiaUrban.maxOffset))
    }

    @inlinable
    func plane(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        let s = sin(phi)
        let nu = 1 / (1 - es * s * s).squareRoot()
        let l = lp.x * nu * cos(phi)
        let sm = sin(0.5 * (phi + phi0))
        let wm = 1 - es * sm * sm
        let rhoM = (1 - es) / (wm * wm.squareRoot())
        let g = 1 + h0 / rhoM
        return SIMD2(a * l, g * rho0 * ((phi - phi0) + b * l * l))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.x) <= ColombiaUrban.maxOffset, abs(lp.y - phi0) <= ColombiaUrban.maxOffset else {
            return SIMD2(.nan, .nan)
        }
        return plane(lp)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite else { return SIMD2(.nan, .nan) }
        let xc = xy.x / c
        let phi = phi0 + xy.y / d - b * xc * xc
        let s = sin(phi)
        let nu = 1 / (1 - es * s * s).squareRoot()
        let lam = xy.x / (c * nu * cos(phi))
        guard abs(lam) <= 1.5 * ColombiaUrban.maxOffset, abs(phi - phi0) <= 1.5 * ColombiaUrban.maxOffset else {
            return SIMD2(.nan, .nan)
        }
        let lp = NumericalInverse.refine(Plane(base: self), target: xy, initial: SIMD2(lam, phi))
        guard abs(lp.x) <= ColombiaUrban.maxOffset, abs(lp.y - phi0) <= ColombiaUrban.maxOffset else {
            return SIMD2(.nan, .nan)
        }
        return lp
    }

    @usableFromInline
    struct Plane: ForwardKernel {
        @usableFromInline let base: ColombiaUrban
        @inlinable init(base: ColombiaUrban) { self.base = base }
        @inlinable func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> { base.plane(lp) }
    }
}
