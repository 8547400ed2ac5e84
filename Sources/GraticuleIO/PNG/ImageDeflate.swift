import GraticuleCore

/// A fast deflate encoder for the scanlines of flat-colour images (maps, charts): the zlib
/// stream (RFC 1950) of unfiltered rows (PNG filter type 0) of RGB or RGBA pixels, in one
/// dynamic-Huffman block (RFC 1951).
///
/// Each pixel is a match or a literal. A match repeats either the pixel to the left (distance:
/// one pixel) or the pixels above (distance: one row, which also repeats a row's filter byte):
/// a run of one colour or a stretch of the row above, the two things a map is made of. Whatever
/// matches nothing (anti-aliased edges) is literal bytes, except on photo-like rows (after a row
/// where more than a quarter of the pixels matched neither neighbour): there a pixel is copied
/// from the last one of its colour within the window (`RecentColours`), which a coloured
/// raster's pixels often match. The matches are found by comparing 32-bit pixels (four at a time);
/// one pass gathers the tokens, the literal bytes' frequencies and the Adler-32 (row by row,
/// while the row is in cache); the matches' symbols are counted from the tokens, the Huffman
/// codes are built from those (so they are optimal for the image), and a second pass writes the
/// bits. The same tokens also give the image as palette indices when it has at most 256 colours
/// (`paletteZlibStream`). Linear in the pixels.
///
/// The same pass learns what the layout needs: every pixel is either a literal or a copy of an
/// earlier one, so the literals alone hold every colour of the image (counted up to 257) and
/// every alpha value (a translucent one makes RGB impossible).
struct ImageDeflate {
    /// Match distances are at most 32,768 bytes (deflate's window): rows of at most this many
    /// bytes (with the filter byte) can use matches with the row above.
    static let window = 32768

    let pixels: UnsafeRawBufferPointer
    let width: Int, height: Int
    /// Where rows may change colour, when known.
    let changes: RowChanges?
    /// Bytes per pixel written: 3 (RGB, every alpha 255) or 4 (RGBA).
    let bpp: Int
    /// Bytes per row in the stream: the filter byte and the pixels.
    var stride: Int { 1 + bpp * width }

    /// Token: kind in bits 62–63, a count in bits 32–61, a pixel index in bits 0–31.
    /// Kinds: literal pixels (count: pixels, index: the first), a match with the row above or
    /// with earlier bytes of the stream (count: bytes; bits 0–31 its distance in bytes, 0 for
    /// the pixel to the left), the filter byte 0 as a literal.
    private(set) var tokens: [UInt64] = []
    static let literals: UInt64 = 0, above: UInt64 = 1, left: UInt64 = 2, filterByte: UInt64 = 3
    /// Frequencies of the literal bytes (the lengths and the end of block are counted when the
    /// stream is written: a palette image writes other ones).
    private(set) var literalFrequencies: [UInt32] = []
    /// Adler-32 of the RGB or RGBA stream (filter bytes and pixels), taken row by row in the
    /// token pass.
    private(set) var adler: UInt32 = 1
    /// Distinct colours met (0 once past 256), for the palette layout.
    private(set) var colours = ColourSet()
    /// The matches among the tokens, tallied as they are made: per (length ≤ 258, distance
    /// symbol) at `length · 30 + symbol`, and longer ones as `length << 8 | symbol`, in order
    /// (`matchCounts`).
    private var matchTally: [UInt32] = []
    private var longMatches: [UInt64] = []

    /// Tokenizes the image; nil when `bpp` is 3 and a pixel is not opaque (the image needs RGBA).
    /// - Parameters:
    ///   - pixels: `width × height` RGBA pixels (4 bytes each, rows top to bottom).
    ///   - bpp: 3 to write RGB (alpha must be 255 everywhere), 4 for RGBA.
    ///   - changes: where the rows may change colour, when the caller knows (`RowChanges`):
    ///     runs are then measured from one possible change to the next, not pixel by pixel. The
    ///     tokens are the same either way.
    init?(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bpp: Int, changes: RowChanges? = nil) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.bpp = bpp
        self.changes = changes
        guard tokenize() else { return nil }
    }

    // MARK: Tokens

    /// How many pixels from `a` on equal those from `b` (at most `n`), four at a time.
    @inline(__always)
    private static func equalRun(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ n: Int) -> Int {
        var i = 0
        while i &+ 4 <= n {
            let pa = UnsafeRawPointer(a + i), pb = UnsafeRawPointer(b + i)
            let x = pa.loadUnaligned(as: UInt64.self) ^ pb.loadUnaligned(as: UInt64.self)
            let y = pa.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ pb.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if x | y != 0 {
                return x != 0 ? i &+ (UInt64(littleEndian: x).trailingZeroBitCount &>> 5)
                              : i &+ 2 &+ (UInt64(littleEndian: y).trailingZeroBitCount &>> 5)
            }
            i &+= 4
        }
        while i &+ 2 <= n {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
            if x != 0 { return i &+ (UInt64(littleEndian: x).trailingZeroBitCount &>> 5) }
            i &+= 2
        }
        if i < n && a[i] == b[i] { i &+= 1 }
        return i
    }

    /// How many pixels from `a` on equal `value` (at most `n`).
    @inline(__always)
    private static func sameRun(_ a: UnsafePointer<UInt32>, _ value: UInt32, _ n: Int) -> Int {
        patternRun(UnsafeRawPointer(a), UInt64(value) | UInt64(value) << 32, n &* 4) &>> 2
    }

    /// `equalRun` of pixels `x ..< end` of a row and the row above, knowing where each may change
    /// colour (`bits`, `bitsAbove`: their `RowChanges` words): where neither may change, equal
    /// pixels stay equal, so only the pixels at possible changes are compared.
    @inline(__always)
    private static func equalRun(_ row: UnsafePointer<UInt32>, _ above: UnsafePointer<UInt32>, from x: Int, end: Int,
                                 _ bits: UnsafePointer<UInt64>, _ bitsAbove: UnsafePointer<UInt64>) -> Int {
        var i = x
        while i < end && row[i] == above[i] { i = RowChanges.next(bits, bitsAbove, from: i &+ 1, end: end) }
        return i &- x
    }

    /// `sameRun` of pixels `x ..< end` of a row, knowing where it may change colour.
    @inline(__always)
    private static func sameRun(_ row: UnsafePointer<UInt32>, from x: Int, end: Int, _ value: UInt32,
                                _ bits: UnsafePointer<UInt64>) -> Int {
        var i = x
        while i < end && row[i] == value { i = RowChanges.next(bits, nil, from: i &+ 1, end: end) }
        return i &- x
    }

    /// How many bytes from `p` on (at most `count`) repeat `pattern`, the 8 bytes of a word in
    /// memory order from `p` on, 16 at a time (a pixel repeated twice, a byte eight times).
    @inline(__always)
    static func patternRun(_ p: UnsafeRawPointer, _ pattern: UInt64, _ count: Int) -> Int {
        var i = 0
        while i &+ 16 <= count {
            let x = p.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
            let y = p.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self) ^ pattern
            if x | y != 0 {
                return x != 0 ? i &+ (UInt64(littleEndian: x).trailingZeroBitCount &>> 3)
                              : i &+ 8 &+ (UInt64(littleEndian: y).trailingZeroBitCount &>> 3)
            }
            i &+= 16
        }
        while i < count && p.load(fromByteOffset: i, as: UInt8.self) == UInt8(truncatingIfNeeded: pattern >> UInt64(8 &* (i & 7))) {
            i &+= 1
        }
        return i
    }

    private mutating func tokenize() -> Bool {
        let w = width, h = height, bpp = bpp
        let rgbOnly = bpp == 3
        let stride = stride
        let useAbove = stride <= Self.window
        let maxMatch = 1 << 29
        let recent = RecentColours()
        defer { recent.deallocate() }
        let aboveSymbol = Self.distanceSymbol(min(stride, Self.window)), leftSymbol = Self.distanceSymbol(bpp)
        let changes = changes
        // The tokens are written through a pointer into `out`, grown (zeros, doubling) whenever a
        // row might not fit: a row makes at most one token per pixel and its filter byte's. It
        // starts at one token per 16 pixels (a map needs fewer), at most 512 KiB.
        var out = [UInt64](repeating: 0, count: max(min(w * h / 16 + 2 * h, 1 << 16), w + 2))
        var tokenCount = 0
        // The matches' tally and the literal bytes' frequencies, counted in place and kept as
        // arrays at the end.
        let tally = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 259 * 30)
        let freq = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 286)
        tally.initialize(repeating: 0)
        freq.initialize(repeating: 0)
        defer {
            tally.deallocate()
            freq.deallocate()
        }
        var long: [UInt64] = [], colours = ColourSet()
        var adlerA = 1, adlerB = 0
        var lastRowEndsAbove = false
        let complete = pixels.withMemoryRebound(to: UInt32.self) { words in
            let base = words.baseAddress!
            // Copies from farther back are looked for on rows after one where more than a
            // quarter of the pixels matched neither neighbour (photo-like rasters): a map's
            // rows are runs with a few edge pixels, which gain little from them for the
            // extra lookups; a raster's are mostly such pixels.
            var unmatched = 0
            for y in 0..<h {
                if out.count - tokenCount < w + 2 { out.append(contentsOf: repeatElement(0, count: max(out.count, w + 2))) }
                let farCopies = unmatched > w / 4
                // The row's pixels that matched neither neighbour, or -1 when RGB cannot
                // hold the image.
                unmatched = out.withUnsafeMutableBufferPointer { buffer in
                    let o = buffer.baseAddress!
                    var n = tokenCount, unmatched = 0
                    defer { tokenCount = n }
                    /// Appends a token.
                    @inline(__always) func emit(_ token: UInt64) {
                        o[n] = token
                        n &+= 1
                    }
                    /// Counts a match token made.
                    @inline(__always) func count(_ bytes: Int, _ symbol: Int) {
                        if bytes <= 258 {
                            tally[bytes &* 30 &+ symbol] &+= 1
                        } else {
                            long.append(UInt64(bytes) << 8 | UInt64(symbol))
                        }
                    }
                    /// Takes back the last match counted (a copy of the row above
                    /// lengthened into the next row is counted again at its new length).
                    @inline(__always) func takeBack(_ bytes: Int, _ symbol: Int) {
                        if bytes <= 258 {
                            tally[bytes &* 30 &+ symbol] &-= 1
                        } else {
                            long.removeLast()
                        }
                    }
                    let row = base + y &* w, above = row - w
                    let hasAbove = y > 0 && useAbove
                    let bits = changes?.row(y), bitsAbove = hasAbove ? changes?.row(y - 1) : nil
                    var x = 0
                    // The filter byte: part of a match with the row above when the row
                    // starts like it (and then of the previous row's last match if that one
                    // reached its end).
                    if hasAbove && row[0] == above[0] {
                        let run = if let bits, let bitsAbove {
                            Self.equalRun(row, above, from: 0, end: w, bits, bitsAbove)
                        } else {
                            Self.equalRun(row, above, w)
                        }
                        let bytes = 1 + bpp * run
                        let last = n > 0 ? o[n &- 1] : 0
                        if lastRowEndsAbove, Int(last >> 32 & 0x3FFF_FFFF) + bytes <= maxMatch {
                            let before = Int(last >> 32 & 0x3FFF_FFFF)
                            takeBack(before, aboveSymbol)
                            count(before + bytes, aboveSymbol)
                            o[n &- 1] = last + UInt64(bytes) << 32
                        } else {
                            count(bytes, aboveSymbol)
                            emit(Self.above << 62 | UInt64(bytes) << 32)
                        }
                        x = run
                    } else {
                        emit(Self.filterByte << 62)
                        freq[0] &+= 1
                    }
                    var literalStart = -1
                    while x < w {
                        // A pixel that equals neither the one above nor the one left
                        // starts no run: a literal, without measuring runs (most pixels of
                        // a photo-like raster, the edges of a map).
                        let p = row[x]
                        let runs = (hasAbove && p == above[x]) || (x > 0 && p == row[x &- 1])
                        if !runs {
                            if rgbOnly && p >> 24 != 0xFF { return -1 }
                            unmatched &+= 1
                            // A colour seen lately within deflate's window: a copy from
                            // there instead of literal bytes.
                            if farCopies {
                                let (k, distance) = recent.copy(at: x, row: y, pixels: base, width: w, stride: stride,
                                                                bpp: bpp, window: Self.window)
                                if k > 0 {
                                    if literalStart >= 0 {
                                        emit(Self.literals << 62 | UInt64(x &- literalStart) << 32
                                             | UInt64(y &* w &+ literalStart))
                                        literalStart = -1
                                    }
                                    count(bpp &* k, Self.distanceSymbol(distance))
                                    emit(Self.left << 62 | UInt64(bpp &* k) << 32 | UInt64(distance))
                                    x &+= k
                                    continue
                                }
                            }
                            freq[Int(p & 0xFF)] &+= 1
                            freq[Int(p &>> 8 & 0xFF)] &+= 1
                            freq[Int(p &>> 16 & 0xFF)] &+= 1
                            if !rgbOnly { freq[Int(p &>> 24)] &+= 1 }
                            colours.insert(p)
                            if literalStart < 0 { literalStart = x }
                            x &+= 1
                            continue
                        }
                        let rest = w &- x
                        let up = if !hasAbove {
                            0
                        } else if let bits, let bitsAbove {
                            Self.equalRun(row, above, from: x, end: w, bits, bitsAbove)
                        } else {
                            Self.equalRun(row + x, above + x, rest)
                        }
                        var run = up, kind = Self.above
                        if up < rest && x > 0 {
                            // On a tie the left neighbour's copy: its distance (one pixel)
                            // costs no extra bits, a row's 10 or so.
                            // A copy of the row above that reaches the row's end is kept:
                            // it can run on into the next row.
                            let same = if let bits {
                                Self.sameRun(row, from: x, end: w, row[x &- 1], bits)
                            } else {
                                Self.sameRun(row + x, row[x &- 1], rest)
                            }
                            if same >= up {
                                run = same
                                kind = Self.left
                            }
                        }
                        // A run of at least one pixel (the first one matched above).
                        if literalStart >= 0 {
                            emit(Self.literals << 62 | UInt64(x &- literalStart) << 32 | UInt64(y &* w &+ literalStart))
                            literalStart = -1
                        }
                        count(bpp &* run, kind == Self.above ? aboveSymbol : leftSymbol)
                        emit(kind << 62 | UInt64(bpp &* run) << 32)
                        x &+= run
                    }
                    if literalStart >= 0 {
                        emit(Self.literals << 62 | UInt64(w &- literalStart) << 32 | UInt64(y &* w &+ literalStart))
                    }
                    lastRowEndsAbove = o[n &- 1] >> 62 == Self.above
                    // The row into the checksum while it is in cache.
                    (adlerA, adlerB) = Self.adlerStep(adlerA, adlerB, row: row, width: w, bpp: bpp, changes: bits)
                    return unmatched
                }
                guard unmatched >= 0 else { return false }
            }
            return true
        }
        guard complete else { return false }
        out.removeLast(out.count - tokenCount)
        (tokens, matchTally, longMatches, literalFrequencies, self.colours) = (out, Array(tally), long, Array(freq), colours)
        adler = UInt32(adlerB) << 16 | UInt32(adlerA)
        return true
    }

    // MARK: Lengths and distances

    /// The symbol (257…285) of a match length (3…258).
    static func lengthSymbol(_ length: Int) -> Int {
        var s = DeflateAlphabet.lengthBase.count - 1
        while DeflateAlphabet.lengthBase[s] > length { s -= 1 }
        return 257 + s
    }

    /// The symbol (0…29) of a distance (1…32,768; outside that range the result means nothing).
    @inline(__always)
    static func distanceSymbol(_ distance: Int) -> Int {
        // Symbols 0–3 are distances 1–4; from 4 on, two per power of two of distance − 1.
        let v = distance &- 1
        if v < 4 { return v }
        let n = Int.bitWidth &- 1 &- v.leadingZeroBitCount
        return 2 &* n &+ (v &>> (n &- 1) & 1)
    }

    /// Splits a match of `bytes` (≥ 3) into deflate lengths of at most 258, none shorter than 3.
    @inline(__always)
    static func forEachPiece(of bytes: Int, _ body: (Int) -> Void) {
        var rest = bytes
        while rest > 258 {
            let piece = rest - 258 < 3 ? rest - 3 : 258
            body(piece)
            rest -= piece
        }
        body(rest)
    }

    /// Symbol of each length 0…258 (3…258 used).
    static let lengthSymbols: [UInt16] = (0...258).map { $0 < 3 ? 0 : UInt16(lengthSymbol($0)) }

    /// The symbol frequencies of the RGB or RGBA stream (the literal bytes', then the matches'
    /// from their tally) and the extra bits of all lengths and distances.
    private func matchCounts() -> SymbolCounts {
        var counts = SymbolCounts(literal: literalFrequencies)
        for long in longMatches { counts.addMatch(bytes: Int(long >> 8), distanceSymbol: Int(long & 0xFF)) }
        for bytes in 3...258 {
            for symbol in 0..<30 where matchTally[bytes * 30 + symbol] > 0 {
                counts.addMatch(bytes: bytes, distanceSymbol: symbol, times: matchTally[bytes * 30 + symbol])
            }
        }
        return counts
    }

    // MARK: Writing

    /// The zlib stream: header, one final dynamic-Huffman block, Adler-32.
    func zlibStream() -> [UInt8] {
        Self.zlibStream(counts: matchCounts(), adler: adler) { writer, codes in
            writeTokens(&writer, codes)
        }
    }

    /// A zlib stream of one final dynamic-Huffman block whose symbols (the end of block aside)
    /// have the counted frequencies: the codes are built from them, `write` writes the symbols
    /// with them, then the end of block and `adler` close the stream.
    static func zlibStream(counts: SymbolCounts, adler: UInt32, write: (inout BitWriter, MatchCodes) -> Void) -> [UInt8] {
        var literalFrequencies = counts.literal
        literalFrequencies[256] += 1  // end of block
        let literal = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        let distance = HuffmanCode(frequencies: counts.distance, maxLength: 15)
        let header = Self.blockHeader(literal: literal, distance: distance)
        var bits = 3 + header.bits + counts.extraBits
        for s in 0..<286 { bits += Int(literalFrequencies[s]) * Int(literal.lengths[s]) }
        for s in 0..<30 { bits += Int(counts.distance[s]) * Int(distance.lengths[s]) }
        let deflateBytes = (bits + 7) / 8
        let total = 2 + deflateBytes + 4
        return [UInt8](unsafeUninitializedCapacity: total + 8) { out, count in
            let start = out.baseAddress!
            start[0] = 0x78  // deflate, 32 KiB window
            start[1] = 0x01  // no dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0
            var writer = BitWriter(start + 2)
            writer.put(1 | 2 << 1, 3)  // final block, dynamic Huffman codes
            for (value, n) in header.fields { writer.put(value, n) }
            let codes = MatchCodes(literal: literal, distance: distance)
            write(&writer, codes)
            codes.putLiteral(&writer, 256)  // end of block
            let end = writer.finish()
            precondition(end - start == 2 + deflateBytes, "deflate size \(end - start - 2) vs \(deflateBytes) computed")
            end[0] = UInt8(adler >> 24)
            end[1] = UInt8(adler >> 16 & 0xFF)
            end[2] = UInt8(adler >> 8 & 0xFF)
            end[3] = UInt8(adler & 0xFF)
            count = total
        }
    }

    /// The dynamic block header after BFINAL/BTYPE (RFC 1951 §3.2.7): HLIT, HDIST, HCLEN, the
    /// code-length code and the run-length coded code lengths, as (bits, count) fields.
    static func blockHeader(literal: HuffmanCode, distance: HuffmanCode) -> (fields: [(UInt64, Int)], bits: Int) {
        let litCount = max(257, (literal.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distCount = max(1, (distance.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let all = Array(literal.lengths[0..<litCount]) + Array(distance.lengths[0..<distCount])
        // Run-length coding: 16 repeats the previous length 3–6 times, 17 and 18 give 3–10 and
        // 11–138 zeros.
        var items: [(symbol: Int, extra: UInt64, extraBits: Int)] = []
        var i = 0
        while i < all.count {
            let l = all[i]
            var run = 1
            while i + run < all.count && all[i + run] == l { run += 1 }
            i += run
            if l == 0 {
                while run >= 11 {
                    let r = min(run, 138)
                    items.append((18, UInt64(r - 11), 7))
                    run -= r
                }
                if run >= 3 {
                    items.append((17, UInt64(run - 3), 3))
                    run = 0
                }
            } else {
                items.append((Int(l), 0, 0))
                run -= 1
                while run >= 3 {
                    let r = min(run, 6)
                    items.append((16, UInt64(r - 3), 2))
                    run -= r
                }
            }
            for _ in 0..<run { items.append((Int(l), 0, 0)) }
        }
        var frequencies = [UInt32](repeating: 0, count: 19)
        for item in items { frequencies[item.symbol] += 1 }
        let lengthCode = HuffmanCode(frequencies: frequencies, maxLength: 7)
        let order = DeflateAlphabet.codeLengthOrder
        var codeCount = 19
        while codeCount > 4 && lengthCode.lengths[order[codeCount - 1]] == 0 { codeCount -= 1 }
        var fields: [(UInt64, Int)] = [(UInt64(litCount - 257), 5), (UInt64(distCount - 1), 5), (UInt64(codeCount - 4), 4)]
        for k in 0..<codeCount { fields.append((UInt64(lengthCode.lengths[order[k]]), 3)) }
        for item in items {
            fields.append((UInt64(lengthCode.codes[item.symbol]), Int(lengthCode.lengths[item.symbol])))
            if item.extraBits > 0 { fields.append((item.extra, item.extraBits)) }
        }
        return (fields, fields.reduce(0) { $0 + $1.1 })
    }

    private func writeTokens(_ writer: inout BitWriter, _ codes: MatchCodes) {
        let lit = codes.literals
        let aboveWord = codes.distanceWord(min(stride, Self.window)), leftWord = codes.distanceWord(bpp)
        let rgba = bpp == 4
        lit.withUnsafeBufferPointer { lit in
            pixels.withMemoryRebound(to: UInt32.self) { words in
                for t in tokens {
                    let kind = t >> 62, count = Int(t >> 32 & 0x3FFF_FFFF)
                    switch kind {
                    case Self.literals:
                        var p = words.baseAddress! + Int(t & 0xFFFF_FFFF)
                        for _ in 0..<count {
                            let v = p.pointee
                            let r = lit[Int(v & 0xFF)], g = lit[Int(v &>> 8 & 0xFF)], b = lit[Int(v &>> 16 & 0xFF)]
                            // (Code lengths are at most 15 bits: the sums and shifts stay small.)
                            let rn = r &>> 16, gn = g &>> 16, bn = b &>> 16
                            let rgb = UInt64(r & 0xFFFF) | UInt64(g & 0xFFFF) &<< UInt64(rn) | UInt64(b & 0xFFFF) &<< UInt64(rn &+ gn)
                            let rgbBits = Int(rn &+ gn &+ bn)
                            if rgba {
                                // The four codes in one write when they fit (they nearly always do).
                                let a = lit[Int(v &>> 24)], an = Int(a &>> 16)
                                if rgbBits &+ an <= 56 {
                                    writer.put(rgb | UInt64(a & 0xFFFF) &<< UInt64(rgbBits), rgbBits &+ an)
                                } else {
                                    writer.put(rgb, rgbBits)
                                    writer.put(UInt64(a & 0xFFFF), an)
                                }
                            } else {
                                writer.put(rgb, rgbBits)
                            }
                            p += 1
                        }
                    case Self.filterByte:
                        codes.putLiteral(&writer, 0)
                    default:
                        let distance = Int(t & 0xFFFF_FFFF)
                        codes.putMatch(&writer, bytes: count,
                                       kind == Self.above ? aboveWord : distance == 0 ? leftWord : codes.distanceWord(distance))
                    }
                }
            }
        }
    }

    /// The codes of one block as the writers need them: literal codes packed (code | length <<
    /// 16); each match length's code with its extra bits, and a distance's, as (bits, count).
    struct MatchCodes {
        let literals: [UInt32]
        var lengthWords = [UInt64](repeating: 0, count: 259), lengthCounts = [Int](repeating: 0, count: 259)
        /// Per distance symbol: its code (bit-reversed), its code's length, that length with the
        /// symbol's extra bits, and the symbol's first distance (`distanceWord`'s tables).
        let distanceCodes: [UInt64], distanceCodeLengths: [Int], distanceBitCounts: [Int], distanceBases: [Int]

        init(literal: HuffmanCode, distance: HuffmanCode) {
            literals = (0..<286).map { literal.packed($0) }
            distanceCodes = (0..<30).map { UInt64(distance.codes[$0]) }
            distanceCodeLengths = (0..<30).map { Int(distance.lengths[$0]) }
            distanceBitCounts = (0..<30).map { Int(distance.lengths[$0]) + DeflateAlphabet.distanceExtra[$0] }
            distanceBases = Array(DeflateAlphabet.distanceBase.prefix(30))
            for length in 3...258 {
                let s = ImageDeflate.lengthSymbol(length)
                let code = UInt64(literal.codes[s]), n = Int(literal.lengths[s])
                lengthWords[length] = code | UInt64(length - DeflateAlphabet.lengthBase[s - 257]) << UInt64(n)
                lengthCounts[length] = n + DeflateAlphabet.lengthExtra[s - 257]
            }
        }

        /// A distance's (1…32,768) code and extra bits as (bits, count).
        @inline(__always)
        func distanceWord(_ d: Int) -> (UInt64, Int) {
            let s = ImageDeflate.distanceSymbol(d)
            return (distanceCodes[s] | UInt64(d &- distanceBases[s]) << UInt64(distanceCodeLengths[s]), distanceBitCounts[s])
        }

        /// Writes one literal/length symbol's code.
        @inline(__always)
        func putLiteral(_ writer: inout BitWriter, _ symbol: Int) {
            let code = literals[symbol]
            writer.put(UInt64(code & 0xFFFF), Int(code >> 16))
        }

        /// Writes a match of `bytes` (≥ 3) at a distance given as `distanceWord`.
        @inline(__always)
        func putMatch(_ writer: inout BitWriter, bytes: Int, _ d: (UInt64, Int)) {
            ImageDeflate.forEachPiece(of: bytes) { piece in
                writer.put(lengthWords[piece] | d.0 << UInt64(lengthCounts[piece]), lengthCounts[piece] + d.1)
            }
        }
    }

    /// Symbol frequencies of a stream being counted: literal/length, distance, and the extra
    /// bits of all lengths and distances (the tables read once, not per match).
    struct SymbolCounts {
        var literal: [UInt32], distance = [UInt32](repeating: 0, count: 30)
        var extraBits = 0
        private let lengthSymbols = ImageDeflate.lengthSymbols
        private let lengthExtra = DeflateAlphabet.lengthExtra, distanceExtra = DeflateAlphabet.distanceExtra

        init(literal: [UInt32]) { self.literal = literal }

        /// Counts `times` matches of `bytes` (≥ 3) at a distance of symbol `symbol`.
        @inline(__always)
        mutating func addMatch(bytes: Int, distanceSymbol symbol: Int, times: UInt32 = 1) {
            let dExtra = distanceExtra[symbol]
            ImageDeflate.forEachPiece(of: bytes) { piece in
                let s = Int(lengthSymbols[piece])
                literal[s] += times
                distance[symbol] += times
                extraBits += Int(times) * (lengthExtra[s - 257] + dExtra)
            }
        }
    }

    // MARK: Adler-32

    /// Adler-32 (RFC 1950) of the uncompressed stream, computed from the pixels without building
    /// it: per row [0, pixel bytes…] of n = 1 + bpp·w bytes, A grows by the byte sum S and B by
    /// n·A + Σ (n − i + 1)·bᵢ = n·A + bpp·(w·S − Σₓ x·sₓ) − Σₓ Σ_c c·b_{x,c}, sₓ the byte sum of
    /// pixel x and c its channel (0 red … 3 alpha). One row into the running sums (A, B), both
    /// below 65,521.
    @inline(__always)
    static func adlerStep(_ a: Int, _ b: Int, row: UnsafePointer<UInt32>, width w: Int, bpp: Int,
                          changes: UnsafePointer<UInt64>? = nil) -> (Int, Int) {
        let m = 65521
        let n = 1 + bpp * w
        let (s, xs, cs) = if let changes, runCount(changes, width: w) <= w / 16 {
            runSums(row, count: w, alpha: bpp == 4, changes: changes)
        } else {
            rowSums(row, count: w, alpha: bpp == 4)
        }
        return ((a + s) % m, (b + n % m * a + bpp * (w * s - xs) - cs) % m)
    }

    /// The set bits among a row's first `width` `RowChanges` bits (at most one word's too many).
    @inline(__always)
    static func runCount(_ changes: UnsafePointer<UInt64>, width: Int) -> Int {
        var n = 0
        for k in 0..<((width + 63) >> 6) { n &+= changes[k].nonzeroBitCount }
        return n
    }

    /// `rowSums` of a row made of runs of one colour between its possible changes (`changes`,
    /// its `RowChanges` words): each run at once, n pixels of byte sum s from x = a on adding n·s,
    /// s·n·(2a + n − 1)/2 and n times the channel-weighted sum.
    @inline(__always)
    static func runSums(_ row: UnsafePointer<UInt32>, count: Int, alpha: Bool, changes: UnsafePointer<UInt64>) -> (Int, Int, Int) {
        var s = 0, xs = 0, cs = 0
        var a = 0
        while a < count {
            let b = RowChanges.next(changes, nil, from: a &+ 1, end: count)
            let v = row[a]
            let r = Int(v & 0xFF), g = Int(v >> 8 & 0xFF), bl = Int(v >> 16 & 0xFF), al = alpha ? Int(v >> 24) : 0
            let px = r &+ g &+ bl &+ al, n = b &- a
            s &+= n &* px
            xs &+= px &* (n &* (a &+ b &- 1) / 2)
            cs &+= n &* (g &+ 2 &* bl &+ 3 &* al)
            a = b
        }
        return (s, xs, cs)
    }

    /// Per row: Σ sₓ, Σ x·sₓ and Σ_c c·b_c over its pixels (alpha counted when `alpha`).
    @inline(__always)
    static func rowSums(_ row: UnsafePointer<UInt32>, count: Int, alpha: Bool) -> (Int, Int, Int) {
        // Eight lanes of pixels; per lane the running sum of sₓ (sum1) and the sum of the running
        // sums (sum2), from which Σ x·sₓ follows: lane l, block j holds x = 8j + l. A pixel is
        // split into two words of two 16-bit halves, (r, b) and (g, a), whose sum holds its byte
        // sum in two halves; the split words are summed as they are (`evens`, `odds`) for the
        // channel-weighted sum, and taken out every 256 blocks, before a half can carry.
        let evenMask = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let oddMask = SIMD8<UInt32>(repeating: alpha ? 0x00FF_00FF : 0x0000_00FF)
        let halfMask = SIMD8<UInt32>(repeating: 0xFFFF)
        var sum1 = SIMD8<UInt32>(repeating: 0), sum2 = SIMD8<UInt32>(repeating: 0)
        var evens = SIMD8<UInt32>(repeating: 0), odds = SIMD8<UInt32>(repeating: 0)
        var cs = 0
        /// Adds the split sums' channel weights (g + 2b + 3a) to `cs` and clears them.
        @inline(__always) func takeChannels() {
            let weighted = (odds & halfMask) &+ (evens &>> 16) &* 2 &+ (odds &>> 16) &* 3
            cs &+= Int(weighted.wrappedSum())
            evens = SIMD8(repeating: 0)
            odds = SIMD8(repeating: 0)
        }
        let blocks = count / 8
        let raw = UnsafeRawPointer(row)
        var j = 0
        while j < blocks {
            let end = min(blocks, j &+ 256)
            while j < end {
                let v = raw.loadUnaligned(fromByteOffset: j &* 32, as: SIMD8<UInt32>.self)
                let even = v & evenMask, odd = v &>> 8 & oddMask
                let pair = even &+ odd
                sum1 &+= (pair & halfMask) &+ (pair &>> 16)
                sum2 &+= sum1
                evens &+= even
                odds &+= odd
                j &+= 1
            }
            takeChannels()
        }
        // Σ_j j·s = blocks·Σ sum1 − Σ sum2 per lane (each block's value is added blocks − j times).
        var s = 0, xs = 0
        for l in 0..<8 {
            let s1 = Int(sum1[l]), s2 = Int(sum2[l])
            s += s1
            xs += 8 * (blocks * s1 - s2) + l * s1
        }
        for x in (blocks * 8)..<count {
            let v = row[x]
            let r = Int(v & 0xFF), g = Int(v >> 8 & 0xFF), bl = Int(v >> 16 & 0xFF), al = alpha ? Int(v >> 24) : 0
            let px = r + g + bl + al
            s += px
            xs += x * px
            cs += g + 2 * bl + 3 * al
        }
        return (s, xs, cs)
    }
}

/// The distinct 32-bit colours of an image up to 256 (first-seen order), in a 512-slot
/// open-addressing table; past 256 it stops counting and reports none.
struct ColourSet {
    private(set) var colors: [UInt32] = []
    private(set) var overflowed = false
    private var keys = [UInt32](repeating: 0, count: 512)
    private var slots = [Int16](repeating: -1, count: 512)

    init() {
        colors.reserveCapacity(256)
    }

    @inline(__always) static func slot(_ word: UInt32) -> Int { Int((word &* 0x9E37_79B1) >> 23) }

    /// Adds a colour; after the 257th nothing is kept.
    @inline(__always)
    mutating func insert(_ word: UInt32) {
        guard !overflowed else { return }
        var h = Self.slot(word)
        while slots[h] >= 0 {
            if keys[h] == word { return }
            h = (h + 1) & 511
        }
        guard colors.count < 256 else {
            overflowed = true
            return
        }
        keys[h] = word
        slots[h] = Int16(colors.count)
        colors.append(word)
    }

    /// The colours as RGBA, in palette order.
    var rgba: [SIMD4<UInt8>] {
        colors.map { SIMD4(UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 24)) }
    }

    /// The palette index of a colour in the set.
    @inline(__always)
    func index(of word: UInt32) -> UInt8 {
        var h = Self.slot(word)
        while keys[h] != word || slots[h] < 0 { h = (h + 1) & 511 }
        return UInt8(slots[h])
    }
}
