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

/// Where labels go on one canvas: the boxes taken so far (first come, first placed), shared by
/// every layer's labels so that no two meet.
public struct LabelPlacer: Sendable {
    private var taken: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
    /// Pixels kept free around each label's box.
    public let gap: Int

    public init(gap: Int = 2) { self.gap = gap }

    /// The top-left corner of a label's text on a `width` × `height` canvas, its box then taken;
    /// nil when the box, with `gap` around it, meets one taken, or does not fit wholly inside
    /// the canvas with a pixel to spare for the halo (a tile's neighbour may hold it), or the
    /// text is empty.
    public mutating func place(_ label: MapLabel, width: Int, height: Int, font: BitmapFont = .fixed6x13) -> (x: Int, y: Int)? {
        guard !label.text.isEmpty, label.x.isFinite, label.y.isFinite, abs(label.x) < 1e6, abs(label.y) < 1e6 else { return nil }
        let w = font.width(of: label.text), h = font.cellHeight
        let x = Int((label.x - Double(w) / 2).rounded()), y = Int((label.y - Double(h) / 2).rounded())
        guard x >= 1, y >= 1, x + w + 1 <= width, y + h + 1 <= height else { return nil }
        let box = (x - gap, y - gap, x + w + gap, y + h + gap)
        guard !taken.contains(where: { $0.x0 < box.2 && box.0 < $0.x1 && $0.y0 < box.3 && box.1 < $0.y1 }) else { return nil }
        taken.append(box)
        return (x, y)
    }
}

extension Canvas {
    /// Writes labels in a bitmap font, each centred on its point with a one-pixel halo around
    /// its glyphs, in the order given, where `placer` finds room (overlapping labels are left
    /// out, as MapServer and Mapnik leave them out).
    /// - Returns: the labels written.
    @discardableResult
    public mutating func drawLabels(_ labels: [MapLabel], color: SIMD4<UInt8>, halo: SIMD4<UInt8>?, placer: inout LabelPlacer,
                                    font: BitmapFont = .fixed6x13) -> [MapLabel] {
        var written: [MapLabel] = []
        for label in labels {
            guard let (x, y) = placer.place(label, width: width, height: height, font: font) else { continue }
            if let halo {
                for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    drawText(label.text, x: x + dx, y: y + dy, color: halo, font: font)
                }
            }
            drawText(label.text, x: x, y: y, color: color, font: font)
            written.append(label)
        }
        return written
    }
}
