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
    /// Adds every subpath, closed, to an accumulator whose origin is (originX, originY) pixels.
    func addEdges(to acc: inout CoverageAccumulator, originX ox: Double, originY oy: Double) {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                for sub in subpaths where sub.end - sub.start >= 2 {
                    var px = xs[sub.end - 1] - ox, py = ys[sub.end - 1] - oy
                    for i in sub.start..<sub.end {
                        let qx = xs[i] - ox, qy = ys[i] - oy
                        acc.addEdge(px, py, qx, qy)
                        px = qx
                        py = qy
                    }
                }
            }
        }
    }
}
