extension CoverageAccumulator {
    /// Adds a thin line's coverage directly to the cells' own areas (no cover, so nothing
    /// propagates along the row): the segment a → b (local pixels; finite) widened to `2 × hw`
    /// pixels, cut square to its major axis at both ends, column by column (row by row for a
    /// steep segment). Across the major axis the band is the interval centre ± hw · √(1 + m²)
    /// (m the slope), so the ink per unit length is exact (2 · hw) and so is the column it falls
    /// in; its split between the two or three cells the interval spans there is taken at the
    /// column part's midpoint, which is exact where neither of the band's edges crosses a cell
    /// boundary within the column and otherwise moves at most |m| / 8 of a pixel's area per
    /// crossing edge (|m| / 4 in all) between neighbouring cells. Consecutive segments of a polyline share their vertex's column
    /// by the parts each spans, so a polyline has no gaps; joins get no miter, and where the line
    /// doubles back the ink adds up (the compositing caps it at full coverage).
    @inline(__always)
    mutating func addHairline(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, halfWidth hw: Double) {
        let dx = bx - ax, dy = by - ay
        if abs(dx) >= abs(dy) {
            guard dx != 0 else { return }
            let (x0, y0, x1) = dx > 0 ? (ax, ay, bx) : (bx, by, ax)
            let m = dy / dx
            hairlineRun(x0, y0, x1, m, hw * (1 + m * m).squareRoot(), alongRows: false)
        } else {
            let (y0, x0, y1) = dy > 0 ? (ay, ax, by) : (by, bx, ay)
            let m = dx / dy
            hairlineRun(y0, x0, y1, m, hw * (1 + m * m).squareRoot(), alongRows: true)
        }
    }

    /// The major axis runs u0 → u1 (u0 < u1), the centre line's minor coordinate is
    /// v0 + m (u − u0), the band's half-thickness along the minor axis is h. `alongRows`: u is y
    /// (a steep segment). Parts outside [0, cols] × [0, rows] are left out.
    @inline(__always)
    private mutating func hairlineRun(_ u0: Double, _ v0: Double, _ u1: Double, _ m: Double, _ h: Double,
                                      alongRows: Bool) {
        let uLimit = alongRows ? rows : cols, vLimit = alongRows ? cols : rows
        guard u1 > 0, u0 < uLimit else { return }
        let ua = max(u0, 0), ub = min(u1, uLimit)
        var k = Int(ua)
        var lo = ua
        let lastCell = Int(vLimit) - 1
        while lo < ub {
            let hi = min(ub, Double(k + 1))
            let width = hi - lo
            let vc = v0 + m * (0.5 * (lo + hi) - u0)
            let vLow = max(vc - h, 0), vHigh = min(vc + h, vLimit)
            if h <= 0.5 {
                // At most two cells, written without a branch on how many (the second gets 0
                // and stays unmarked when the band ends in the first, or at the last cell).
                if vLow < vHigh {
                    let j = Int(vLow)
                    let boundary = Double(j + 1)
                    let first = Float((min(vHigh, boundary) - vLow) * width)
                    let second = Float(max(vHigh - boundary, 0) * width)
                    deposit(k, j, alongRows, first)
                    deposit(k, min(j + 1, lastCell), alongRows, second, marked: second > 0)
                }
            } else if vLow < vHigh {
                var j = Int(vLow)
                var bottom = vLow
                while bottom < vHigh {
                    let top = min(vHigh, Double(j + 1))
                    deposit(k, j, alongRows, Float((top - bottom) * width))
                    bottom = top
                    j += 1
                }
            }
            lo = hi
            k += 1
        }
    }

    /// Adds `area` to the own area of the cell at `major` along the segment's major axis and
    /// `minor` across it (`alongRows`: the major axis is y), and marks the cell (unless `marked`
    /// is false).
    @inline(__always)
    private func deposit(_ major: Int, _ minor: Int, _ alongRows: Bool, _ area: Float, marked: Bool = true) {
        let (row, col) = alongRows ? (major, minor) : (minor, major)
        cells[(row &* stride &+ col) &* Self.floatsPerCell] += area
        touched[row &* wordsPerRow &+ col >> 6] |= UInt64(marked ? 1 : 0) << UInt64(col & 63)
    }
}
