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
        // The pixels the path can touch (coordinates are clamped to ±1e9, so Int is safe).
        let x0 = max(0, Int(b.minX.rounded(.down))), x1 = min(width, Int(b.maxX.rounded(.up)))
        let y0 = max(0, Int(b.minY.rounded(.down))), y1 = min(height, Int(b.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let cols = x1 - x0, rows = y1 - y0
        let stride = cols + 2
        if cells.count < stride * rows {
            // Fresh zeroed storage (never copy the old: it is all zero anyway).
            cells = [Float](repeating: 0, count: max(stride * rows, min(cells.count * 2, (width + 2) * height)))
        }
        if spans.count < 2 * rows {
            spans = [Int32](repeating: 0, count: 2 * height)
            for r in 0..<height { spans[2 * r] = .max; spans[2 * r + 1] = -1 }
        }
        let w = width
        cells.withUnsafeMutableBufferPointer { cellBuf in
          spans.withUnsafeMutableBufferPointer { spanBuf in
            var acc = CoverageAccumulator(cells: cellBuf.baseAddress!, spans: spanBuf.baseAddress!, stride: stride,
                                          cols: Double(cols), rows: Double(rows))
            let ox = Double(x0), oy = Double(y0)
            path.xs.withUnsafeBufferPointer { xs in
                path.ys.withUnsafeBufferPointer { ys in
                    for sub in path.subpaths where sub.end - sub.start >= 2 {
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
            pixels.withUnsafeMutableBufferPointer { pixBuf in
                Canvas.composite(cells: cellBuf.baseAddress!, spans: spanBuf.baseAddress!, stride: stride, cols: cols,
                                 rows: rows, into: pixBuf.baseAddress! + (y0 * w + x0) * 4, rowBytes: w * 4,
                                 color: color, rule: rule)
            }
          }
        }
    }

    /// Turns accumulated signed coverage into alpha and blends `color` over the pixels; clears
    /// the cells and spans it read. Per row only the span of cells the edges touched is read:
    /// every subpath is closed, so a row's signed covers sum to zero and nothing right of the span
    /// is inside. Inside the span, an untouched cell under a winding too small to show is skipped
    /// at once (the hollow middle of a stroke).
    private static func composite(cells: UnsafeMutablePointer<Float>, spans: UnsafeMutablePointer<Int32>, stride: Int,
                                  cols: Int, rows: Int, into origin: UnsafeMutablePointer<UInt8>, rowBytes: Int,
                                  color: SIMD4<UInt8>, rule: FillRule) {
        let alpha = Float(color.w) / 255
        let sr = Float(color.x), sg = Float(color.y), sb = Float(color.z)
        let evenOdd = rule == .evenOdd
        // The opaque colour as one 32-bit word in memory order R, G, B, A.
        let solid = UInt32(littleEndian: UInt32(color.x) | UInt32(color.y) << 8 | UInt32(color.z) << 16 | 0xFF00_0000)
        // Below this |winding| no pixel changes (sa · 255 < 0.5).
        let invisible = 0.5 / (255 * alpha)
        for r in 0..<rows {
            let lo = Int(spans[2 * r]), hi = Int(spans[2 * r + 1])
            guard hi >= 0 else { continue }
            spans[2 * r] = .max
            spans[2 * r + 1] = -1
            let line = cells + r * stride
            let end = min(cols, hi + 1)
            var c = lo
            var px = origin + r * rowBytes + lo * 4
            var winding: Float = 0
            while c < end {
                let v = line[c]
                if v != 0 {
                    winding += v
                    line[c] = 0
                } else if abs(winding) < invisible {
                    c += 1
                    px += 4
                    continue
                }
                c += 1
                var cov = abs(winding)
                if evenOdd {
                    cov = cov.truncatingRemainder(dividingBy: 2)
                    if cov > 1 { cov = 2 - cov }
                } else if cov > 1 {
                    cov = 1
                }
                let sa = alpha * cov
                if sa >= 0.999_999 {
                    // Fully covered: so is every following cell no edge touched (the winding
                    // only changes at touched cells); paint the run as 32-bit words.
                    var k = c
                    while k < end && line[k] == 0 { k += 1 }
                    let run = k - c + 1
                    UnsafeMutableRawPointer(px).initializeMemory(as: UInt32.self, repeating: solid, count: run)
                    px += 4 * run
                    c = k
                    continue
                } else if sa * 255 >= 0.5 {
                    if px[3] == 255 {
                        // Opaque destination (the usual case): dst + (src − dst)·sa, alpha stays 1.
                        px[0] = UInt8(truncatingIfNeeded: Int(Float(px[0]) + (sr - Float(px[0])) * sa + 0.5))
                        px[1] = UInt8(truncatingIfNeeded: Int(Float(px[1]) + (sg - Float(px[1])) * sa + 0.5))
                        px[2] = UInt8(truncatingIfNeeded: Int(Float(px[2]) + (sb - Float(px[2])) * sa + 0.5))
                        px += 4
                        continue
                    }
                    let da = Float(px[3]) / 255
                    let keep = da * (1 - sa)
                    let oa = sa + keep
                    let inv = 1 / oa
                    px[0] = UInt8((sr * sa + Float(px[0]) * keep) * inv + 0.5)
                    px[1] = UInt8((sg * sa + Float(px[1]) * keep) * inv + 0.5)
                    px[2] = UInt8((sb * sa + Float(px[2]) * keep) * inv + 0.5)
                    px[3] = UInt8(oa * 255 + 0.5)
                }
                px += 4
            }
            // The cells right of the image (clipped parts) and any left past `end`.
            if end <= hi { for k in end...hi { line[k] = 0 } }
        }
    }
}

/// Accumulates each edge's signed area and cover per cell (the exact-area method of font-rs,
/// stb_truetype 2 and libart): after a left-to-right running sum along a row, each cell holds the
/// signed fraction of its square covered by the polygon. Coordinates are local to the fill's
/// bounding box: x ∈ [0, cols], y ∈ [0, rows]; edges outside are clipped exactly (parts left of
/// x = 0 become vertical edges on x = 0, parts right of `cols` fall in the two spare columns that
/// the compositing pass never shows).
struct CoverageAccumulator {
    let cells: UnsafeMutablePointer<Float>
    /// Per row: first and last touched cell (see `Canvas.spans`).
    let spans: UnsafeMutablePointer<Int32>
    let stride: Int
    let cols: Double, rows: Double

    mutating func addEdge(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        guard ay != by else { return }
        var (x0, y0, x1, y1, dir) = ay < by ? (ax, ay, bx, by, 1.0) : (bx, by, ax, ay, -1.0)
        guard y1 > 0, y0 < rows else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += dxdy * -y0; y0 = 0 }
        if y1 > rows { x1 -= dxdy * (y1 - rows); y1 = rows }
        guard y0 < y1 else { return }
        clipX(x0, y0, x1, y1, dir, depth: 0)
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

    /// Distributes one edge (y0 < y1, x inside [0, cols]) over the cells of the rows it crosses.
    private mutating func walk(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Double) {
        guard y0 < y1 else { return }
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        let firstRow = Int(y0), endRow = min(Int(y1.rounded(.up)), Int(rows))
        guard firstRow < endRow else { return }
        for row in firstRow..<endRow {
            let top = Double(row), bottom = top + 1
            let dy = min(bottom, y1) - max(top, y0)
            let xNext = bottom >= y1 ? x1 : min(max(x + dxdy * dy, 0), cols)
            let d = dy * dir
            let line = cells + row * stride
            let (xa, xb) = x < xNext ? (x, xNext) : (xNext, x)
            let xaFloor = xa.rounded(.down), xbCeil = xb.rounded(.up)
            let ia = Int(xaFloor), ib = Int(xbCeil)
            let first = Int32(truncatingIfNeeded: ia), last = Int32(truncatingIfNeeded: max(ib, ia + 1))
            if first < spans[2 * row] { spans[2 * row] = first }
            if last > spans[2 * row + 1] { spans[2 * row + 1] = last }
            if ib <= ia + 1 {
                // Within one cell: the part right of the edge's mean x covers this cell, the rest
                // carries into the next.
                let xmf = 0.5 * (x + xNext) - xaFloor
                line[ia] += Float(d - d * xmf)
                line[ia + 1] += Float(d * xmf)
            } else {
                let s = 1 / (xb - xa)
                let fa = xa - xaFloor
                let a0 = 0.5 * s * (1 - fa) * (1 - fa)
                let fb = xb - xbCeil + 1
                let am = 0.5 * s * fb * fb
                line[ia] += Float(d * a0)
                if ib == ia + 2 {
                    line[ia + 1] += Float(d * (1 - a0 - am))
                } else {
                    let a1 = s * (1.5 - fa)
                    line[ia + 1] += Float(d * (a1 - a0))
                    let ds = Float(d * s)
                    for i in (ia + 2)..<(ib - 1) { line[i] += ds }
                    let a2 = a1 + Double(ib - ia - 3) * s
                    line[ib - 1] += Float(d * (1 - a2 - am))
                }
                line[ib] += Float(d * am)
            }
            x = xNext
        }
    }
}
