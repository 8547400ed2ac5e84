import Foundation
import GraticuleCore

/// "What is here": a spatial index over polygons in longitude/latitude degrees that answers which
/// polygon contains a point **on the sphere** (great-circle edges, smaller-side rings, even-odd
/// holes — exactly `SphericalPolygon.contains`) and which polygons' extents meet an envelope.
///
/// Structure: a quadtree over longitude × latitude whose leaves hold at most `maximumLeafEdges`
/// edges (or reach `maximumDepth`). Every node knows, for each polygon with edges in it or
/// covering it, whether its centre is inside; a query point's answer is the centre's answer
/// flipped once per edge that the great-circle arc from the point to the centre crosses, so a
/// query tests only the handful of edges of one leaf. Centre answers are propagated from the root
/// (tested in full once per polygon) down the tree the same way, so building is
/// O(edges × depth). Edges are registered in every node whose box (widened by the largest bulge
/// of a great-circle arc inside it) they meet.
public struct SphericalIndex: Sendable {
    /// Unit vectors of every vertex; edge `e` runs from `vertex[edgeStart[e]]` to the next vertex.
    let vertex: [SIMD3<Double>]
    let edgeStart: [Int32]
    let edgeNormal: [SIMD3<Double>]
    let edgeOwner: [Int32]
    let nodes: [Node]
    let entries: [Entry]
    let leafEdges: [Int32]
    /// The planar extents of the polygons, in their order (for `intersecting`).
    public let extents: [Envelope]
    /// Number of polygons indexed (including empty ones).
    public let count: Int

    public static let maximumLeafEdges = 12
    public static let maximumDepth = 16

    struct Node: Sendable {
        var lonMin: Double, latMin: Double, lonMax: Double, latMax: Double
        /// Index of the first of four children (SW, SE, NW, NE), or −1 for a leaf.
        var firstChild: Int32
        var entryStart: Int32, entryCount: Int32
        var center: SIMD3<Double>
    }

    struct Entry: Sendable {
        var polygon: Int32
        var insideAtCenter: Bool
        var edgeStart: Int32, edgeCount: Int32
    }

    /// Builds the index. `nil` entries (features without a polygon) are never returned.
    public init(polygons: [Polygon?]) {
        var vertex: [SIMD3<Double>] = []
        var edgeStart: [Int32] = []
        var edgeOwner: [Int32] = []
        var extents: [Envelope] = []
        var rootInside: [Bool] = []
        for (k, polygon) in polygons.enumerated() {
            guard let polygon else { extents.append(.empty()); rootInside.append(false); continue }
            extents.append(Geometry.polygon(polygon).extent)
            let root = Builder.centre(lonMin: -180, latMin: -90, lonMax: 180, latMax: 90)
            rootInside.append(SphericalPolygon.contains(polygon, lon: root.x, lat: root.y))
            polygon.coordinates.withUnsafeBuffers { xy, o in
                for r in 0 ..< o.count - 1 where o[r + 1] - o[r] >= 2 {
                    let base = vertex.count
                    for i in o[r] ..< o[r + 1] { vertex.append(SphericalRing.unitVector(lon: xy[i].x, lat: xy[i].y)) }
                    for i in 0 ..< (o[r + 1] - o[r] - 1) where vertex[base + i] != vertex[base + i + 1] {
                        edgeStart.append(Int32(base + i))
                        edgeOwner.append(Int32(k))
                    }
                }
            }
        }
        let normals = edgeStart.map { SphericalRing.cross(vertex[Int($0)], vertex[Int($0) + 1]) }
        var builder = Builder(vertex: vertex, edgeStart: edgeStart, edgeNormal: normals, edgeOwner: edgeOwner)
        let all = Array(0 ..< Int32(edgeStart.count))
        var status: [Int32: Bool] = [:]
        for k in 0 ..< polygons.count where polygons[k] != nil {
            status[Int32(k)] = rootInside[k]
        }
        builder.nodes.append(SphericalIndex.Node(lonMin: -180, latMin: -90, lonMax: 180, latMax: 90, firstChild: -1,
                                                 entryStart: 0, entryCount: 0, center: .zero))
        builder.build(into: 0, edges: all, status: status, depth: 0)
        self.vertex = vertex
        self.edgeStart = edgeStart
        self.edgeNormal = normals
        self.edgeOwner = edgeOwner
        self.nodes = builder.nodes
        self.entries = builder.entries
        self.leafEdges = builder.leafEdges
        self.extents = extents
        self.count = polygons.count
    }

    /// True when arc (a, b) with normal nab = a × b crosses arc (c, d) with normal ncd = c × d at a
    /// point interior to both (S2's "simple crossing" predicate).
    @inline(__always) static func crosses(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ nab: SIMD3<Double>,
                                          _ c: SIMD3<Double>, _ d: SIMD3<Double>, _ ncd: SIMD3<Double>) -> Bool {
        let acb = -(nab * c).sum()
        let bda = (nab * d).sum()
        if acb * bda <= 0 { return false }
        let cbd = -(ncd * b).sum()
        let dac = (ncd * a).sum()
        return acb * cbd > 0 && acb * dac > 0
    }

    /// The index of the leaf holding (lon, lat).
    @inline(__always) func leaf(lon: Double, lat: Double) -> Int {
        var n = 0
        while true {
            let node = nodes[n]
            if node.firstChild < 0 { return n }
            let midLon = (node.lonMin + node.lonMax) / 2, midLat = (node.latMin + node.latMax) / 2
            n = Int(node.firstChild) + (lon >= midLon ? 1 : 0) + (lat >= midLat ? 2 : 0)
        }
    }

    /// The first polygon (in the order given) that contains (lon, lat) on the sphere, or nil.
    /// Longitudes outside [−180°, 180°] are wrapped; a latitude beyond ±90° or NaN gives nil.
    public func firstContaining(lon: Double, lat: Double) -> Int? {
        var result: Int?
        visitContaining(lon: lon, lat: lat) { k in result = k; return false }
        return result
    }

    /// Every polygon that contains (lon, lat), in the order given.
    public func allContaining(lon: Double, lat: Double) -> [Int] {
        var result: [Int] = []
        visitContaining(lon: lon, lat: lat) { k in result.append(k); return true }
        return result.sorted()
    }

    /// Calls `body` with each containing polygon until it returns false.
    func visitContaining(lon: Double, lat: Double, _ body: (Int) -> Bool) {
        guard lat.isFinite, lon.isFinite, abs(lat) <= 90, !nodes.isEmpty else { return }
        let lon = lon >= -180 && lon <= 180 ? lon : Angle.normalizeDegrees(lon)
        let p = SphericalRing.unitVector(lon: lon, lat: lat)
        let node = nodes[leaf(lon: lon, lat: lat)]
        let c = node.center
        let npc = SphericalRing.cross(p, c)
        vertex.withUnsafeBufferPointer { v in
            edgeNormal.withUnsafeBufferPointer { nrm in
                edgeStart.withUnsafeBufferPointer { es in
                    leafEdges.withUnsafeBufferPointer { le in
                        for ei in Int(node.entryStart) ..< Int(node.entryStart + node.entryCount) {
                            let entry = entries[ei]
                            var inside = entry.insideAtCenter
                            for j in Int(entry.edgeStart) ..< Int(entry.edgeStart + entry.edgeCount) {
                                let e = Int(le[j])
                                let a = Int(es[e])
                                if SphericalIndex.crosses(v[a], v[a + 1], nrm[e], p, c, npc) { inside.toggle() }
                            }
                            if inside && !body(Int(entry.polygon)) { return }
                        }
                    }
                }
            }
        }
    }

    /// Polygons whose planar extent meets the envelope (in the order given).
    public func intersecting(_ envelope: Envelope) -> [Int] {
        extents.indices.filter { extents[$0].intersects(envelope) }
    }

    /// Leaves and total leaf edge references (for tests and tuning).
    public var statistics: (nodes: Int, leaves: Int, edges: Int, leafEdgeReferences: Int) {
        (nodes.count, nodes.filter { $0.firstChild < 0 }.count, edgeStart.count, leafEdges.count)
    }
}

/// Builds the quadtree (see `SphericalIndex`).
private struct Builder {
    let vertex: [SIMD3<Double>]
    let edgeStart: [Int32]
    let edgeNormal: [SIMD3<Double>]
    let edgeOwner: [Int32]
    /// Per edge: longitude range(s) and latitude range of the great-circle arc, degrees.
    let lonLo: [Double], lonHi: [Double], lonLo2: [Double], lonHi2: [Double], latLo: [Double], latHi: [Double]
    var nodes: [SphericalIndex.Node] = []
    var entries: [SphericalIndex.Entry] = []
    var leafEdges: [Int32] = []

    init(vertex: [SIMD3<Double>], edgeStart: [Int32], edgeNormal: [SIMD3<Double>], edgeOwner: [Int32]) {
        self.vertex = vertex
        self.edgeStart = edgeStart
        self.edgeNormal = edgeNormal
        self.edgeOwner = edgeOwner
        let n = edgeStart.count
        var lonLo = [Double](repeating: 0, count: n), lonHi = lonLo, lonLo2 = lonLo, lonHi2 = lonLo
        var latLo = lonLo, latHi = lonLo
        for e in 0 ..< n {
            let a = vertex[Int(edgeStart[e])], b = vertex[Int(edgeStart[e]) + 1]
            let la = Builder.lonLat(a), lb = Builder.lonLat(b)
            // Longitude: the short way round; an edge through ±180° gets two ranges.
            var x0 = la.x, x1 = lb.x
            if abs(a.z) > 1 - 1e-15 { x0 = x1 }   // a pole takes the other end's longitude
            if abs(b.z) > 1 - 1e-15 { x1 = x0 }
            if abs(x1 - x0) <= 180 {
                lonLo[e] = min(x0, x1); lonHi[e] = max(x0, x1); lonLo2[e] = .nan; lonHi2[e] = .nan
            } else {
                let west = max(x0, x1), east = min(x0, x1)   // e.g. 179 → −179
                lonLo[e] = west; lonHi[e] = 180; lonLo2[e] = -180; lonHi2[e] = east
            }
            var lo = min(la.y, lb.y), hi = max(la.y, lb.y)
            // The arc's northern- and southernmost points when they lie inside it.
            let nrm = edgeNormal[e]
            let nn = (nrm * nrm).sum()
            if nn > 0 {
                let v = SIMD3<Double>(0, 0, 1) - nrm * (nrm.z / nn)
                let vv = (v * v).sum()
                if vv > 0 {
                    for s in [1.0, -1.0] {
                        let w = v * s
                        if (SphericalRing.cross(a, w) * nrm).sum() > 0 && (SphericalRing.cross(w, b) * nrm).sum() > 0 {
                            let lat = Angle.degrees(asin(max(-1, min(1, w.z / vv.squareRoot()))))
                            lo = min(lo, lat); hi = max(hi, lat)
                        }
                    }
                }
            }
            if abs(a.z) > 1 - 1e-15 || abs(b.z) > 1 - 1e-15 { lonLo[e] = -180; lonHi[e] = 180; lonLo2[e] = .nan }
            latLo[e] = lo; latHi[e] = hi
        }
        self.lonLo = lonLo; self.lonHi = lonHi; self.lonLo2 = lonLo2; self.lonHi2 = lonHi2
        self.latLo = latLo; self.latHi = latHi
    }

    /// A node's centre (longitude, latitude): its box's middle moved by 1.23… % of the box's
    /// width and 2.34… % of its height, so that data drawn on round numbers (a vertex at 0°, 0°
    /// or on a box's middle, an edge along the equator) does not pass through it: a centre on
    /// an edge or a vertex would make the crossing counts from it ambiguous.
    static func centre(lonMin: Double, latMin: Double, lonMax: Double, latMax: Double) -> SIMD2<Double> {
        SIMD2(lonMin + (lonMax - lonMin) * 0.512_345_678_9, latMin + (latMax - latMin) * 0.523_456_789_1)
    }

    static func centreVector(lonMin: Double, latMin: Double, lonMax: Double, latMax: Double) -> SIMD3<Double> {
        let c = centre(lonMin: lonMin, latMin: latMin, lonMax: lonMax, latMax: latMax)
        return SphericalRing.unitVector(lon: c.x, lat: c.y)
    }

    static func lonLat(_ v: SIMD3<Double>) -> SIMD2<Double> {
        SIMD2(Angle.degrees(atan2(v.y, v.x)), Angle.degrees(atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot())))
    }

    func meets(_ e: Int, lonMin: Double, latMin: Double, lonMax: Double, latMax: Double, pad: Double) -> Bool {
        guard latLo[e] <= latMax + pad && latHi[e] >= latMin - pad else { return false }
        let lp = 1e-9
        if lonLo[e] <= lonMax + lp && lonHi[e] >= lonMin - lp { return true }
        return !lonLo2[e].isNaN && lonLo2[e] <= lonMax + lp && lonHi2[e] >= lonMin - lp
    }

    /// Fills node `index` (whose box is set) and its subtree.
    mutating func build(into index: Int, edges: [Int32], status: [Int32: Bool], depth: Int) {
        let (lonMin, latMin, lonMax, latMax) = (nodes[index].lonMin, nodes[index].latMin, nodes[index].lonMax, nodes[index].latMax)
        let center = Builder.centreVector(lonMin: lonMin, latMin: latMin, lonMax: lonMax, latMax: latMax)
        nodes[index].center = center
        if edges.count <= SphericalIndex.maximumLeafEdges || depth >= SphericalIndex.maximumDepth {
            var byOwner: [Int32: [Int32]] = [:]
            for e in edges { byOwner[edgeOwner[Int(e)], default: []].append(e) }
            let start = entries.count
            for k in status.keys.sorted() {
                let own = byOwner[k] ?? []
                guard status[k]! || !own.isEmpty else { continue }
                entries.append(SphericalIndex.Entry(polygon: k, insideAtCenter: status[k]!,
                                                    edgeStart: Int32(leafEdges.count), edgeCount: Int32(own.count)))
                leafEdges.append(contentsOf: own)
            }
            nodes[index].entryStart = Int32(start)
            nodes[index].entryCount = Int32(entries.count - start)
            return
        }
        let midLon = (lonMin + lonMax) / 2, midLat = (latMin + latMax) / 2
        let boxes = [(lonMin, latMin, midLon, midLat), (midLon, latMin, lonMax, midLat),
                     (lonMin, midLat, midLon, latMax), (midLon, midLat, lonMax, latMax)]
        var childInputs: [([Int32], [Int32: Bool])] = []
        for (x0, y0, x1, y1) in boxes {
            let w = Angle.radians(x1 - x0)
            let pad = Angle.degrees(w * w / 8) + 1e-9
            let childEdges = edges.filter { meets(Int($0), lonMin: x0, latMin: y0, lonMax: x1, latMax: y1, pad: pad) }
            let c = Builder.centreVector(lonMin: x0, latMin: y0, lonMax: x1, latMax: y1)
            let ncc = SphericalRing.cross(center, c)
            var childStatus: [Int32: Bool] = [:]
            var flips: [Int32: Bool] = [:]
            for e in edges {
                let a = Int(edgeStart[Int(e)])
                if SphericalIndex.crosses(vertex[a], vertex[a + 1], edgeNormal[Int(e)], center, c, ncc) {
                    flips[edgeOwner[Int(e)], default: false].toggle()
                }
            }
            var owners = Set<Int32>()
            for e in childEdges { owners.insert(edgeOwner[Int(e)]) }
            for (k, inside) in status {
                let s = inside != (flips[k] ?? false)
                if s || owners.contains(k) { childStatus[k] = s }
            }
            childInputs.append((childEdges, childStatus))
        }
        let first = nodes.count
        nodes[index].firstChild = Int32(first)
        for (x0, y0, x1, y1) in boxes {
            nodes.append(SphericalIndex.Node(lonMin: x0, latMin: y0, lonMax: x1, latMax: y1, firstChild: -1,
                                             entryStart: 0, entryCount: 0, center: .zero))
        }
        for i in 0 ..< 4 {
            build(into: first + i, edges: childInputs[i].0, status: childInputs[i].1, depth: depth + 1)
        }
    }
}
