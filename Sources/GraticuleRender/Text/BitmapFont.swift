/// A fixed-width bitmap font: every glyph fills one cell of `cellWidth × cellHeight` pixels,
/// one byte per row (bit `cellWidth − 1` the leftmost pixel), no anti-aliasing (MapServer's
/// built-in GD fonts are of this kind). What legends and in-image error messages are written
/// with: text that must be legible at one size without a font rasteriser.
///
/// Glyphs cover printable ASCII (U+0020–U+007E) and Latin-1 (U+00A0–U+00FF); the minus sign,
/// dashes and curly quotes are drawn as their ASCII forms, any other character as `?`.
public struct BitmapFont: Sendable {
    /// Size of a glyph's cell, pixels (also the advance from one character to the next).
    public let cellWidth: Int, cellHeight: Int
    /// Rows of the cell above the baseline.
    public let ascent: Int
    /// Pixels a side per bit of the glyphs (1; 2 or more for HiDPI images: `scaled(by:)`).
    public let scale: Int
    /// `cellHeight / scale` bytes per glyph, U+0020–U+007E then U+00A0–U+00FF.
    let rows: [UInt8]

    init(cellWidth: Int, cellHeight: Int, ascent: Int, rows: [UInt8], scale: Int = 1) {
        precondition(cellWidth <= 8 && rows.count == 191 * cellHeight, "a bitmap font has 191 glyphs of one byte per row")
        self.cellWidth = cellWidth * scale
        self.cellHeight = cellHeight * scale
        self.ascent = ascent * scale
        self.scale = scale
        self.rows = rows
    }

    /// The font drawn `factor` times as large (each bit a `factor` × `factor` square; factor
    /// clamped to 1…8), for images of `factor` device pixels per reference pixel.
    public func scaled(by factor: Int) -> BitmapFont {
        BitmapFont(cellWidth: cellWidth / scale, cellHeight: cellHeight / scale, ascent: ascent / scale, rows: rows,
                   scale: min(max(factor, 1), 8))
    }

    /// The glyph drawn for a character: its index in `rows` (in cells).
    func glyph(_ c: Unicode.Scalar) -> Int {
        switch c.value {
        case 0x20...0x7E: return Int(c.value) - 0x20
        case 0xA0...0xFF: return Int(c.value) - 0xA0 + 95
        case 0x2010...0x2015, 0x2212: return glyph("-")
        case 0x2018, 0x2019: return glyph("'")
        case 0x201C, 0x201D: return glyph("\"")
        default: return glyph("?")
        }
    }

    /// The width of one line of text (pixels): one cell per character (Unicode scalar).
    public func width(of text: String) -> Int { text.unicodeScalars.count * cellWidth }

    /// Lines of text that fit `maxWidth` pixels: broken at spaces (and at line feeds), a word
    /// longer than a line broken where the line ends; at least one character per line.
    public func lines(_ text: String, maxWidth: Int) -> [String] {
        let perLine = max(1, maxWidth / cellWidth)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Unicode.Scalar] = []
            for word in paragraph.split(separator: " ") {
                var word = Array(word.unicodeScalars)
                if !line.isEmpty && line.count + 1 + word.count <= perLine {
                    line.append(" ")
                    line += word
                    continue
                }
                if !line.isEmpty { lines.append(Self.string(line)) }
                while word.count > perLine {
                    lines.append(Self.string(word[..<perLine]))
                    word.removeFirst(perLine)
                }
                line = word
            }
            lines.append(Self.string(line))
        }
        return lines
    }

    private static func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }
}
