extension Canvas {
    /// Paints whole pixels: columns `x ..< x + width` of rows `y ..< y + height`, clipped to the
    /// canvas, in `color` (RGBA, not premultiplied; source-over, no anti-aliasing). Legends'
    /// colour bars and the background of in-image messages.
    public mutating func fillRect(x: Int, y: Int, width: Int, height: Int, color: SIMD4<UInt8>) {
        /// The end of a span of `length` from `start`, saturating instead of overflowing.
        func end(_ start: Int, _ length: Int) -> Int {
            let (sum, overflow) = start.addingReportingOverflow(max(length, 0))
            return overflow ? Int.max : sum
        }
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(end(x, width), self.width), y1 = min(end(y, height), self.height)
        guard x0 < x1, y0 < y1, color.w > 0 else { return }
        let blender = Blender(color: color, evenOdd: false)
        let w = self.width
        withUnsafeMutableRGBA { pixels in
            let base = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for row in y0..<y1 { blender.run(base + 4 * (row * w + x0), count: x1 - x0, winding: 1) }
        }
    }
}
