import Foundation
import Testing
@testable import GraticuleRender

/// `Canvas.drawText` with `BitmapFont.fixed6x13` against Pillow: `Fixtures/text/lines.txt`
/// holds lines drawn by Pillow 13.0.0 from the same X11 font file (its own PCF reader and
/// ImageDraw; `tools/oracle/text_fixtures.py`), as rows of '#' (ink) and '.'.
@Suite struct BitmapTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let rows: [String]
        var testDescription: String { text }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/text/lines.txt")
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        var cases: [Case] = []
        var i = 1  // line 0 names the generator
        while i + 13 < lines.count + 1, lines[i].hasPrefix("# ") {
            let json = Data(lines[i].dropFirst(2).utf8)
            let text = (try? JSONDecoder().decode(String.self, from: json)) ?? "?"
            cases.append(Case(text: text, rows: Array(lines[(i + 1)...(i + 13)])))
            i += 14
        }
        return cases
    }()

    @Test func fixturesLoaded() {
        #expect(Self.cases.count == 7)
    }

    /// Black text on white, drawn at (2, 3): every pixel of every cell as Pillow drew it, the
    /// margin untouched.
    @Test(arguments: cases)
    func matchesPillow(_ c: Case) {
        let font = BitmapFont.fixed6x13
        #expect(font.width(of: c.text) == c.rows[0].count)
        var canvas = Canvas(width: font.width(of: c.text) + 4, height: 17, background: SIMD4(255, 255, 255, 255))
        canvas.drawText(c.text, x: 2, y: 3, color: SIMD4(0, 0, 0, 255))
        var wrong = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let inCell = x >= 2 && y >= 3 && x < 2 + c.rows[0].count && y < 16
                let ink = inCell && Array(c.rows[y - 3].utf8)[x - 2] == UInt8(ascii: "#")
                if canvas.pixel(x: x, y: y) != (ink ? SIMD4(0, 0, 0, 255) : SIMD4(255, 255, 255, 255)) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from Pillow's")
    }

    /// Text half off every side is clipped, not wrapped or crashing, and translucent ink blends.
    @Test func clipsAndBlends() {
        var canvas = Canvas(width: 10, height: 8, background: SIMD4(255, 255, 255, 255))
        for (x, y) in [(-4, -5), (7, 4), (-100, 0), (0, 100), (Int.min / 2, Int.max / 2)] {
            canvas.drawText("HH", x: x, y: y, color: SIMD4(0, 0, 0, 128))
        }
        // With the first cell at (-4, -5), canvas row 0 is row 5 of the cells, "#...#." in 'H':
        // column 0 is the first H's x 4 (ink), column 1 its x 5 (none), column 2 the second
        // H's x 0 (ink), each half black over white.
        #expect(canvas.pixel(x: 0, y: 0) == SIMD4(127, 127, 127, 255))
        #expect(canvas.pixel(x: 1, y: 0) == SIMD4(255, 255, 255, 255))
        #expect(canvas.pixel(x: 2, y: 0) == SIMD4(127, 127, 127, 255))
    }

    /// Characters outside the font draw as '?' or their ASCII forms.
    @Test func fallbacks() {
        let font = BitmapFont.fixed6x13
        #expect(font.glyph("\u{2212}") == font.glyph("-"))
        #expect(font.glyph("\u{2019}") == font.glyph("'"))
        #expect(font.glyph("\u{4E2D}") == font.glyph("?"))
        #expect(font.glyph("\n") == font.glyph("?"))
        #expect(font.glyph("\u{FF}") == 190)
    }

    /// Word wrapping: at spaces, long words cut, line feeds kept, one character per line at least.
    @Test func wrapping() {
        let font = BitmapFont.fixed6x13
        #expect(font.lines("unknown CRS EPSG:99999", maxWidth: 60) == ["unknown", "CRS", "EPSG:99999"])
        #expect(font.lines("abcdefghijklmnopqrstuvw", maxWidth: 60) == ["abcdefghij", "klmnopqrst", "uvw"])
        #expect(font.lines("a b\nc", maxWidth: 600) == ["a b", "c"])
        #expect(font.lines("xyz", maxWidth: 0) == ["x", "y", "z"])
        #expect(font.lines("", maxWidth: 60) == [""])
    }
}
