/// A label to write on a map: its text and the pixel its box is centred on.
public struct MapLabel: Sendable, Hashable {
    public var text: String
    /// Pixels from the canvas's top-left corner (x right, y down).
    public var x: Double, y: Double

    public init(text: String, x: Double, y: Double) {
        self.text = text
        self.x = x
        self.y = y
    }
}

/// A label where it was placed: its text's top-left pixel (in the cells of the font it was
/// placed with) and its colour (RGBA).
public struct PlacedLabel: Sendable, Hashable {
    public var text: String
    public var x: Int, y: Int
    public var color: SIMD4<UInt8>

    public init(text: String, x: Int, y: Int, color: SIMD4<UInt8>) {
        self.text = text
        self.x = x
        self.y = y
        self.color = color
    }
}

/// Where labels go on one canvas: the boxes taken so far (first come, first placed), shared by
/// every layer's labels so that no two meet. The boxes are kept in a grid of 64-pixel cells, so
/// that placing n labels costs about n look-ups, not n² (a tile set's whole zoom level is one
/// canvas of millions of pixels a side).
public struct LabelPlacer: Sendable {
    private typealias Box = (x0: Int, y0: Int, x1: Int, y1: Int)
    private var cells: [SIMD2<Int>: [Box]] = [:]
    private static let cell = 64
    /// Pixels kept free around each label's box.
    public let gap: Int

    public init(gap: Int = 2) { self.gap = gap }

    /// The top-left corner of a label's text on a `width` × `height` canvas, its box then taken;
    /// nil when the box, with `gap` around it, meets one taken, or does not fit wholly inside
    /// the canvas with a pixel to spare for the halo, or the text is empty.
    public mutating func place(_ label: MapLabel, width: Int, height: Int, font: BitmapFont = .fixed6x13) -> (x: Int, y: Int)? {
        guard !label.text.isEmpty, label.x.isFinite, label.y.isFinite, abs(label.x) < 1e12, abs(label.y) < 1e12 else { return nil }
        let w = font.width(of: label.text), h = font.cellHeight
        let x = Int((label.x - Double(w) / 2).rounded()), y = Int((label.y - Double(h) / 2).rounded())
        guard x >= 1, y >= 1, x + w + 1 <= width, y + h + 1 <= height else { return nil }
        let box: Box = (x - gap, y - gap, x + w + gap, y + h + gap)
        let (c0, c1) = (SIMD2(box.x0, box.y0) / Self.cell, SIMD2(box.x1 - 1, box.y1 - 1) / Self.cell)
        for cy in c0.y...c1.y {
            for cx in c0.x...c1.x {
                if cells[SIMD2(cx, cy)]?.contains(where: { $0.x0 < box.x1 && box.x0 < $0.x1 && $0.y0 < box.y1 && box.y0 < $0.y1 }) == true {
                    return nil
                }
            }
        }
        for cy in c0.y...c1.y {
            for cx in c0.x...c1.x { cells[SIMD2(cx, cy), default: []].append(box) }
        }
        return (x, y)
    }
}

extension Canvas {
    /// Writes one label's text from its top-left corner (pixels; any part outside the canvas is
    /// cut off), over a halo around its glyphs as wide as one of their bits (`font.scale`).
    public mutating func drawLabel(_ text: String, x: Int, y: Int, color: SIMD4<UInt8>, halo: SIMD4<UInt8>?,
                                   font: BitmapFont = .fixed6x13) {
        if let halo {
            let s = font.scale
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                drawText(text, x: x + dx * s, y: y + dy * s, color: halo, font: font)
            }
        }
        drawText(text, x: x, y: y, color: color, font: font)
    }
}
