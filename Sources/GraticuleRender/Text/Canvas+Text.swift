extension Canvas {
    /// Writes one line of text in a bitmap font: each glyph's set pixels in `color` (RGBA, not
    /// premultiplied; source-over, not anti-aliased). The first cell's top-left corner is at
    /// (x, y) pixels (the baseline is `font.ascent` rows lower); characters advance by the cell
    /// width; what falls outside the canvas is clipped. A line feed or other control character
    /// draws as `?` (split text into lines with `BitmapFont.lines`).
    public mutating func drawText(_ text: String, x: Int, y: Int, color: SIMD4<UInt8>, font: BitmapFont = .fixed6x13) {
        guard color.w > 0 else { return }
        let w = width, h = height
        let blender = Blender(color: color, evenOdd: false)
        font.rows.withUnsafeBufferPointer { rows in
            withUnsafeMutableRGBA { pixels in
                let base = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var left = x
                for c in text.unicodeScalars {
                    // Past the right side nothing more shows (and `left` stops before it can overflow).
                    guard left < w else { break }
                    defer { left += font.cellWidth }
                    guard left + font.cellWidth > 0 else { continue }
                    // Rows and bits of the glyph, each drawn as a scale × scale square.
                    let s = font.scale, bitsWide = font.cellWidth / s, bitsHigh = font.cellHeight / s
                    let glyph = font.glyph(c) * bitsHigh
                    for r in 0..<font.cellHeight {
                        let py = y + r
                        guard py >= 0, py < h else { continue }
                        let bits = rows[glyph + r / s]
                        guard bits != 0 else { continue }
                        for k in 0..<font.cellWidth where bits >> (bitsWide - 1 - k / s) & 1 != 0 {
                            let px = left + k
                            if px >= 0 && px < w { blender.pixel(base + 4 * (py * w + px), winding: 1) }
                        }
                    }
                }
            }
        }
    }
}
