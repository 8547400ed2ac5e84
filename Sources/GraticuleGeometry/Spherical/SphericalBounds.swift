import Foundation
import GraticuleCore

/// The bounds of a geometry on the sphere in longitude/latitude degrees: the smallest longitude
/// interval (west → east, eastward) holding every vertex and edge, and the latitude interval,
/// with edges read as great-circle arcs (the semantics of `SphericalRing`).
///
/// Unlike a planar `Envelope`, the interval may cross the antimeridian: Fiji's bounds run from
/// west 177.3° to east −178.0° (`crossesAntimeridian`, 4.7° wide), Russia's from 19.6° to
/// −169.0°, where the planar envelope of the same data spans −180° to 180°. A polygon holding a
/// pole (Antarctica) has `south` −90° (or `north` 90°) and every longitude (west −180°, east 180°).
public struct SphericalBounds: Sendable, Hashable, CustomStringConvertible {
    /// Western edge (degrees, −180 ≤ west ≤ 180). Greater than `east` when the bounds cross the antimeridian.
    public var west: Double
    /// Southern edge (degrees).
    public var south: Double
    /// Eastern edge (degrees, −180 ≤ east ≤ 180).
    public var east: Double
    /// Northern edge (degrees).
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west; self.south = south; self.east = east; self.north = north
    }

    /// True when the interval runs eastward across ±180° (west > east).
    public var crossesAntimeridian: Bool { west > east }

    /// Width in degrees of longitude (0 … 360).
    public var width: Double { west <= east ? east - west : east - west + 360 }

    /// True when every longitude is covered.
    public var coversAllLongitudes: Bool { width >= 360 }

    /// True when (lon, lat) degrees lies within the bounds (edges included).
    public func contains(lon: Double, lat: Double) -> Bool {
        guard lat >= south && lat <= north else { return false }
        if coversAllLongitudes { return true }
        func inside(_ l: Double) -> Bool { west <= east ? (l >= west && l <= east) : (l >= west || l <= east) }
        let l = Angle.normalizeDegrees(lon)
        return inside(l) || (abs(l) == 180 && inside(-l))
    }

    /// Planar envelopes covering the same region: one, or two split at ±180° when the bounds cross it.
    public func envelopes() -> [Envelope] {
        if !crossesAntimeridian { return [Envelope(xMin: west, yMin: south, xMax: east, yMax: north)] }
        return [Envelope(xMin: west, yMin: south, xMax: 180, yMax: north),
                Envelope(xMin: -180, yMin: south, xMax: east, yMax: north)]
    }

    public var description: String { "SphericalBounds(west: \(west), south: \(south), east: \(east), north: \(north))" }
}

extension SphericalBounds {
    /// The bounds of a geometry in longitude/latitude degrees (nil when it has no vertex).
    ///
    /// Latitudes: the vertices' and the great-circle edges' extremes (an arc bulging poleward of
    /// its ends counts), −90°/90° when a polygon contains a pole (`SphericalPolygon.contains`).
    /// Longitudes: each edge covers the shorter way between its ends (edges along a pole or the
    /// antimeridian add no span); the result is the circle less its largest uncovered gap.
    public static func of(_ geometry: Geometry) -> SphericalBounds? {
        var acc = Accumulator()
        switch geometry {
        case let .point(p):
            guard !p.isEmpty else { return nil }
            acc.vertex(SIMD2(p.x, p.y))
        case let .multipoint(m):
            for v in m.coordinates.xy { acc.vertex(v) }
        case let .polyline(l):
            acc.parts(l.coordinates)
        case let .polygon(p):
            acc.parts(p.coordinates)
            if acc.hasVertex {
                if SphericalPolygon.contains(p, lon: 0, lat: 90) { acc.north = 90; acc.allLongitudes = true }
                if SphericalPolygon.contains(p, lon: 0, lat: -90) { acc.south = -90; acc.allLongitudes = true }
            }
        case let .envelope(e):
            guard !e.isEmpty else { return nil }
            return SphericalBounds(west: e.xMin, south: e.yMin, east: e.xMax, north: e.yMax)
        }
        return acc.bounds()
    }

    /// The union of several bounds (nil for none): the smallest longitude interval covering all of them.
    public static func union(_ all: [SphericalBounds]) -> SphericalBounds? {
        guard !all.isEmpty else { return nil }
        var acc = Accumulator()
        for b in all {
            acc.south = min(acc.south, b.south); acc.north = max(acc.north, b.north)
            acc.hasVertex = true
            if b.coversAllLongitudes { acc.allLongitudes = true } else { acc.interval(b.west, b.width) }
        }
        return acc.bounds()
    }

    /// Gathers vertices, edges and longitude intervals.
    struct Accumulator {
        var south = Double.infinity, north = -Double.infinity
        var hasVertex = false
        var allLongitudes = false
        /// Longitude intervals as (start in [−180, 180), eastward width ≥ 0).
        var intervals: [(Double, Double)] = []

        mutating func interval(_ start: Double, _ width: Double) {
            var s = Angle.normalizeDegrees(start)
            if s == 180 { s = -180 }
            intervals.append((s, width))
        }

        mutating func vertex(_ v: SIMD2<Double>) {
            guard v.x.isFinite && v.y.isFinite else { return }
            hasVertex = true
            south = min(south, v.y); north = max(north, v.y)
            if abs(v.y) < 90 { interval(v.x, 0) }
        }

        mutating func edge(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            guard a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite,
                  abs(a.y) < 90 && abs(b.y) < 90 else { return }
            let d = Angle.normalizeDegrees(b.x - a.x)
            if d == 0 { return }
            // The shorter way round; an edge of exactly 180° goes eastward as written.
            if d > 0 { interval(a.x, d) } else { interval(b.x, -d) }
            // Poleward bulge of the great-circle arc: its highest (lowest) point, when between the ends.
            let va = SphericalRing.unitVector(lon: a.x, lat: a.y), vb = SphericalRing.unitVector(lon: b.x, lat: b.y)
            let n = SphericalRing.cross(va, vb)
            let nn = SphericalRing.dot(n, n)
            guard nn > 0 else { return }
            // The point of the great circle nearest the North Pole: ẑ less its component along n.
            var top = SIMD3<Double>(0, 0, 1) - n * (n.z / nn)
            let len = top.x * top.x + top.y * top.y + top.z * top.z
            guard len > 0 else { return }
            top /= len.squareRoot()
            for p in [top, -top] where SphericalRing.dot(SphericalRing.cross(va, p), n) > 0
                && SphericalRing.dot(SphericalRing.cross(p, vb), n) > 0 {
                let lat = Angle.degrees(asin(max(-1, min(1, p.z))))
                south = min(south, lat); north = max(north, lat)
            }
        }

        mutating func parts(_ c: CoordinateParts) {
            c.withUnsafeBuffers { xy, o in
                for p in 0 ..< o.count - 1 {
                    let part = UnsafeBufferPointer(rebasing: xy[o[p] ..< o[p + 1]])
                    for k in part.indices {
                        vertex(part[k])
                        if k > part.startIndex { edge(part[k - 1], part[k]) }
                    }
                }
            }
        }

        /// The circle less its largest gap between the intervals.
        func bounds() -> SphericalBounds? {
            guard hasVertex else { return nil }
            if allLongitudes || intervals.isEmpty {
                return SphericalBounds(west: -180, south: south, east: 180, north: north)
            }
            let sorted = intervals.sorted { $0.0 < $1.0 }
            // Merge in order of start; track the covered run and the largest gap after it.
            var bestGap = -1.0, bestWest = 0.0, bestEast = 0.0
            let first = sorted[0].0
            var runEnd = first + sorted[0].1
            for (s, w) in sorted.dropFirst() {
                if s > runEnd {
                    if s - runEnd > bestGap { bestGap = s - runEnd; bestWest = s; bestEast = runEnd }
                }
                runEnd = max(runEnd, s + w)
            }
            // The gap that wraps from the last run's end round to the first start.
            let wrapGap = first + 360 - runEnd
            if wrapGap > bestGap { bestGap = wrapGap; bestWest = first; bestEast = runEnd }
            if bestGap <= 0 { return SphericalBounds(west: -180, south: south, east: 180, north: north) }
            // bestWest is in [−180, 180); bestEast in (−180, 540): back into [−180, 180], keeping 180 for an end at 180.
            let west = bestWest, east = bestEast > 180 ? bestEast - 360 : bestEast
            return SphericalBounds(west: west, south: south, east: east, north: north)
        }
    }
}

extension GeometryEngine {
    /// The bounds of a geometry in longitude/latitude degrees on the sphere, across the antimeridian
    /// and round the poles (see `SphericalBounds`); nil for an empty geometry.
    public static func sphericalBounds(of geometry: Geometry) -> SphericalBounds? { SphericalBounds.of(geometry) }
}
