import Foundation
import GraticuleCore
@testable import GraticuleIO
import Testing

/// `PNGWriter.encodeQuantized` (`PaletteQuantizer`): the files decode (PNGWriterTests' decoder)
/// to at most the allowed colours, and on two test images Pillow drew
/// (`Fixtures/quantize/`, tools/oracle/quantize_fixtures.py) the error per RGB sample is no
/// worse than Pillow 13.0.0's median cut, the better of its two quantisers there.
@Suite struct PaletteQuantizerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/quantize")

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func quantise(_ rgba: [UInt8], _ w: Int, _ h: Int, colours: Int = 256) throws -> PNGWriterTests.Decoded {
        let file = try rgba.withUnsafeBytes { p in
            try PNGWriter.encodeQuantized(width: w, height: h, rgbaBytes: p, maximumColours: colours)
        }
        return try PNGWriterTests.decode(file)
    }

    @Test(arguments: ["map", "photo"])
    func noWorseThanPillowsMedianCut(name: String) throws {
        let entry = try #require((try Self.manifest()["images"] as? [String: Any])?[name] as? [String: Any])
        let pillow = try #require((entry["mse"] as? [String: Any])?["mediancut"] as? Double)
        let source = try PNGWriterTests.decode([UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name + ".png"))))
        let rgba = PNGWriterTests.expand(source)
        #expect(Set(stride(from: 0, to: rgba.count, by: 4).map { Array(rgba[$0..<($0 + 3)]) }).count == entry["colours"] as? Int)
        let q = try Self.quantise(rgba, source.width, source.height)
        #expect(q.colorType == 3 && q.palette.count <= 3 * 256)
        let out = PNGWriterTests.expand(q)
        var sum = 0.0
        for i in 0..<(rgba.count / 4) {
            for c in 0..<3 { let d = Double(out[4 * i + c]) - Double(rgba[4 * i + c]); sum += d * d }
            #expect(out[4 * i + 3] == 255)
        }
        let mse = sum / Double(3 * rgba.count / 4)
        // The map's flat colours (each at least 1 % of its pixels: sea, fills, borders) are kept
        // exactly, where they are.
        var frequency: [[UInt8]: Int] = [:]
        for i in stride(from: 0, to: rgba.count, by: 4) { frequency[Array(rgba[i..<(i + 4)]), default: 0] += 1 }
        let flat = Set(frequency.filter { $0.value * 100 >= rgba.count / 4 }.keys)
        #expect(name != "map" || flat.count >= 4, "\(flat.count) flat colours")
        var moved = 0
        for i in stride(from: 0, to: rgba.count, by: 4) where flat.contains(Array(rgba[i..<(i + 4)])) && out[i..<(i + 4)] != rgba[i..<(i + 4)] {
            moved += 1
        }
        #expect(moved == 0, "\(moved) pixels of flat colours changed")
        #expect(mse <= pillow, "\(name): \(mse) against Pillow's \(pillow)")
    }

    /// At most 256 colours: the same pixels (nothing to quantise).
    @Test func fewColoursAreKept() throws {
        let w = 70, h = 9
        var rgba: [UInt8] = []
        for i in 0..<(w * h) { rgba += [UInt8(i % 5 * 50), UInt8(i % 7 * 30), 9, i % 11 == 0 ? 128 : 255] }  // at most 70 colours
        let q = try Self.quantise(rgba, w, h)
        #expect(q.colorType == 3 && PNGWriterTests.expand(q) == rgba)
    }

    /// Fully transparent pixels of any colour become one transparent entry; few allowed colours.
    @Test func transparentPixelsAndSmallPalettes() throws {
        let w = 40, h = 10
        var rgba: [UInt8] = []
        for i in 0..<(w * h) { rgba += i % 2 == 0 ? [UInt8(i % 256), UInt8(i / 3 % 256), 7, 0] : [UInt8(i % 97), 200, UInt8(i % 13), 255] }
        let q = try Self.quantise(rgba, w, h, colours: 4)
        #expect(q.palette.count <= 3 * 4)
        let out = PNGWriterTests.expand(q)
        for i in stride(from: 0, to: w * h, by: 2) { #expect(out[4 * i + 3] == 0) }
        for i in stride(from: 1, to: w * h, by: 2) { #expect(out[4 * i + 3] == 255 && out[4 * i + 1] == 200) }
        let one = try Self.quantise(rgba, w, h, colours: 1)
        #expect(one.palette.count == 3)
    }

    @Test func badInputIsRefused() {
        #expect(throws: GraticuleError.self) { try [UInt8](repeating: 0, count: 16).withUnsafeBytes { try PNGWriter.encodeQuantized(width: 2, height: 3, rgbaBytes: $0) } }
        #expect(throws: GraticuleError.self) { try [UInt8](repeating: 0, count: 16).withUnsafeBytes { try PNGWriter.encodeQuantized(width: 2, height: 2, rgbaBytes: $0, maximumColours: 0) } }
        #expect(throws: GraticuleError.self) { try [UInt8]().withUnsafeBytes { try PNGWriter.encodeQuantized(width: 0, height: 0, rgbaBytes: $0) } }
    }
}
