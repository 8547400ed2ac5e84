import Foundation
import GraticuleCore

extension GeometryEngine {
    /// The shortest planar distance between two geometries, in the units of their coordinates
    /// (x/y as given, no wrapping at the antimeridian): 0 when they intersect (a point inside an
    /// area included, `intersects`), otherwise the least distance from a vertex of one to a
    /// vertex or segment of the other, which is where the closest points of two non-crossing
    /// segments lie. Polygons are areas, lines their segments, an envelope its rectangle; NaN
    /// when either is empty. As GEOS's `distance` (shapely) and ArcGIS's
    /// `GeometryEngine.distance(geometry1:geometry2:)`. Cost: the vertex counts' product at worst.
    public static func distance(_ a: Geometry, _ b: Geometry) -> Double {
        let pa = PlanarShape(a), pb = PlanarShape(b)
        guard !pa.vertices.isEmpty, !pb.vertices.isEmpty else { return .nan }
        if a.extent.intersects(b.extent) && pa.meets(pb) { return 0 }
        var best = Double.infinity
        pa.nearest(to: pb.vertices, within: &best)
        pb.nearest(to: pa.vertices, within: &best)
        return best.squareRoot()
    }

    /// The shortest geodesic distance in metres between two geometries in longitude/latitude
    /// degrees (x longitude, y latitude), on the ellipsoid of `a`'s spatial reference (WGS 84
    /// when it has none): 0 when they intersect (planar in degrees, `intersects`), otherwise the
    /// least distance from a vertex of one to the other's vertices and segments, a segment being
    /// straight in longitude and latitude as the data draws it.
    ///
    /// The point of a segment nearest a vertex is found in an equirectangular frame at the vertex
    /// (longitudes scaled by the cosine of its latitude, differences taken across the
    /// antimeridian); candidates are ranked by their spherical distance, and for the nearest few
    /// the ellipsoid's geodesic (Karney 2013, as GeographicLib and pyproj's `Geod.inv`) is
    /// minimised along the segment by golden section around the frame's choice (to 1e-10 of the
    /// segment). Between points it is exact; to a segment it is the distance to a point of the
    /// segment, never less than the true least distance, and within a millimetre of it in the
    /// tests against pyproj (`tools/oracle/distance.py`: lines to 60° long, 85° N, across the
    /// antimeridian). Assumes the distance has one minimum within a quarter of the segment from
    /// the frame's choice (segments much shorter than the distance to the poles' far side).
    public static func geodeticDistance(_ a: Geometry, _ b: Geometry) -> Double {
        let pa = PlanarShape(a), pb = PlanarShape(b)
        guard !pa.vertices.isEmpty, !pb.vertices.isEmpty else { return .nan }
        if a.extent.intersects(b.extent) && pa.meets(pb) { return 0 }
        var candidates: [PlanarShape.Candidate] = []
        candidates.reserveCapacity(pa.vertices.count + pb.vertices.count)
        pb.nearestOnSphere(to: pa.vertices, into: &candidates)
        pa.nearestOnSphere(to: pb.vertices, into: &candidates)
        candidates.sort { $0.sphere < $1.sphere }
        let e = ellipsoid(a.spatialReference ?? b.spatialReference)
        let g = Geodesic(semiMajorAxis: e.semiMajorAxis, flattening: e.flattening)
        let r = Angle.radiansPerDegree
        // The sphere's distance is within the flattening's share (about 0.34 %) of the
        // ellipsoid's, so candidates more than 1 % beyond the best geodesic cannot beat it.
        var best = Double.infinity
        for c in candidates {
            if c.sphere * 0.99 > best { break }
            // The geodesic from p to the segment's point at t.
            func f(_ t: Double) -> Double {
                let q = c.a + (c.b - c.a) * t
                return g.inverse(lat1: c.p.y * r, lat2: q.y * r, lon12: Angle.normalizeDegrees(q.x - c.p.x) * r).s12
            }
            best = min(best, f(c.t))
            guard c.a != c.b else { continue }
            // The geodesic's own least along the segment, by golden section over the part
            // around the frame's choice (the distance has one minimum there).
            var lo = max(c.t - 0.25, 0), hi = min(c.t + 0.25, 1)
            let k = 0.5 * (5.0.squareRoot() - 1)
            var x1 = hi - k * (hi - lo), x2 = lo + k * (hi - lo)
            var f1 = f(x1), f2 = f(x2)
            while hi - lo > 1e-10 {
                if f1 < f2 {
                    hi = x2; x2 = x1; f2 = f1
                    x1 = hi - k * (hi - lo); f1 = f(x1)
                } else {
                    lo = x1; x1 = x2; f1 = f2
                    x2 = lo + k * (hi - lo); f2 = f(x2)
                }
            }
            best = min(best, f1, f2)
        }
        return best
    }

    /// A lower bound of `geodeticDistance(a, b)` in metres from the two extents alone: their gap
    /// in latitude along a meridian at the ellipsoid's least meridional radius a(1 − e²) (any
    /// path between latitudes φ1 and φ2 is at least that long); 0 when their latitudes overlap.
    /// For skipping far features before measuring them.
    public static func geodeticDistanceLowerBound(_ a: Envelope, _ b: Envelope) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let e = ellipsoid(a.spatialReference ?? b.spatialReference)
        let f: Double = e.flattening
        let leastRadius: Double = e.semiMajorAxis * (1 - f * (2 - f))
        return leastRadius * gap(a, b.xMin, b.xMax, b.yMin, b.yMax).y * Angle.radiansPerDegree
    }

    /// A lower bound of `distance(a, b)` from the two extents alone: the gap between the
    /// rectangles (0 when they meet).
    public static func distanceLowerBound(_ a: Envelope, _ b: Envelope) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        return PlanarShape.squared(gap(a, b.xMin, b.xMax, b.yMin, b.yMax)).squareRoot()
    }

    /// Per axis, the gap between the rectangle and [x0, x1] × [y0, y1] (0 where they overlap).
    static func gap(_ e: Envelope, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> SIMD2<Double> {
        SIMD2(max(e.xMin - x1, x0 - e.xMax, 0), max(e.yMin - y1, y0 - e.yMax, 0))
    }

    /// The great-circle distance in metres on the sphere of the IUGG mean radius, for ranking.
    static func sphereDistance(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
        let r = Angle.radiansPerDegree
        let s1 = sin((q.y - p.y) * r / 2), s2 = sin(Angle.normalizeDegrees(q.x - p.x) * r / 2)
        let h = s1 * s1 + cos(p.y * r) * cos(q.y * r) * s2 * s2
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}

extension PlanarShape {
    /// Lowers `best` (a squared distance) to the least squared planar distance from `points`
    /// to this shape's segments, or to its vertices when it has no segments (points).
    func nearest(to points: [SIMD2<Double>], within best: inout Double) {
        let boxes = paths.map { Envelope(points: $0) }
        for p in points {
            if paths.isEmpty {
                for v in vertices { best = min(best, Self.squared(p - v)) }
                continue
            }
            for (k, path) in paths.enumerated() where Self.squaredDistance(boxes[k], p) < best {
                var i = path.startIndex
                if path.count == 1 { best = min(best, Self.squared(p - path[i])) }
                while i + 1 < path.endIndex {
                    best = min(best, Self.squared(p - Self.closest(on: path[i], path[i + 1], to: p)))
                    i += 1
                }
            }
        }
    }

    /// The squared distance from p to the rectangle (0 inside).
    static func squaredDistance(_ e: Envelope, _ p: SIMD2<Double>) -> Double {
        squared(GeometryEngine.gap(e, p.x, p.x, p.y, p.y))
    }

    /// x² + y².
    static func squared(_ v: SIMD2<Double>) -> Double { (v * v).sum() }

    /// The point of segment a b nearest p (planar).
    static func closest(on a: SIMD2<Double>, _ b: SIMD2<Double>, to p: SIMD2<Double>) -> SIMD2<Double> {
        let d = b - a, l = squared(d)
        guard l > 0 else { return a }
        return a + d * min(max(((p - a) * d).sum() / l, 0), 1)
    }

    /// A point p and the point at t of segment a b (a == b: a vertex), with the spherical
    /// distance between them in metres.
    struct Candidate {
        var sphere: Double
        var p, a, b: SIMD2<Double>
        var t: Double
    }

    /// For each of `points` (longitude, latitude), the nearest vertex or segment point of this
    /// shape, the segment point chosen in the point's equirectangular frame, with its spherical
    /// distance (see `GeometryEngine.geodeticDistance`).
    func nearestOnSphere(to points: [SIMD2<Double>], into out: inout [Candidate]) {
        for p in points {
            var best = Candidate(sphere: .infinity, p: p, a: p, b: p, t: 0)
            func consider(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ t: Double) {
                let s = GeometryEngine.sphereDistance(p, a + (b - a) * t)
                if s < best.sphere { best = Candidate(sphere: s, p: p, a: a, b: b, t: t) }
            }
            if paths.isEmpty { for v in vertices { consider(v, v, 0) } }
            let scale = cos(p.y * Angle.radiansPerDegree)
            for path in paths {
                if path.count == 1 { consider(path[path.startIndex], path[path.startIndex], 0) }
                var i = path.startIndex
                while i + 1 < path.endIndex {
                    // The segment in p's frame: its start across the antimeridian from p as
                    // needed, its own extent in longitude as it is.
                    let a = path[i], b = path[i + 1]
                    let shift = Angle.normalizeDegrees(a.x - p.x) - (a.x - p.x)
                    let la = SIMD2((a.x - p.x + shift) * scale, a.y - p.y), lb = SIMD2((b.x - p.x + shift) * scale, b.y - p.y)
                    let d = lb - la, l = Self.squared(d)
                    let t = l > 0 ? min(max((-la * d).sum() / l, 0), 1) : 0
                    consider(a, b, t)
                    i += 1
                }
            }
            out.append(best)
        }
    }
}
