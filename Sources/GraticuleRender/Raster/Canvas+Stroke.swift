extension Canvas {
    /// Strokes a path: the union of one rectangle `width` pixels wide centred on every edge (butt
    /// caps) and a miter join at every vertex between two edges (a bevel where the miter would be
    /// longer than `miterLimit` × width, the SVG rule; SVG's default limit is 4), filled with the
    /// non-zero rule, anti-aliased, so overlaps do not darken. Open subpaths get no join at their
    /// ends; closed ones (`close()`) join the last edge to the first. Widths ≤ 0 or non-finite
    /// draw nothing; widths below 1 px draw proportionally lighter lines (coverage).
    public mutating func stroke(_ path: Path, color: SIMD4<UInt8>, width: Double) {
        stroke(path, color: color, width: width, miterLimit: 4)
    }

    /// Strokes a path with the given miter limit (see `stroke(_:color:width:)`).
    public mutating func stroke(_ path: Path, color: SIMD4<UInt8>, width: Double, miterLimit: Double) {
        guard width > 0, width.isFinite, color.w > 0, let b = path.bounds else { return }
        let hw = width / 2, limit = max(1, miterLimit)
        // No outline point lies farther from a vertex than the longest miter, hw × limit.
        let reach = hw * limit
        paint(minX: b.minX - reach, minY: b.minY - reach, maxX: b.maxX + reach, maxY: b.maxY + reach,
              color: color, rule: .nonZero) { acc, ox, oy in
            var outline = StrokeOutline(halfWidth: hw, miterLimit: limit, originX: ox, originY: oy)
            outline.add(path, into: &acc)
        }
    }
}

extension Canvas {
    /// Fills a path (non-zero rule) and strokes it over the fill: the same pixels as
    /// `fill(path, color: fill)` followed by `stroke(path, color: stroke, width: width,
    /// miterLimit: miterLimit)`, in one compositing pass (how a map paints each country).
    public mutating func fillAndStroke(_ path: Path, fill: SIMD4<UInt8>, stroke: SIMD4<UInt8>, width: Double,
                                       miterLimit: Double = 4) {
        guard width > 0, width.isFinite, stroke.w > 0 else { return self.fill(path, color: fill) }
        guard fill.w > 0 else { return self.stroke(path, color: stroke, width: width, miterLimit: miterLimit) }
        guard let b = path.bounds else { return }
        let hw = width / 2, limit = max(1, miterLimit)
        let reach = hw * limit
        paint(minX: b.minX - reach, minY: b.minY - reach, maxX: b.maxX + reach, maxY: b.maxY + reach,
              first: fill, second: stroke, { acc, ox, oy in
                  path.addEdges(to: &acc, originX: ox, originY: oy)
              }, { acc, ox, oy in
                  var outline = StrokeOutline(halfWidth: hw, miterLimit: limit, originX: ox, originY: oy)
                  outline.add(path, into: &acc)
              })
    }
}
