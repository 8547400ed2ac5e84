import Foundation
import GraticuleCore
import GraticuleCRS

/// Geometry operations under the ArcGIS Maps SDK's names (`GeometryEngine` is a namespace of
/// static functions there too). Planar operations work in the units of the geometry's spatial
/// reference; geodetic ones (`geodeticArea`, `geodeticLength`, `geodeticDistance`,
/// `geodeticDensify`) on its ellipsoid with Karney's geodesics. `project` lives in
/// `GraticuleTransform` (it needs the transformation layer).
public enum GeometryEngine {}

// MARK: - Simplification

extension GeometryEngine {
    /// Douglas–Peucker simplification (ArcGIS `generalize`): every part keeps its end points and
    /// the vertices needed to stay within `maxDeviation` (planar, in the spatial reference's units).
    ///
    /// The vertices kept are those of JTS/GEOS's `DouglasPeuckerLineSimplifier` (shapely's
    /// `simplify(preserve_topology=False)`): distances to the *segment* between the section's ends,
    /// the first farthest vertex splits, and a closed ring may also lose its start vertex when it lies
    /// within the tolerance of the segment joining its neighbours. A ring never falls below 4 points
    /// (3 distinct): when it would, it keeps its start and the two vertices farthest from it, or is
    /// dropped when `removeDegenerateParts` is true (a polygon losing its exterior loses its holes).
    public static func generalize(_ geometry: Geometry, maxDeviation: Double, removeDegenerateParts: Bool = false) -> Geometry {
        simplify(geometry, removeDegenerateParts: removeDegenerateParts) { pts, isRing in
            Simplify.douglasPeucker(pts, tolerance: maxDeviation, isRing: isRing)
        }
    }

    /// Visvalingam–Whyatt simplification: repeatedly removes the vertex whose triangle with its
    /// neighbours has the smallest area, while that area is below `minimumArea` (square units of
    /// the spatial reference). Rings keep at least 4 points, as in `generalize`.
    public static func simplifyVisvalingam(_ geometry: Geometry, minimumArea: Double, removeDegenerateParts: Bool = false) -> Geometry {
        simplify(geometry, removeDegenerateParts: removeDegenerateParts) { pts, isRing in
            Simplify.visvalingam(pts, minimumArea: minimumArea, isRing: isRing)
        }
    }

    /// Applies a per-part simplifier that returns the indices of the vertices to keep.
    static func simplify(_ geometry: Geometry, removeDegenerateParts: Bool,
                         _ keep: (UnsafeBufferPointer<SIMD2<Double>>, Bool) -> [Int]) -> Geometry {
        func run(_ c: CoordinateParts, rings: Bool) -> (CoordinateParts, [Bool]) {
            var out = CoordinateParts()
            if c.z != nil { out.z = [] }
            if c.m != nil { out.m = [] }
            var kept: [Bool] = []
            c.withUnsafeBuffers { xy, o in
                for p in 0 ..< o.count - 1 {
                    let part = UnsafeBufferPointer(rebasing: xy[o[p] ..< o[p + 1]])
                    var idx = keep(part, rings)
                    if rings && idx.count < 4 {
                        if removeDegenerateParts || part.count < 4 { kept.append(false); continue }
                        idx = Simplify.minimalRing(part)
                    }
                    out.xy.append(contentsOf: idx.map { part[$0] })
                    if let z = c.z { out.z!.append(contentsOf: idx.map { z[o[p] + $0] }) }
                    if let m = c.m { out.m!.append(contentsOf: idx.map { m[o[p] + $0] }) }
                    out.partOffsets.append(out.xy.count)
                    kept.append(true)
                }
            }
            return (out, kept)
        }
        switch geometry {
        case let .polyline(l):
            return .polyline(Polyline(coordinates: run(l.coordinates, rings: false).0, spatialReference: l.spatialReference))
        case let .polygon(p):
            let (c, kept) = run(p.coordinates, rings: true)
            var groups = [0]
            var survivors: [Bool] = []
            for k in 0 ..< p.polygonCount {
                let rings = p.rings(ofPolygon: k)
                let exteriorKept = kept[rings.lowerBound]
                for r in rings { survivors.append(exteriorKept && kept[r]) }
                let n = rings.filter { exteriorKept && kept[$0] }.count
                if n > 0 { groups.append(groups.last! + n) }
            }
            // Drop the rings of polygons whose exterior collapsed.
            var keptIndex = 0
            var mask: [Bool] = []
            for r in 0 ..< p.ringCount where kept[r] { mask.append(survivors[r]); keptIndex += 1 }
            let filtered = c.filteringParts { mask[$0] }
            return .polygon(Polygon(coordinates: filtered, ringGroups: groups, spatialReference: p.spatialReference))
        default:
            return geometry
        }
    }
}

/// The simplification kernels, on one part's vertices.
public enum Simplify {
    /// Distance from p to the segment ab (to a when a == b).
    @inline(__always) static func segmentDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let len2 = (ab * ab).sum()
        if len2 == 0 { let d = p - a; return (d * d).sum().squareRoot() }
        let t = ((p - a) * ab).sum() / len2
        if t <= 0 { let d = p - a; return (d * d).sum().squareRoot() }
        if t >= 1 { let d = p - b; return (d * d).sum().squareRoot() }
        // Distance to the line, as JTS computes it (cross product over length).
        let s = ((a.y - p.y) * ab.x - (a.x - p.x) * ab.y) / len2
        return abs(s) * len2.squareRoot()
    }

    /// The indices Douglas–Peucker keeps (see `GeometryEngine.generalize`).
    public static func douglasPeucker(_ pts: UnsafeBufferPointer<SIMD2<Double>>, tolerance: Double, isRing: Bool) -> [Int] {
        let n = pts.count
        guard n > 2 else { return Array(0 ..< n) }
        var use = [Bool](repeating: true, count: n)
        var stack: [(Int, Int)] = [(0, n - 1)]
        while let (i, j) = stack.popLast() {
            if i + 1 >= j { continue }
            var maxD = -1.0, maxK = i
            for k in (i + 1) ..< j {
                let d = segmentDistance(pts[k], pts[i], pts[j])
                if d > maxD { maxD = d; maxK = k }
            }
            if maxD <= tolerance {
                for k in (i + 1) ..< j { use[k] = false }
            } else {
                stack.append((maxK, j))
                stack.append((i, maxK))
            }
        }
        var kept = (0 ..< n).filter { use[$0] }
        if isRing && pts[0] == pts[n - 1] && kept.count >= 4 {
            // The ring's start vertex goes too when it lies within the tolerance of its neighbours' segment.
            let d = segmentDistance(pts[kept[0]], pts[kept[1]], pts[kept[kept.count - 2]])
            if d <= tolerance {
                kept.removeFirst()
                kept.removeLast()
                kept.append(kept[0])
            }
        }
        return kept
    }

    /// The indices Visvalingam–Whyatt keeps: triangle areas in a min-heap, the two neighbours'
    /// areas recomputed after each removal (ties: the lower index first). As georust `geo`'s
    /// `simplify_vw` (the `simplification` package; `SimplifyOracleTests` holds it to that), areas
    /// are not raised to the last removed one: the paper's "effective area" matters for a ranking of
    /// all vertices, not for a fixed threshold, and only changes the order of removal.
    public static func visvalingam(_ pts: UnsafeBufferPointer<SIMD2<Double>>, minimumArea: Double, isRing: Bool) -> [Int] {
        let n = pts.count
        let minimum = isRing ? 4 : 2
        guard n > minimum else { return Array(0 ..< n) }
        // For a ring, the closing vertex mirrors the first: simplify the open chain 0..<n-1 cyclically.
        let m = isRing ? n - 1 : n
        var prev = (0 ..< m).map { $0 - 1 }, next = (0 ..< m).map { $0 + 1 }
        if isRing { prev[0] = m - 1; next[m - 1] = 0 }
        func area(_ k: Int) -> Double {
            if !isRing && (k == 0 || k == m - 1) { return .infinity }
            let a = pts[prev[k]], b = pts[k], c = pts[next[k]]
            return abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
        }
        var areas = (0 ..< m).map(area)
        if isRing { areas[0] = .infinity }   // keep the start so the ring stays anchored
        var heap = MinHeap(keys: areas)
        var alive = [Bool](repeating: true, count: m)
        var count = m
        while let top = heap.popMin(), top.1 < minimumArea, count > (isRing ? 3 : 2) {
            let k = top.0
            alive[k] = false
            count -= 1
            let p = prev[k], q = next[k]
            next[p] = q
            prev[q] = p
            for j in [p, q] where alive[j] && heap.keys[j].isFinite && !(isRing && j == 0) {
                heap.update(j, area(j))
            }
        }
        var kept = (0 ..< m).filter { alive[$0] }
        if isRing { kept.append(0) }
        return kept
    }

    /// Four indices of a minimal closed ring: the start, the vertex farthest from it, and the vertex
    /// farthest from the segment between them.
    static func minimalRing(_ pts: UnsafeBufferPointer<SIMD2<Double>>) -> [Int] {
        let n = pts.count - 1
        var far = 1, best = -1.0
        for k in 1 ..< n { let d = pts[k] - pts[0]; let dd = (d * d).sum(); if dd > best { best = dd; far = k } }
        var third = far == 1 ? 2 : 1, bestT = -1.0
        for k in 1 ..< n where k != far {
            let d = segmentDistance(pts[k], pts[0], pts[far])
            if d > bestT { bestT = d; third = k }
        }
        let (a, b) = far < third ? (far, third) : (third, far)
        return [0, a, b, 0]
    }
}

/// An indexed binary min-heap with decrease/increase-key.
struct MinHeap {
    var keys: [Double]
    var heap: [Int]
    var position: [Int]

    init(keys: [Double]) {
        self.keys = keys
        heap = Array(keys.indices)
        position = Array(keys.indices)
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { down(i) }
    }

    mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        position[heap[a]] = a
        position[heap[b]] = b
    }

    mutating func up(_ i: Int) {
        var i = i
        while i > 0 {
            let p = (i - 1) / 2
            if keys[heap[i]] < keys[heap[p]] || (keys[heap[i]] == keys[heap[p]] && heap[i] < heap[p]) { swapAt(i, p); i = p } else { return }
        }
    }

    mutating func down(_ i: Int) {
        var i = i
        while true {
            let l = 2 * i + 1, r = l + 1
            var s = i
            func less(_ a: Int, _ b: Int) -> Bool { keys[heap[a]] < keys[heap[b]] || (keys[heap[a]] == keys[heap[b]] && heap[a] < heap[b]) }
            if l < heap.count && less(l, s) { s = l }
            if r < heap.count && less(r, s) { s = r }
            if s == i { return }
            swapAt(i, s)
            i = s
        }
    }

    mutating func popMin() -> (Int, Double)? {
        guard let top = heap.first else { return nil }
        let k = keys[top]
        swapAt(0, heap.count - 1)
        heap.removeLast()
        position[top] = -1
        if !heap.isEmpty { down(0) }
        return (top, k)
    }

    mutating func update(_ item: Int, _ key: Double) {
        let i = position[item]
        guard i >= 0 else { return }
        let old = keys[item]
        keys[item] = key
        if key < old { up(i) } else { down(i) }
    }
}

// MARK: - Measures, densify, label point, bounds

extension GeometryEngine {
    /// Planar area (square units of the spatial reference): exteriors minus holes, whatever the winding.
    public static func area(of geometry: Geometry) -> Double {
        switch geometry {
        case let .polygon(p):
            var total = 0.0
            for k in 0 ..< p.polygonCount {
                for r in p.rings(ofPolygon: k) {
                    let a = abs(p.signedArea(ofRing: r))
                    total += r == p.ringGroups[k] ? a : -a
                }
            }
            return total
        case let .envelope(e): return e.width * e.height
        default: return 0
        }
    }

    /// Planar length (units of the spatial reference): paths, or ring perimeters.
    public static func length(of geometry: Geometry) -> Double {
        guard let c = geometry.coordinates, geometry.type != .multipoint else {
            if case let .envelope(e) = geometry { return 2 * (e.width + e.height) }
            return 0
        }
        return c.withUnsafeBuffers { xy, o in
            (0 ..< o.count - 1).reduce(0.0) { $0 + PlanarRing.length(UnsafeBufferPointer(rebasing: xy[o[$1] ..< o[$1 + 1]])) }
        }
    }

    /// Planar distance between two points.
    public static func distance(from a: Point, to b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The ellipsoid of a geometry's spatial reference (WGS 84 when it has none).
    static func ellipsoid(_ sr: SpatialReference?) -> Ellipsoid { sr?.ellipsoid?.figure ?? .wgs84 }

    /// Geodesic area (m²) of a polygon in longitude/latitude degrees on its spatial reference's
    /// ellipsoid: |exterior| − |holes| per polygon, edges as geodesics (Karney 2013), the same
    /// values as GeographicLib's PolygonArea (pyproj `Geod.geometry_area_perimeter`, in absolute value).
    public static func geodeticArea(of geometry: Geometry) -> Double {
        guard case let .polygon(p) = geometry else { return 0 }
        let g = GeodesicArea(ellipsoid(p.spatialReference))
        return p.coordinates.withUnsafeBuffers { xy, o in
            var total = 0.0
            for k in 0 ..< p.polygonCount {
                for r in p.rings(ofPolygon: k) {
                    let a = abs(g.ring(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]])).area)
                    total += r == p.ringGroups[k] ? a : -a
                }
            }
            return total
        }
    }

    /// Geodesic length (m) of the paths or ring perimeters of a geometry in longitude/latitude degrees.
    public static func geodeticLength(of geometry: Geometry) -> Double {
        guard let c = geometry.coordinates, geometry.type != .multipoint else { return 0 }
        let g = GeodesicArea(ellipsoid(geometry.spatialReference))
        return c.withUnsafeBuffers { xy, o in
            (0 ..< o.count - 1).reduce(0.0) { $0 + g.length(UnsafeBufferPointer(rebasing: xy[o[$1] ..< o[$1 + 1]])) }
        }
    }

    /// Geodesic distance (m) and azimuths (degrees clockwise from north) between two points in
    /// longitude/latitude degrees.
    public static func geodeticDistance(from a: Point, to b: Point) -> (distance: Double, azimuth1: Double, azimuth2: Double) {
        let e = ellipsoid(a.spatialReference)
        let g = Geodesic(semiMajorAxis: e.semiMajorAxis, flattening: e.flattening)
        let r = Angle.radiansPerDegree
        let inv = g.inverse(lat1: a.y * r, lat2: b.y * r, lon12: Angle.normalizeDegrees(b.x - a.x) * r)
        return (inv.s12, inv.azi1 / r, inv.azi2 / r)
    }

    /// Inserts vertices so no planar segment is longer than `maxSegmentLength`.
    public static func densify(_ geometry: Geometry, maxSegmentLength: Double) -> Geometry {
        guard maxSegmentLength > 0, let c = geometry.coordinates, geometry.type != .multipoint else { return geometry }
        let out = densified(c) { a, b in
            let d = b - a
            let n = Int(((d * d).sum().squareRoot() / maxSegmentLength).rounded(.up))
            return n <= 1 ? [] : (1 ..< n).map { a + d * (Double($0) / Double(n)) }
        }
        return replacing(geometry, with: out)
    }

    /// Inserts points along the geodesics between vertices (longitude/latitude degrees) so no
    /// geodesic segment is longer than `maxSegmentLength` metres.
    public static func geodeticDensify(_ geometry: Geometry, maxSegmentLength: Double) -> Geometry {
        guard maxSegmentLength > 0, let c = geometry.coordinates, geometry.type != .multipoint else { return geometry }
        let e = ellipsoid(geometry.spatialReference)
        let g = Geodesic(semiMajorAxis: e.semiMajorAxis, flattening: e.flattening)
        let r = Angle.radiansPerDegree
        let out = densified(c) { a, b in
            let inv = g.inverse(lat1: a.y * r, lat2: b.y * r, lon12: Angle.normalizeDegrees(b.x - a.x) * r)
            let n = Int((inv.s12 / maxSegmentLength).rounded(.up))
            guard n > 1 else { return [] }
            let line = g.line(lat1: a.y * r, azi1: inv.azi1)
            return (1 ..< n).map { k in
                let p = line.position(distance: inv.s12 * Double(k) / Double(n))
                var lon = a.x + p.lon12 / r
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                return SIMD2(lon, p.lat2 / r)
            }
        }
        return replacing(geometry, with: out)
    }

    static func densified(_ c: CoordinateParts, _ between: (SIMD2<Double>, SIMD2<Double>) -> [SIMD2<Double>]) -> CoordinateParts {
        var out = CoordinateParts()
        let hasZ = c.z != nil
        if hasZ { out.z = [] }
        for p in 0 ..< c.partCount {
            let range = c.range(ofPart: p)
            for i in range {
                if i > range.lowerBound {
                    let extra = between(c.xy[i - 1], c.xy[i])
                    out.xy.append(contentsOf: extra)
                    if hasZ {
                        let z0 = c.z![i - 1], z1 = c.z![i]
                        for k in 0 ..< extra.count { out.z!.append(z0 + (z1 - z0) * Double(k + 1) / Double(extra.count + 1)) }
                    }
                }
                out.xy.append(c.xy[i])
                if hasZ { out.z!.append(c.z![i]) }
            }
            out.partOffsets.append(out.xy.count)
        }
        return out
    }

    static func replacing(_ g: Geometry, with c: CoordinateParts) -> Geometry {
        switch g {
        case let .polyline(l): return .polyline(Polyline(coordinates: c, spatialReference: l.spatialReference))
        case let .polygon(p): return .polygon(Polygon(coordinates: c, ringGroups: p.ringGroups, spatialReference: p.spatialReference))
        default: return g
        }
    }

    /// A point well inside a polygon (ArcGIS `labelPoint`): on the horizontal line through the
    /// middle of the largest polygon's extent, the midpoint of the widest interval inside it
    /// (planar, even-odd), so it lies inside even for concave shapes. For other geometries, the
    /// centre of the extent.
    public static func labelPoint(for geometry: Geometry) -> Point {
        guard case let .polygon(p) = geometry, p.polygonCount > 0 else { return geometry.extent.center }
        var best = (area: -1.0, k: 0)
        for k in 0 ..< p.polygonCount {
            let a = abs(p.signedArea(ofRing: p.ringGroups[k]))
            if a > best.area { best = (a, k) }
        }
        let rings = p.rings(ofPolygon: best.k)
        let ext = Envelope(points: p.ring(rings.lowerBound))
        var bestPoint = ext.center
        var bestWidth = -1.0
        for frac in [0.5, 0.35, 0.65, 0.2, 0.8] {
            let y = ext.yMin + (ext.yMax - ext.yMin) * frac
            var xs: [Double] = []
            for r in rings {
                let ring = p.ring(r)
                var prev = ring.last!
                for q in ring {
                    if (prev.y > y) != (q.y > y) { xs.append(prev.x + (y - prev.y) * (q.x - prev.x) / (q.y - prev.y)) }
                    prev = q
                }
            }
            xs.sort()
            var i = 0
            while i + 1 < xs.count {
                if xs[i + 1] - xs[i] > bestWidth { bestWidth = xs[i + 1] - xs[i]; bestPoint = Point(x: (xs[i] + xs[i + 1]) / 2, y: y) }
                i += 2
            }
            if bestWidth > 0 && frac == 0.5 && bestWidth > 0.25 * ext.width { break }
        }
        bestPoint.spatialReference = p.spatialReference
        return bestPoint
    }

    /// Contains, planar (even-odd over the rings of a polygon; envelope edges included).
    public static func contains(_ geometry: Geometry, _ point: Point) -> Bool {
        switch geometry {
        case let .polygon(p):
            return p.coordinates.withUnsafeBuffers { xy, o in
                var inside = false
                for r in 0 ..< o.count - 1 where PlanarRing.contains(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]]), point.xy) {
                    inside.toggle()
                }
                return inside
            }
        case let .envelope(e): return e.contains(x: point.x, y: point.y)
        default: return false
        }
    }

    /// Intersects an envelope, planar, edges included: a point in it, a segment of a line or of a
    /// ring through it, or (a polygon) the envelope inside the polygon (even-odd).
    public static func intersects(_ geometry: Geometry, _ envelope: Envelope) -> Bool {
        guard geometry.extent.intersects(envelope) else { return false }
        switch geometry {
        case let .point(p): return envelope.contains(x: p.x, y: p.y)
        case let .multipoint(m): return m.coordinates.xy.contains { envelope.contains(x: $0.x, y: $0.y) }
        case .envelope: return true
        case let .polyline(l):
            return l.coordinates.parts.contains { part in
                part.count == 1 ? envelope.contains(x: part.first!.x, y: part.first!.y)
                    : zip(part, part.dropFirst()).contains { envelope.intersects(segmentFrom: $0, to: $1) }
            }
        case let .polygon(p):
            let edges = p.coordinates.parts.contains { ring in
                zip(ring, ring.dropFirst()).contains { envelope.intersects(segmentFrom: $0, to: $1) }
            }
            return edges || contains(geometry, Point(x: envelope.xMin, y: envelope.yMin))
        }
    }

    /// Contains on the sphere (longitude/latitude degrees; `SphericalPolygon.contains`).
    public static func containsOnSphere(_ geometry: Geometry, _ point: Point) -> Bool {
        guard case let .polygon(p) = geometry else { return false }
        return SphericalPolygon.contains(p, lon: point.x, lat: point.y)
    }

    /// Folds longitudes into [−180°, 180°] (ArcGIS `normalizeCentralMeridian`) for geographic
    /// data: each vertex is wrapped; a part whose consecutive vertices then jump by more than 180°
    /// is left unwrapped as a whole (shifted by the multiple of 360° that brings its first vertex
    /// into range), so parts stay continuous. Non-geographic spatial references: unchanged.
    public static func normalizeCentralMeridian(_ geometry: Geometry) -> Geometry {
        if let sr = geometry.spatialReference, !sr.isGeographic { return geometry }
        switch geometry {
        case var .point(p):
            p.x = Angle.normalizeDegrees(p.x)
            return .point(p)
        case var .envelope(e):
            if e.xMin >= -180 && e.xMax <= 180 { return geometry }
            let shift = Angle.normalizeDegrees(e.xMin) - e.xMin
            e.xMin += shift; e.xMax += shift
            return .envelope(e)
        default:
            guard var c = geometry.coordinates else { return geometry }
            for p in 0 ..< c.partCount {
                let r = c.range(ofPart: p)
                guard let first = r.first else { continue }
                let shift = Angle.normalizeDegrees(c.xy[first].x) - c.xy[first].x
                if shift != 0 { for i in r { c.xy[i].x += shift } }
            }
            return replacing(geometry, with: c)
        }
    }
}
