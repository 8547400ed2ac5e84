import Foundation
import GraticuleCore

/// The part of the sphere a projection draws, for clipping geometry on the sphere before it is
/// projected: the intersection of small-circle caps, torn along seams.
///
/// **Frame.** Longitudes and latitudes in radians in the projection's own geographic frame: the
/// longitudes `Projection.project` takes, i.e. from the base CRS's prime meridian (λ0 included,
/// not λ − λ0). A renderer turns data longitudes into that frame before clipping.
///
/// **Caps** bound the map: a point is on the map when it lies within every cap (an orthographic
/// hemisphere, a stereographic 120° cap, New Zealand Map Grid's 1,500 km, two caps around the poles
/// for Mercator's latitude band, two hemispheres for a lune of longitudes; a cap of radius > 90°
/// is the outside of a small cap: Transverse Mercator's two excluded caps).
///
/// **Seams** are the lines along which the map is torn: each is a polyline whose consecutive
/// vertices are joined by the shorter great-circle arc (every arc shorter than 180°): the
/// antimeridian of a world map, the lobe edges of Goode's homolosine, the five cuts of the Berghaus
/// star, the four southern cuts of Peirce's quincuncial map, the cut edges of the Fuller and cube
/// nets, the back half of the equator of transverse cylindrical maps. The projection is continuous
/// everywhere inside the caps except across seams. A seam has no width: a point exactly on it is
/// projected by the side that `owner` names (the kernel's tie rule); a renderer excludes a sliver
/// of `boundaryEpsilon` on both sides (`boundaryRings`) so that no clipped vertex is ambiguous.
///
/// The faces of the seam graph are the lobes (or faces, for nets) of an interrupted map; their
/// boundaries, offset into each face, are the clip polygon (`boundaryRings`); projected, together
/// with the caps' circles, they are the outline of the whole map.
public struct ClipRegion: Hashable, Sendable {
    /// The points within angular distance `radius` of `center` (radius in (0, π)).
    public struct Cap: Hashable, Sendable {
        /// Longitude and latitude of the centre, radians (projection frame).
        public let center: SIMD2<Double>
        /// Angular radius, radians.
        public let radius: Double
        /// Unit vector of the centre.
        public let centerVector: SIMD3<Double>
        /// cos(radius).
        public let cosRadius: Double

        public init(center: SIMD2<Double>, radius: Double) {
            self.center = center
            self.radius = radius
            centerVector = UnitSphere.vector(center)
            cosRadius = cos(radius)
        }

        /// Whether the unit vector lies in the cap, at least `margin` radians inside its edge.
        @inlinable public func contains(_ v: SIMD3<Double>, margin: Double = 0) -> Bool {
            if margin == 0 { return UnitSphere.dot(centerVector, v) >= cosRadius }
            return UnitSphere.angle(centerVector, v) <= radius - margin
        }
    }

    /// A line along which the map is torn.
    public struct Seam: Hashable, Sendable {
        /// Which side's image a point exactly on the seam takes (the kernel's tie rule).
        public enum Owner: Hashable, Sendable {
            /// The side on the left of the path's direction (seen from outside the sphere).
            case left
            /// The side on the right of the path's direction.
            case right
            /// Decided by the longitude as given: λ0 + π goes to one side, λ0 − π to the other
            /// (an antimeridian: `Angle.normalizeRadians` keeps ±π as given).
            case bySign
        }

        /// Longitude/latitude vertices (radians), consecutive ones joined by the shorter great-circle arc.
        public let path: [SIMD2<Double>]
        public let owner: Owner

        public init(path: [SIMD2<Double>], owner: Owner) {
            self.path = path
            self.owner = owner
        }

        /// The meridian `lon` from latitude `from` to latitude `to`, with a vertex at least every 30°.
        public static func meridian(_ lon: Double, from: Double, to: Double, owner: Owner) -> Seam {
            let n = max(1, Int((abs(to - from) / (Double.pi / 6)).rounded(.up)))
            return Seam(path: (0...n).map { SIMD2(lon, from + (to - from) * Double($0) / Double(n)) }, owner: owner)
        }

        /// The back half of the equator, from (λ0 + 90°, 0) through λ0 + 180° to (λ0 − 90°, 0): where
        /// transverse cylindrical maps (Transverse Mercator, spherical Cassini, transverse
        /// cylindrical equal-area) jump between y = ±(half the meridian); a point on it goes north
        /// or south by the sign of its latitude (±0).
        public static func transverseCut(centralMeridian lam0: Double) -> Seam {
            Seam(path: (0...6).map { SIMD2(Angle.normalizeRadians(lam0 + Double.pi / 2 + Double($0) * Double.pi / 6), 0) },
                 owner: .bySign)
        }

        /// The seams along `path` with the owners the kernel shows: the side whose image a point
        /// on the middle of each arc takes under `project` (longitude/latitude radians in the
        /// projection frame → map), the path split where that side changes. For nets whose tie
        /// rule is the order of their faces (Fuller, cube, Adams, Berghaus' rounding). An arc where
        /// neither side's image is near the seam point's own (both jump away) gets `.bySign`.
        public static func split(_ path: [SIMD2<Double>], _ project: (SIMD2<Double>) -> SIMD2<Double>) -> [Seam] {
            guard path.count >= 2 else { return [] }
            var seams: [Seam] = []
            var run = [path[0]]
            var runOwner: Owner?
            for i in 1..<path.count {
                let o = owner(of: path[i - 1], path[i], project)
                if let r = runOwner, r != o {
                    seams.append(Seam(path: run, owner: r))
                    run = [path[i - 1]]
                }
                runOwner = o
                run.append(path[i])
            }
            seams.append(Seam(path: run, owner: runOwner ?? .bySign))
            return seams
        }

        /// The middle of the arc a–b (radians); exactly on the meridian when a and b share one, so
        /// that a kernel's tie rule sees the seam's own longitude.
        public static func midpoint(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
            if a.x == b.x { return SIMD2(a.x, 0.5 * (a.y + b.y)) }
            if a.y == b.y && abs(a.y) < 1e-300 && abs(a.x - b.x) < .pi { return SIMD2(0.5 * (a.x + b.x), a.y) }
            return UnitSphere.lonLat(UnitSphere.normalized(UnitSphere.vector(a) + UnitSphere.vector(b)))
        }

        /// The owner of the arc a–b (see `split`).
        static func owner(of a: SIMD2<Double>, _ b: SIMD2<Double>, _ project: (SIMD2<Double>) -> SIMD2<Double>) -> Owner {
            let va = UnitSphere.vector(a), vb = UnitSphere.vector(b)
            let m = UnitSphere.normalized(va + vb)
            let left = UnitSphere.normalized(UnitSphere.cross(va, vb))
            let on = project(midpoint(a, b))
            func gap(_ side: Double) -> Double {
                let q = project(UnitSphere.lonLat(UnitSphere.offset(m, along: left * side, by: 1e-9)))
                let d = q - on
                return (d * d).sum().squareRoot()
            }
            let l = gap(1), r = gap(-1)
            guard l.isFinite || r.isFinite else { return .bySign }
            if l < 1e-3 * r || (l.isFinite && !r.isFinite) { return .left }
            if r < 1e-3 * l || (r.isFinite && !l.isFinite) { return .right }
            return .bySign
        }

        /// The parallel `lat` from longitude `from` eastwards by `span` (radians, may exceed π),
        /// densified so that every great-circle chord lies within `sag` radians of the parallel.
        public static func parallel(_ lat: Double, from: Double, span: Double, owner: Owner, sag: Double = 1e-6) -> Seam {
            // Chord sag of a step Δ on a parallel of radius cos φ: ≈ cos φ · sin φ · Δ²/8.
            let k = max(1e-12, abs(sin(lat) * cos(lat)))
            let step = min(Double.pi / 6, (8 * sag / k).squareRoot())
            let n = max(1, Int((abs(span) / step).rounded(.up)))
            return Seam(path: (0...n).map { SIMD2(Angle.normalizeRadians(from + span * Double($0) / Double(n)), lat) },
                        owner: owner)
        }
    }

    /// Radius by which the cap of an azimuthal map of the whole sphere (azimuthal equidistant,
    /// Lambert azimuthal equal-area) stops short of the antipode of its centre, where the map is
    /// torn open into its outer circle: 1e-5 rad (64 m). (d3-geo clips at 1e-3°.)
    public static let antipodeExclusion = 1e-5

    /// The caps the map lies within (none: the whole sphere).
    public var caps: [Cap]
    /// The seams the map is torn along.
    public var seams: [Seam]

    public init(caps: [Cap] = [], seams: [Seam] = []) {
        self.caps = caps
        self.seams = seams
    }

    /// The whole sphere, torn along the meridian `longitude` from pole to pole (a world map's
    /// antimeridian: pass λ0 + π).
    public static func globe(cutAt longitude: Double) -> ClipRegion {
        ClipRegion(seams: [.meridian(Angle.normalizeRadians(longitude), from: .pi / 2, to: -.pi / 2, owner: .bySign)])
    }

    /// The whole sphere, no seam (a map continuous everywhere: none of Graticule's methods).
    public static let sphere = ClipRegion()

    /// The cap of `radius` around (lon, lat).
    public static func cap(lon: Double, lat: Double, radius: Double) -> ClipRegion {
        ClipRegion(caps: [Cap(center: SIMD2(lon, lat), radius: radius)])
    }

    /// The caps of a latitude band [south, north] (radians): up to two caps around the poles.
    public static func bandCaps(south: Double, north: Double) -> [Cap] {
        var caps: [Cap] = []
        if north < .pi / 2 { caps.append(Cap(center: SIMD2(0, -.pi / 2), radius: .pi / 2 + north)) }
        if south > -.pi / 2 { caps.append(Cap(center: SIMD2(0, .pi / 2), radius: .pi / 2 - south)) }
        return caps
    }

    /// The caps of a lune of longitudes from `west` eastwards to `east` (radians), narrower than
    /// 180°: two hemispheres.
    public static func luneCaps(west: Double, east: Double) -> [Cap] {
        [Cap(center: SIMD2(Angle.normalizeRadians(west + .pi / 2), 0), radius: .pi / 2),
         Cap(center: SIMD2(Angle.normalizeRadians(east - .pi / 2), 0), radius: .pi / 2)]
    }

    /// A longitude/latitude box narrower than 180° in longitude (`west > east` crosses ±180°).
    public static func box(west: Double, south: Double, east: Double, north: Double) -> ClipRegion {
        ClipRegion(caps: luneCaps(west: west, east: east) + bandCaps(south: south, north: north))
    }

    /// This region with more seams.
    public func adding(seams more: [Seam]) -> ClipRegion { ClipRegion(caps: caps, seams: seams + more) }

    /// This region with more caps.
    public func adding(caps more: [Cap]) -> ClipRegion { ClipRegion(caps: caps + more, seams: seams) }

    /// Whether a point lies on the map, at least `margin` (radians) from every cap edge and seam.
    ///
    /// `lonLat`: longitude and latitude in radians in the projection's frame (any longitude range).
    /// With `margin` 0 a point on a seam counts as on the map (its owner projects it).
    public func contains(_ lonLat: SIMD2<Double>, margin: Double = 0) -> Bool {
        guard abs(lonLat.y) <= Double.pi / 2 && lonLat.x.isFinite else { return false }
        let v = UnitSphere.vector(lonLat)
        for cap in caps where !cap.contains(v, margin: margin) { return false }
        guard margin > 0 else { return true }
        for seam in seams {
            let p = seam.path.map(UnitSphere.vector)
            for i in 1..<max(1, p.count) where ClipRegion.distance(v, arcFrom: p[i - 1], to: p[i]) < margin {
                return false
            }
        }
        return true
    }

    /// The angular distance from `v` to the great-circle arc a–b (all unit vectors).
    public static func distance(_ v: SIMD3<Double>, arcFrom a: SIMD3<Double>, to b: SIMD3<Double>) -> Double {
        let n = UnitSphere.cross(a, b)
        let nl = UnitSphere.length(n)
        guard nl > 0 else { return UnitSphere.angle(v, a) }
        let nn = n / nl
        // The foot of v on the great circle lies inside the arc when it is on the inner side of
        // both end planes.
        let foot = v - nn * UnitSphere.dot(v, nn)
        if UnitSphere.dot(UnitSphere.cross(a, foot), nn) >= 0 && UnitSphere.dot(UnitSphere.cross(foot, b), nn) >= 0 {
            return abs(asin(max(-1, min(1, UnitSphere.dot(v, nn)))))
        }
        return min(UnitSphere.angle(v, a), UnitSphere.angle(v, b))
    }
}
