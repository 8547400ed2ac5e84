extension Canvas {
    /// Fills a path (non-zero rule, every subpath closed) and strokes it over the fill with a
    /// hairline of `width` ≤ 1 px (`StrokeGeometry.hairlineBelowOnePixel`) in one compositing
    /// pass, leaving out marked edges: `flags` holds a byte per point of the path, for the edge
    /// that ends at it (a subpath's first point: its closing edge), and edges with `fillBit` are
    /// not filled, edges with `strokeBit` not stroked. Leaving out pairs of edges that run both
    /// ways between the same points (the common border of two rings) changes no fill, since
    /// their signed areas cancel; leaving one of such a pair out of the stroke draws the border
    /// once. A zero fill or stroke alpha leaves that part out.
    ///
    /// `offset` is subtracted from the path's points to give canvas pixels (a path kept in other
    /// pixels, `ProjectedCountries.GroupPath`), and `bounds`, when given, are the path's own
    /// (`Path.bounds`, before the offset). `bandCache` keeps the path's edges sorted into bands
    /// for the next paint of the same path and flags.
    /// - Precondition: `flags.count == path.pointCount`, `width <= 1`.
    mutating func fillAndHairline(_ path: Path, offset: SIMD2<Double> = .zero,
                                  bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? = nil,
                                  bandCache: EdgeBandsCache? = nil,
                                  fill: SIMD4<UInt8>, stroke: SIMD4<UInt8>, width: Double,
                                  flags: [UInt8], fillBit: UInt8, strokeBit: UInt8) {
        precondition(flags.count == path.pointCount && width <= 1, "one flag per point and a hairline")
        let strokes = width > 0 && width.isFinite && stroke.w > 0
        // Subtracting the offset keeps the order of values: the bounds minus it are the moved points' bounds.
        guard strokes || fill.w > 0, let own = bounds ?? path.bounds else { return }
        let b = (minX: own.minX - offset.x, minY: own.minY - offset.y, maxX: own.maxX - offset.x, maxY: own.maxY - offset.y)
        let hw = width / 2
        let fills = fill.w > 0
        // A hairline reaches hw·√2 < 1 px above and below its edge.
        let reach = strokes ? StrokeShape(width: width, miterLimit: 1, geometry: .hairlineBelowOnePixel).reach : 0
        let (minX, minY, maxX, maxY) = (b.minX - reach, b.minY - reach, b.maxX + reach, b.maxY + reach)
        // A path of few edges for its box (fewer than one per 8 of the box's pixels on the
        // canvas: the 1:110m countries on a world map, 13,400 edges over 524,288 pixels) is
        // painted in bands of `Canvas.bandCellBytes` with its edges sorted into them once
        // (`EdgeBands`), so that a band's cells stay in the core's level-2 cache; a denser one
        // (the 1:10m countries' 550,000) in one pass, where sorting would cost more than the
        // cache saves. (A path reaching far beyond the canvas is not sparse for that.)
        let pixels = max(0, min(maxX, Double(self.width)) - max(minX, 0)) * max(0, min(maxY, Double(height)) - max(minY, 0))
        let sparse = Double(path.pointCount) * 8 < pixels
        guard let whole = paintBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY, cellBytes: sparse ? Canvas.bandCellBytes : .max)
        else { return }
        // Edges neither filled nor stroked here are left out of the bands.
        let leaving = (fills ? fillBit : 0) | (strokes ? strokeBit : 0)
        flags.withUnsafeBufferPointer { buffer in
            let flags = buffer.baseAddress!
            if whole.bandRows < whole.rows {
                let edges = bandCache?.bands(path, offset: offset, flags: flags, leaving: leaving, box: whole, reach: 1)
                    ?? EdgeBands(path, offset: offset, flags: flags, leaving: leaving, box: whole, reach: 1)
                paintFillAndHairline(edges, whole, fill: fills ? fill : nil, stroke: strokes ? stroke : nil, halfWidth: hw,
                                     fillBit: fillBit, strokeBit: strokeBit)
            } else {
                let edges = PathEdges(path: path, offset: offset, flags: flags)
                paintFillAndHairline(edges, whole, fill: fills ? fill : nil, stroke: strokes ? stroke : nil, halfWidth: hw,
                                     fillBit: fillBit, strokeBit: strokeBit)
            }
        }
    }

    /// The fill alone, the hairline alone, or both in one walk of the edges (each edge's fill
    /// and hairline meet the same cells), over `whole` band by band from the edges' source.
    @inline(__always)
    private mutating func paintFillAndHairline<Edges: EdgeSource>(_ edges: Edges, _ whole: PaintBox, fill: SIMD4<UInt8>?,
                                                                  stroke: SIMD4<UInt8>?, halfWidth hw: Double,
                                                                  fillBit: UInt8, strokeBit: UInt8) {
        if let fill, let stroke {
            fillAndHairline(edges, whole, fill: fill, stroke: stroke, halfWidth: hw, fillBit: fillBit, strokeBit: strokeBit)
        } else if let fill {
            fillOrHairline(edges, whole, color: fill, skipBit: fillBit, hairline: nil)
        } else if let stroke {
            fillOrHairline(edges, whole, color: stroke, skipBit: strokeBit, hairline: hw)
        }
    }

    /// One layer: the fill (`hairline` nil) or the hairline of half-width `hairline`, leaving out
    /// edges whose flag has `skipBit`.
    @inline(never)
    private mutating func fillOrHairline<Edges: EdgeSource>(_ edges: Edges, _ whole: PaintBox, color: SIMD4<UInt8>,
                                                            skipBit: UInt8, hairline hw: Double?) {
        paint(whole, color: color, rule: .nonZero) { acc, band, ox, oy in
            edges.forEachEdge(inBand: band, originX: ox, originY: oy) { ax, ay, bx, by, flag in
                guard flag & skipBit == 0 else { return }
                if let hw { acc.addHairline(ax, ay, bx, by, halfWidth: hw) } else { acc.addEdge(ax, ay, bx, by) }
            }
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
