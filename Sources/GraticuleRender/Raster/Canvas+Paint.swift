extension Canvas {
    /// The part of the canvas a shape can touch, and the scratch layout for it.
    struct PaintBox {
        var x0: Int, y0: Int, cols: Int, rows: Int
        /// Rows the scratch holds: the box is painted in bands of so many rows.
        var bandRows = Int.max
        /// The tops of the box's bands (rows from its top).
        var bandTops: StrideTo<Int> { Swift.stride(from: 0, to: rows, by: bandRows) }
        /// The band from row `top` of the box: at most `bandRows` rows (the box itself when it
        /// fits in one).
        func band(from top: Int) -> PaintBox {
            var band = self
            band.y0 = y0 + top
            band.rows = Swift.min(bandRows, rows - top)
            return band
        }
        /// Cells per scratch row: two spare columns right of the box (edges beyond it).
        var stride: Int { cols + 2 }
        var wordsPerRow: Int { (stride + 63) >> 6 }
    }

    /// Coverage cells (both layers) one paint may hold at once: 32 MiB, a map of 1024 rows
    /// of 2,046 pixels, and the world map (1024 × 512, 8 MB) in one pass (a fill and its
    /// hairline of few edges are painted in smaller bands, `bandCellBytes`). A taller or wider box
    /// is painted in bands of rows (`PaintBox.band(from:)`), each accumulated and composited in turn, so
    /// that a 4096 × 4096 map needs 32 MiB of cells, not 268 MB (a band walks every edge
    /// again, and edges are clipped where bands meet: the pixels may differ from one pass's in
    /// the last bit of a coverage's rounding).
    static let defaultMaxCellBytes = 32 << 20

    /// Coverage cells of one band when a paint sorts its edges into bands (`EdgeBands`): 512 KiB,
    /// half of a core's level-2 cache here (AMD EPYC, 1 MiB), 31 rows of a 1024-pixel map.
    static let bandCellBytes = 512 << 10

    /// The pixels within a box (pixels, any finite or infinite values) and the canvas, and
    /// scratch memory for its bands (two coverage layers) of at most `cellBytes` (and the
    /// canvas's `maxCellBytes`) each; nil when they do not meet.
    mutating func paintBox(minX: Double, minY: Double, maxX: Double, maxY: Double, cellBytes: Int = .max) -> PaintBox? {
        guard minX <= maxX, minY <= maxY else { return nil }
        let l = 2 * Path.coordinateLimit
        // The pixels the shape can touch (the box is clamped first, so Int is safe).
        let x0 = max(0, Int(max(minX, -l).rounded(.down))), x1 = min(width, Int(min(maxX, l).rounded(.up)))
        let y0 = max(0, Int(max(minY, -l).rounded(.down))), y1 = min(height, Int(min(maxY, l).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        var box = PaintBox(x0: x0, y0: y0, cols: x1 - x0, rows: y1 - y0)
        box.bandRows = max(1, min(box.rows, min(maxCellBytes, cellBytes) / (4 * CoverageAccumulator.floatsPerCell * box.stride)))
        // Two layers (a fill and its stroke) of (area, cover) pairs, interleaved, and the bits.
        let bytes = CoverageScratch.bytes(cellCount: CoverageAccumulator.floatsPerCell * box.stride * box.bandRows,
                                          wordCount: box.wordsPerRow * box.bandRows)
        if scratch == nil || !isKnownUniquelyReferenced(&scratch) || scratch!.block.bytes < bytes {
            scratch = CoverageScratch(bytes: bytes)
        }
        return box
    }

    /// The scratch layout for a box: the first layer's cells, the second's (interleaved with
    /// them: `CoverageAccumulator.floatsPerCell`), the bits.
    func scratchLayout(_ box: PaintBox) -> (cells: UnsafeMutablePointer<Float>, cells2: UnsafeMutablePointer<Float>,
                                            touched: UnsafeMutablePointer<UInt64>) {
        let rows = min(box.rows, box.bandRows)
        let (cells, touched) = scratch!.layout(cellCount: CoverageAccumulator.floatsPerCell * box.stride * rows, wordCount: box.wordsPerRow * rows)
        return (cells, cells + 2, touched)  // the second layer's pair follows the first's
    }

    /// Paints one shape: `body` adds its edges to the accumulator (canvas pixels minus the origin
    /// it is given), then the coverage is composited. The box (pixels) must contain every edge's
    /// visible part; what lies outside the canvas is clipped.
    mutating func paint(minX: Double, minY: Double, maxX: Double, maxY: Double, color: SIMD4<UInt8>, rule: FillRule,
                        _ body: (inout CoverageAccumulator, Double, Double) -> Void) {
        guard let whole = paintBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return }
        paint(whole, color: color, rule: rule) { acc, _, ox, oy in body(&acc, ox, oy) }
    }

    /// Paints one shape over a box (`paintBox`): `body` adds its edges for the band it is given
    /// (its index and origin), then the band's coverage is composited.
    mutating func paint(_ whole: PaintBox, color: SIMD4<UInt8>, rule: FillRule,
                        _ body: (inout CoverageAccumulator, Int, Double, Double) -> Void) {
        inBands(whole) { canvas, box, index, first, _ in
            var acc = first
            body(&acc, index, Double(box.x0), Double(box.y0))
            let layer = OneLayer(cells: acc.cells, stride: box.stride, blender: Blender(color: color, evenOdd: rule == .evenOdd))
            canvas.composite(layer, touched: acc.touched, box: box)
        }
    }

    /// The box a shape can touch (`paintBox`), band by band: `band` gets the canvas, the band,
    /// its index and an accumulator for each of the scratch's two layers over it; it adds the
    /// shape's edges and composites them (which clears the cells for the next band).
    @inline(__always)
    private mutating func inBands(_ whole: PaintBox,
                                  _ band: (inout Canvas, PaintBox, Int, CoverageAccumulator, CoverageAccumulator) -> Void) {
        let (cells, cells2, touched) = scratchLayout(whole)
        for (index, top) in whole.bandTops.enumerated() {
            let box = whole.band(from: top)
            band(&self, box, index, CoverageAccumulator(cells: cells, touched: touched, stride: box.stride, wordsPerRow: box.wordsPerRow,
                                                 cols: box.cols, rows: box.rows),
                 CoverageAccumulator(cells: cells2, touched: touched, stride: box.stride, wordsPerRow: box.wordsPerRow,
                                     cols: box.cols, rows: box.rows))
        }
    }

    /// Paints two shapes in one pass over a box (`paintBox`), the second over the first (a fill
    /// and its stroke): `body` adds the edges of the first to the first accumulator and of the
    /// second to the second (non-zero rule), in any interleaving, for the band it is given (its
    /// index and origin): the layers are separate numbers in each cell, so the pixels are those
    /// of painting one and then the other. Adding an edge's fill and its stroke together finds
    /// the cells they share still in the core's cache. `secondIsAreaOnly`: the second layer gets
    /// cells' own areas only, no cover (hairlines), so its winding between cells is zero and is
    /// not read.
    mutating func paint(_ whole: PaintBox, first: SIMD4<UInt8>, second: SIMD4<UInt8>, secondIsAreaOnly: Bool,
                        _ body: (inout CoverageAccumulator, inout CoverageAccumulator, Int, Double, Double) -> Void) {
        inBands(whole) { canvas, box, index, firstLayer, secondLayer in
            var acc = firstLayer, acc2 = secondLayer
            body(&acc, &acc2, index, Double(box.x0), Double(box.y0))
            let layers = TwoLayers(cells: acc.cells, cells2: acc2.cells, stride: box.stride, first: Blender(color: first, evenOdd: false),
                                   second: Blender(color: second, evenOdd: false), secondHasCover: !secondIsAreaOnly)
            canvas.composite(layers, touched: acc.touched, box: box)
        }
    }

    /// Turns accumulated signed coverage into alpha and blends the layers' colours over the
    /// pixels; clears the cells and marks it read. Per row only the touched cells are read, in
    /// order; between two of them the winding is constant, so the run of pixels there is skipped
    /// (winding too small to show: outside the shape, the hollow middle of a stroke), painted as
    /// 32-bit words (fully covered) or blended with one coverage.
    ///
    /// Each touched cell's pixel gets an edge mark (`PixelStorage.marks`). A run starts right
    /// after a touched cell (before the first one of a row the winding is zero: nothing is
    /// painted) and ends right before one, at the canvas's right side, or at the box's right
    /// side, and then the pixel after it is marked too: so two unmarked neighbours along a row
    /// stay equal, as the marks promise.
    private mutating func composite<L: CoverageLayers>(_ layers: L, touched: UnsafeMutablePointer<UInt64>,
                                                       box: PaintBox) {
        // A local copy, so that the windings can stay in registers.
        var layers = layers
        let w = width, cols = box.cols, wordsPerRow = box.wordsPerRow
        do {
            let origin = mutablePixels() + (box.y0 * w + box.x0) * 4
            let marks = storage.marks, markWords = storage.markWordsPerRow
            for r in 0..<box.rows {
                layers.startRow(r)
                let bits = touched + r &* wordsPerRow
                let row = origin + r &* w &* 4
                let markRow = marks + (box.y0 &+ r) &* markWords
                var next = 0  // the first cell not painted yet
                for k in 0..<wordsPerRow {
                    var word = bits[k]
                    if word == 0 { continue }
                    bits[k] = 0
                    // The cells' pixels, a word at a time; for cells past the box (edges on its
                    // right side), the pixel after the run, which may differ from it.
                    let first = k &<< 6
                    let inside = first &+ 64 <= cols ? word : word & ((1 &<< UInt64(max(cols &- first, 0))) &- 1)
                    if inside != 0 {
                        let x = box.x0 &+ first, shift = UInt64(x & 63)
                        markRow[x &>> 6] |= inside &<< shift
                        if shift != 0 && (x &>> 6) &+ 1 < markWords { markRow[(x &>> 6) &+ 1] |= inside &>> (64 &- shift) }
                    }
                    if inside != word && box.x0 &+ cols < w {
                        let x = box.x0 &+ cols
                        markRow[x &>> 6] |= 1 &<< UInt64(x & 63)
                    }
                    repeat {
                        let c = first | word.trailingZeroBitCount
                        word &= word &- 1
                        if c > next { layers.run(row + next &* 4, count: min(c, cols) &- next) }
                        layers.take(c)
                        if c < cols { layers.pixel(row + c &* 4) }
                        next = c &+ 1
                    } while word != 0
                }
            }
            withExtendedLifetime(storage) {}
        }
    }
}

/// The coverage layers one compositing pass reads: their running windings along a row.
protocol CoverageLayers {
    /// Moves to row `r` (windings zero).
    mutating func startRow(_ r: Int)
    /// Reads cell `c` of the row (its pixel's windings, then the windings right of it) and clears it.
    mutating func take(_ c: Int)
    /// Paints `count` pixels (≤ 0: none) at the current windings.
    func run(_ px: UnsafeMutablePointer<UInt8>, count: Int)
    /// Paints one pixel at the current windings.
    func pixel(_ px: UnsafeMutablePointer<UInt8>)
}

struct OneLayer: CoverageLayers {
    let cells: UnsafeMutablePointer<Float>
    let stride: Int
    let blender: Blender
    var line: UnsafeMutablePointer<Float>
    /// The winding right of the cells taken so far, and at the last one's pixel.
    var winding: Float = 0, here: Float = 0

    init(cells: UnsafeMutablePointer<Float>, stride: Int, blender: Blender) {
        self.cells = cells
        self.stride = stride
        self.blender = blender
        line = cells
    }

    @inline(__always) mutating func startRow(_ r: Int) {
        line = cells + r &* stride &* CoverageAccumulator.floatsPerCell
        winding = 0
    }

    @inline(__always) mutating func take(_ c: Int) {
        here = winding + line[CoverageAccumulator.floatsPerCell &* c]
        winding += line[CoverageAccumulator.floatsPerCell &* c &+ 1]
        line[CoverageAccumulator.floatsPerCell &* c] = 0
        line[CoverageAccumulator.floatsPerCell &* c &+ 1] = 0
    }

    @inline(__always) func run(_ px: UnsafeMutablePointer<UInt8>, count: Int) {
        blender.run(px, count: count, winding: winding)
    }

    @inline(__always) func pixel(_ px: UnsafeMutablePointer<UInt8>) {
        blender.pixel(px, winding: here)
    }
}

/// A fill and its stroke composited in one pass, the stroke over the fill, both under the
/// non-zero rule.
struct TwoLayers: CoverageLayers {
    let cells: UnsafeMutablePointer<Float>, cells2: UnsafeMutablePointer<Float>
    let stride: Int
    let first: Blender, second: Blender
    /// False when the second layer holds own areas only (its covers are all zero).
    let secondHasCover: Bool
    var line: UnsafeMutablePointer<Float>, line2: UnsafeMutablePointer<Float>
    var winding: Float = 0, winding2: Float = 0, here: Float = 0, here2: Float = 0

    init(cells: UnsafeMutablePointer<Float>, cells2: UnsafeMutablePointer<Float>, stride: Int, first: Blender,
         second: Blender, secondHasCover: Bool) {
        self.cells = cells
        self.cells2 = cells2
        self.stride = stride
        self.first = first
        self.second = second
        self.secondHasCover = secondHasCover
        precondition(!first.evenOdd && !second.evenOdd, "two layers paint under the non-zero rule")
        line = cells
        line2 = cells2
    }

    @inline(__always) mutating func startRow(_ r: Int) {
        line = cells + r &* stride &* CoverageAccumulator.floatsPerCell
        line2 = cells2 + r &* stride &* CoverageAccumulator.floatsPerCell
        winding = 0
        winding2 = 0
    }

    @inline(__always) mutating func take(_ c: Int) {
        here = winding + line[CoverageAccumulator.floatsPerCell &* c]
        winding += line[CoverageAccumulator.floatsPerCell &* c &+ 1]
        line[CoverageAccumulator.floatsPerCell &* c] = 0
        line[CoverageAccumulator.floatsPerCell &* c &+ 1] = 0
        here2 = winding2 + line2[CoverageAccumulator.floatsPerCell &* c]
        line2[CoverageAccumulator.floatsPerCell &* c] = 0
        if secondHasCover {
            winding2 += line2[CoverageAccumulator.floatsPerCell &* c &+ 1]
            line2[CoverageAccumulator.floatsPerCell &* c &+ 1] = 0
        }
    }

    @inline(__always) func run(_ px: UnsafeMutablePointer<UInt8>, count: Int) {
        first.run(px, count: count, winding: winding)
        if secondHasCover { second.run(px, count: count, winding: winding2) }
    }

    @inline(__always) func pixel(_ px: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(px)
        let p = raw.load(as: UInt32.self)
        if p >= 0xFF00_0000 {
            // Opaque: both blends in registers (each rounded to 8 bits, as two passes would).
            raw.storeBytes(of: Blender.over(opaque: p, first, first.nonZeroAlpha(here), second, second.nonZeroAlpha(here2)),
                           as: UInt32.self)
        } else {
            first.pixel(px, winding: here)
            second.pixel(px, winding: here2)
        }
    }
}
