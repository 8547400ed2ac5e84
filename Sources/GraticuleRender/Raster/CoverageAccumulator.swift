/// Accumulates each edge's signed area and cover per cell (the exact-area method of font-rs,
/// stb_truetype 2, FreeType and libart): along a row, a cell's pixel is covered by the running sum
/// of the covers of the cells left of it plus its own area, the signed fraction of its square
/// inside the polygon. A cell is a pair (area, cover) of `Float`s; two layers (a fill and its
/// stroke) share the scratch, cell by cell: each cell takes `floatsPerCell` (4) floats, the
/// first layer's pair and then the second's (`cells` points at the layer's pair of cell 0),
/// `stride` cells per row. Interleaved, the two layers' cells of one pixel share a cache line:
/// a whole world map painted in one pass touches 8 MB of cells (the 1:110m countries are
/// painted in bands of 512 KiB instead: `EdgeBands`). Coordinates are local to
/// the fill's bounding box: x ∈ [0, cols], y ∈ [0, rows]; edges outside are clipped exactly (parts left of
/// x = 0 become vertical edges on x = 0, parts right of `cols` fall in the two spare columns that
/// the compositing pass never shows).
///
/// Every cell an edge writes is also marked in `touched` (one bit per cell, rows of
/// `wordsPerRow` 64-bit words), so that compositing visits only those cells and the runs of
/// constant winding between them.
struct CoverageAccumulator {
    /// Floats per cell of the scratch: the two layers' (area, cover) pairs.
    static let floatsPerCell = 4

    let cells: UnsafeMutablePointer<Float>
    let touched: UnsafeMutablePointer<UInt64>
    let stride: Int
    let wordsPerRow: Int
    let cols: Double, rows: Double
    let rowCount: Int

    init(cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>, stride: Int, wordsPerRow: Int,
         cols: Int, rows: Int) {
        self.cells = cells
        self.touched = touched
        self.stride = stride
        self.wordsPerRow = wordsPerRow
        self.cols = Double(cols)
        self.rows = Double(rows)
        rowCount = rows
    }

    /// Adds the directed edge a → b (local pixels; finite).
    @inline(__always)
    mutating func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        var (x0, y0, x1, y1, dir) = ay < by ? (ax, ay, bx, by, 1.0) : (bx, by, ax, ay, -1.0)
        guard y1 > 0, y0 < rows else { return }
        if y0 < 0 || y1 > rows {
            let dxdy = (x1 - x0) / (y1 - y0)
            if y0 < 0 { x0 += dxdy * -y0; y0 = 0 }
            if y1 > rows { x1 -= dxdy * (y1 - rows); y1 = rows }
            guard y0 < y1 else { return }
        }
        if x0 >= 0 && x0 <= cols && x1 >= 0 && x1 <= cols {
            walk(x0, y0, x1, y1, dir)
        } else {
            clipX(x0, y0, x1, y1, dir, depth: 0)
        }
    }

    /// Splits an edge (y0 < y1) where it crosses x = 0 or x = cols, then walks the pieces with x
    /// clamped to [0, cols].
    private mutating func clipX(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double, depth: Int) {
        if depth < 2 {
            var edge = -1.0
            if (x0 < 0 && x1 > 0) || (x0 > 0 && x1 < 0) {
                edge = 0
            } else if (x0 < cols && x1 > cols) || (x0 > cols && x1 < cols) {
                edge = cols
            }
            if edge >= 0 {
                let ym = min(max(y0 + (y1 - y0) * (edge - x0) / (x1 - x0), y0), y1)
                clipX(x0, y0, edge, ym, dir, depth: depth + 1)
                clipX(edge, ym, x1, y1, dir, depth: depth + 1)
                return
            }
        }
        walk(min(max(x0, 0), cols), y0, min(max(x1, 0), cols), y1, dir)
    }

    /// Marks cells `first ... last` of a row as touched.
    @inline(__always)
    private func mark(_ row: Int, _ first: Int, _ last: Int) {
        let words = touched + row * wordsPerRow
        let wa = first >> 6, wb = last >> 6
        let lowBits = ~UInt64(0) << UInt64(first & 63)
        let highBits = ~UInt64(0) >> UInt64(63 - last & 63)
        if wa == wb {
            words[wa] |= lowBits & highBits
        } else {
            words[wa] |= lowBits
            var k = wa + 1
            while k < wb { words[k] = ~0; k += 1 }
            words[wb] |= highBits
        }
    }

    /// Distributes one edge (y0 < y1, x inside [0, cols]) over the cells of the rows it crosses.
    /// All coordinates are ≥ 0 here, so floor and ceiling are integer conversions.
    @inline(__always)
    private mutating func walk(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
        guard y0 < y1 else { return }
        let firstRow = Int(y0)
        var endRow = Int(y1)
        if Double(endRow) < y1 { endRow += 1 }
        endRow = min(endRow, rowCount)
        guard firstRow < endRow else { return }
        if endRow == firstRow + 1 {
            // Within one row (most edges of a finely resampled outline).
            span(firstRow, x0, x1, (y1 - y0) * dir)
            return
        }
        let dxdy = (x1 - x0) / (y1 - y0)
        // The first row, partial.
        var bottom = Double(firstRow + 1)
        var x = min(max(x0 + dxdy * (bottom - y0), 0), cols)
        span(firstRow, x0, x, (bottom - y0) * dir)
        // Whole rows.
        var row = firstRow + 1
        while row < endRow - 1 {
            bottom += 1
            let xNext = min(max(x + dxdy, 0), cols)
            span(row, x, xNext, dir)
            x = xNext
            row += 1
        }
        // The last row, partial.
        span(row, x, x1, (min(y1, Double(row + 1)) - Double(row)) * dir)
    }

    /// Adds the part of an edge inside one row: from x = a to x = b (both in [0, cols]), with
    /// signed height `d` (its vertical extent in the row times its direction). Each cell holds
    /// two numbers (FreeType's and libart's cell): its own area, which only its pixel sees, and
    /// its cover, which every pixel to its right sees. So the last cell an edge reaches in a row
    /// needs no entry of its own: what it would get goes into the cover of the cell before.
    @inline(__always)
    private mutating func span(_ row: Int, _ a: Double, _ b: Double, _ d: Double) {
        let line = cells + row * stride * Self.floatsPerCell
        let xa = min(a, b), xb = max(a, b)
        let ia = Int(xa)
        let xaFloor = Double(ia)
        var ib = Int(xb)
        if Double(ib) < xb { ib += 1 }
        if ib <= ia + 1 {
            // Within one cell: the part right of the edge's mean x covers this cell; the whole
            // height covers the cells after it.
            let xmf = 0.5 * (a + b) - xaFloor
            line[Self.floatsPerCell * ia] += Float(d - d * xmf)
            line[Self.floatsPerCell * ia + 1] += Float(d)
            let words = touched + row * wordsPerRow
            words[ia >> 6] |= 1 << UInt64(ia & 63)
            return
        }
        let xbCeil = Double(ib)
        let s = 1 / (xb - xa)
        let fa = xa - xaFloor
        let a0 = 0.5 * s * (1 - fa) * (1 - fa)
        let fb = xb - xbCeil + 1
        let am = 0.5 * s * fb * fb
        let v0 = Float(d * a0)
        line[Self.floatsPerCell * ia] += v0
        line[Self.floatsPerCell * ia + 1] += v0
        if ib == ia + 2 {
            let v1 = Float(d * (1 - a0 - am))
            line[Self.floatsPerCell * (ia + 1)] += v1
            line[Self.floatsPerCell * (ia + 1) + 1] += v1 + Float(d * am)
        } else {
            let a1 = s * (1.5 - fa)
            let v1 = Float(d * (a1 - a0))
            line[Self.floatsPerCell * (ia + 1)] += v1
            line[Self.floatsPerCell * (ia + 1) + 1] += v1
            let ds = Float(d * s)
            for i in (ia + 2)..<(ib - 1) {
                line[Self.floatsPerCell * i] += ds
                line[Self.floatsPerCell * i + 1] += ds
            }
            let a2 = a1 + Double(ib - ia - 3) * s
            let vl = Float(d * (1 - a2 - am))
            line[Self.floatsPerCell * (ib - 1)] += vl
            line[Self.floatsPerCell * (ib - 1) + 1] += vl + Float(d * am)
        }
        mark(row, ia, ib - 1)
    }
}
