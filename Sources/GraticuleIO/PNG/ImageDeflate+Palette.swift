import CZlib

extension ImageDeflate {
    /// The zlib stream of the image as palette indices (PNG colour type 3, 8 bits, rows
    /// unfiltered), indices into `colours.colors`, made from the tokens of the RGB or RGBA pass
    /// without a second search: a literal pixel becomes its index; a copy of the pixel to the
    /// left or of the row above becomes the same copy over indices (distance 1 or 1 + width
    /// bytes), or literal indices where it covers fewer than deflate's 3 bytes; a copy of the row
    /// above whose indices are runs with a literal or two becomes those runs (a one-byte distance
    /// has no extra bits). The Huffman codes are
    /// built for the index stream. Precondition: `colours` holds every colour (not
    /// overflowed).
    func paletteZlibStream() -> [UInt8] {
        precondition(!colours.overflowed, "palette stream of an image with more than 256 colours")
        let index = PaletteIndex(self)
        return Self.zlibStream(counts: index.counts, adler: index.adler) { writer, codes in
            let above = codes.distanceWord(width + 1), left = codes.distanceWord(1)
            for t in index.tokens {
                let kind = t >> 62
                if kind == Self.literals {
                    codes.putLiteral(&writer, Int(t & 0xFF))
                } else {
                    codes.putMatch(&writer, bytes: Int(t >> 32 & 0x3FFF_FFFF), kind == Self.above ? above : left)
                }
            }
        }
    }
}

/// The image's index stream as tokens (a literal byte in bits 0–7, or a copy of `count` bytes
/// from the row above or the byte to the left, kinds as `ImageDeflate`'s), with its symbol
/// frequencies and Adler-32, found by replaying the pixel tokens over rows of indices.
struct PaletteIndex {
    var tokens: [UInt64] = []
    var counts = ImageDeflate.SymbolCounts(literal: [UInt32](repeating: 0, count: 286))
    var adler: UInt32 = 1
    /// While replaying: the row being replayed (its filter byte 0 first) and the one above it,
    /// `width + 1` bytes each, in one block freed when the replay ends.
    private var row: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>
    /// The next pixel of the row; -1: its filter byte.
    private var x = -1
    /// The row being replayed.
    private var y = 0
    private let width: Int
    /// The distance symbol of a copy of the byte to the left.
    private let leftSymbol = ImageDeflate.distanceSymbol(1)

    init(_ image: ImageDeflate) {
        let w = image.width, bpp = image.bpp
        width = w
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (w + 1))
        rows.initialize(repeating: 0, count: 2 * (w + 1))
        defer { rows.deallocate() }
        row = rows
        above = rows + (w + 1)
        // At most one token per literal pixel, two per copy (too short to keep), one per row.
        var literalPixels = 0
        for t in image.tokens where t >> 62 == ImageDeflate.literals { literalPixels += Int(t >> 32 & 0x3FFF_FFFF) }
        tokens.reserveCapacity(literalPixels + 2 * image.tokens.count + image.height)
        let aboveSymbol = ImageDeflate.distanceSymbol(w + 1)
        image.pixels.withMemoryRebound(to: UInt32.self) { pixels in
            for t in image.tokens {
                let kind = t >> 62, count = Int(t >> 32 & 0x3FFF_FFFF)
                switch kind {
                case ImageDeflate.filterByte:
                    literal(0)
                    x = 0
                case ImageDeflate.literals:
                    replayLiterals(pixels.baseAddress! + Int(t & 0xFFFF_FFFF), count: count, colours: image.colours)
                case ImageDeflate.left where t & 0xFFFF_FFFF != 0:
                    // A copy of a colour seen farther back: its pixels (within this row) as
                    // literal indices, as they were before such copies were found.
                    replayLiterals(pixels.baseAddress! + y * w + x, count: count / bpp, colours: image.colours)
                default:
                    let symbol = kind == ImageDeflate.above ? aboveSymbol : leftSymbol
                    copy(kind, bytes: count, bpp: bpp, distanceSymbol: symbol)
                }
            }
        }
    }

    /// Replays `count` pixels of this row (from `first` on) as their literal indices.
    @inline(__always)
    private mutating func replayLiterals(_ first: UnsafePointer<UInt32>, count: Int, colours: ColourSet) {
        var previous: UInt32 = 0, previousIndex: UInt8 = 0
        for k in 0..<count {
            let p = first[k]
            if k == 0 || p != previous {
                previous = p
                previousIndex = colours.index(of: p)
            }
            row[1 + x + k] = previousIndex
            literal(previousIndex)
        }
        x += count
        if x == width { endRow() }
    }

    /// Replays a copy of `bytes` pixel bytes (filter bytes count one, pixels `bpp`) as the same
    /// copy of index bytes (one each), or as literals when it covers fewer than 3.
    @inline(__always)
    private mutating func copy(_ kind: UInt64, bytes: Int, bpp: Int, distanceSymbol: Int) {
        var rest = bytes, covered = 0
        let x0 = x  // where the copy starts, for one too short to keep
        var crossed = false
        while rest > 0 {
            if x < 0 {
                rest -= 1
                covered += 1
                x = 0
                continue
            }
            let k = min(rest / bpp, width - x)
            precondition(k > 0, "copy of \(bytes) bytes does not end on a pixel")
            if kind == ImageDeflate.above {
                (row + 1 + x).update(from: above + 1 + x, count: k)
            } else {
                (row + 1 + x).update(repeating: row[x], count: k)
            }
            rest -= k * bpp
            x += k
            covered += k
            if x == width {
                endRow()
                crossed = true
            }
        }
        if kind == ImageDeflate.above, x0 >= 0, covered <= width - x0 {
            // A copy of the row above within one row (in the row, or in the row above when the
            // copy ended the row): where its bytes are runs of the byte before them with at
            // most a literal or two, those runs (distance 1, no extra bits) cost less than the
            // copy (a row's distance has ten or so extra bits).
            let bytes = (crossed ? above : row) + 1 + x0
            if Self.cheaperAsRuns(bytes, count: covered) {
                emitRuns(bytes, count: covered)
                return
            }
        }
        if covered >= 3 {
            tokens.append(kind << 62 | UInt64(covered) << 32)
            counts.addMatch(bytes: covered, distanceSymbol: distanceSymbol)
        } else {
            // One or two bytes of one row (a copy into the next row covers its filter byte and
            // a pixel besides this row's last): in the row, or in the row above when the copy
            // ended the row.
            let source = crossed ? above : row
            for i in 0..<covered { literal(source[1 + x0 + i]) }
        }
    }

    /// Walks `count` bytes from `bytes` (the byte before them, `bytes[-1]`, starts it) as runs of
    /// 3 or more of the byte before and literals, calling `body(run, literal)` for each (run 0:
    /// a literal); stops when `body` returns false.
    @inline(__always)
    private static func forEachRun(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, _ body: (Int, UInt8) -> Bool) {
        var i = 0
        var previous = bytes[-1]
        while i < count {
            let r = ImageDeflate.patternRun(bytes + i, UInt64(previous) &* 0x0101_0101_0101_0101, count - i)
            if r >= 3 {
                if !body(r, previous) { return }
                i += r
                continue
            }
            let b = bytes[i]
            if !body(0, b) { return }
            previous = b
            i += 1
        }
    }

    /// Whether `count` bytes cost less as runs and literals than as one copy of the row above,
    /// in rough bits: a run 8, a literal 7, the copy about 20.
    private static func cheaperAsRuns(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        var cost = 0
        forEachRun(bytes, count: count) { run, _ in
            cost += run > 0 ? 8 : 7
            return cost <= 20
        }
        return cost <= 20
    }

    /// Writes `count` bytes as runs of the byte before (distance 1) and literals.
    private mutating func emitRuns(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        let symbol = leftSymbol
        Self.forEachRun(bytes, count: count) { run, byte in
            if run > 0 {
                tokens.append(ImageDeflate.left << 62 | UInt64(run) << 32)
                counts.addMatch(bytes: run, distanceSymbol: symbol)
            } else {
                literal(byte)
            }
            return true
        }
    }

    @inline(__always)
    private mutating func literal(_ byte: UInt8) {
        tokens.append(ImageDeflate.literals << 62 | UInt64(byte))
        counts.literal[Int(byte)] += 1
    }

    /// Closes a row: its bytes into the checksum, then it becomes the row above.
    private mutating func endRow() {
        adler = UInt32(CZlib.adler32(uLong(adler), row, uInt(width + 1)))
        swap(&row, &above)
        x = -1
        y += 1
    }
}
