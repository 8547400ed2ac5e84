import Foundation
import GraticuleCore
import GraticuleGeometry

/// Turns longitude/latitude geometry into rings and lines on the sphere for clipping: checks every
/// coordinate, drops repeated and sub-tolerance vertices, and orients rings so that the polygon's
/// inside is on their left (exteriors: their smaller side; holes: their larger side — the
/// reading of `SphericalPolygon`, so clockwise and counter-clockwise data mean the same).
struct SphereInput {
    /// Longitude offset applied before conversion (degrees; the CRS's prime meridian).
    let primeMeridianDegrees: Double
    /// Simplification to the output resolution (radians; 0 keeps every distinct vertex):
    /// consecutive vertices in one cell of a longitude/latitude grid of half this step merge into
    /// one, the least of them (by longitude, then latitude), or the one `learnCells` learnt for
    /// the cell from the whole layer. Either way the vertex kept does not depend on the direction
    /// a line is walked in, and with the layer's, not on which ring walks it: two rings that
    /// share a border keep the same vertices along it, also where it meets a third ring that has
    /// a vertex of its own nearby (`SharedBorders` pairs their edges).
    let tolerance: Double
    /// Per grid cell (`cellKey`) where a ring of the layer has two or more vertices, the vertex
    /// all of them become (longitude/latitude radians from the prime meridian), once
    /// `learnCells` ran.
    private var cellVertices: CellVertices?
    /// What was skipped, for the caller's warnings.
    var warnings: [String] = []

    init(primeMeridianDegrees: Double, tolerance: Double) {
        self.primeMeridianDegrees = primeMeridianDegrees
        self.tolerance = tolerance
    }

    /// Learns, for every grid cell where some ring of a layer has two or more consecutive
    /// vertices (as `rings(of:name:)` will walk them), the least of those vertices, so that every
    /// ring merges its vertices in that cell into the same one. Cells where every ring has at
    /// most one vertex need nothing: each ring keeps its own. Nothing to learn without a
    /// tolerance.
    mutating func learnCells(_ polygons: [Polygon]) {
        guard tolerance > 0 else { return }
        var cells = CellVertices()
        for polygon in polygons {
            for k in 0..<polygon.polygonCount {
                for r in polygon.rings(ofPolygon: k) {
                    var runCell = SIMD2<Int64>(repeating: .min), least = SIMD2<Double>.zero, last = least
                    var distinct = 0
                    for p in polygon.ring(r) where SphereInput.isValid(p) {
                        let ll = radians(p), cell = cellKey(ll)
                        if cell == runCell {
                            if ll != last { distinct += 1 }
                            if Self.precedes(ll, least) { least = ll }
                        } else {
                            if distinct >= 2 { cells.offer(least, in: runCell) }
                            runCell = cell
                            least = ll
                            distinct = 1
                        }
                        last = ll
                    }
                    // A ring is stored closed: its last run, when in its first run's cell, ends
                    // with the first vertex again, so the two runs' union is offered.
                    if distinct >= 2 { cells.offer(least, in: runCell) }
                }
            }
        }
        cellVertices = cells
    }

    /// A vertex in longitude/latitude radians from the prime meridian.
    @inline(__always) private func radians(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(p.x - primeMeridianDegrees, min(max(p.y, -90), 90)) * Angle.radiansPerDegree
    }

    /// The grid cell (half the tolerance square, in longitude/latitude radians) of a vertex.
    @inline(__always) private func cellKey(_ ll: SIMD2<Double>) -> SIMD2<Int64> {
        // Clamped: a tolerance of a few ulps would put the cell numbers beyond Int64. Lane by
        // lane: the generic SIMD conversion is not specialised.
        let cell = (ll / (tolerance / 2)).rounded(.down)
        return SIMD2(Int64(min(max(cell.x, -9e18), 9e18)), Int64(min(max(cell.y, -9e18), 9e18)))
    }

    /// Largest |longitude| accepted (degrees): anything beyond is a broken coordinate, not a wrap.
    static let longitudeLimit = 720.0

    /// The vertices of one part as sphere points, without invalid or repeated ones; nil (with a
    /// warning) when the part has invalid coordinates.
    mutating func path(_ part: ArraySlice<SIMD2<Double>>, closed: Bool, name: String) -> SpherePath? {
        var out: SpherePath = []
        out.reserveCapacity(part.count)
        var bad = 0
        // The run of vertices in one grid cell (with a tolerance): its cell and the vertex it
        // becomes, and the first run's cell.
        var runCell = SIMD2<Int64>(repeating: .min), least = SIMD2<Double>.zero
        var firstCell = runCell
        for p in part {
            guard SphereInput.isValid(p) else {
                bad += 1
                continue
            }
            let ll = radians(p)
            guard tolerance > 0 else {
                let sp = SpherePoint(fastLonLat: ll)
                if let last = out.last, UnitSphere.dot(last.v, sp.v) >= 1 { continue }
                out.append(sp)
                continue
            }
            let cell = cellKey(ll)
            if cell == runCell {
                if cellVertices == nil && Self.precedes(ll, least) { least = ll }
                continue
            }
            if runCell != SIMD2(repeating: .min) { out.append(SpherePoint(fastLonLat: least)) }
            if firstCell == SIMD2(repeating: .min) { firstCell = cell }
            runCell = cell
            least = cellVertices?.vertex(in: cell) ?? ll
        }
        if runCell != SIMD2(repeating: .min) {
            if closed && out.count > 0 && runCell == firstCell {
                // A ring's last run goes on into its first one.
                if Self.precedes(least, out[0].ll) { out[0] = SpherePoint(fastLonLat: least) }
            } else {
                out.append(SpherePoint(fastLonLat: least))
            }
        }
        if bad > 0 {
            warnings.append("\(name): skipped \(bad) vertices with NaN, infinite or out-of-range coordinates")
        }
        if closed, tolerance == 0, out.count > 1, UnitSphere.dot(out[0].v, out[out.count - 1].v) >= 1 {
            out.removeLast()
        }
        return out
    }

    /// Longitude, then latitude order.
    @inline(__always) static func precedes(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        a.x < b.x || (a.x == b.x && a.y < b.y)
    }

    /// The polygon's rings, oriented with its inside on the left; degenerate rings (fewer than
    /// three distinct vertices, zero area) are dropped — with a warning unless simplification to
    /// the output resolution made them so.
    mutating func rings(of polygon: Polygon, name: String) -> [SpherePath] {
        var rings: [SpherePath] = []
        for k in 0..<polygon.polygonCount {
            for r in polygon.rings(ofPolygon: k) {
                guard var ring = path(polygon.ring(r), closed: true, name: name) else { continue }
                guard ring.count >= 3 else {
                    if tolerance == 0 || Set(polygon.ring(r).filter(SphereInput.isValid)).count < 3 {
                        warnings.append("\(name): skipped a degenerate ring of \(polygon.ring(r).count) vertices")
                    }
                    continue
                }
                let area = SphereMath.leftArea(ring)
                guard Self.hasArea(area) else {
                    if tolerance == 0 || !hadArea(polygon.ring(r), name: name) {
                        warnings.append("\(name): skipped a ring of zero area")
                    }
                    continue
                }
                let isHole = r != polygon.ringGroups[k]
                if (area > 2 * .pi) != isHole { ring.reverse() }
                rings.append(ring)
            }
        }
        return rings
    }

    /// Whether a ring's area (steradians, inside on the left) is neither zero nor the whole sphere.
    @inline(__always) static func hasArea(_ area: Double) -> Bool { area > 1e-18 && area < 4 * .pi - 1e-18 }

    /// Whether a ring that simplification left without area had one before it: then dropping
    /// it is the output resolution's doing (an island smaller than a pixel), not the data's.
    private func hadArea(_ ring: ArraySlice<SIMD2<Double>>, name: String) -> Bool {
        var exact = SphereInput(primeMeridianDegrees: primeMeridianDegrees, tolerance: 0)
        guard let full = exact.path(ring, closed: true, name: name), full.count >= 3 else { return false }
        return Self.hasArea(SphereMath.leftArea(full))
    }

    /// Whether a longitude/latitude vertex is usable.
    @inline(__always) static func isValid(_ p: SIMD2<Double>) -> Bool {
        p.x.isFinite && p.y.isFinite && abs(p.x) <= longitudeLimit && abs(p.y) <= 90 + 1e-9
    }

    /// The polygon without its invalid vertices (itself when all are valid), for the spherical
    /// containment tests that decide whether a polygon encloses a clip boundary.
    mutating func sanitized(_ polygon: Polygon, name: String) -> Polygon {
        let bad = polygon.coordinates.xy.reduce(0) { $0 + (SphereInput.isValid($1) ? 0 : 1) }
        guard bad > 0 else { return polygon }
        warnings.append("\(name): skipped \(bad) vertices with NaN, infinite or out-of-range coordinates")
        var groups: [[[SIMD2<Double>]]] = []
        for k in 0..<polygon.polygonCount {
            var rings: [[SIMD2<Double>]] = []
            for r in polygon.rings(ofPolygon: k) {
                let ring = polygon.ring(r).filter(SphereInput.isValid)
                if ring.count >= 4 { rings.append(ring) }
            }
            if !rings.isEmpty { groups.append(rings) }
        }
        return Polygon(polygons: groups, spatialReference: polygon.spatialReference)
    }
}
