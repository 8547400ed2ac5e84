import Foundation
import GraticuleCore

/// Peirce quincuncial, North Pole centred: Esri `Peirce_Quincuncial` (Option 0 square, 1 diamond;
/// ESRI:54090, 54091), PROJ `peirce_q` (`+shape=square|diamond`), PROJ WKT2 "Peirce Quincuncial
/// (Square)" / "(Diamond)". No EPSG method code.
///
/// A conformal map of the northern hemisphere onto a square (C. S. Peirce 1879) whose southern
/// hemisphere is cut along the four meridians λ0 ± 45°, λ0 ± 135° and folded out into four corner
/// triangles, so the whole sphere fills a square (rotated 45° for "square") of half-diagonal 2K.
/// Formulas: O. S. Adams, USC&GS Special Publication 153 (1929), with a = acos(cos φ (sin λ + cos λ)/√2),
/// b = acos(cos φ (sin λ − cos λ)/√2) and the elliptic-integral kernel of `AdamsElliptic`
/// (w = sin²φ); the southern triangles are reflections about the lines x, y = ±2K (PROJ's fold,
/// PR OSGeo/PROJ#2978). Spherical: PROJ and Esri use the semi-major axis as the radius.
///
/// The inverse is closed form (no search): the fold is undone by the triangle the point lies in,
/// F is inverted by Newton's method and (λ, φ) follow from c + d = sin m √(1 + cos²n),
/// d − c = sin n √(1 + cos²m): tan λ = (c + d)/(c − d), sin φ = cos m cos n. PROJ's square inverse
/// is a heuristic start for a generic 2-D Newton search; this one is exact to ~1e-15 rad.
///
/// F(φ | ½) is evaluated with the Chebyshev approximation PROJ uses (`AdamsElliptic`), so results
/// agree with PROJ; the exact integral differs by at most 0.42 m (WGS 84 a). Because that F̃
/// overshoots K by 3.95e-8, southern points within 0.25 m (3.95e-8 a) of the equator fold 0.25 m
/// into the northern square (as in PROJ); the inverse returns the northern point there.
///
/// Accuracy: agrees with PROJ 9.5.1 forward to 5.1e-7 m at 1,000 points over the globe
/// (Fixtures/peirce_quincuncial.csv) except on the equator, where PROJ's n = asin √(1 − cos(a − b))
/// loses up to 1.5e-8 rad to cancellation (0.15 m measured; this kernel avoids the cancellation);
/// inverse to 1e-9° of PROJ's (a 2-D search converged to 1e-10 a); round trip < 1e-9°. Domain: the
/// whole sphere; the inverse gives NaN outside the outer square (diamond).
public struct PeirceQuincuncial: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Peirce Quincuncial",
        names: ["Peirce Quincuncial (Square)", "Peirce Quincuncial (Diamond)"])

    /// Layout of the square: `square` has the equator as the inscribed diamond (ESRI:54090),
    /// `diamond` has it as the inscribed axis-parallel square (ESRI:54091, PROJ's default).
    public enum Shape: Sendable, Hashable { case square, diamond }

    public let frame: ProjectionFrame
    public let shape: Shape
    @usableFromInline let k0: Double
    @usableFromInline let halfSide: Double

    /// The four southern cuts λ0 ± 45°, λ0 ± 135° from the equator to the South Pole; a point on a
    /// cut is folded with the sector east of it (the left of the southward path).
    /// Computed once at construction (`makeClipRegion`), not on every access.
    public private(set) var clipRegion: ClipRegion = .sphere

    /// The region of this map, from its parameters (called once, by `init`).
    func makeClipRegion() -> ClipRegion {
        let l0 = frame.centralMeridian
        return ClipRegion(seams: [-0.75, -0.25, 0.25, 0.75].map {
            .meridian(Angle.normalizeRadians(l0 + $0 * Double.pi), from: 0, to: -Double.pi / 2, owner: .left)
        })
    }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        // Esri's `Option` (0 square, 1 diamond) when given, else the method's name.
        if let option = p.value(names: ["Option"]) {
            switch option {
            case 0: shape = .square
            case 1: shape = .diamond
            default:
                throw .invalidParameter(name: "Option", value: option, reason: "must be 0 (square) or 1 (diamond)")
            }
        } else {
            shape = p.methodNameContains("Diamond") ? .diamond : .square
        }
        let lat0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: .pi / 2)
        guard abs(lat0 - Double.pi / 2) < 1e-10 else {
            throw .invalidParameter(name: "Latitude of natural origin", value: lat0 * 180 / .pi,
                                    reason: "only the North Pole aspect (90°) is defined")
        }
        k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k0 > 0 && k0.isFinite else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        let lon0 = p.centralMeridian()
        guard lon0.isFinite else {
            throw .invalidParameter(name: "Longitude of natural origin", value: lon0, reason: "must be finite")
        }
        halfSide = AdamsElliptic.halfSide(exact: false)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0,
                                ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        clipRegion = makeClipRegion()
    }

    /// The reflection distance of the southern fold, 2K (PROJ's `shd`).
    @usableFromInline static let fold = 2 * AdamsElliptic.completeK

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard lam.isFinite && abs(phi) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let sl = sin(lam), cl = cos(lam), cp = cos(phi), sp = sin(phi)
        let c = cp * (sl + cl) * AdamsElliptic.rsqrt2
        let d = cp * (sl - cl) * AdamsElliptic.rsqrt2
        var p = AdamsElliptic.square(c: c, d: d, w: sp * sp, exact: false)
        if phi < 0 {
            let q = Double.pi / 4
            if lam < -3 * q || lam >= 3 * q {
                p.y = Self.fold - p.y
            } else if lam < -q {
                p.x = -Self.fold - p.x
            } else if lam < q {
                p.y = -Self.fold - p.y
            } else {
                p.x = Self.fold - p.x
            }
        }
        if shape == .square { p = AdamsElliptic.rotate45(p) }
        return p * k0
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        var p = xy / k0
        guard p.x.isFinite && p.y.isFinite else { return SIMD2(.nan, .nan) }
        if shape == .square { p = AdamsElliptic.unrotate45(p) }
        let h = halfSide
        var south = false
        // The northern hemisphere fills the inner square |x|, |y| ≤ F(π/2) (tolerance 1e-12 for
        // the corners' rounding); the southern triangles lie beyond it inside |x| + |y| ≤ 2K.
        if abs(p.x) > h * (1 + 1e-12) || abs(p.y) > h * (1 + 1e-12) {
            guard abs(p.x) + abs(p.y) <= Self.fold * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
            south = true
            if p.y < -h {
                p.y = -Self.fold - p.y
            } else if p.y > h {
                p.y = Self.fold - p.y
            } else if p.x > h {
                p.x = Self.fold - p.x
            } else {
                p.x = -Self.fold - p.x
            }
        }
        let u = AdamsElliptic.unsquare(p, exact: false, halfSide: h)
        // c + d = √2 cos φ sin λ, c − d = √2 cos φ cos λ, sin φ = cos m cos n.
        let lam = (u.sum == 0 && u.difference == 0) ? 0 : atan2(u.sum, -u.difference)
        let cosPhi = (0.5 * (u.sum * u.sum + u.difference * u.difference)).squareRoot()
        let phi = atan2(u.rootW, cosPhi)
        return SIMD2(lam, south ? -phi : phi)
    }
}
