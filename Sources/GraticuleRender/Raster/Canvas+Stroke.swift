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

    /// Strokes a path with the given miter limit and geometry (see `stroke(_:color:width:)` and
    /// `StrokeGeometry`).
    public mutating func stroke(_ path: Path, color: SIMD4<UInt8>, width: Double, miterLimit: Double,
                                geometry: StrokeGeometry = .exact) {
        guard width > 0, width.isFinite, color.w > 0, let b = path.bounds else { return }
        let shape = StrokeShape(width: width, miterLimit: miterLimit, geometry: geometry)
        paint(minX: b.minX - shape.reach, minY: b.minY - shape.reach, maxX: b.maxX + shape.reach,
              maxY: b.maxY + shape.reach, color: color, rule: .nonZero) { acc, ox, oy in
            shape.add(path, to: &acc, originX: ox, originY: oy)
        }
    }
}

/// How a stroke's shape is made.
public enum StrokeGeometry: Sendable, Hashable {
    /// The union of the edges' rectangles and the joins (SVG's stroke), at every width.
    case exact
    /// Strokes of at most one pixel drawn as hairlines, as Skia draws sub-pixel strokes: along
    /// each edge the ink per unit length is exactly the width and lies exactly within the band
    /// across the edge's major axis; its split between the two or three pixels the band spans
    /// in a column (a row, for a steep edge) is taken at the column's middle, and joins add no
    /// miter. Against `exact`, a pixel on a straight run differs by at most |m| / 4 of the
    /// stroke's colour (m the slope against the major axis), more at sharp corners (the miters).
    /// Linear in the edges and the columns they cross, with no outline to build. Wider strokes
    /// are exact.
    case hairlineBelowOnePixel
}

/// A stroke's width, joins and geometry, and what it adds to an accumulator.
struct StrokeShape {
    let hw: Double, limit: Double
    let hairline: Bool

    init(width: Double, miterLimit: Double, geometry: StrokeGeometry) {
        hw = width / 2
        limit = max(1, miterLimit)
        hairline = geometry == .hairlineBelowOnePixel && width <= 1
    }

    /// How far from the path the stroke can reach: the longest miter, hw × limit, or for a
    /// hairline the band's half-thickness along an edge's minor axis, at most hw × √2.
    var reach: Double { hairline ? hw * 1.5 : hw * limit }

    func add(_ path: Path, to acc: inout CoverageAccumulator, originX ox: Double, originY oy: Double) {
        if hairline {
            path.addHairlines(to: &acc, halfWidth: hw, originX: ox, originY: oy)
        } else {
            var outline = StrokeOutline(halfWidth: hw, miterLimit: limit, originX: ox, originY: oy)
            outline.add(path, into: &acc)
        }
    }
}

extension Canvas {
    /// Fills a path (non-zero rule) and strokes it over the fill: the same pixels as
    /// `fill(path, color: fill)` followed by `stroke(path, color: stroke, width: width,
    /// miterLimit: miterLimit, geometry: geometry)`, in one compositing pass (how a map paints
    /// each country).
    public mutating func fillAndStroke(_ path: Path, fill: SIMD4<UInt8>, stroke: SIMD4<UInt8>, width: Double,
                                       miterLimit: Double = 4, geometry: StrokeGeometry = .exact) {
        guard width > 0, width.isFinite, stroke.w > 0 else { return self.fill(path, color: fill) }
        guard fill.w > 0 else {
            return self.stroke(path, color: stroke, width: width, miterLimit: miterLimit, geometry: geometry)
        }
        guard let b = path.bounds else { return }
        let shape = StrokeShape(width: width, miterLimit: miterLimit, geometry: geometry)
        let reach = shape.reach
        guard let whole = paintBox(minX: b.minX - reach, minY: b.minY - reach, maxX: b.maxX + reach, maxY: b.maxY + reach)
        else { return }
        paint(whole, first: fill, second: stroke, secondIsAreaOnly: shape.hairline) { acc, acc2, _, ox, oy in
            path.addEdges(to: &acc, originX: ox, originY: oy)
            shape.add(path, to: &acc2, originX: ox, originY: oy)
        }
    }
}

extension Path {
    /// Adds every subpath's edges as hairlines of half-width `hw` (a closed subpath with its
    /// closing edge) to an accumulator whose origin is (originX, originY) pixels.
    func addHairlines(to acc: inout CoverageAccumulator, halfWidth hw: Double, originX ox: Double, originY oy: Double) {
        forEachEdge(closingAll: false, originX: ox, originY: oy) { acc.addHairline($0, $1, $2, $3, halfWidth: hw) }
    }
}
