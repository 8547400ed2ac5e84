extension Canvas {
    /// Strokes a path: every edge becomes a rectangle `width` pixels wide centred on it (butt
    /// caps), every vertex between two edges gets a miter join (a bevel where the miter would be
    /// longer than `miterLimit` × width, the SVG rule; SVG's default limit is 4), and all pieces
    /// are filled together with the non-zero rule, anti-aliased, so overlaps do not darken.
    /// Open subpaths get no join at their ends; closed ones (`close()`) join the last edge to the
    /// first. Widths ≤ 0 or non-finite draw nothing; widths below 1 px draw proportionally
    /// lighter lines (coverage).
    public mutating func stroke(_ path: Path, color: SIMD4<UInt8>, width: Double) {
        stroke(path, color: color, width: width, miterLimit: 4)
    }

    /// Strokes a path with the given miter limit (see `stroke(_:color:width:)`).
    public mutating func stroke(_ path: Path, color: SIMD4<UInt8>, width: Double, miterLimit: Double) {
        guard width > 0, width.isFinite, color.w > 0 else { return }
        fill(StrokeOutline.outline(of: path, halfWidth: width / 2, miterLimit: max(1, miterLimit)),
             color: color, rule: .nonZero)
    }
}

/// Builds the polygons whose union is a stroke: one quadrilateral per edge and one join polygon
/// per inner vertex, all wound the same way (negative shoelace area) so a non-zero fill draws
/// their union. Writes straight into the output path's buffers (no per-piece allocation).
enum StrokeOutline {
    /// Largest join area left out (pixels²): a quarter of one 8-bit level of one pixel.
    static let invisibleJoinArea = 0.25 / 255

    static func outline(of path: Path, halfWidth hw: Double, miterLimit: Double) -> Path {
        var out = Path()
        out.xs.reserveCapacity(path.xs.count * 8)
        out.ys.reserveCapacity(path.xs.count * 8)
        out.subpaths.reserveCapacity(path.xs.count * 2)
        var xs: [Double] = [], ys: [Double] = []
        for sub in path.subpaths {
            // The subpath without repeated points (and without a closing duplicate of the start).
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            for i in sub.start..<sub.end {
                if let lx = xs.last, let ly = ys.last, abs(path.xs[i] - lx) < 1e-9, abs(path.ys[i] - ly) < 1e-9 { continue }
                xs.append(path.xs[i])
                ys.append(path.ys[i])
            }
            if sub.closed, xs.count > 1, abs(xs[0] - xs[xs.count - 1]) < 1e-9, abs(ys[0] - ys[ys.count - 1]) < 1e-9 {
                xs.removeLast()
                ys.removeLast()
            }
            let n = xs.count
            guard n >= 2 else { continue }
            let closed = sub.closed && n >= 3
            let edgeCount = closed ? n : n - 1
            for e in 0..<edgeCount {
                let (ax, ay, bx, by) = (xs[e], ys[e], xs[(e + 1) % n], ys[(e + 1) % n])
                let len = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
                guard len > 0, len.isFinite else { continue }
                let nx = -(by - ay) / len * hw, ny = (bx - ax) / len * hw
                // (a + n, b + n, b − n, a − n) has negative shoelace area for any direction.
                out.appendPolygon(ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny)
            }
            // Joins at inner vertices (every vertex of a closed subpath).
            let joinRange = closed ? 0..<n : 1..<(n - 1)
            for v in joinRange {
                let p = (v + n - 1) % n, q = (v + 1) % n
                addJoin(&out, xs[p], ys[p], xs[v], ys[v], xs[q], ys[q], hw: hw, miterLimit: miterLimit)
            }
        }
        return out
    }

    /// The join polygon at (vx, vy) between the edges from (px, py) and to (qx, qy): a miter
    /// quadrilateral on the outer side of the turn, or a bevel triangle past the miter limit.
    @inline(__always)
    private static func addJoin(_ out: inout Path, _ px: Double, _ py: Double, _ vx: Double, _ vy: Double,
                                _ qx: Double, _ qy: Double, hw: Double, miterLimit: Double) {
        let l1 = ((vx - px) * (vx - px) + (vy - py) * (vy - py)).squareRoot()
        let l2 = ((qx - vx) * (qx - vx) + (qy - vy) * (qy - vy)).squareRoot()
        guard l1 > 0, l2 > 0, l1.isFinite, l2.isFinite else { return }
        let (d1x, d1y) = ((vx - px) / l1, (vy - py) / l1)
        let (d2x, d2y) = ((qx - vx) / l2, (qy - vy) / l2)
        let cross = d1x * d2y - d1y * d2x
        let dot = d1x * d2x + d1y * d2y
        guard abs(cross) > 1e-12 else { return }  // straight on (or a full reversal: nothing to join)
        // A join's area is at most hw² · tan(θ/2) = hw² · |sin θ| / (1 + cos θ) (the miter; a bevel
        // is smaller). Below a quarter of one 8-bit level of one pixel it cannot show: skipped
        // (most vertices of a resampled curve turn by a degree or less).
        if dot > 0, hw * hw * abs(cross) < Self.invisibleJoinArea * (1 + dot) { return }
        let side = cross > 0 ? -1.0 : 1.0  // the outer side of the turn
        let (n1x, n1y) = (-d1y * hw * side, d1x * hw * side)
        let (n2x, n2y) = (-d2y * hw * side, d2x * hw * side)
        let (ax, ay, bx, by) = (vx + n1x, vy + n1y, vx + n2x, vy + n2y)
        // Wound like the edge quadrilaterals: v → a → b has the sign of (a − v) × (b − v).
        let negative = n1x * n2y - n1y * n2x < 0
        // Miter length / stroke width = 1 / cos(θ/2) = √(2 / (1 + cos θ)), θ the turn angle.
        if 1 + dot > 1e-12, 2 / (1 + dot) <= miterLimit * miterLimit {
            let k = 1 / (1 + dot)
            let (mx, my) = (vx + (n1x + n2x) * k, vy + (n1y + n2y) * k)
            if negative {
                out.appendPolygon(vx, vy, ax, ay, mx, my, bx, by)
            } else {
                out.appendPolygon(vx, vy, bx, by, mx, my, ax, ay)
            }
        } else if negative {
            out.appendPolygon(vx, vy, ax, ay, bx, by)
        } else {
            out.appendPolygon(vx, vy, bx, by, ax, ay)
        }
    }
}

extension Path {
    /// Appends a closed subpath of three or four finite points (no checks: internal).
    @inline(__always)
    mutating func appendPolygon(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                                _ x3: Double = .nan, _ y3: Double = .nan) {
        let start = xs.count
        let l = Path.coordinateLimit
        @inline(__always) func c(_ v: Double) -> Double { v.isFinite ? min(max(v, -l), l) : 0 }
        xs.append(c(x0)); ys.append(c(y0))
        xs.append(c(x1)); ys.append(c(y1))
        xs.append(c(x2)); ys.append(c(y2))
        if !x3.isNaN { xs.append(c(x3)); ys.append(c(y3)) }
        subpaths.append(Subpath(start: start, end: xs.count, closed: true))
    }
}
