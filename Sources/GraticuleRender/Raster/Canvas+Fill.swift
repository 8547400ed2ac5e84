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
        }
    }

    /// Paints one shape: `body` adds its edges to the accumulator (canvas pixels minus the origin
    /// it is given), then the coverage is composited. The box (pixels) must contain every edge's
    /// visible part; what lies outside the canvas is clipped.
    mutating func paint(minX: Double, minY: Double, maxX: Double, maxY: Double, color: SIMD4<UInt8>, rule: FillRule,
                        _ body: (inout CoverageAccumulator, Double, Double) -> Void) {
        guard minX <= maxX, minY <= maxY else { return }
        // The pixels the shape can touch (coordinates are clamped to ±1e9, so Int is safe).
        let x0 = max(0, Int(minX.rounded(.down))), x1 = min(width, Int(maxX.rounded(.up)))
        let y0 = max(0, Int(minY.rounded(.down))), y1 = min(height, Int(maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        let cols = x1 - x0, rows = y1 - y0
        let stride = cols + 2
        let wordsPerRow = (stride + 63) >> 6
        if cells.count < stride * rows {
            // Fresh zeroed storage (never copy the old: it is all zero anyway).
            cells = [Float](repeating: 0, count: max(stride * rows, min(cells.count * 2, (width + 2) * height)))
        }
        if touched.count < wordsPerRow * rows {
            touched = [UInt64](repeating: 0, count: max(wordsPerRow * rows, ((width + 2 + 63) >> 6) * height))
        }
        let w = width
        cells.withUnsafeMutableBufferPointer { cellBuf in
            touched.withUnsafeMutableBufferPointer { bitBuf in
                var acc = CoverageAccumulator(cells: cellBuf.baseAddress!, touched: bitBuf.baseAddress!, stride: stride,
                                              wordsPerRow: wordsPerRow, cols: cols, rows: rows)
                body(&acc, Double(x0), Double(y0))
                pixels.withUnsafeMutableBufferPointer { pixBuf in
                    Canvas.composite(cells: cellBuf.baseAddress!, touched: bitBuf.baseAddress!, stride: stride,
                                     wordsPerRow: wordsPerRow, cols: cols, rows: rows,
                                     into: pixBuf.baseAddress! + (y0 * w + x0) * 4, rowBytes: w * 4, color: color, rule: rule)
                }
            }
        }
    }

    /// Turns accumulated signed coverage into alpha and blends `color` over the pixels; clears
    /// the cells and marks it read. Per row only the touched cells are read, in order; between two
    /// of them the winding is constant, so the run of pixels there is skipped (winding too small to
    /// show: outside the shape, the hollow middle of a stroke), painted as 32-bit words (fully
    /// covered) or blended with one coverage.
    private static func composite(cells: UnsafeMutablePointer<Float>, touched: UnsafeMutablePointer<UInt64>, stride: Int,
                                  wordsPerRow: Int, cols: Int, rows: Int, into origin: UnsafeMutablePointer<UInt8>,
                                  rowBytes: Int, color: SIMD4<UInt8>, rule: FillRule) {
        let blender = Blender(color: color, evenOdd: rule == .evenOdd)
        for r in 0..<rows {
            let line = cells + r * stride
            let bits = touched + r * wordsPerRow
            let row = origin + r * rowBytes
            var winding: Float = 0
            var next = 0  // the first cell not painted yet
            for k in 0..<wordsPerRow {
                var word = bits[k]
                if word == 0 { continue }
                bits[k] = 0
                repeat {
                    let c = k << 6 | word.trailingZeroBitCount
                    word &= word &- 1
                    if c > next {
                        blender.run(row + next * 4, count: min(c, cols) - next, winding: winding)
                    }
                    winding += line[c]
                    line[c] = 0
                    if c < cols { blender.pixel(row + c * 4, winding: winding) }
                    next = c + 1
                } while word != 0
            }
        }
    }
}

/// Source-over of one colour at a given coverage, on non-premultiplied RGBA pixels.
struct Blender {
    let alpha: Float
    let sr: Float, sg: Float, sb: Float
    let evenOdd: Bool
    /// The opaque colour as one 32-bit word in memory order R, G, B, A.
    let solid: UInt32
    /// Below this |winding| no pixel changes (sa · 255 < 0.5).
    let invisible: Float

    init(color: SIMD4<UInt8>, evenOdd: Bool) {
        alpha = Float(color.w) / 255
        sr = Float(color.x)
        sg = Float(color.y)
        sb = Float(color.z)
        self.evenOdd = evenOdd
        solid = UInt32(littleEndian: UInt32(color.x) | UInt32(color.y) << 8 | UInt32(color.z) << 16 | 0xFF00_0000)
        invisible = 0.5 / (255 * alpha)
    }

    /// Source alpha for a winding number: alpha × coverage (min(1, |w|), or |w| folded mod 2).
    @inline(__always)
    func sourceAlpha(_ winding: Float) -> Float {
        var cov = abs(winding)
        if evenOdd {
            cov = cov.truncatingRemainder(dividingBy: 2)
            if cov > 1 { cov = 2 - cov }
        } else if cov > 1 {
            cov = 1
        }
        return alpha * cov
    }

    /// `count` pixels (≥ 0) at one winding.
    @inline(__always)
    func run(_ start: UnsafeMutablePointer<UInt8>, count: Int, winding: Float) {
        guard count > 0, abs(winding) >= invisible else { return }
        let sa = sourceAlpha(winding)
        if sa >= 0.999_999 {
            UnsafeMutableRawPointer(start).initializeMemory(as: UInt32.self, repeating: solid, count: count)
        } else if sa * 255 >= 0.5 {
            var px = start
            for _ in 0..<count {
                blend(px, sa)
                px += 4
            }
        }
    }

    @inline(__always)
    func pixel(_ px: UnsafeMutablePointer<UInt8>, winding: Float) {
        guard abs(winding) >= invisible else { return }
        let sa = sourceAlpha(winding)
        if sa >= 0.999_999 {
            UnsafeMutableRawPointer(px).storeBytes(of: solid, as: UInt32.self)
        } else if sa * 255 >= 0.5 {
            blend(px, sa)
        }
    }

    @inline(__always)
    func blend(_ px: UnsafeMutablePointer<UInt8>, _ sa: Float) {
        if px[3] == 255 {
            // Opaque destination (the usual case): dst + (src − dst)·sa, alpha stays 1.
            px[0] = UInt8(truncatingIfNeeded: Int(Float(px[0]) + (sr - Float(px[0])) * sa + 0.5))
            px[1] = UInt8(truncatingIfNeeded: Int(Float(px[1]) + (sg - Float(px[1])) * sa + 0.5))
            px[2] = UInt8(truncatingIfNeeded: Int(Float(px[2]) + (sb - Float(px[2])) * sa + 0.5))
            return
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
}
