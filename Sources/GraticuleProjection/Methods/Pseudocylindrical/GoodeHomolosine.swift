import Foundation
import GraticuleCore

/// Goode homolosine, equal-area: the sinusoidal projection between the parallels of 40°44′ and the
/// Mollweide projection poleward of them, shifted so that the two meet. No EPSG method code; Esri
/// `Goode_Homolosine` with `Option` 0 (uninterrupted, PROJ `goode`), 1 (interrupted, land: Esri
/// method "Interrupted Goode Homolosine", ESRI:54052, PROJ `igh`) or 2 (interrupted, ocean:
/// ESRI:54053, PROJ `igh_o`).
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// Goode (1925), *Annals of the AAG* 15(3):119–125; Snyder & Voxland 1989 (USGS PP 1453), p. 220;
/// kernels `Sinusoidal` (spherical) and `HomalographicKernel` (Mollweide).
///
/// - Uninterrupted (as PROJ `goode`): |φ| ≤ 0.71093078197902358 rad (40°44′) sinusoidal, else
///   Mollweide with y shifted toward the equator by 0.05280. (These rounded constants leave a
///   3.5e-6 rad step in y at the transition; inverse points in that sliver give NaN.)
/// - Interrupted (as PROJ `igh`/`igh_o`): transition at 40°44′11.8″, the Mollweide y shift computed
///   so that the parts meet there (≈ 0.0528035). Each hemisphere is split into lobes; a point is
///   projected in its lobe with λ − λc and shifted by x = λc (the lobe centre). Land (Option 1):
///   north lobes −180…−40 (centre −100) and −40…180 (30); south −180…−100 (−160), −100…−20 (−60),
///   −20…80 (20), 80…180 (140). Ocean (Option 2): north −180…−90 (−140), −90…60 (−10), 60…180
///   (130); south −180…−60 (−110), −60…90 (20), 90…180 (150). All longitudes are relative to the
///   central meridian. A point on a seam belongs to the western lobe; φ = 0 to the northern ones.
///
/// Inverse: hemisphere from the sign of y, part (sinusoidal/Mollweide) from |y|, lobe from x (each
/// lobe lies within its own longitude span in x), then the part's inverse. The result must fall in
/// the lobe's longitude span (tested in x with a 1e-10 slack, units of a), otherwise the point lies
/// in a gap between lobes and gives NaN. (PROJ 9.5.1 additionally accepts some gap points north of
/// 50°–60° near the seams and returns longitudes whose forward projection lands elsewhere; this
/// type does not.)
///
/// `clipRegion`: the globe torn along the antimeridian of the central meridian; the lobed forms are
/// also torn along each seam, a meridian segment from the equator to its pole (absolute longitudes,
/// radians, reduced to [−π, π]), owned by the western lobe.
///
/// Accuracy: forward within 3e-8 m of PROJ 9.5.1 (goode, igh, igh_o) over the sweep and the world
/// fixture (global grid, poles, ±180°, points 1e-4° from every seam and transition), inverse within
/// 3e-12°; at and next to the poles PROJ's Mollweide iteration stops early (x up to 112 m off at
/// 90°) and the comparison is with 50-digit values. ESRI:54052's values from EPSG:4326 (PROJ 9.5.1
/// via pyproj 3.7.2) are reproduced to 1 mm (`GoodeHomolosineTests`). Domain: the whole globe.
public struct GoodeHomolosine: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Goode Homolosine",
        names: ["Goode Homolosine", "Interrupted Goode Homolosine", "Interrupted Goode Homolosine Ocean"])

    /// Esri's `Option`.
    public enum Variant: Int, Sendable {
        case uninterrupted = 0
        case land = 1
        case ocean = 2
    }

    public let variant: Variant
    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion

    /// The PROJ operation of this variant: `goode`, `igh` or `igh_o`.
    public var projName: String {
        switch variant {
        case .uninterrupted: return "goode"
        case .land: return "igh"
        case .ocean: return "igh_o"
        }
    }

    /// Transition latitude between the sinusoidal and Mollweide parts.
    @usableFromInline let phiLimit: Double
    /// Added to the Mollweide y in the northern hemisphere (subtracted in the southern); negative.
    @usableFromInline let yShift: Double
    /// Seams (lobe east edges, ascending; the last lobe ends at π) and lobe centres, relative to λ0.
    @usableFromInline let northSeams: SIMD4<Double>
    @usableFromInline let northCentres: SIMD4<Double>
    @usableFromInline let northCount: Int
    @usableFromInline let southSeams: SIMD4<Double>
    @usableFromInline let southCentres: SIMD4<Double>
    @usableFromInline let southCount: Int
    @usableFromInline let moll: HomalographicKernel

    /// The igh/igh_o transition, 40°44′11.8″.
    static let interruptedLimit = (40 + 44 / 60.0 + 11.8 / 3600) * Double.pi / 180

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        if let option = p.value(names: ["Option"]) {
            guard let v = Variant(rawValue: Int(exactly: option) ?? -1) else {
                throw .invalidParameter(
                    name: "Option", value: option,
                    reason: "must be 0 (uninterrupted), 1 (interrupted, land) or 2 (interrupted, ocean)")
            }
            variant = v
        } else if p.methodNameContains("Ocean") {
            variant = .ocean
        } else if p.methodNameContains("Interrupted") {
            variant = .land
        } else {
            variant = .uninterrupted
        }
        moll = .mollweide
        let d = Double.pi / 180
        let inf = Double.infinity
        switch variant {
        case .uninterrupted:
            phiLimit = 0.71093078197902358062
            yShift = -0.05280
            northSeams = SIMD4(inf, inf, inf, inf); northCentres = SIMD4(0, 0, 0, 0); northCount = 1
            southSeams = SIMD4(inf, inf, inf, inf); southCentres = SIMD4(0, 0, 0, 0); southCount = 1
        case .land:
            phiLimit = GoodeHomolosine.interruptedLimit
            yShift = GoodeHomolosine.interruptedLimit - HomalographicKernel.mollweide.forward(
                SIMD2(0, GoodeHomolosine.interruptedLimit)).y
            northSeams = SIMD4(-40 * d, inf, inf, inf); northCentres = SIMD4(-100 * d, 30 * d, 0, 0); northCount = 2
            southSeams = SIMD4(-100 * d, -20 * d, 80 * d, inf)
            southCentres = SIMD4(-160 * d, -60 * d, 20 * d, 140 * d); southCount = 4
        case .ocean:
            phiLimit = GoodeHomolosine.interruptedLimit
            yShift = GoodeHomolosine.interruptedLimit - HomalographicKernel.mollweide.forward(
                SIMD2(0, GoodeHomolosine.interruptedLimit)).y
            northSeams = SIMD4(-90 * d, 60 * d, inf, inf); northCentres = SIMD4(-140 * d, -10 * d, 130 * d, 0)
            northCount = 3
            southSeams = SIMD4(-60 * d, 90 * d, inf, inf); southCentres = SIMD4(-110 * d, 20 * d, 150 * d, 0)
            southCount = 3
        }
        if variant == .uninterrupted {
            clipRegion = .globe(cutAt: frame.centralMeridian + .pi)
        } else {
            let lon0 = frame.centralMeridian
            func absolute(_ rel: Double) -> Double { Angle.normalizeRadians(lon0 + rel) }
            // A point on a seam belongs to the western lobe: the left of a northward path, the
            // right of a southward one.
            var seams = ClipRegion.globe(cutAt: lon0 + Double.pi).seams
            for i in 0..<(northCount - 1) {
                seams.append(.meridian(absolute(northSeams[i]), from: 0, to: Double.pi / 2, owner: .left))
            }
            for i in 0..<(southCount - 1) {
                seams.append(.meridian(absolute(southSeams[i]), from: 0, to: -Double.pi / 2, owner: .right))
            }
            clipRegion = ClipRegion(seams: seams)
        }
    }

    /// The lobe of relative longitude `lam` in a hemisphere: index of the first seam ≥ λ.
    @inlinable @inline(__always)
    static func lobe(_ lam: Double, _ seams: SIMD4<Double>, _ count: Int) -> Int {
        var i = 0
        while i < count - 1 && lam > seams[i] { i += 1 }
        return i
    }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let phi = lp.y
        guard abs(phi) <= Double.pi / 2 && abs(lp.x) <= Double.pi else { return SIMD2(.nan, .nan) }
        let north = phi >= 0
        let centre = north
            ? northCentres[GoodeHomolosine.lobe(lp.x, northSeams, northCount)]
            : southCentres[GoodeHomolosine.lobe(lp.x, southSeams, southCount)]
        let lam = lp.x - centre
        let a = abs(phi)
        let sinusoidal = variant == .uninterrupted ? a <= phiLimit : a < phiLimit
        if sinusoidal {
            return SIMD2(centre + lam * cos(phi), phi)
        }
        let m = moll.forward(SIMD2(lam, phi))
        return SIMD2(centre + m.x, m.y + (north ? yShift : -yShift))
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x, y = xy.y
        guard x.isFinite && y.isFinite else { return SIMD2(.nan, .nan) }
        let north = y >= 0
        let seams = north ? northSeams : southSeams
        let count = north ? northCount : southCount
        let i = GoodeHomolosine.lobe(x, seams, count)
        let centre = north ? northCentres[i] : southCentres[i]
        let west = i == 0 ? -Double.pi : seams[i - 1]
        let east = i == count - 1 ? Double.pi : seams[i]
        let ay = abs(y)
        let phi: Double, width: Double
        let sinusoidal = variant == .uninterrupted ? ay <= phiLimit : ay < phiLimit
        if sinusoidal {
            phi = y
            width = cos(phi)
        } else {
            let parts = moll.inverseParts(y - (north ? yShift : -yShift))
            // The Mollweide part covers |φ| ≥ the transition only.
            guard parts.phi.isFinite && abs(parts.phi) >= phiLimit - WorldProjectionSupport.edgeTolerance else {
                return SIMD2(.nan, .nan)
            }
            phi = parts.phi
            width = parts.width
        }
        // The lobe spans λ − λc ∈ [lo, hi]; test it in x (see WorldProjectionSupport.longitude).
        let dx = x - centre, lo = west - centre, hi = east - centre
        let slack = WorldProjectionSupport.edgeTolerance
        guard dx >= lo * width - slack && dx <= hi * width + slack else { return SIMD2(.nan, .nan) }
        let lam = width > 0 ? min(max(dx / width, lo), hi) : 0
        return SIMD2(centre + lam, phi)
    }
}
