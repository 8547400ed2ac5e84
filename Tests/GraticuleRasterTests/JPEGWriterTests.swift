import Foundation
import GraticuleCore
@testable import GraticuleIO
import Testing

/// JPEGWriter against libjpeg-turbo: synthetic images (`pattern`, the same formulas as
/// tools/oracle/jpeg_fixtures.py) must encode to exactly the bytes Pillow's libjpeg wrote for
/// them (Fixtures/jpeg, with the generator's versions in manifest.csv): headers, tables, DCT,
/// quantisation, chroma averaging, edge padding, dummy blocks and Huffman coding all at once.
@Suite struct JPEGWriterTests {
    struct Case: Sendable, CustomStringConvertible {
        let file: String, pattern: String
        let width: Int, height: Int, quality: Int
        let matte: SIMD3<UInt8>
        let bytes: Int
        var description: String { file }
    }

    static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "jpeg", withExtension: nil, subdirectory: "Fixtures") else {
            preconditionFailure("missing test fixtures Fixtures/jpeg")
        }
        return url
    }()

    static let cases: [Case] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("manifest.csv"), encoding: .utf8) else {
            preconditionFailure("missing Fixtures/jpeg/manifest.csv")
        }
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("file,") }
        let cases = rows.map { line -> Case in
            // file,pattern,width,height,quality,"r,g,b",bytes
            let quoted = line.split(separator: "\"")
            let head = quoted[0].split(separator: ",").map(String.init)
            let matte = quoted[1].split(separator: ",").map { UInt8($0)! }
            let bytes = Int(quoted[2].dropFirst())!
            return Case(file: head[0], pattern: head[1], width: Int(head[2])!, height: Int(head[3])!, quality: Int(head[4])!,
                        matte: SIMD3(matte[0], matte[1], matte[2]), bytes: bytes)
        }
        precondition(cases.count >= 10, "Fixtures/jpeg/manifest.csv has \(cases.count) cases")
        return cases
    }()

    /// RGBA test patterns: a gradient, flat regions with hard edges and a diagonal line, noise,
    /// and a gradient with varying alpha.
    static func pattern(_ kind: String, _ w: Int, _ h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var state: UInt32 = 0x2545_F491
        let palette: [(Int, Int, Int)] = [(230, 225, 205), (255, 255, 255), (90, 90, 90), (40, 120, 200)]
        for y in 0..<h {
            for x in 0..<w {
                var c = (0, 0, 0), a = 255
                switch kind {
                case "gradient": c = ((x * 4) & 255, (y * 5) & 255, ((x + y) * 2) & 255)
                case "edges":
                    c = palette[(x / 5 + y / 3) % 3]
                    if abs(x - 2 * y) <= 1 { c = palette[3] }
                case "noise":
                    var v = [Int]()
                    for _ in 0..<3 {
                        state = state &* 1_103_515_245 &+ 12345
                        v.append(Int(state >> 24))
                    }
                    c = (v[0], v[1], v[2])
                case "alpha":
                    c = ((x * 9) & 255, 255 - ((y * 7) & 255), 128)
                    a = ((x + y) * 13) & 255
                default: preconditionFailure("unknown pattern \(kind)")
                }
                let i = 4 * (y * w + x)
                out[i] = UInt8(c.0); out[i + 1] = UInt8(c.1); out[i + 2] = UInt8(c.2); out[i + 3] = UInt8(a)
            }
        }
        return out
    }

    @Test(arguments: cases)
    func bytesEqualLibjpeg(_ c: Case) throws {
        let expected = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(c.file)))
        #expect(expected.count == c.bytes)
        let ours = try JPEGWriter.encode(width: c.width, height: c.height, rgba: Self.pattern(c.pattern, c.width, c.height),
                                         quality: c.quality, matte: c.matte)
        let firstDifference = zip(ours, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(ours.count == expected.count && firstDifference == nil, "\(c.file): \(ours.count) bytes against libjpeg's \(expected.count), first difference at \(firstDifference.map(String.init) ?? "the end")")
    }

    @Test func refusesBadSizesAndBuffers() {
        #expect(throws: GraticuleError.self) { try JPEGWriter.encode(width: 0, height: 4, rgba: []) }
        #expect(throws: GraticuleError.self) { try JPEGWriter.encode(width: 70_000, height: 1, rgba: [UInt8](repeating: 0, count: 280_000)) }
        do {
            _ = try JPEGWriter.encode(width: 2, height: 2, rgba: [0, 0, 0])
            Issue.record("a short buffer was accepted")
        } catch {
            #expect(error.description.contains("needs 16 RGBA bytes, got 3"), "\(error)")
        }
    }

    /// libjpeg's quality scaling at its ends and middle (jcparam.c, jpeg_set_quality).
    @Test func qualityScalesTheAnnexKTables() {
        #expect(JPEGTables.quantisation(JPEGTables.luminance, quality: 50) == JPEGTables.luminance)
        #expect(JPEGTables.quantisation(JPEGTables.luminance, quality: 100).allSatisfy { $0 == 1 })
        #expect(JPEGTables.quantisation(JPEGTables.luminance, quality: 75).prefix(3) == [8, 6, 5])
        #expect(JPEGTables.quantisation(JPEGTables.chrominance, quality: 1).allSatisfy { $0 == 255 })
    }
}
