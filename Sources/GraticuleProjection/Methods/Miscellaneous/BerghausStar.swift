import Foundation
import GraticuleCore

/// Berghaus star: Esri `Berghaus_Star` (ESRI:102299 Berghaus_Star_AAG: Central_Meridian −52°,
/// Latitude_Of_Origin 90°, XY_Plane_Rotation 36°). No EPSG method code; PROJ has none.
///
/// H. Berghaus (1879): the hemisphere around the centre in azimuthal equidistant; the other
/// hemisphere cut into five triangular star points whose apexes are the antipode (distance π from
/// the centre) and whose bases are 72° arcs of the bounding circle. A point at angular distance
/// r > π/2 from the centre, at angle δ from the axis of its star point, is placed on the straight
/// line from the apex T = (π, 0) (axis frame) to its base point E = (π/2)(cos δ, sin δ), at radius r:
/// its angle from the axis is asin(π sin α / r) − α with α = atan2(sin δ, 2 − cos δ) (d3-geo-projection
/// 4.0.0 `berghaus.js`); parallels stay circles, meridians become straight segments to the tip.
/// The inverse intersects the line from T through the point with the circle r = π/2 (closed form).
///
/// Orientation: in the plane before rotation one star point extends downward along the central
/// meridian (ArcGIS's description of Berghaus Star: with an XY plane rotation of 0 one point
/// extends downward, with 36° the star turns so that one point extends to grid north); the map is
/// then rotated counter-clockwise by XY_Plane_Rotation. For ESRI:102299 this puts the −52° point at
/// −54° (lower right) and the 92°E point up — d3's `geoBerghaus().rotate([88, −90])`. (If Esri's
/// rotation turns out clockwise, 164°E would be up instead; no public ArcGIS value settles it.)
///
/// On an ellipsoid (Esri: "equations for an ellipsoid of revolution were developed at Esri") the
/// polar aspects use the meridian distance from the pole: r = π/2 ∓ μ with μ the rectifying
/// latitude and the radius R = a (1 + n²/4 + n⁴/64 + n⁶/256)/(1 + n) of the rectifying sphere, so
/// the northern hemisphere is exactly the ellipsoidal polar azimuthal equidistant (PROJ `aeqd`),
/// and distances along meridians stay true inside the star points. μ ↔ φ by `MeridianArc` (the
/// Helmert series to 6th order in the third flattening n).
/// Oblique and equatorial aspects are spherical only.
///
/// Accuracy: sphere — d3-geo-projection's published `test/berghaus-test.js` values (equatorial
/// aspect; d3's axes sit half a turn from ours, see BerghausStarTests) to < 2e-6 px at scale 150,
/// and ESRI:102299's parameters give a Python transcription of d3's `geoBerghaus().rotate([88, −90])`
/// to 1e-12; ellipsoid — the northern hemisphere equals PROJ 9.5.1 `+proj=aeqd +lat_0=90` (turned
/// 36°) to 9e-8 m and every radius equals the WGS 84 geodesic distance from the pole to < 1 mm
/// (Fixtures/berghaus_star.csv); round trip < 1e-9° everywhere.
/// Domain: the whole sphere; the inverse gives NaN outside the star.
public struct BerghausStar: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Berghaus Star", names: ["Berghaus_Star"])

    public let frame: ProjectionFrame
    /// Number of star points (Esri: 5).
    public static let lobes = 5
    @usableFromInline static let lobeAngle = 2 * Double.pi / Double(lobes)

    @usableFromInline enum Aspect: Sendable { case north, south, oblique }
    @usableFromInline let aspect: Aspect
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let cosRot: Double
    @usableFromInline let sinRot: Double
    /// Output scale: the rectifying radius over a (1 on a sphere).
    @usableFromInline let radius: Double
    /// Third flattening (0 on a sphere or in the oblique aspects).
    @usableFromInline let n: Double
    /// μ ↔ φ (polar aspects on the ellipsoid).
    @usableFromInline let meridian: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let lon0 = p.value(EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfProjectionCentre,
                           names: ["Central_Meridian", "Longitude_Of_Center"], default: 0)
        let lat0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, EPSGParameter.latitudeOfProjectionCentre,
                           names: ["Latitude_Of_Origin", "Latitude_Of_Center"], default: .pi / 2)
        let rotation = p.value(names: ["XY_Plane_Rotation"], default: 0)
        try ProjectionParameters.checkLatitude(lat0, name: "Latitude_Of_Origin", includingPoles: true, tolerance: 1e-12)
        guard lon0.isFinite && rotation.isFinite else {
            throw .invalidParameter(name: lon0.isFinite ? "XY_Plane_Rotation" : "Central_Meridian",
                                    value: lon0.isFinite ? rotation : lon0, reason: "must be finite")
        }
        if abs(lat0 - Double.pi / 2) < 1e-10 {
            aspect = .north
        } else if abs(lat0 + Double.pi / 2) < 1e-10 {
            aspect = .south
        } else {
            aspect = .oblique
            guard ellipsoid.isSphere else {
                throw .invalidParameter(name: "Latitude_Of_Origin", value: lat0 * 180 / .pi,
                                        reason: "only the polar aspects (±90°) are defined on an ellipsoid")
            }
        }
        sinPhi0 = sin(lat0)
        cosPhi0 = cos(lat0)
        cosRot = cos(rotation)
        sinRot = sin(rotation)
        n = aspect == .oblique ? 0 : ellipsoid.thirdFlattening
        meridian = MeridianArc(thirdFlattening: n)
        radius = meridian.rectifyingRadius
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
        clipRegion = makeClipRegion()
    }

    /// Five cuts from the bounding circle (r = π/2) to the antipode of the centre, midway between
    /// the star points' axes (plane angles θ = −π/2 + (k + ½)·2π/5, azimuths Az = π/2 − θ); they
    /// meet at the antipode, the tips of the five points. A point on a cut goes to the arm the
    /// rounding of its plane angle picks (away from zero), found from the kernel.
    /// Computed once at construction (`makeClipRegion`), not on every access.
    public private(set) var clipRegion: ClipRegion = .sphere

    /// The region of this map, from its parameters (called once, by `init`).
    func makeClipRegion() -> ClipRegion {
        let l0 = frame.centralMeridian
        let azimuths = (0..<Self.lobes).map { k in Double.pi - (Double(k) + 0.5) * Self.lobeAngle }
        let paths: [[SIMD2<Double>]] = azimuths.map { az in
            switch aspect {
            case .north:  // Az = π − Δλ
                return ClipRegion.Seam.meridian(Angle.normalizeRadians(l0 + Double.pi - az), from: 0,
                                                to: -Double.pi / 2, owner: .left).path
            case .south:  // Az = Δλ
                return ClipRegion.Seam.meridian(Angle.normalizeRadians(l0 + az), from: 0, to: Double.pi / 2,
                                                owner: .left).path
            case .oblique:
                return (0...6).map { i in
                    let ll = sphericalInverse(r: Double.pi / 2 * (1 + Double(i) / 6), azimuth: az)
                    return SIMD2(Angle.normalizeRadians(ll.x + l0), ll.y)
                }
            }
        }
        return ClipRegion(seams: paths.flatMap { ClipRegion.Seam.split($0, project) })
    }

    // MARK: Rectifying latitude (polar aspects on the ellipsoid)

    /// The rectifying latitude μ of φ (φ itself on a sphere).
    @inlinable func rectifying(_ phi: Double) -> Double {
        n == 0 ? phi : meridian.rectifying(phi, sin: sin(phi), cos: cos(phi))
    }

    /// The geodetic latitude φ of rectifying latitude μ (μ itself on a sphere).
    @inlinable func geodetic(_ mu: Double) -> Double {
        n == 0 ? mu : meridian.latitude(rectifying: mu)
    }

    // MARK: Kernels

    /// Angular distance r from the centre and azimuth (clockwise from north at the centre).
    @inlinable func polar(_ lp: SIMD2<Double>) -> (r: Double, azimuth: Double) {
        let dl = lp.x, phi = lp.y
        switch aspect {
        case .north:
            return (Double.pi / 2 - rectifying(phi), Double.pi - dl)
        case .south:
            return (Double.pi / 2 + rectifying(phi), dl)
        case .oblique:
            let sp = sin(phi), cp = cos(phi), cl = cos(dl)
            let cosR = sinPhi0 * sp + cosPhi0 * cp * cl
            let y = cp * sin(dl), x = cosPhi0 * sp - sinPhi0 * cp * cl
            return (atan2((x * x + y * y).squareRoot(), cosR), atan2(y, x))
        }
    }

    /// (Δλ, φ) on the sphere at distance r and azimuth Az from the oblique centre.
    @inlinable func sphericalInverse(r: Double, azimuth az: Double) -> SIMD2<Double> {
        let sr = sin(r), cr = cos(r)
        let sp = sinPhi0 * cr + cosPhi0 * sr * cos(az)
        let phi = asin(min(1, max(-1, sp)))
        let dl = atan2(sr * sin(az), cosPhi0 * cr - sinPhi0 * sr * cos(az))
        return SIMD2(dl, phi)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard lp.x.isFinite && abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let (r, az) = polar(lp)
        var theta = Double.pi / 2 - az
        if r > Double.pi / 2 {
            // Axis of the nearest star point; axes at −π/2 + k·2π/5.
            let k = Self.lobeAngle
            let theta0 = -Double.pi / 2 + k * ((theta + Double.pi / 2) / k).rounded()
            let d = theta - theta0
            let alpha = atan2(sin(d), 2 - cos(d))
            theta = theta0 + asin(min(1, max(-1, Double.pi / r * sin(alpha)))) - alpha
        }
        let x = r * cos(theta), y = r * sin(theta)
        return SIMD2(x * cosRot - y * sinRot, x * sinRot + y * cosRot) * radius
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let q = xy / radius
        guard q.x.isFinite && q.y.isFinite else { return SIMD2(.nan, .nan) }
        let x = q.x * cosRot + q.y * sinRot, y = -q.x * sinRot + q.y * cosRot
        let r = (x * x + y * y).squareRoot()
        var theta = atan2(y, x)
        if r > Double.pi / 2 {
            guard r <= Double.pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
            let k = Self.lobeAngle
            let theta0 = -Double.pi / 2 + k * ((theta + Double.pi / 2) / k).rounded()
            // Axis frame: apex T = (π, 0), point P; E = T + t (P − T) on the circle r = π/2,
            // the intersection nearer to T.
            let psi = theta - theta0
            let px = r * cos(psi), py = r * sin(psi)
            let dx = px - Double.pi, dy = py
            let dd = dx * dx + dy * dy
            if dd > 1e-30 {
                let b = Double.pi * dx  // T · d
                let c = 0.75 * Double.pi * Double.pi  // |T|² − (π/2)²
                // Next to the apex the forward's rounding can put an arm's own point a hair
                // outside it (the ray just misses the circle): tolerated to 1e-9, relative.
                let disc = b * b - dd * c
                guard disc >= -1e-9 * b * b else { return SIMD2(.nan, .nan) }
                let t = (-b - Swift.max(disc, 0).squareRoot()) / dd
                let ex = Double.pi + t * dx, ey = t * dy
                let delta = atan2(ey, ex)
                // The arm's side: the direction from the apex carries 1e-16/(π − r) of rounding.
                guard abs(delta) <= k / 2 * (1 + 1e-9) + 1e-14 / (Double.pi - r) else { return SIMD2(.nan, .nan) }
                theta = theta0 + Swift.min(Swift.max(delta, -k / 2), k / 2)
            } else {
                theta = theta0  // the apex: the antipode of the centre
            }
        }
        let az = Double.pi / 2 - theta
        switch aspect {
        case .north:
            return SIMD2(r == 0 ? 0 : Angle.normalizeRadians(Double.pi - az), geodetic(Double.pi / 2 - min(r, Double.pi)))
        case .south:
            return SIMD2(r == 0 ? 0 : Angle.normalizeRadians(az), geodetic(min(r, Double.pi) - Double.pi / 2))
        case .oblique:
            return sphericalInverse(r: min(r, Double.pi), azimuth: az)
        }
    }
}
