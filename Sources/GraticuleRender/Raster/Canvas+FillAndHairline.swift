extension Canvas {
    /// Fills a path (non-zero rule, every subpath closed) and strokes it over the fill with a
    /// hairline of `width` ≤ 1 px (`StrokeGeometry.hairlineBelowOnePixel`) in one compositing
    /// pass, leaving out marked edges: `flags` holds a byte per point of the path, for the edge
    /// that ends at it (a subpath's first point: its closing edge), and edges with `fillBit` are
    /// not filled, edges with `strokeBit` not stroked. Leaving out pairs of edges that run both
    /// ways between the same points (the common border of two rings) changes no fill, since
    /// their signed areas cancel; leaving one of such a pair out of the stroke draws the border
    /// once. A zero fill or stroke alpha leaves that part out.
    /// - Precondition: `flags.count == path.pointCount`, `width <= 1`.
    mutating func fillAndHairline(_ path: Path, fill: SIMD4<UInt8>, stroke: SIMD4<UInt8>, width: Double,
                                  flags: [UInt8], fillBit: UInt8, strokeBit: UInt8) {
        precondition(flags.count == path.pointCount && width <= 1, "one flag per point and a hairline")
        let strokes = width > 0 && width.isFinite && stroke.w > 0
        guard strokes || fill.w > 0, let b = path.bounds else { return }
        let hw = width / 2
        flags.withUnsafeBufferPointer { buffer in
            let flags = buffer.baseAddress!
            let filling: (inout CoverageAccumulator, Double, Double) -> Void = { acc, ox, oy in
                path.forEachEdge(closingAll: true, skipping: (flags, fillBit), originX: ox, originY: oy) {
                    acc.addEdge($0, $1, $2, $3)
                }
            }
            let stroking: (inout CoverageAccumulator, Double, Double) -> Void = { acc, ox, oy in
                path.forEachEdge(closingAll: true, skipping: (flags, strokeBit), originX: ox, originY: oy) {
                    acc.addHairline($0, $1, $2, $3, halfWidth: hw)
                }
            }
            if !strokes {
                paint(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, color: fill, rule: .nonZero, filling)
                return
            }
            let reach = StrokeShape(width: width, miterLimit: 1, geometry: .hairlineBelowOnePixel).reach
            let (x0, y0, x1, y1) = (b.minX - reach, b.minY - reach, b.maxX + reach, b.maxY + reach)
            if fill.w == 0 {
                paint(minX: x0, minY: y0, maxX: x1, maxY: y1, color: stroke, rule: .nonZero, stroking)
            } else {
                fillAndHairline(path, fill: fill, stroke: stroke, halfWidth: hw, flags: flags, fillBit: fillBit, strokeBit: strokeBit,
                                minX: x0, minY: y0, maxX: x1, maxY: y1)
            }
        }
    }

    /// The fill and its hairline in one walk of the edges (each edge's fill and hairline meet
    /// the same cells). A path of few edges for its box (fewer than one per 8 of the box's
    /// pixels on the canvas: the 1:110m countries on a world map, 13,400 edges over 524,288
    /// pixels) is painted in bands of `Canvas.bandCellBytes` with its edges sorted into them
    /// once (`EdgeBands`), so that a band's cells stay in the core's level-2 cache; a denser one
    /// (the 1:10m countries' 550,000) in one pass, where sorting would cost more than the cache
    /// saves. A hairline reaches hw·√2 < 1 px above and below its edge.
    private mutating func fillAndHairline(_ path: Path, fill: SIMD4<UInt8>, stroke: SIMD4<UInt8>, halfWidth hw: Double,
                                          flags: UnsafePointer<UInt8>, fillBit: UInt8, strokeBit: UInt8,
                                          minX: Double, minY: Double, maxX: Double, maxY: Double) {
        // The pixels of the box within the canvas (a path reaching far beyond it is not sparse
        // for that).
        let pixels = max(0, min(maxX, Double(width)) - max(minX, 0)) * max(0, min(maxY, Double(height)) - max(minY, 0))
        let sparse = Double(path.pointCount) * 8 < pixels
        guard let whole = paintBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY, cellBytes: sparse ? Canvas.bandCellBytes : .max)
        else { return }
        if whole.bandRows < whole.rows {
            let edges = EdgeBands(path, flags: flags, leaving: fillBit | strokeBit, box: whole, reach: 1)
            fillAndHairline(edges, whole, fill: fill, stroke: stroke, halfWidth: hw, fillBit: fillBit, strokeBit: strokeBit)
        } else {
            let edges = PathEdges(path: path, flags: flags)
            fillAndHairline(edges, whole, fill: fill, stroke: stroke, halfWidth: hw, fillBit: fillBit, strokeBit: strokeBit)
        }
    }

    /// The paint of a fill and its hairline over `whole`, band by band, from the edges' source.
    @inline(never)
    private mutating func fillAndHairline<Edges: EdgeSource>(_ edges: Edges, _ whole: PaintBox, fill: SIMD4<UInt8>,
                                                             stroke: SIMD4<UInt8>, halfWidth hw: Double,
                                                             fillBit: UInt8, strokeBit: UInt8) {
        paint(whole, first: fill, second: stroke, secondIsAreaOnly: true) { acc, acc2, band, ox, oy in
            edges.forEachEdge(inBand: band, originX: ox, originY: oy) { ax, ay, bx, by, flag in
                if flag & fillBit == 0 { acc.addEdge(ax, ay, bx, by) }
                if flag & strokeBit == 0 { acc2.addHairline(ax, ay, bx, by, halfWidth: hw) }
            }
        }
    }
}
