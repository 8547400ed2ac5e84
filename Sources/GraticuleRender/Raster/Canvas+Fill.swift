extension Canvas {
    /// Fills a path with the non-zero winding rule, anti-aliased by exact area coverage,
    /// compositing `color` (RGBA, not premultiplied) over the canvas (source-over).
    /// Every subpath is closed implicitly. Parts outside the canvas are clipped exactly.
    public mutating func fill(_ path: Path, color: SIMD4<UInt8>) {
        fill(path, color: color, rule: .nonZero)
    }

    /// Fills a path with the given fill rule (see `fill(_:color:)`).
    public mutating func fill(_ path: Path, color: SIMD4<UInt8>, rule: FillRule) {
        guard color.w > 0, let b = path.bounds else { return }
        paint(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, color: color, rule: rule) { acc, ox, oy in
            path.addEdges(to: &acc, originX: ox, originY: oy)
        }
    }
}

extension Path {
    /// Calls `body` with every edge of every subpath of two or more points, relative to
    /// (originX, originY) pixels: consecutive points, then the closing edge (last → first) of a
    /// closed subpath, or of every subpath when `closingAll` (a fill's implicit close).
    @inline(__always)
    func forEachEdge(closingAll: Bool, originX ox: Double, originY oy: Double, _ body: (Double, Double, Double, Double) -> Void) {
        forEachEdge(closingAll: closingAll, flags: nil, originX: ox, originY: oy) { ax, ay, bx, by, _ in body(ax, ay, bx, by) }
    }

    /// `forEachEdge`, giving `body` each edge's flag byte too (from `flags`, one byte per point
    /// for the edge that ends at it, a subpath's first point for its closing edge; 0 without
    /// flags).
    @inline(__always)
    func forEachEdge(closingAll: Bool, flags: UnsafePointer<UInt8>?, originX ox: Double, originY oy: Double,
                     _ body: (Double, Double, Double, Double, UInt8) -> Void) {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for sub in subpaths where sub.end - sub.start >= 2 {
                    let closing = closingAll || sub.closed
                    let first = closing ? sub.end - 1 : sub.start
                    var px = xs[first] - ox, py = ys[first] - oy
                    for i in (closing ? sub.start : sub.start + 1)..<sub.end {
                        let qx = xs[i] - ox, qy = ys[i] - oy
                        body(px, py, qx, qy, flags?[i] ?? 0)
                        px = qx
                        py = qy
                    }
                }
            }
        }
    }

    /// Adds every subpath, closed, to an accumulator whose origin is (originX, originY) pixels.
    func addEdges(to acc: inout CoverageAccumulator, originX ox: Double, originY oy: Double) {
        forEachEdge(closingAll: true, originX: ox, originY: oy) { acc.addEdge($0, $1, $2, $3) }
    }
}
