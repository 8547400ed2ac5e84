import CZlib
import Foundation
import GraticuleCore
@testable import GraticuleTIFF
import Testing

/// Graticule's Deflate decoder (`Inflate`, RFC 1950/1951) against the system zlib: streams that
/// zlib's `deflate` made (every level, strategy, window and memory level, on random and
/// structured data) decode to the original bytes, into buffers of the exact size, smaller
/// (the prefix) and larger; damaged streams (every truncation, bit flips, hand-made faults)
/// give what zlib's `inflate` gives, driven as the decoder this one replaced drove it: the
/// same bytes, or an error with zlib's message.
@Suite struct InflateTests {
    // MARK: References

    /// What decoding gave: the bytes written, or the error's message.
    enum Outcome: Equatable, CustomStringConvertible {
        case bytes([UInt8])
        case error(String)
        var description: String {
            switch self {
            case .bytes(let b): "\(b.count) bytes, Adler-32 \(String(b.withUnsafeBytes { Adler32.update(1, $0) }, radix: 16))"
            case .error(let m): "error: \(m)"
            }
        }
    }

    /// `data` compressed by zlib's deflate as a zlib stream (header, body, Adler-32).
    static func compress(_ data: [UInt8], level: Int32 = 6, windowBits: Int32 = 15, memLevel: Int32 = 8,
                         strategy: Int32 = Z_DEFAULT_STRATEGY) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(&stream, level, Z_DEFLATED, windowBits, memLevel, strategy, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2: \(status)")
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        var input = data
        let r = finish(&stream, &input, &out, deflate)
        precondition(r.status == Z_STREAM_END, "deflate: \(r.status)")
        return Array(out[..<r.produced])
    }

    /// One zlib call (`deflate` or `inflate`) with Z_FINISH over all of `input` into `output`:
    /// its status, the bytes consumed and produced, and zlib's message.
    static func finish(_ stream: inout z_stream, _ input: inout [UInt8], _ output: inout [UInt8],
                       _ call: (UnsafeMutablePointer<z_stream>?, Int32) -> Int32)
        -> (status: Int32, consumed: Int, produced: Int, message: String?) {
        input.withUnsafeMutableBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in
                stream.next_in = i.baseAddress
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                let status = call(&stream, Z_FINISH)
                return (status, i.count - Int(stream.avail_in), o.count - Int(stream.avail_out), stream.msg.map { String(cString: $0) })
            }
        }
    }

    /// The decoder `Inflate` replaced, as it was: the header and Adler-32 checked here, the body
    /// inflated raw by zlib with Z_FINISH into `capacity` bytes.
    static func zlibDecode(_ src: [UInt8], capacity: Int) -> Outcome {
        guard !src.isEmpty, capacity > 0 else { return .bytes([]) }
        guard src.count >= 2 else { return .error("cut before its header") }
        let cmf = src[0], flg = src[1]
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else { return .error("incorrect header check") }
        guard flg & 0x20 == 0 else { return .error("preset dictionary not supported") }
        var body = Array(src[2...])
        var out = [UInt8](repeating: 0, count: capacity)
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .error("init") }
        defer { inflateEnd(&stream) }
        let (status, consumed, produced, message) = finish(&stream, &body, &out, inflate)
        if status != Z_STREAM_END && status != Z_OK && status != Z_BUF_ERROR { return .error(message ?? "error \(status)") }
        if status == Z_STREAM_END && body.count - consumed >= 4 {
            let t = consumed
            let expected = UInt32(body[t]) << 24 | UInt32(body[t + 1]) << 16 | UInt32(body[t + 2]) << 8 | UInt32(body[t + 3])
            let actual = out.withUnsafeBytes { Adler32.update(1, UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
            if actual != expected { return .error("incorrect data check") }
        }
        return .bytes(Array(out[..<produced]))
    }

    /// Graticule's decoder; the error's message without the block and position.
    static func decode(_ src: [UInt8], capacity: Int) -> Outcome {
        var out = [UInt8](repeating: 0xA5, count: capacity + 32)
        do {
            let n = try src.withUnsafeBytes { s in
                try out.withUnsafeMutableBytes { o in
                    try Inflate.decode(s, into: UnsafeMutableRawBufferPointer(rebasing: o[..<capacity]), block: 7)
                }
            }
            // Nothing written past the buffer.
            #expect(out[capacity...].allSatisfy { $0 == 0xA5 }, "bytes written past the output buffer")
            return .bytes(Array(out[..<n]))
        } catch {
            return .error(Self.message(error as! GraticuleError))
        }
    }

    /// zlib's message inside one of ours: "Deflate block 7: MESSAGE at compressed byte …".
    static func message(_ error: GraticuleError) -> String {
        var m = error.description
        if let r = m.range(of: "Deflate block 7: ") { m = String(m[r.upperBound...]) }
        if let r = m.range(of: " at compressed byte") { m = String(m[..<r.lowerBound]) }
        if let r = m.range(of: " (Adler-32") { m = String(m[..<r.lowerBound]) }
        if m.contains("cut before its header") { m = "cut before its header" }
        return m
    }

    /// Both decoders on `src`: the same bytes or the same message.
    static func expectSame(_ src: [UInt8], capacity: Int, _ comment: @autoclosure () -> String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = decode(src, capacity: capacity), zlib = zlibDecode(src, capacity: capacity)
        #expect(ours == zlib, "\(comment()): ours \(ours), zlib \(zlib)", sourceLocation: sourceLocation)
    }

    // MARK: Inputs

    /// Test data, from a seeded generator.
    enum Corpus: String, CaseIterable, CustomTestStringConvertible {
        case empty, oneByte, random, zeros, runs, periods, text, float32, int16Padded, longMatches, farWindow, mixed
        var testDescription: String { rawValue }

        var bytes: [UInt8] {
            var g = SplitMix64(seed: 0x1F1A7E ^ UInt64(Corpus.allCases.firstIndex(of: self)!))
            func byte() -> UInt8 { UInt8(truncatingIfNeeded: g.next()) }
            switch self {
            case .empty: return []
            case .oneByte: return [0x42]
            case .random: return (0..<50_000).map { _ in byte() }
            case .zeros: return [UInt8](repeating: 0, count: 100_000)
            case .runs:
                // Runs of 1 to 600 bytes: matches of distance 1 with every length.
                var b: [UInt8] = []
                while b.count < 80_000 { b += [UInt8](repeating: byte() & 7, count: 1 + Int(g.next() % 600)) }
                return b
            case .periods:
                // Patterns of period 1–16 repeated, with an occasional changed byte.
                var b: [UInt8] = []
                while b.count < 80_000 {
                    let period = 1 + Int(g.next() % 16)
                    let pattern = (0..<period).map { _ in byte() }
                    for k in 0..<(20 + Int(g.next() % 400)) { b.append(pattern[k % period]) }
                    if g.next() % 3 == 0 { b.append(byte()) }
                }
                return b
            case .text:
                let words = ["the", "raster", "of", "a", "GeoTIFF", "tile", "holds", "samples", "and", "its", "deflate",
                             "stream", "is", "decoded", "here", "with", "length", "distance", "codes", "Huffman", "table",
                             "block", ",", ".", "\n", "meridian", "graticule", "ellipsoid", "datum", "projection"]
                var s = ""
                while s.utf8.count < 60_000 { s += words[Int(g.next() % UInt64(words.count))] + " " }
                return Array(s.utf8)
            case .float32:
                // A smooth 512 × 128 Float32 field, little-endian, as in an elevation tile.
                var b: [UInt8] = []
                for r in 0..<128 {
                    for c in 0..<512 {
                        let v = Float(1200 + 300 * sin(Double(c) / 40) * cos(Double(r) / 30)).rounded()
                        withUnsafeBytes(of: v.bitPattern.littleEndian) { b += $0 }
                    }
                }
                return b
            case .int16Padded:
                // A 256 × 256 Int16 tile, the right third and the bottom quarter nodata (−32768).
                var b: [UInt8] = []
                for r in 0..<256 {
                    for c in 0..<256 {
                        let v: Int16 = (c > 170 || r > 192) ? -32768 : Int16(r * 3 + c / 2 + Int(g.next() % 3))
                        withUnsafeBytes(of: v.littleEndian) { b += $0 }
                    }
                }
                return b
            case .longMatches:
                // A 1 KiB random phrase repeated: matches of 258 bytes at distance 1024.
                let phrase = (0..<1024).map { _ in byte() }
                return (0..<100).flatMap { _ in phrase }
            case .farWindow:
                // Random 30,000-byte pieces repeated and interleaved: distances up to 32 KiB.
                let a = (0..<30_000).map { _ in byte() }, c = (0..<2_700).map { _ in byte() }
                return a + c + a + Array(a[5_000..<25_000]) + c + a
            case .mixed:
                // Random stretches, runs and copies from up to 32 KiB back.
                var b: [UInt8] = []
                while b.count < 100_000 {
                    switch g.next() % 4 {
                    case 0: for _ in 0..<(1 + Int(g.next() % 200)) { b.append(byte()) }
                    case 1: b += [UInt8](repeating: byte(), count: 3 + Int(g.next() % 300))
                    default:
                        guard b.count > 10 else { b.append(byte()); continue }
                        let distance = 1 + Int(g.next() % UInt64(min(b.count, 32_768)))
                        for _ in 0..<(3 + Int(g.next() % 300)) { b.append(b[b.count - distance]) }
                    }
                }
                return b
            }
        }
    }

    /// A deflate configuration: level, window bits, memory level, strategy.
    struct Settings: CustomTestStringConvertible, Sendable {
        var level: Int32 = 6, windowBits: Int32 = 15, memLevel: Int32 = 8, strategy: Int32 = Z_DEFAULT_STRATEGY
        var testDescription: String {
            let s = [Z_DEFAULT_STRATEGY: "default", Z_FILTERED: "filtered", Z_HUFFMAN_ONLY: "huffman",
                     Z_RLE: "rle", Z_FIXED: "fixed"][strategy]!
            return "level \(level) window \(windowBits) mem \(memLevel) \(s)"
        }
    }

    static let settings: [Settings] =
        (0...9).map { Settings(level: $0) }
        + [Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED].flatMap { s in [1, 6, 9].map { Settings(level: $0, strategy: s) } }
        + (9...14).map { Settings(windowBits: $0) }
        + (1...9).map { Settings(level: 9, memLevel: $0) }
        + [Settings(level: 1, windowBits: 9, memLevel: 1), Settings(level: 9, windowBits: 10, memLevel: 9, strategy: Z_FILTERED)]

    // MARK: Valid streams

    /// Every corpus under every setting: exact, smaller and larger buffers.
    @Test(arguments: Corpus.allCases, settings)
    func decodesZlibOutput(_ corpus: Corpus, _ settings: Settings) {
        let data = corpus.bytes
        let z = Self.compress(data, level: settings.level, windowBits: settings.windowBits, memLevel: settings.memLevel,
                              strategy: settings.strategy)
        #expect(Self.decode(z, capacity: data.count) == .bytes(data))
        #expect(Self.decode(z, capacity: data.count + 1) == .bytes(data))
        #expect(Self.decode(z, capacity: data.count + 1000) == .bytes(data))
        for smaller in Set([1, 7, 258, 300, data.count / 3, data.count - 1]) where smaller > 0 && smaller < data.count {
            #expect(Self.decode(z, capacity: smaller) == .bytes(Array(data[..<smaller])), "capacity \(smaller)")
        }
    }

    /// Random lengths and contents, small and medium, at several levels: every buffer size
    /// around the data's, and the zlib reference's outcome.
    @Test(arguments: 0..<8)
    func randomStreams(_ seed: Int) {
        var g = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
        for _ in 0..<40 {
            let n = Int(g.next() % 3000)
            let alphabet = 1 + Int(g.next() % 256)
            var data = (0..<n).map { _ in UInt8(g.next() % UInt64(alphabet)) }
            if n > 10 && g.next() % 2 == 0 {
                for i in 4..<n where g.next() % 3 != 0 { data[i] = data[i - 1 - Int(g.next() % 4)] }
            }
            let z = Self.compress(data, level: Int32(g.next() % 10), strategy: [Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE, Z_FIXED][Int(g.next() % 4)])
            for capacity in [n, n + 1, n + 300, max(n - 1, 1), max(n / 2, 1), 1] {
                let expected: Outcome = .bytes(Array(data.prefix(capacity)))
                #expect(Self.decode(z, capacity: capacity) == expected, "n \(n) capacity \(capacity)")
                Self.expectSame(z, capacity: capacity, "n \(n) capacity \(capacity)")
            }
        }
    }

    /// Several zlib streams back to back (a flush between): the first one's data, its checksum
    /// checked, the rest ignored; with a trailer cut to 0–3 bytes the checksum is not checked.
    @Test func trailerAndFollowingBytes() {
        let data = Corpus.text.bytes
        let z = Self.compress(data)
        #expect(Self.decode(z + Self.compress([1, 2, 3]), capacity: data.count + 10) == .bytes(data))
        for cut in 0...4 {
            let s = Array(z.dropLast(cut))
            #expect(Self.decode(s, capacity: data.count) == .bytes(data), "trailer cut by \(cut)")
            // A wrong checksum is only seen when all four of its bytes are there.
            var w = s
            w[w.count - 1] ^= 0x10
            if cut < 4 {
                let expected: Outcome = cut == 0 ? .error("incorrect data check") : .bytes(data)
                #expect(Self.decode(w, capacity: data.count) == expected, "trailer cut by \(cut)")
            }
        }
    }

    /// Output stopping exactly at the end of the data still reads the end of the stream and its
    /// checksum, as zlib does.
    @Test func exactBufferChecksTheTrailer() {
        let data = Corpus.float32.bytes
        var z = Self.compress(data)
        z[z.count - 2] ^= 1
        #expect(Self.decode(z, capacity: data.count) == .error("incorrect data check"))
        #expect(Self.zlibDecode(z, capacity: data.count) == .error("incorrect data check"))
        #expect(Self.decode(z, capacity: data.count - 1) == .bytes(Array(data.dropLast())))
    }

    // MARK: Damaged streams

    /// Small streams of every block type.
    static func damageSources() -> [(String, [UInt8])] {
        let text = Array(Corpus.text.bytes.prefix(3000)), periods = Array(Corpus.periods.bytes.prefix(4000))
        return [("dynamic", compress(text, level: 9)), ("fixed", compress(periods, strategy: Z_FIXED)),
                ("stored", compress(Array(text.prefix(700)), level: 0)), ("rle", compress(periods, strategy: Z_RLE)),
                ("huffman", compress(Array(text.prefix(1500)), strategy: Z_HUFFMAN_ONLY))]
    }

    /// Every truncation: what the present bytes hold, as zlib gives it.
    @Test(arguments: 0..<5)
    func everyTruncation(_ index: Int) {
        let (name, z) = Self.damageSources()[index]
        for length in 0...z.count {
            Self.expectSame(Array(z[..<length]), capacity: 5000, "\(name) cut to \(length)")
        }
    }

    /// Single bit flips (every bit of the small streams, output exact or larger): the same bytes
    /// as zlib where zlib succeeds, the same fault where it fails.
    @Test(arguments: 0..<5)
    func bitFlips(_ index: Int) {
        let (name, z) = Self.damageSources()[index]
        let size: Int = { if case .bytes(let b) = Self.zlibDecode(z, capacity: 100_000) { return b.count }; return 0 }()
        for bit in 0..<(8 * z.count) {
            var d = z
            d[bit / 8] ^= 1 << UInt8(bit % 8)
            Self.expectSame(d, capacity: bit % 3 == 0 ? size + 100 : size, "\(name) bit \(bit) flipped")
        }
    }

    /// Random bytes after a valid header, and random bytes in a valid stream's body.
    @Test(arguments: 0..<4)
    func noise(_ seed: Int) {
        var g = SplitMix64(seed: 0xBAD5EED &+ UInt64(seed))
        for trial in 0..<400 {
            var d: [UInt8]
            if trial % 2 == 0 {
                d = [0x78, 0x9C] + (0..<Int(g.next() % 400)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
            } else {
                d = Self.compress(Array(Corpus.mixed.bytes.prefix(20_000)), level: Int32(g.next() % 10))
                for _ in 0..<(1 + Int(g.next() % 4)) {
                    d[2 + Int(g.next() % UInt64(d.count - 2))] = UInt8(truncatingIfNeeded: g.next())
                }
            }
            Self.expectSame(d, capacity: 1 + Int(g.next() % 30_000), "trial \(trial)")
        }
    }

    /// Writes bits least significant first (Huffman codes most significant bit first).
    struct Bits {
        var bytes: [UInt8] = [0x78, 0x01]
        var bit = 0
        mutating func put(_ value: Int, _ count: Int) {
            for k in 0..<count {
                if bit == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8((value >> k) & 1) << UInt8(bit)
                bit = (bit + 1) % 8
            }
        }
        mutating func code(_ value: Int, _ length: Int) {
            for k in stride(from: length - 1, through: 0, by: -1) { put((value >> k) & 1, 1) }
        }
        /// A symbol of the fixed literal/length code.
        mutating func fixed(_ symbol: Int) {
            switch symbol {
            case 0..<144: code(0x30 + symbol, 8)
            case 144..<256: code(0x190 + symbol - 144, 9)
            case 256..<280: code(symbol - 256, 7)
            default: code(0xC0 + symbol - 280, 8)
            }
        }
        /// A dynamic block header sending the code lengths as they are: the code-length code
        /// gives symbols 0–15 four bits each (a complete code), so a length's code is its value.
        mutating func dynamicHeader(litlen: [Int], distance: [Int], final: Bool = true, extra: (inout Bits) -> Void = { _ in }) {
            put(final ? 1 : 0, 1); put(2, 2)
            put(litlen.count - 257, 5); put(distance.count - 1, 5); put(19 - 4, 4)
            // Code-length code: symbols 0–15 of length 4, 16–18 unused.
            for s in DeflateAlphabet.codeLengthOrder { put(s < 16 ? 4 : 0, 3) }
            for l in litlen + distance { code(l, 4) }
            extra(&self)
        }
        mutating func finish() -> [UInt8] { bytes }
    }

    /// A hand-made stream's outcome, from both decoders.
    static func outcome(_ b: Bits, capacity: Int = 1000) -> (ours: Outcome, zlib: Outcome) {
        (decode(b.bytes, capacity: capacity), zlibDecode(b.bytes, capacity: capacity))
    }

    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        let message: String
        let build: @Sendable (inout Bits) -> Void
        var testDescription: String { name }
    }

    /// Faults made by hand, each with zlib's message.
    static let faults: [Fault] = [
        Fault(name: "block type 3", message: "invalid block type") { $0.put(1, 1); $0.put(3, 2); $0.put(0, 16) },
        Fault(name: "stored LEN/NLEN mismatch", message: "invalid stored block lengths") { b in
            b.put(1, 1); b.put(0, 2); b.put(0, 5); b.put(5, 16); b.put(0xFFFB, 16); b.put(0, 40)
        },
        Fault(name: "fixed literal/length 286", message: "invalid literal/length code") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(65); b.fixed(286); b.put(0, 16)
        },
        Fault(name: "fixed literal/length 287", message: "invalid literal/length code") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(287); b.put(0, 16)
        },
        Fault(name: "fixed distance code 30", message: "invalid distance code") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(65); b.fixed(257); b.code(30, 5); b.put(0, 16)
        },
        Fault(name: "fixed distance code 31", message: "invalid distance code") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(65); b.fixed(257); b.code(31, 5); b.put(0, 16)
        },
        Fault(name: "distance before the output", message: "invalid distance too far back") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(65); b.fixed(66); b.fixed(257); b.code(2, 5); b.put(0, 16)
        },
        Fault(name: "distance at the first byte", message: "invalid distance too far back") { b in
            b.put(1, 1); b.put(1, 2); b.fixed(257); b.code(0, 5); b.put(0, 16)
        },
        Fault(name: "far distance", message: "invalid distance too far back") { b in
            b.put(1, 1); b.put(1, 2)
            for _ in 0..<100 { b.fixed(0x41) }
            b.fixed(285); b.code(29, 5); b.put(0, 13); b.put(0, 16)
        },
        Fault(name: "287 literal/length codes", message: "too many length or distance symbols") { b in
            b.put(1, 1); b.put(2, 2); b.put(30, 5); b.put(0, 5); b.put(15, 4); b.put(0, 60)
        },
        Fault(name: "288 literal/length codes", message: "too many length or distance symbols") { b in
            b.put(1, 1); b.put(2, 2); b.put(31, 5); b.put(0, 5); b.put(15, 4); b.put(0, 60)
        },
        Fault(name: "31 distance codes", message: "too many length or distance symbols") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(30, 5); b.put(15, 4); b.put(0, 60)
        },
        Fault(name: "32 distance codes", message: "too many length or distance symbols") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(31, 5); b.put(15, 4); b.put(0, 60)
        },
        Fault(name: "over-subscribed code-length code", message: "invalid code lengths set") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(0, 5); b.put(0, 4)
            for _ in 0..<4 { b.put(1, 3) }  // four codes of one bit
            b.put(0, 60)
        },
        Fault(name: "incomplete code-length code", message: "invalid code lengths set") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(0, 5); b.put(0, 4)
            b.put(1, 3); b.put(0, 9)  // a single one-bit code
            b.put(0, 60)
        },
        Fault(name: "repeat before the first length", message: "invalid bit length repeat") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(0, 5); b.put(0, 4)
            b.put(1, 3); b.put(0, 3); b.put(0, 3); b.put(1, 3)  // 0 and 16 of one bit: 0 → '0', 16 → '1'
            b.code(1, 1); b.put(0, 2)  // 16 first
            b.put(0, 40)
        },
        Fault(name: "repeat past the end", message: "invalid bit length repeat") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(0, 5); b.put(0, 4)
            b.put(0, 3); b.put(0, 3); b.put(1, 3); b.put(1, 3)  // 0 and 18 of one bit: 0 → '0', 18 → '1'
            for _ in 0..<2 { b.code(1, 1); b.put(127, 7) }  // 2 × 138 zeros > 258
            b.put(0, 40)
        },
        Fault(name: "zero code-length code", message: "invalid code -- missing end-of-block") { b in
            b.put(1, 1); b.put(2, 2); b.put(0, 5); b.put(0, 5); b.put(0, 4); b.put(0, 12); b.put(0, 300)
        },
        Fault(name: "no end-of-block code", message: "invalid code -- missing end-of-block") { b in
            var l = [Int](repeating: 0, count: 257); l[65] = 1; l[66] = 1
            b.dynamicHeader(litlen: l, distance: [1]); b.put(0, 40)
        },
        Fault(name: "over-subscribed literal/length code", message: "invalid literal/lengths set") { b in
            var l = [Int](repeating: 0, count: 257); l[65] = 1; l[66] = 1; l[256] = 1
            b.dynamicHeader(litlen: l, distance: [1]); b.put(0, 40)
        },
        Fault(name: "incomplete literal/length code", message: "invalid literal/lengths set") { b in
            var l = [Int](repeating: 0, count: 257); l[65] = 1; l[256] = 2
            b.dynamicHeader(litlen: l, distance: [1]); b.put(0, 40)
        },
        Fault(name: "single literal/length code of two bits", message: "invalid literal/lengths set") { b in
            var l = [Int](repeating: 0, count: 257); l[256] = 2
            b.dynamicHeader(litlen: l, distance: [1]); b.put(0, 40)
        },
        Fault(name: "over-subscribed distance code", message: "invalid distances set") { b in
            var l = [Int](repeating: 0, count: 257); l[65] = 1; l[256] = 1
            b.dynamicHeader(litlen: l, distance: [1, 1, 1]); b.put(0, 40)
        },
        Fault(name: "incomplete distance code", message: "invalid distances set") { b in
            var l = [Int](repeating: 0, count: 257); l[65] = 1; l[256] = 1
            b.dynamicHeader(litlen: l, distance: [1, 2]); b.put(0, 40)
        },
        Fault(name: "single distance code, the other one used", message: "invalid distance code") { b in
            var l = [Int](repeating: 0, count: 258); l[65] = 2; l[257] = 2; l[256] = 1
            b.dynamicHeader(litlen: l, distance: [1]) { b in
                b.code(2, 2); b.code(3, 2); b.code(1, 1)  // 'A', length 3, distance code '1' (unused)
            }
            b.put(0, 40)
        },
        Fault(name: "no distance code, a match", message: "invalid distance code") { b in
            var l = [Int](repeating: 0, count: 258); l[65] = 2; l[257] = 2; l[256] = 1
            b.dynamicHeader(litlen: l, distance: [0]) { b in b.code(2, 2); b.code(3, 2); b.put(0, 1) }
            b.put(0, 40)
        },
        Fault(name: "single literal/length code, the other one used", message: "invalid literal/length code") { b in
            var l = [Int](repeating: 0, count: 257); l[256] = 1
            b.dynamicHeader(litlen: l, distance: [1]) { b in b.code(1, 1) }
            b.put(0, 40)
        },
    ]

    @Test(arguments: faults)
    func handMadeFault(_ fault: Fault) {
        var b = Bits()
        fault.build(&b)
        let (ours, zlib) = Self.outcome(b)
        #expect(zlib == .error(fault.message), "zlib gives \(zlib)")
        #expect(ours == .error(fault.message))
        // The message names the block and where.
        do {
            _ = try b.bytes.withUnsafeBytes { s in
                var out = [UInt8](repeating: 0, count: 1000)
                return try out.withUnsafeMutableBytes { o in try Inflate.decode(s, into: o, block: 12) }
            }
            Issue.record("no error")
        } catch {
            let text = String(describing: error)
            #expect(text.contains("Deflate block 12: \(fault.message) at compressed byte "), "\(error)")
            #expect(text.contains(" of \(b.bytes.count)"), "\(error)")
        }
        // Every truncation of it: what zlib gives.
        for n in 0..<b.bytes.count {
            Self.expectSame(Array(b.bytes[..<n]), capacity: 1000, "\(fault.name) cut to \(n)")
        }
    }

    /// Valid corner cases made by hand: empty blocks, a block holding only end-of-block with a
    /// one-bit code, a single distance code, a stored block of 0 and 65,535 bytes, code-length
    /// repeats crossing from the literal/length lengths into the distance lengths.
    @Test func handMadeValidStreams() {
        func finish(_ b: inout Bits, _ data: [UInt8]) {
            if b.bit != 0 { b.put(0, 8 - b.bit) }
            let a = data.withUnsafeBytes { Adler32.update(1, $0) }
            b.bytes += [UInt8(a >> 24), UInt8(a >> 16 & 0xFF), UInt8(a >> 8 & 0xFF), UInt8(a & 0xFF)]
        }
        var cases: [(String, Bits, [UInt8])] = []
        do {  // empty fixed block, then empty stored block, then a fixed block with "AB"
            var b = Bits()
            b.put(0, 1); b.put(1, 2); b.fixed(256)
            b.put(0, 1); b.put(0, 2); b.put(0, 8 - b.bit); b.put(0, 16); b.put(0xFFFF, 16)
            b.put(1, 1); b.put(1, 2); b.fixed(65); b.fixed(66); b.fixed(256)
            finish(&b, [65, 66]); cases.append(("empty blocks", b, [65, 66]))
        }
        do {  // a dynamic block of only end-of-block, one-bit code
            var b = Bits()
            var l = [Int](repeating: 0, count: 257); l[256] = 1
            b.dynamicHeader(litlen: l, distance: [0]) { $0.code(0, 1) }
            finish(&b, []); cases.append(("only end-of-block", b, []))
        }
        do {  // a single distance code (one bit, '0'): "A" then a match of 10 at distance 1
            var b = Bits()
            var l = [Int](repeating: 0, count: 265); l[65] = 2; l[256] = 2; l[264] = 1
            b.dynamicHeader(litlen: l, distance: [1]) { b in
                b.code(2, 2); b.code(0, 1); b.code(0, 1); b.code(3, 2)
            }
            let data = [UInt8](repeating: 65, count: 11)
            finish(&b, data); cases.append(("single distance code", b, data))
        }
        do {  // a stored block of 65,535 bytes
            var b = Bits()
            let data = (0..<65_535).map { UInt8(truncatingIfNeeded: $0 * 7) }
            b.put(1, 1); b.put(0, 2); b.put(0, 5); b.put(65_535, 16); b.put(0, 16)
            b.bytes += data
            finish(&b, data); cases.append(("stored 65535", b, data))
        }
        for (name, b, data) in cases {
            #expect(Self.decode(b.bytes, capacity: max(data.count, 1)) == .bytes(data), "\(name)")
            #expect(Self.zlibDecode(b.bytes, capacity: max(data.count, 1)) == .bytes(data), "\(name) (zlib)")
            #expect(Self.decode(b.bytes, capacity: data.count + 50) == .bytes(data), "\(name)")
        }
    }

    /// The zlib header: method, window size, check bits, preset dictionary; and a wrong Adler-32.
    @Test func headerAndChecksum() {
        let data = Corpus.text.bytes
        let z = Self.compress(data)
        var bad = z; bad[0] = 0x79
        #expect(Self.decode(bad, capacity: data.count) == .error("incorrect header check"))
        bad = z; bad[0] = 0x88; bad[1] = 0x1C  // window 2^16
        #expect(Self.decode(bad, capacity: data.count) == .error("incorrect header check"))
        bad = z; bad[1] ^= 1
        #expect(Self.decode(bad, capacity: data.count) == .error("incorrect header check"))
        bad = z; bad[1] = 0xBB  // FDICT, check bits valid (0x78BB % 31 == 0)
        #expect(Self.decode(bad, capacity: data.count) == .error("preset dictionary not supported"))
        #expect(Self.decode([0x78], capacity: 10) == .error("cut before its header"))
        #expect(Self.decode([], capacity: 10) == .bytes([]))
        for k in 1...4 {
            bad = z; bad[z.count - k] ^= 0x80
            #expect(Self.decode(bad, capacity: data.count) == .error("incorrect data check"), "trailer byte \(k)")
        }
    }
}
