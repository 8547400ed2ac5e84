import Foundation
import GraticuleCore

/// Bonne, EPSG 9827, Esri `Bonne`, PROJ `bonne`, and Bonne (South Orientated), EPSG 9828
/// (EPSG:2963, 5017 Portugal), on the ellipsoid or the sphere. Equal-area pseudoconic; ESRI:54024
/// World_Bonne (φ1 = 60°) is one of the product's world maps.
///
/// Formulas (IOGP Guidance Note 7-2, 2019, methods 9827 and 9828; Snyder 1987, pp. 138–140): with
/// m = cos φ/√(1 − e² sin²φ) and the meridian distance M (`MeridianArc`), ρ = m1/sin φ1 + M1 − M,
/// T = m (λ − λ0)/ρ, x = ρ sin T, y = m1/sin φ1 − ρ cos T. The South Orientated variant gives
/// westing W = FE − x and southing S = FN − y; its output is (southing, westing), the two
/// CRSs' own axis order (P south, M west), which pyproj's `always_xy` keeps (as it does for
/// Krovak's south-west CRSs); `frame.falseEasting` then holds FN (first component) and
/// `frame.falseNorthing` FE. The inverse is closed form: M from ρ, φ by the rectifying series.
///
/// Accuracy: agrees with PROJ 9.5.1 to 2e-8 m forward and 2e-13° inverse on the 15 sweep points
/// of the 3 ESRI Bonne CRSs (incl. 54024, also at the poles and ±180°, tests); PROJ cannot project
/// the South Orientated variant: checked by round trip (< 1e-13°) and, to 1 mm, against PROJ's
/// north-orientated Bonne turned by GN 7-2's definition. Domain:
/// the whole globe, cut at the antimeridian of λ0 (the heart's notch); φ1 = 0 (sinusoidal
/// limit) is rejected. Inverse points outside the heart (|λ − λ0| > π or beyond a pole) give NaN.
public struct Bonne: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Bonne",
        epsgCodes: [9827, 9828],
        names: ["Bonne", "Bonne (South Orientated)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    /// True for EPSG 9828 (output southing, westing).
    public let southOrientated: Bool
    /// (south, west) for Bonne (South Orientated) 9828, whose kernel gives (southing, westing).
    public var outputAxes: OutputAxes { southOrientated ? .southWest : .eastNorth }
    /// m1 / sin φ1 (units of a).
    @usableFromInline let am1: Double
    /// m1 / sin φ1 + M1 (units of a): ρ = am1M1 − M(φ).
    @usableFromInline let am1M1: Double
    @usableFromInline let phi1: Double
    @usableFromInline let e2: Double
    @usableFromInline let meridian: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        typealias P = EPSGParameter
        southOrientated = p.methodCode == 9828 || (p.methodCode == nil && p.methodNameContains("South"))
        let phi1 = try p.required(P.latitudeOfNaturalOrigin, "Latitude of natural origin",
                                  names: ["Standard_Parallel_1", "Latitude_Of_Origin"])
        guard abs(phi1) >= 1e-10 && abs(phi1) <= .pi / 2 else {
            throw .invalidParameter(name: "Latitude of natural origin", value: phi1 * Angle.degreesPerRadian,
                                    reason: "must be non-zero and within ±90° (0 is the sinusoidal limit)")
        }
        self.phi1 = phi1
        meridian = MeridianArc(flattening: ellipsoid.flattening)
        e2 = ellipsoid.eccentricitySquared
        let s = sin(phi1), c = abs(phi1) == .pi / 2 ? 0 : cos(phi1)
        am1 = c / ((1 - e2 * s * s).squareRoot() * s)
        am1M1 = am1 + meridian.distance(phi1, sin: s, cos: c)
        let lon0 = p.centralMeridian()
        let (fe, fn) = p.falseOrigin()
        frame = southOrientated
            ? try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: fn, falseNorthing: fe, ellipsoid: ellipsoid)
            : try ProjectionFrame(parameters: p, centralMeridian: lon0, falseEasting: fe, falseNorthing: fn, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= .pi / 2 else { return SIMD2(.nan, .nan) }
        let s = sin(phi), c = abs(phi) == .pi / 2 ? 0 : cos(phi)
        let rho = am1M1 - meridian.distance(phi, sin: s, cos: c)
        var x = 0.0, y = am1
        if abs(rho) > 1e-15 {
            let t = c * lp.x / (rho * (1 - e2 * s * s).squareRoot())
            x = rho * sin(t)
            y = am1 - rho * cos(t)
        }
        return southOrientated ? SIMD2(-y, -x) : SIMD2(x, y)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = southOrientated ? -xy.y : xy.x
        let yy = am1 - (southOrientated ? -xy.x : xy.y)
        let rho = (x * x + yy * yy).squareRoot().magnitude * (phi1 < 0 ? -1 : 1)
        guard rho.isFinite else { return SIMD2(.nan, .nan) }
        let bigM = am1M1 - rho
        let quarter = meridian.quarterMeridian
        guard abs(bigM) <= quarter * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        if abs(bigM) >= quarter { return SIMD2(0, bigM < 0 ? -.pi / 2 : .pi / 2) }
        let phi = meridian.latitude(distance: bigM)
        let s = sin(phi), c = cos(phi)
        let lm = rho * (1 - e2 * s * s).squareRoot() / c
        let lam = lm * (phi1 > 0 ? atan2(x, yy) : atan2(-x, -yy))
        // λ = ρν/cos φ · θ: next to a pole its rounding grows as 1/cos φ.
        guard abs(lam) <= .pi * (1 + 1e-12) + 1e-14 / c else { return SIMD2(.nan, .nan) }
        return SIMD2(Swift.min(Swift.max(lam, -.pi), .pi), phi)
    }
}
