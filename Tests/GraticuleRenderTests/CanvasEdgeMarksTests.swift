import Foundation
import GraticuleIO
import Testing
@testable import GraticuleRender

/// The canvas's edge marks (`PixelStorage.marks`) keep their promise, whatever is painted: two
/// neighbours along a row that are both unmarked have the same colour. The PNG and JPEG encoders
/// rely on it (`RowChanges`), so the files must be the bytes the encoders write without it.
@Suite struct CanvasEdgeMarksTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
        mutating func colour(opaque: Bool) -> SIMD4<UInt8> {
            SIMD4(UInt8(next() % 256), UInt8(next() % 256), UInt8(next() % 256), opaque ? 255 : UInt8(next() % 256))
        }
    }

    /// The first pair of unmarked neighbours with different colours, if any.
    static func brokenPromise(_ canvas: Canvas) -> (x: Int, y: Int)? {
        let storage = canvas.storage
        guard storage.marksValid else { return nil }
        return canvas.withUnsafeRGBA { p -> (Int, Int)? in
            let px = p.bindMemory(to: UInt32.self)
            for y in 0..<canvas.height {
                for x in 1..<max(1, canvas.width) {
                    let marked = { (x: Int) in storage.marks[y * storage.markWordsPerRow + x / 64] >> UInt64(x % 64) & 1 == 1 }
                    if !marked(x), !marked(x - 1), px[y * canvas.width + x] != px[y * canvas.width + x - 1] { return (x, y) }
                }
            }
            return nil
        }
    }

    /// A random shape: a polygon reaching past the canvas, or a rectangle on whole pixels (its
    /// right edge on a pixel boundary: the run that ends at its box's right side).
    static func shape(_ r: inout Random, _ w: Int, _ h: Int) -> Path {
        var p = Path()
        if r.next() % 3 == 0 {
            let x0 = Int(r.next() % UInt64(w + 4)) - 2, y0 = Int(r.next() % UInt64(h + 4)) - 2
            let x1 = x0 + 1 + Int(r.next() % UInt64(w)), y1 = y0 + 1 + Int(r.next() % UInt64(h))
            p.move(to: Double(x0), Double(y0)); p.line(to: Double(x1), Double(y0))
            p.line(to: Double(x1), Double(y1)); p.line(to: Double(x0), Double(y1)); p.close()
            return p
        }
        for _ in 0..<(1 + r.next() % 2) {
            let n = 3 + Int(r.next() % 6)
            p.move(to: r.unit() * Double(w + 20) - 10, r.unit() * Double(h + 20) - 10)
            for _ in 1..<n { p.line(to: r.unit() * Double(w + 20) - 10, r.unit() * Double(h + 20) - 10) }
            p.close()
        }
        return p
    }

    @Test(arguments: [(37, 23), (64, 20), (65, 17), (130, 41)])
    func unmarkedNeighboursAreEqualAndTheFileIsUnchanged(_ w: Int, _ h: Int) throws {
        for seed in 0..<40 {
            var r = Random(state: UInt64(seed * 1000 + w * h))
            let opaque = seed % 4 != 3
            var canvas = Canvas(width: w, height: h, background: r.colour(opaque: opaque))
            for step in 0..<12 {
                let path = Self.shape(&r, w, h)
                let colour = r.colour(opaque: r.next() % 2 == 0), other = r.colour(opaque: r.next() % 2 == 0)
                let width = 0.2 + 3 * r.unit()
                switch r.next() % 5 {
                case 0: canvas.fill(path, color: colour)
                case 1: canvas.fill(path, color: colour, rule: .evenOdd)
                case 2: canvas.stroke(path, color: colour, width: width)
                case 3: canvas.fillAndStroke(path, fill: colour, stroke: other, width: min(width, 1), geometry: .hairlineBelowOnePixel)
                default: canvas.fillAndStroke(path, fill: colour, stroke: other, width: width)
                }
                let broken = Self.brokenPromise(canvas)
                #expect(broken == nil, "seed \(seed), step \(step): pixels \(broken.map { "(\($0.x - 1), \($0.y)) and (\($0.x), \($0.y))" } ?? "")")
            }
            #expect(canvas.storage.marksValid)
            let plain = try PNGWriter.encodeForDisplay(width: w, height: h, rgba: canvas.rgba)
            #expect(try canvas.png() == plain, "seed \(seed)")
            // The JPEG encoder reads the marks too: the same bytes as without them.
            #expect(try canvas.jpeg(quality: 80, matte: SIMD3(9, 99, 199))
                    == JPEGWriter.encode(width: w, height: h, rgba: canvas.rgba, quality: 80, matte: SIMD3(9, 99, 199)), "seed \(seed)")
        }
    }

    /// Pixels changed behind the marks' back (a raster composited in) void them, and the file
    /// is still the encoder's own.
    @Test func directWritesVoidTheMarks() throws {
        var canvas = Canvas(width: 20, height: 10, background: [255, 255, 255, 255])
        canvas.fill(CanvasCoverageTests.rect(2.5, 2.5, 9.5, 7.5), color: [200, 0, 0, 255])
        #expect(canvas.storage.marksValid)
        canvas.withUnsafeMutableRGBA { p in p[4 * 15] = 0 }
        #expect(!canvas.storage.marksValid)
        #expect(try canvas.png() == PNGWriter.encodeForDisplay(width: 20, height: 10, rgba: canvas.rgba))
        // A copy that draws keeps what the original knew.
        var copy = canvas
        copy.fill(CanvasCoverageTests.rect(1, 1, 3, 3), color: [0, 0, 200, 255])
        #expect(!copy.storage.marksValid)
    }
}
