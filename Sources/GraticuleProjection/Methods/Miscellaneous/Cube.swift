import Foundation
import GraticuleCore

/// The Esri Cube projection (`Cube`; ESRI:54051 World_Cube, Central_Meridian 0, Option 1). No EPSG
/// method code; PROJ has none ("not currently possible" in PROJ's Esri mapping script).
///
/// Esri's documentation (ArcGIS Pro, "Cube"): "a faceted projection consisting of six square sides,
/// one for each pole and four along the equator centered at 135° and 45° west, 45° and 135° east
/// meridians … Areas between 45° north and 45° south are projected with the plate carrée
/// projection … The polar facets project parallels as concentric squares centered on the pole …
/// The meridians are equally spaced straight lines originating in the center. The outline of the
/// polar facet is a square of 45° parallel. At the junction of the equatorial facets with the polar
/// facets, the meridians bend toward the pole … supported on spheres only. For an ellipsoid, the
/// semimajor axis is used for the radius."
///
/// Implemented accordingly (on a sphere of radius a, angles in radians = map units of a):
/// - |φ| ≤ 45°: x = λ − λ0, y = φ (four 90° × 90° facets centred at λ0 ± 45°, λ0 ± 135°).
/// - Polar facets: squares of side π/2 centred on the pole, attached along one 45° parallel edge to
///   one equatorial facet (centre λc). The parallel φ is the square of half-side π/2 − |φ| (equally
///   spaced), the meridian λ the straight ray from the centre that meets each square at the point
///   whose distance along the square's perimeter, from the middle of the attached edge, is
///   proportional to λ − λc (8 half-sides per 360°) — "equally spaced" — which makes the map
///   continuous across the attached edge (a point of the 45° parallel lands where the plate carrée
///   puts it). The southern facet mirrors the northern one across the equator.
///
/// Uncertainties (no published ArcGIS coordinates could be found): Esri does not document the values
/// of `Option`; here Option k ∈ 0…3 attaches both polar facets to the k-th equatorial facet from the
/// west (centre λ0 − 135° + 90° k), so ESRI:54051 (Option 1) has its caps on the facet centred at
/// 45°W, keeping Greenland whole; and "meridians equally spaced" is read as equal spacing along the
/// squares (continuity at the junction) rather than equal angles at the pole.
///
/// The inverse is closed form. Accuracy: exact (round trip < 1e-12°). Domain: the whole sphere;
/// the cuts are the 45° parallels outside the attached facet and the meridian λ0 + 180° between
/// ±45°; the inverse gives NaN outside the six squares.
public struct Cube: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Cube", names: ["Cube"])

    public let frame: ProjectionFrame
    /// Centre of the equatorial facet carrying the polar facets, relative to λ0 (radians).
    @usableFromInline let capCentre: Double
    /// The equatorial facet the polar facets are attached to, 0…3 from the west.
    public let option: Int

    @usableFromInline static let quarter = Double.pi / 4

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let opt = p.value(names: ["Option"], default: 1)
        guard opt == opt.rounded(), opt >= 0, opt <= 3 else {
            throw .invalidParameter(name: "Option", value: opt,
                                    reason: "must be 0, 1, 2 or 3 (equatorial facet carrying the polar facets)")
        }
        option = Int(opt)
        capCentre = -0.75 * Double.pi + 0.5 * Double.pi * Double(option)
        let lon0 = p.centralMeridian()
        guard lon0.isFinite else {
            throw .invalidParameter(name: "Central_Meridian", value: lon0, reason: "must be finite")
        }
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0,
                                ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        clipRegion = makeClipRegion()
    }

    /// Computed once at construction (`makeClipRegion`), not on every access.
    public private(set) var clipRegion: ClipRegion = .sphere

    /// The region of this map, from its parameters (called once, by `init`).
    func makeClipRegion() -> ClipRegion {
        let l0 = frame.centralMeridian
        // The 45° parallels beyond the attached facet (densified every 0.25°: chord sag < 8 m)
        // and the band's seam λ0 + 180°.
        let start = capCentre + Self.quarter, steps = 1080
        var lines: [[SIMD2<Double>]] = []
        for lat in [Self.quarter, -Self.quarter] {
            lines.append((0...steps).map { i in
                SIMD2(Angle.normalizeRadians(l0 + start + 1.5 * Double.pi * Double(i) / Double(steps)), lat)
            })
        }
        let seam = Angle.normalizeRadians(l0 + Double.pi)
        lines.append([SIMD2(seam, -Self.quarter), SIMD2(seam, 0), SIMD2(seam, Self.quarter)])
        return ClipRegion(seams: lines.flatMap { ClipRegion.Seam.split($0, project) })
    }

    /// The point of the unit square's perimeter at parameter u (radians, 8 half-sides per 2π),
    /// u = 0 at the middle of the bottom edge, increasing counter-clockwise.
    @inlinable @inline(__always)
    static func perimeter(_ u: Double) -> SIMD2<Double> {
        let q = quarter
        if u >= -q && u <= q { return SIMD2(u / q, -1) }
        if u > q && u <= 3 * q { return SIMD2(1, (u - 2 * q) / q) }
        if u < -q && u >= -3 * q { return SIMD2(-1, -(u + 2 * q) / q) }
        // Top edge: u in (3q, π] or [−π, −3q).
        let v = u > 0 ? u : u + 2 * Double.pi
        return SIMD2(-(v - 4 * q) / q, 1)
    }

    /// The perimeter parameter of a point p with max(|p.x|, |p.y|) = 1.
    @inlinable @inline(__always)
    static func perimeterParameter(_ p: SIMD2<Double>) -> Double {
        let q = quarter
        if abs(p.y) >= abs(p.x) {
            return p.y < 0 ? p.x * q : Angle.normalizeRadians(4 * q - p.x * q)
        }
        return p.x > 0 ? 2 * q + p.y * q : -2 * q - p.y * q
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard lam.isFinite && abs(phi) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        if abs(phi) <= Self.quarter { return SIMD2(lam, phi) }
        let s = Double.pi / 2 - abs(phi)
        let p = Self.perimeter(Angle.normalizeRadians(lam - capCentre))
        return phi > 0
            ? SIMD2(capCentre + s * p.x, Double.pi / 2 + s * p.y)
            : SIMD2(capCentre + s * p.x, -Double.pi / 2 - s * p.y)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let x = xy.x, y = xy.y
        let tol = 1e-12
        guard x.isFinite && y.isFinite else { return SIMD2(.nan, .nan) }
        if abs(y) <= Self.quarter {
            guard abs(x) <= Double.pi * (1 + tol) else { return SIMD2(.nan, .nan) }
            return SIMD2(min(max(x, -Double.pi), Double.pi), y)
        }
        let dx = x - capCentre
        let dy = y > 0 ? y - Double.pi / 2 : -(y + Double.pi / 2)
        let s = max(abs(dx), abs(dy))
        guard s <= Self.quarter * (1 + tol) else { return SIMD2(.nan, .nan) }
        let phi = Double.pi / 2 - s
        guard s > 0 else { return SIMD2(0, y > 0 ? Double.pi / 2 : -Double.pi / 2) }
        let u = Self.perimeterParameter(SIMD2(dx, dy) / s)
        return SIMD2(Angle.normalizeRadians(capCentre + u), y > 0 ? phi : -phi)
    }
}
