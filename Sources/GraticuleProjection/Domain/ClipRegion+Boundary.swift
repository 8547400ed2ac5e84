import Foundation
import GraticuleCore

extension ClipRegion {
    /// Half-width of the sliver a renderer removes along every seam (radians; 6 mm on the Earth).
    public static let boundaryEpsilon = 1e-9

    /// The region's faces as polygons on the sphere: the boundary of each face of the seam graph,
    /// offset by `epsilon` into the face, as closed rings of unit vectors (first vertex not
    /// repeated) with the face on the left (counter-clockwise seen from outside the sphere).
    /// Consecutive vertices are joined by great-circle arcs.
    ///
    /// The seams are joined where they share a vertex (within 1e-10 rad) and where one ends on
    /// another's edge; a tree of seams (every interrupted map but zoned grids) has one face, the
    /// whole sphere less an ε-sliver around the tree; seams that close loops (zone boundaries)
    /// make one face per zone. The caps are not part of these rings (a renderer clips to them
    /// exactly). No seams: no rings (the whole sphere).
    public func boundaryRings(epsilon: Double = ClipRegion.boundaryEpsilon) -> [[SIMD3<Double>]] {
        var graph = SeamGraph(seams: seams)
        return graph.faces(epsilon: epsilon)
    }
}

/// The planar graph the seams draw on the sphere, and its faces.
struct SeamGraph {
    var vertices: [SIMD3<Double>] = []
    /// Edges as vertex pairs.
    var edges: [(Int, Int)] = []
    /// Vertex indices by latitude bin (for merging).
    private var bins: [Int: [Int]] = [:]
    static let mergeTolerance = 1e-10

    init(seams: [ClipRegion.Seam]) {
        for seam in seams {
            var previous: Int?
            for p in seam.path {
                let v = vertex(UnitSphere.vector(p))
                if let previous, previous != v { addEdge(previous, v) }
                previous = v
            }
        }
        splitTJunctions()
    }

    private static func bin(_ v: SIMD3<Double>) -> Int { Int((v.z * 1e6).rounded(.down)) }

    /// The index of `v`, merged with an existing vertex within the tolerance.
    private mutating func vertex(_ v: SIMD3<Double>) -> Int {
        let b = SeamGraph.bin(v)
        for k in (b - 1)...(b + 1) {
            for i in bins[k, default: []] where UnitSphere.angle(vertices[i], v) < SeamGraph.mergeTolerance { return i }
        }
        vertices.append(v)
        bins[b, default: []].append(vertices.count - 1)
        return vertices.count - 1
    }

    private mutating func addEdge(_ a: Int, _ b: Int) {
        if edges.contains(where: { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }) { return }
        edges.append((a, b))
    }

    /// Splits every edge on whose interior an end vertex (degree 1) of another seam lies.
    private mutating func splitTJunctions() {
        var degree = [Int](repeating: 0, count: vertices.count)
        for (a, b) in edges { degree[a] += 1; degree[b] += 1 }
        for v in vertices.indices where degree[v] == 1 {
            var e = 0
            while e < edges.count {
                let (a, b) = edges[e]
                if a != v && b != v
                    && ClipRegion.distance(vertices[v], arcFrom: vertices[a], to: vertices[b]) < SeamGraph.mergeTolerance {
                    edges[e] = (a, v)
                    edges.append((v, b))
                    degree[v] += 2
                }
                e += 1
            }
        }
    }

    /// The faces (see `ClipRegion.boundaryRings`).
    mutating func faces(epsilon: Double) -> [[SIMD3<Double>]] {
        guard !edges.isEmpty else { return [] }
        // Neighbours of each vertex, counter-clockwise (seen from outside) by tangent angle.
        var neighbours = [[Int]](repeating: [], count: vertices.count)
        for (a, b) in edges {
            neighbours[a].append(b)
            neighbours[b].append(a)
        }
        for v in vertices.indices where neighbours[v].count > 1 {
            let c = vertices[v]
            let e1 = UnitSphere.tangent(from: c, towards: vertices[neighbours[v][0]])
            let e2 = UnitSphere.cross(c, e1)
            neighbours[v].sort { p, q in
                let tp = UnitSphere.tangent(from: c, towards: vertices[p])
                let tq = UnitSphere.tangent(from: c, towards: vertices[q])
                return atan2(UnitSphere.dot(tp, e2), UnitSphere.dot(tp, e1))
                    < atan2(UnitSphere.dot(tq, e2), UnitSphere.dot(tq, e1))
            }
        }
        // Half-edge u → v, keyed u * n + v.
        let n = vertices.count
        var visited = Set<Int>()
        var rings: [[SIMD3<Double>]] = []
        for (a, b) in edges {
            for (u0, v0) in [(a, b), (b, a)] where !visited.contains(u0 * n + v0) {
                var ring: [SIMD3<Double>] = []
                var (u, v) = (u0, v0)
                repeat {
                    visited.insert(u * n + v)
                    // The face on the left turns to the neighbour just clockwise of u around v.
                    let around = neighbours[v]
                    let i = around.firstIndex(of: u)!
                    let w = around[(i + around.count - 1) % around.count]
                    appendOffset(u: u, v: v, w: w, epsilon: epsilon, to: &ring)
                    (u, v) = (v, w)
                } while !(u == u0 && v == v0)
                rings.append(ring)
            }
        }
        return rings
    }

    /// The boundary point(s) near v of the face on the left of u → v → w.
    private func appendOffset(u: Int, v: Int, w: Int, epsilon: Double, to ring: inout [SIMD3<Double>]) {
        let c = vertices[v]
        let tu = UnitSphere.tangent(from: c, towards: vertices[u])
        if u == w {
            // An end of a seam: go round it, ε beyond it.
            let d = -tu
            let left = UnitSphere.cross(c, d)
            ring.append(UnitSphere.normalized(c + (left + d) * epsilon))
            ring.append(UnitSphere.normalized(c + (d - left) * epsilon))
            return
        }
        let tw = UnitSphere.tangent(from: c, towards: vertices[w])
        // The face's angle at v: counter-clockwise from the outgoing edge to the incoming one.
        var theta = atan2(UnitSphere.dot(UnitSphere.cross(tw, tu), c), UnitSphere.dot(tw, tu))
        if theta <= 0 { theta += 2 * .pi }
        let half = theta / 2
        let bisector = tw * cos(half) + UnitSphere.cross(c, tw) * sin(half)
        ring.append(UnitSphere.offset(c, along: bisector, by: epsilon / max(sin(half), 1e-3)))
    }
}
