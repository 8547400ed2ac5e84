/// The outline of a stroke, added edge by edge to a `CoverageAccumulator` (no path is built).
///
/// A stroke is the union of one quadrilateral per edge (the edge widened by `hw` to each side,
/// butt ends) and one join per vertex (a miter quadrilateral or bevel triangle on the outer side
/// of the turn). Filling those pieces non-zero, as a simple renderer does, costs four edges per
/// edge plus the joins and over-counts the pixels where neighbouring pieces overlap. Here a run
/// of vertices is outlined instead as one band: the left offset chain forward and the right
/// offset chain backward, each passing through the miter point (or the two bevel points) of every
/// vertex, two edges per path edge. The band equals the union of its pieces when, at every vertex,
/// the inner offset lines meet within both edges and the two pieces' overlap does not reach the
/// overlap at the edge's other end: with θ the turn, hw · max(tan(θ/2), sin θ) ≤ half of each
/// adjacent edge (as chains, band = Σ quadrilaterals + Σ joins − Σ overlaps, and the overlaps of
/// one quadrilateral are disjoint, so the band's winding is positive exactly on the union). A
/// vertex that fails (a hairpin, a sharp turn between short edges, a full reversal) ends the band
/// with a butt end and starts the next one there, and gets its own join piece, as before; the
/// pieces overlap there and, filled non-zero, still draw their union.
struct StrokeOutline {
    /// Largest join area left out at a split vertex (pixels²): a quarter of one 8-bit level of
    /// one pixel.
    static let invisibleJoinArea = 0.25 / 255

    let hw: Double, miterLimit: Double
    /// Subtracted from every point (the accumulator's origin, pixels).
    let ox: Double, oy: Double
    /// The last point of the left and right chains of the current band (local pixels).
    private var lastL = Point(0, 0), lastR = Point(0, 0)

    struct Point {
        var x: Double, y: Double
        @inline(__always) init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    }

    /// An edge of the path: unit direction and length.
    struct Edge {
        var ux: Double, uy: Double, length: Double
        @inline(__always) init(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
            let dx = bx - ax, dy = by - ay
            length = (dx * dx + dy * dy).squareRoot()
            let inverse = 1 / length
            ux = dx * inverse
            uy = dy * inverse
        }
    }

    /// The outline points at a vertex that continues a band: first and last of the left chain,
    /// first and last of the right chain (in path order; two differ at a bevel).
    struct VertexPoints {
        var lf: Point, ll: Point, rf: Point, rl: Point
        /// False when each chain has one point here (lf = ll, rf = rl).
        var bevelled = false
    }

    /// Walks the distinct points of a subpath: points within 1e-9 px of the previous one are
    /// skipped.
    struct Cursor {
        let xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>
        let end: Int
        var i: Int
        var x: Double, y: Double

        init(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, start: Int, end: Int) {
            self.xs = xs
            self.ys = ys
            self.end = end
            i = start
            x = xs[start]
            y = ys[start]
        }

        /// Moves to the next distinct point; false (staying put) when there is none.
        @inline(__always)
        mutating func advance() -> Bool {
            var j = i + 1
            while j < end {
                let nx = xs[j], ny = ys[j]
                if abs(nx - x) >= 1e-9 || abs(ny - y) >= 1e-9 {
                    i = j
                    x = nx
                    y = ny
                    return true
                }
                j += 1
            }
            return false
        }
    }

    init(halfWidth: Double, miterLimit: Double, originX: Double, originY: Double) {
        hw = halfWidth
        self.miterLimit = miterLimit
        ox = originX
        oy = originY
    }

    /// A point in accumulator coordinates (clamped to ±`Path.coordinateLimit` first). Every
    /// point is finite: path points are, the width is, and offsets are at most hw × 2·10¹².
    @inline(__always)
    func local(_ x: Double, _ y: Double) -> Point {
        let l = Path.coordinateLimit
        return Point(min(max(x, -l), l) - ox, min(max(y, -l), l) - oy)
    }

    @inline(__always)
    static func edge(_ acc: inout CoverageAccumulator, _ a: Point, _ b: Point) {
        acc.addEdge(a.x, a.y, b.x, b.y)
    }

    mutating func add(_ path: Path, into acc: inout CoverageAccumulator) {
        path.xs.withUnsafeBufferPointer { xs in
            path.ys.withUnsafeBufferPointer { ys in
                for sub in path.subpaths where sub.end > sub.start {
                    addSubpath(Cursor(xs, ys, start: sub.start, end: sub.end), closed: sub.closed, into: &acc)
                }
            }
        }
    }

    /// One subpath, its points streamed (no copy): each vertex needs only its two edges.
    private mutating func addSubpath(_ start: Cursor, closed: Bool, into acc: inout CoverageAccumulator) {
        // Count the distinct points; a closed subpath's last point equal to its first is dropped.
        var scan = start
        var n = 1
        var lastX = start.x, lastY = start.y
        while scan.advance() {
            n += 1
            lastX = scan.x
            lastY = scan.y
        }
        if closed, n > 1, abs(lastX - start.x) < 1e-9, abs(lastY - start.y) < 1e-9 {
            n -= 1
            // The point before the duplicate is the ring's last.
            var c = start
            for _ in 1..<n { _ = c.advance() }
            lastX = c.x
            lastY = c.y
        }
        guard n >= 2 else { return }
        var cur = start
        var next = start
        _ = next.advance()
        var out = Edge(cur.x, cur.y, next.x, next.y)
        if !(closed && n >= 3) {
            // Open: butt ends at the first and last points.
            begin(cur.x, cur.y, out, &acc)
            for _ in 1..<(n - 1) {
                cur = next
                _ = next.advance()
                let incoming = out
                out = Edge(cur.x, cur.y, next.x, next.y)
                vertex(cur.x, cur.y, incoming, out, &acc)
            }
            end(next.x, next.y, out, &acc)
            return
        }
        // Closed: one band all round (two closed chains) unless some vertex splits it. The
        // accumulator takes edges in any order, so the band through vertex 0 is begun there and
        // closed on it at the end, whichever vertices split it on the way.
        let last = Edge(lastX, lastY, cur.x, cur.y)
        let (x0, y0) = (cur.x, cur.y)
        let first = out
        let p0 = continuation(x0, y0, last, first)
        if let p0 {
            Self.edge(&acc, p0.lf, p0.ll)
            Self.edge(&acc, p0.rl, p0.rf)
            lastL = p0.ll
            lastR = p0.rl
        } else {
            begin(x0, y0, out, &acc)
        }
        for k in 1..<n {
            cur = next
            let incoming = out
            if k == n - 1 {
                out = Edge(cur.x, cur.y, x0, y0)
            } else {
                _ = next.advance()
                out = Edge(cur.x, cur.y, next.x, next.y)
            }
            vertex(cur.x, cur.y, incoming, out, &acc)
        }
        if let p0 {
            Self.edge(&acc, lastL, p0.lf)
            Self.edge(&acc, p0.rf, lastR)
        } else {
            end(x0, y0, last, &acc)
            split(x0, y0, last, first, &acc)
        }
    }

    /// Continues the band through vertex (vx, vy) between edges a (in) and b (out), or ends it
    /// there and begins the next one.
    @inline(__always)
    private mutating func vertex(_ vx: Double, _ vy: Double, _ a: Edge, _ b: Edge, _ acc: inout CoverageAccumulator) {
        if let p = continuation(vx, vy, a, b) {
            Self.edge(&acc, lastL, p.lf)
            Self.edge(&acc, p.rf, lastR)
            if p.bevelled {
                Self.edge(&acc, p.lf, p.ll)
                Self.edge(&acc, p.rl, p.rf)
            }
            lastL = p.ll
            lastR = p.rl
        } else {
            end(vx, vy, a, &acc)
            split(vx, vy, a, b, &acc)
            begin(vx, vy, b, &acc)
        }
    }

    /// Starts a band at (vx, vy) along edge e (its butt end).
    private mutating func begin(_ vx: Double, _ vy: Double, _ e: Edge, _ acc: inout CoverageAccumulator) {
        let nx = -e.uy * hw, ny = e.ux * hw
        lastL = local(vx + nx, vy + ny)
        lastR = local(vx - nx, vy - ny)
        Self.edge(&acc, lastR, lastL)
    }

    /// Ends the band at (vx, vy), the end of edge e (its butt end).
    private mutating func end(_ vx: Double, _ vy: Double, _ e: Edge, _ acc: inout CoverageAccumulator) {
        let nx = -e.uy * hw, ny = e.ux * hw
        let l = local(vx + nx, vy + ny), r = local(vx - nx, vy - ny)
        Self.edge(&acc, lastL, l)
        Self.edge(&acc, r, lastR)
        Self.edge(&acc, l, r)
    }

    /// The band's points at vertex (vx, vy) between edges a (in) and b (out), or nil when the
    /// vertex must split the band (see the type's comment).
    @inline(__always)
    private func continuation(_ vx: Double, _ vy: Double, _ a: Edge, _ b: Edge) -> VertexPoints? {
        let (ax, ay, bx, by) = (a.ux, a.uy, b.ux, b.uy)
        let cross = ax * by - ay * bx
        let dot = ax * bx + ay * by
        let (nax, nay) = (-ay * hw, ax * hw)
        if abs(cross) <= 1e-12 {
            guard dot > 0 else { return nil }  // a full reversal
            let l = local(vx + nax, vy + nay), r = local(vx - nax, vy - nay)
            return VertexPoints(lf: l, ll: l, rf: r, rl: r)
        }
        let onePlusDot = 1 + dot
        guard onePlusDot > 1e-12 else { return nil }
        let k = 1 / onePlusDot
        // How far the inner offset lines' meeting point and the pieces' overlap reach along
        // each edge: hw · tan(θ/2) and hw · sin θ.
        let reach = hw * max(abs(cross) * k, abs(cross))
        guard reach <= 0.5 * min(a.length, b.length) else { return nil }
        let (nbx, nby) = (-by * hw, bx * hw)
        let (mx, my) = ((nax + nbx) * k, (nay + nby) * k)  // to the left offset lines' meeting point
        // Miter length / stroke width = 1 / cos(θ/2) = √(2 / (1 + cos θ)).
        if 2 * k <= miterLimit * miterLimit {
            let l = local(vx + mx, vy + my), r = local(vx - mx, vy - my)
            return VertexPoints(lf: l, ll: l, rf: r, rl: r)
        }
        if cross > 0 {
            // Turning towards the left normal: the right side is outer and bevelled.
            let l = local(vx + mx, vy + my)
            return VertexPoints(lf: l, ll: l, rf: local(vx - nax, vy - nay), rl: local(vx - nbx, vy - nby), bevelled: true)
        }
        let r = local(vx - mx, vy - my)
        return VertexPoints(lf: local(vx + nax, vy + nay), ll: local(vx + nbx, vy + nby), rf: r, rl: r, bevelled: true)
    }

    /// The join piece at a vertex that splits the band: a miter quadrilateral on the outer side of
    /// the turn, or a bevel triangle past the miter limit, wound like the bands.
    private func split(_ vx: Double, _ vy: Double, _ a: Edge, _ b: Edge, _ acc: inout CoverageAccumulator) {
        let (d1x, d1y, d2x, d2y) = (a.ux, a.uy, b.ux, b.uy)
        let cross = d1x * d2y - d1y * d2x
        let dot = d1x * d2x + d1y * d2y
        guard abs(cross) > 1e-12 else { return }  // straight on (or a full reversal: nothing to join)
        // A join's area is at most hw² · tan(θ/2) = hw² · |sin θ| / (1 + cos θ) (the miter; a bevel
        // is smaller). Below a quarter of one 8-bit level of one pixel it cannot show: skipped.
        if dot > 0, hw * hw * abs(cross) < Self.invisibleJoinArea * (1 + dot) { return }
        let side = cross > 0 ? -1.0 : 1.0  // the outer side of the turn
        let (n1x, n1y) = (-d1y * hw * side, d1x * hw * side)
        let (n2x, n2y) = (-d2y * hw * side, d2x * hw * side)
        let pv = local(vx, vy), pa = local(vx + n1x, vy + n1y), pb = local(vx + n2x, vy + n2y)
        // Wound like the bands: v → a → b has the sign of (a − v) × (b − v).
        let negative = n1x * n2y - n1y * n2x < 0
        let (p1, p2) = negative ? (pa, pb) : (pb, pa)
        if 1 + dot > 1e-12, 2 / (1 + dot) <= miterLimit * miterLimit {
            let k = 1 / (1 + dot)
            let m = local(vx + (n1x + n2x) * k, vy + (n1y + n2y) * k)
            Self.edge(&acc, pv, p1)
            Self.edge(&acc, p1, m)
            Self.edge(&acc, m, p2)
            Self.edge(&acc, p2, pv)
        } else {
            Self.edge(&acc, pv, p1)
            Self.edge(&acc, p1, p2)
            Self.edge(&acc, p2, pv)
        }
    }
}
