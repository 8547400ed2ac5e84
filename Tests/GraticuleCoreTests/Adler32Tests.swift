import Foundation
import GraticuleCore
import Testing

/// `Adler32.update` against the definition (RFC 1950 §8.2: A and B summed byte by byte mod 65521)
/// and a published value, at lengths around the 16-byte blocks and the 2,048-block runs, in
/// pieces, and on bytes that maximise the sums (all 0xFF).
@Suite struct Adler32Tests {
    static func definition(_ bytes: [UInt8], _ start: UInt32 = 1) -> UInt32 {
        var a = start & 0xFFFF, b = start >> 16
        for x in bytes {
            a = (a + UInt32(x)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    @Test func publishedExample() {
        // "Wikipedia" → 0x11E60398, the worked example of Wikipedia's "Adler-32" article.
        let bytes = Array("Wikipedia".utf8)
        #expect(bytes.withUnsafeBytes { Adler32.update(1, $0) } == 0x11E6_0398)
    }

    @Test(arguments: [0, 1, 15, 16, 17, 31, 32, 33, 1000, 32_767, 32_768, 32_769, 100_000, 1 << 20])
    func matchesTheDefinition(_ length: Int) {
        var g = SplitMix64(seed: UInt64(length))
        let random = (0..<length).map { _ in UInt8.random(in: 0...255, using: &g) }
        let ones = [UInt8](repeating: 0xFF, count: length)
        for bytes in [random, ones] {
            #expect(bytes.withUnsafeBytes { Adler32.update(1, $0) } == Self.definition(bytes))
            // In two pieces, continuing the checksum.
            let cut = length / 3
            let first = Array(bytes[..<cut]).withUnsafeBytes { Adler32.update(1, $0) }
            let both = Array(bytes[cut...]).withUnsafeBytes { Adler32.update(first, $0) }
            #expect(both == Self.definition(bytes))
        }
    }
}
