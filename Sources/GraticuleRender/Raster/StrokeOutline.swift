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
    /// The current subpath without repeated points, and per edge its unit direction and length.
    private var xs: [Double] = [], ys: [Double] = []
    private var ux: [Double] = [], uy: [Double] = [], length: [Double] = []
    /// The last point of the left and right chains of the current band (local pixels).
    private var lastL = Point(0, 0), lastR = Point(0, 0)

    struct Point {
        var x: Double, y: Double
        @inline(__always) init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    }

    /// The outline points at a vertex that continues a band: first and last of the left chain,
    /// first and last of the right chain (in path order; two differ at a bevel).
    struct VertexPoints {
        var lf: Point, ll: Point, rf: Point, rl: Point
    }

    init(halfWidth: Double, miterLimit: Double, originX: Double, originY: Double) {
        hw = halfWidth
        self.miterLimit = miterLimit
        ox = originX
        oy = originY
    }

    /// A point in accumulator coordinates (clamped to ±`Path.coordinateLimit` first, NaN to 0).
    @inline(__always)
    func local(_ x: Double, _ y: Double) -> Point {
        let l = Path.coordinateLimit
        let cx = x.isFinite ? min(max(x, -l), l) : 0
        let cy = y.isFinite ? min(max(y, -l), l) : 0
        return Point(cx - ox, cy - oy)
    }

    @inline(__always)
    static func edge(_ acc: inout CoverageAccumulator, _ a: Point, _ b: Point) {
        acc.addEdge(a.x, a.y, b.x, b.y)
    }

    mutating func add(_ path: Path, into acc: inout CoverageAccumulator) {
        xs.reserveCapacity(16)
        for sub in path.subpaths {
            // The subpath without repeated points (and without a closing duplicate of the start).
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            for i in sub.start..<sub.end {
                let x = path.xs[i], y = path.ys[i]
                if let lx = xs.last, let ly = ys.last, abs(x - lx) < 1e-9, abs(y - ly) < 1e-9 { continue }
                xs.append(x)
                ys.append(y)
            }
            if sub.closed, xs.count > 1, abs(xs[0] - xs[xs.count - 1]) < 1e-9, abs(ys[0] - ys[ys.count - 1]) < 1e-9 {
                xs.removeLast()
                ys.removeLast()
            }
            let n = xs.count
            guard n >= 2 else { continue }
            addSubpath(n: n, closed: sub.closed && n >= 3, into: &acc)
        }
    }

    private mutating func addSubpath(n: Int, closed: Bool, into acc: inout CoverageAccumulator) {
        let edgeCount = closed ? n : n - 1
        ux.removeAll(keepingCapacity: true)
        uy.removeAll(keepingCapacity: true)
        length.removeAll(keepingCapacity: true)
        for e in 0..<edgeCount {
            let q = e + 1 == n ? 0 : e + 1
            let dx = xs[q] - xs[e], dy = ys[q] - ys[e]
            let len = (dx * dx + dy * dy).squareRoot()
            length.append(len)
            // A zero or non-finite length (not after de-duplication of finite points) draws nothing.
            let ok = len > 0 && len.isFinite
            ux.append(ok ? dx / len : 0)
            uy.append(ok ? dy / len : 0)
        }
        if !closed {
            begin(at: 0, edge: 0, &acc)
            for v in 1..<(n - 1) {
                if let p = continuation(at: v, from: v - 1, to: v) {
                    through(p, &acc)
                } else {
                    end(at: v, edge: v - 1, &acc)
                    split(at: v, from: v - 1, to: v, &acc)
                    begin(at: v, edge: v, &acc)
                }
            }
            end(at: n - 1, edge: n - 2, &acc)
            return
        }
        // Closed: one band all round (two closed chains) unless some vertex splits it; then the
        // bands run from that vertex round to it again.
        var first = -1
        for v in 0..<n where continuation(at: v, from: v == 0 ? n - 1 : v - 1, to: v) == nil {
            first = v
            break
        }
        if first < 0 {
            let p0 = continuation(at: 0, from: n - 1, to: 0)!
            Self.edge(&acc, p0.lf, p0.ll)
            Self.edge(&acc, p0.rl, p0.rf)
            lastL = p0.ll
            lastR = p0.rl
            for v in 1..<n { through(continuation(at: v, from: v - 1, to: v)!, &acc) }
            Self.edge(&acc, lastL, p0.lf)
            Self.edge(&acc, p0.rf, lastR)
            return
        }
        begin(at: first, edge: first, &acc)
        for k in 1...n {
            let v = (first + k) % n, a = v == 0 ? n - 1 : v - 1
            if k < n, let p = continuation(at: v, from: a, to: v) {
                through(p, &acc)
            } else {
                end(at: v, edge: a, &acc)
                split(at: v, from: a, to: v, &acc)
                if k < n { begin(at: v, edge: v, &acc) }
            }
        }
    }

    /// Starts a band at vertex `v` along edge `e` (its butt end).
    @inline(__always)
    private mutating func begin(at v: Int, edge e: Int, _ acc: inout CoverageAccumulator) {
        let nx = -uy[e] * hw, ny = ux[e] * hw
        lastL = local(xs[v] + nx, ys[v] + ny)
        lastR = local(xs[v] - nx, ys[v] - ny)
        Self.edge(&acc, lastR, lastL)
    }

    /// Ends the band at vertex `v`, the end of edge `e` (its butt end).
    @inline(__always)
    private mutating func end(at v: Int, edge e: Int, _ acc: inout CoverageAccumulator) {
        let nx = -uy[e] * hw, ny = ux[e] * hw
        let l = local(xs[v] + nx, ys[v] + ny), r = local(xs[v] - nx, ys[v] - ny)
        Self.edge(&acc, lastL, l)
        Self.edge(&acc, r, lastR)
        Self.edge(&acc, l, r)
    }

    /// Continues the band through a vertex: the left chain forward, the right chain backward.
    @inline(__always)
    private mutating func through(_ p: VertexPoints, _ acc: inout CoverageAccumulator) {
        Self.edge(&acc, lastL, p.lf)
        Self.edge(&acc, p.lf, p.ll)
        Self.edge(&acc, p.rf, lastR)
        Self.edge(&acc, p.rl, p.rf)
        lastL = p.ll
        lastR = p.rl
    }

    /// The band's points at vertex `v` between edges `a` (in) and `b` (out), or nil when the
    /// vertex must split the band (see the type's comment).
    @inline(__always)
    private func continuation(at v: Int, from a: Int, to b: Int) -> VertexPoints? {
        let (ax, ay, bx, by) = (ux[a], uy[a], ux[b], uy[b])
        let la = length[a], lb = length[b]
        guard la > 0, lb > 0, la.isFinite, lb.isFinite else { return nil }
        let cross = ax * by - ay * bx
        let dot = ax * bx + ay * by
        let (nax, nay) = (-ay * hw, ax * hw)
        let (vx, vy) = (xs[v], ys[v])
        if abs(cross) <= 1e-12 {
            guard dot > 0 else { return nil }  // a full reversal
            let l = local(vx + nax, vy + nay), r = local(vx - nax, vy - nay)
            return VertexPoints(lf: l, ll: l, rf: r, rl: r)
        }
        let onePlusDot = 1 + dot
        guard onePlusDot > 1e-12 else { return nil }
        // How far the inner offset lines' meeting point and the pieces' overlap reach along
        // each edge: hw · tan(θ/2) and hw · sin θ.
        let reach = hw * max(abs(cross) / onePlusDot, abs(cross))
        guard reach <= 0.5 * min(la, lb) else { return nil }
        let (nbx, nby) = (-by * hw, bx * hw)
        let k = 1 / onePlusDot
        let (mx, my) = ((nax + nbx) * k, (nay + nby) * k)  // to the left offset lines' meeting point
        // Miter length / stroke width = 1 / cos(θ/2) = √(2 / (1 + cos θ)).
        if 2 * k <= miterLimit * miterLimit {
            let l = local(vx + mx, vy + my), r = local(vx - mx, vy - my)
            return VertexPoints(lf: l, ll: l, rf: r, rl: r)
        }
        if cross > 0 {
            // Turning towards the left normal: the right side is outer and bevelled.
            let l = local(vx + mx, vy + my)
            return VertexPoints(lf: l, ll: l, rf: local(vx - nax, vy - nay), rl: local(vx - nbx, vy - nby))
        }
        let r = local(vx - mx, vy - my)
        return VertexPoints(lf: local(vx + nax, vy + nay), ll: local(vx + nbx, vy + nby), rf: r, rl: r)
    }

    /// The join piece at a vertex that splits the band: a miter quadrilateral on the outer side of
    /// the turn, or a bevel triangle past the miter limit, wound like the bands.
    private func split(at v: Int, from a: Int, to b: Int, _ acc: inout CoverageAccumulator) {
        let la = length[a], lb = length[b]
        guard la > 0, lb > 0, la.isFinite, lb.isFinite else { return }
        let (d1x, d1y, d2x, d2y) = (ux[a], uy[a], ux[b], uy[b])
        let cross = d1x * d2y - d1y * d2x
        let dot = d1x * d2x + d1y * d2y
        guard abs(cross) > 1e-12 else { return }  // straight on (or a full reversal: nothing to join)
        // A join's area is at most hw² · tan(θ/2) = hw² · |sin θ| / (1 + cos θ) (the miter; a bevel
        // is smaller). Below a quarter of one 8-bit level of one pixel it cannot show: skipped.
        if dot > 0, hw * hw * abs(cross) < Self.invisibleJoinArea * (1 + dot) { return }
        let side = cross > 0 ? -1.0 : 1.0  // the outer side of the turn
        let (n1x, n1y) = (-d1y * hw * side, d1x * hw * side)
        let (n2x, n2y) = (-d2y * hw * side, d2x * hw * side)
        let (vx, vy) = (xs[v], ys[v])
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
