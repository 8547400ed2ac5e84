import GraticuleCore

/// A Zstandard decoder (RFC 8878) in Swift, for TIFF compression 50000 (ZSTD).
///
/// Decodes whole frames into a caller-sized buffer (a TIFF block's known size): raw, RLE and
/// compressed blocks; raw, RLE, Huffman and treeless literals with one or four streams; FSE,
/// RLE, predefined and repeated sequence tables; repeat offsets. Skippable frames are skipped.
/// Dictionaries are not supported (TIFF does not use them); the optional content checksum is
/// not verified. Every length and offset is checked: corrupt input throws, never reads or writes
/// outside the buffers.
enum Zstd {
    static let magic: UInt32 = 0xFD2F_B528

    /// Decodes the frames of `src` into `dst`; returns the bytes written.
    static func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer,
                       block: Int) throws(GraticuleError) -> Int {
        var decoder = ZstdFrameDecoder(output: dst)
        var pos = 0
        do throws(GraticuleError) {
            while pos + 4 <= src.count && decoder.produced < dst.count {
                let m = src.loadUnaligned(fromByteOffset: pos, as: UInt32.self).littleEndian
                if m & 0xFFFF_FFF0 == 0x184D_2A50 {
                    guard pos + 8 <= src.count else { throw zstdError("skippable frame header truncated") }
                    let size = Int(src.loadUnaligned(fromByteOffset: pos + 4, as: UInt32.self).littleEndian)
                    pos += 8 + size
                    continue
                }
                guard m == magic else { throw zstdError(String(format: "bad frame magic %08X at byte %d", m, pos)) }
                pos = try decoder.decodeFrame(src, at: pos + 4)
            }
        } catch {
            throw .parse(format: "TIFF", message: "ZSTD block \(block): \(error.description)", offset: 0)
        }
        return decoder.produced
    }
}

/// State of one decoding run: the output and the tables and offsets carried between blocks.
struct ZstdFrameDecoder {
    let output: UnsafeMutableRawBufferPointer
    var produced = 0
    var frameStart = 0
    var huffman: ZstdHuffmanTable?
    var literalTable: ZstdFSETable?
    var offsetTable: ZstdFSETable?
    var matchTable: ZstdFSETable?
    var repeats: (Int, Int, Int) = (1, 4, 8)
    var literals: [UInt8] = []

    init(output: UnsafeMutableRawBufferPointer) { self.output = output }

    /// Decodes a frame whose header starts at `pos` (after the magic); returns the position after it.
    mutating func decodeFrame(_ src: UnsafeRawBufferPointer, at start: Int) throws(GraticuleError) -> Int {
        var pos = start
        guard pos < src.count else { throw zstdError("frame header truncated") }
        let descriptor = src[pos]; pos += 1
        let fcsFlag = Int(descriptor >> 6)
        let singleSegment = descriptor & 0x20 != 0
        guard descriptor & 0x08 == 0 else { throw zstdError("reserved frame header bit set") }
        let checksum = descriptor & 0x04 != 0
        let dictionaryFlag = Int(descriptor & 3)
        if !singleSegment { pos += 1 }  // window descriptor: the whole frame is decoded into `output` anyway
        let dictionaryBytes = [0, 1, 2, 4][dictionaryFlag]
        guard pos + dictionaryBytes <= src.count else { throw zstdError("frame header truncated") }
        var dictionaryID = 0
        for k in 0..<dictionaryBytes { dictionaryID |= Int(src[pos + k]) << (8 * k) }
        guard dictionaryID == 0 else { throw .unsupported("ZSTD dictionary \(dictionaryID)") }
        pos += dictionaryBytes
        pos += [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag]
        guard pos <= src.count else { throw zstdError("frame header truncated") }
        frameStart = produced
        huffman = nil; literalTable = nil; offsetTable = nil; matchTable = nil
        repeats = (1, 4, 8)
        while true {
            guard pos + 3 <= src.count else { throw zstdError("block header truncated at byte \(pos)") }
            let header = Int(src[pos]) | Int(src[pos + 1]) << 8 | Int(src[pos + 2]) << 16
            pos += 3
            let last = header & 1 != 0
            let type = (header >> 1) & 3
            let size = header >> 3
            switch type {
            case 0:  // raw
                guard pos + size <= src.count else { throw zstdError("raw block of \(size) bytes truncated") }
                try emit(UnsafeRawBufferPointer(rebasing: src[pos ..< pos + size]))
                pos += size
            case 1:  // RLE
                guard pos < src.count else { throw zstdError("RLE block truncated") }
                guard produced + size <= output.count else { throw overflow(size) }
                (output.baseAddress! + produced).initializeMemory(as: UInt8.self, repeating: src[pos], count: size)
                produced += size
                pos += 1
            case 2:
                guard size <= 1 << 17, pos + size <= src.count else { throw zstdError("compressed block of \(size) bytes truncated or too large") }
                try decodeCompressedBlock(UnsafeRawBufferPointer(rebasing: src[pos ..< pos + size]))
                pos += size
            default:
                throw zstdError("reserved block type")
            }
            if last { break }
        }
        if checksum { pos += 4 }
        return min(pos, src.count)
    }

    func overflow(_ n: Int) -> GraticuleError {
        zstdError("data decodes to more than the \(output.count) bytes expected (\(produced) + \(n))")
    }

    mutating func emit(_ bytes: UnsafeRawBufferPointer) throws(GraticuleError) {
        guard produced + bytes.count <= output.count else { throw overflow(bytes.count) }
        if !bytes.isEmpty { (output.baseAddress! + produced).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
        produced += bytes.count
    }

    mutating func decodeCompressedBlock(_ block: UnsafeRawBufferPointer) throws(GraticuleError) {
        let used = try decodeLiterals(block)
        try decodeSequences(UnsafeRawBufferPointer(rebasing: block[used...]))
    }

    /// Reads the literals section into `literals`; returns its size in bytes.
    mutating func decodeLiterals(_ src: UnsafeRawBufferPointer) throws(GraticuleError) -> Int {
        guard !src.isEmpty else { throw zstdError("literals section missing") }
        let b0 = Int(src[0])
        let type = b0 & 3, sizeFormat = (b0 >> 2) & 3
        func byte(_ i: Int) throws(GraticuleError) -> Int {
            guard i < src.count else { throw zstdError("literals header truncated") }
            return Int(src[i])
        }
        if type == 0 || type == 1 {
            var regenerated: Int, header: Int
            switch sizeFormat {
            case 0, 2: regenerated = b0 >> 3; header = 1
            case 1:
                let b1 = try byte(1)
                regenerated = (b0 >> 4) | b1 << 4; header = 2
            default:
                let b1 = try byte(1), b2 = try byte(2)
                regenerated = (b0 >> 4) | b1 << 4 | b2 << 12; header = 3
            }
            if type == 0 {
                guard header + regenerated <= src.count else { throw zstdError("raw literals truncated") }
                literals = [UInt8](UnsafeRawBufferPointer(rebasing: src[header ..< header + regenerated]))
                return header + regenerated
            }
            literals = [UInt8](repeating: UInt8(try byte(header)), count: regenerated)
            return header + 1
        }
        var regenerated: Int, compressed: Int, header: Int, streams: Int
        switch sizeFormat {
        case 0, 1:
            streams = sizeFormat == 0 ? 1 : 4
            let b1 = try byte(1), b2 = try byte(2)
            regenerated = (b0 >> 4) | (b1 & 0x3F) << 4
            compressed = b1 >> 6 | b2 << 2
            header = 3
        case 2:
            streams = 4
            let b1 = try byte(1), b2 = try byte(2), b3 = try byte(3)
            regenerated = (b0 >> 4) | b1 << 4 | (b2 & 3) << 12
            compressed = b2 >> 2 | b3 << 6
            header = 4
        default:
            streams = 4
            let b1 = try byte(1), b2 = try byte(2), b3 = try byte(3), b4 = try byte(4)
            regenerated = (b0 >> 4) | b1 << 4 | (b2 & 0x3F) << 12
            compressed = b2 >> 6 | b3 << 2 | b4 << 10
            header = 5
        }
        guard regenerated <= 1 << 17, header + compressed <= src.count else { throw zstdError("compressed literals truncated") }
        var body = UnsafeRawBufferPointer(rebasing: src[header ..< header + compressed])
        if type == 2 {
            let (table, used) = try ZstdHuffmanTable.read(body)
            huffman = table
            body = UnsafeRawBufferPointer(rebasing: body[used...])
        }
        guard let table = huffman else { throw zstdError("treeless literals without a previous Huffman table") }
        var out = [UInt8](repeating: 0, count: regenerated)
        try out.withUnsafeMutableBufferPointer { o in Result { () throws(GraticuleError) in
            if streams == 1 {
                try table.decodeStream(body, count: regenerated, into: o.baseAddress!)
                return
            }
            guard body.count >= 6 else { throw zstdError("literal jump table truncated") }
            let s1 = Int(body.loadUnaligned(fromByteOffset: 0, as: UInt16.self).littleEndian)
            let s2 = Int(body.loadUnaligned(fromByteOffset: 2, as: UInt16.self).littleEndian)
            let s3 = Int(body.loadUnaligned(fromByteOffset: 4, as: UInt16.self).littleEndian)
            let starts = [6, 6 + s1, 6 + s1 + s2, 6 + s1 + s2 + s3]
            guard starts[3] <= body.count else { throw zstdError("literal streams exceed their section") }
            let ends = [starts[1], starts[2], starts[3], body.count]
            let per = (regenerated + 3) / 4
            for k in 0..<4 {
                let first = k * per
                let n = max(0, min(per, regenerated - first))
                try table.decodeStream(UnsafeRawBufferPointer(rebasing: body[starts[k] ..< ends[k]]), count: n,
                                       into: o.baseAddress! + first)
            }
        } }.get()
        literals = out
        return header + compressed
    }

    static let literalBase: [Int] = Array(0...15) + [16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048,
                                                       4096, 8192, 16384, 32768, 65536]
    static let literalBits: [Int] = Array(repeating: 0, count: 16) + [1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12,
                                                                      13, 14, 15, 16]
    static let matchBase: [Int] = Array(3...34) + [35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051,
                                                   4099, 8195, 16387, 32771, 65539]
    static let matchBits: [Int] = Array(repeating: 0, count: 32) + [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11,
                                                                    12, 13, 14, 15, 16]
    static let defaultLiteral: [Int16] = [4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1,
                                          2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1]
    static let defaultMatch: [Int16] = [1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
                                        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1]
    static let defaultOffset: [Int16] = [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
                                         1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1]
    // Built once (the predefined distributions are valid by construction).
    static let predefinedLiteral = try! ZstdFSETable(counts: defaultLiteral, accuracyLog: 6)
    static let predefinedMatch = try! ZstdFSETable(counts: defaultMatch, accuracyLog: 6)
    static let predefinedOffset = try! ZstdFSETable(counts: defaultOffset, accuracyLog: 5)

    /// Reads one sequence table by its mode; returns the bytes consumed.
    func table(mode: Int, _ src: UnsafeRawBufferPointer, previous: ZstdFSETable?, predefined: ZstdFSETable,
               maxSymbol: Int, maxLog: Int, name: String) throws(GraticuleError) -> (ZstdFSETable, Int) {
        switch mode {
        case 0: return (predefined, 0)
        case 1:
            guard !src.isEmpty else { throw zstdError("\(name) RLE symbol missing") }
            guard Int(src[0]) <= maxSymbol else { throw zstdError("\(name) RLE symbol \(src[0]) above \(maxSymbol)") }
            return (ZstdFSETable.rle(src[0]), 1)
        case 2: return try ZstdFSETable.read(src, maxSymbol: maxSymbol, maxLog: maxLog)
        default:
            guard let previous else { throw zstdError("\(name) table repeated before one was defined") }
            return (previous, 0)
        }
    }

    mutating func decodeSequences(_ src: UnsafeRawBufferPointer) throws(GraticuleError) {
        guard !src.isEmpty else { throw zstdError("sequences section missing") }
        var pos = 0
        let b0 = Int(src[0])
        var count: Int
        if b0 == 0 {
            let rest = literals
            try rest.withUnsafeBytes { l in Result { () throws(GraticuleError) in try emit(l) } }.get()
            return
        } else if b0 < 128 {
            count = b0; pos = 1
        } else if b0 < 255 {
            guard src.count >= 2 else { throw zstdError("sequence count truncated") }
            count = (b0 - 128) << 8 + Int(src[1]); pos = 2
        } else {
            guard src.count >= 3 else { throw zstdError("sequence count truncated") }
            count = Int(src[1]) + Int(src[2]) << 8 + 0x7F00; pos = 3
        }
        guard pos < src.count else { throw zstdError("sequence modes missing") }
        let modes = Int(src[pos]); pos += 1
        guard modes & 3 == 0 else { throw zstdError("reserved sequence mode bits set") }
        let (ll, n1) = try table(mode: modes >> 6, UnsafeRawBufferPointer(rebasing: src[pos...]), previous: literalTable,
                                 predefined: Self.predefinedLiteral, maxSymbol: 35, maxLog: 9, name: "literal length")
        pos += n1
        let (of, n2) = try table(mode: (modes >> 4) & 3, UnsafeRawBufferPointer(rebasing: src[pos...]), previous: offsetTable,
                                 predefined: Self.predefinedOffset, maxSymbol: 31, maxLog: 8, name: "offset")
        pos += n2
        let (ml, n3) = try table(mode: (modes >> 2) & 3, UnsafeRawBufferPointer(rebasing: src[pos...]), previous: matchTable,
                                 predefined: Self.predefinedMatch, maxSymbol: 52, maxLog: 9, name: "match length")
        pos += n3
        guard pos <= src.count else { throw zstdError("sequence tables exceed the block") }
        literalTable = ll; offsetTable = of; matchTable = ml
        guard var bits = ZstdBackwardBits(UnsafeRawBufferPointer(rebasing: src[pos...])) else {
            throw zstdError("sequence bitstream without end marker")
        }
        var llState = Int(bits.read(ll.accuracyLog))
        var ofState = Int(bits.read(of.accuracyLog))
        var mlState = Int(bits.read(ml.accuracyLog))
        var literalPos = 0
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let cap = output.count
        let literals = self.literals
        try literals.withUnsafeBufferPointer { lit in Result { () throws(GraticuleError) in
            for s in 0..<count {
                let lle = ll.entries[llState], ofe = of.entries[ofState], mle = ml.entries[mlState]
                let ofCode = Int(ofe.symbol)
                guard ofCode <= 31 else { throw zstdError("offset code \(ofCode)") }
                let llCode = Int(lle.symbol), mlCode = Int(mle.symbol)
                var offsetValue = (1 << ofCode) + Int(bits.read(ofCode))
                let matchLength = Self.matchBase[mlCode] + Int(bits.read(Self.matchBits[mlCode]))
                let literalLength = Self.literalBase[llCode] + Int(bits.read(Self.literalBits[llCode]))
                var offset: Int
                if offsetValue > 3 {
                    offset = offsetValue - 3
                    repeats = (offset, repeats.0, repeats.1)
                } else {
                    if literalLength == 0 { offsetValue += 1 }
                    switch offsetValue {
                    case 1: offset = repeats.0
                    case 2: offset = repeats.1; repeats = (offset, repeats.0, repeats.2)
                    case 3: offset = repeats.2; repeats = (offset, repeats.0, repeats.1)
                    default: offset = repeats.0 - 1; repeats = (offset, repeats.0, repeats.1)
                    }
                }
                // Literals, then the match.
                guard literalPos + literalLength <= lit.count else { throw zstdError("sequence \(s) uses more literals than decoded") }
                guard produced + literalLength + matchLength <= cap else { throw overflow(literalLength + matchLength) }
                if literalLength > 0 {
                    (out + produced).update(from: lit.baseAddress! + literalPos, count: literalLength)
                    produced += literalLength
                    literalPos += literalLength
                }
                guard offset >= 1, offset <= produced - frameStart else {
                    throw zstdError("sequence \(s): offset \(offset) reaches before the start of the data (\(produced - frameStart) bytes)")
                }
                var from = produced - offset
                if offset >= matchLength {
                    (out + produced).update(from: out + from, count: matchLength)
                    produced += matchLength
                } else {
                    for _ in 0..<matchLength { out[produced] = out[from]; produced += 1; from += 1 }
                }
                if s + 1 < count {
                    llState = Int(lle.base) + Int(bits.read(Int(lle.bits)))
                    mlState = Int(mle.base) + Int(bits.read(Int(mle.bits)))
                    ofState = Int(ofe.base) + Int(bits.read(Int(ofe.bits)))
                }
                if bits.position < 0 { throw zstdError("sequence bitstream exhausted at sequence \(s) of \(count)") }
            }
            guard bits.position == 0 else { throw zstdError("sequence bitstream has \(bits.position) bits left over") }
            let rest = lit.count - literalPos
            guard produced + rest <= cap else { throw overflow(rest) }
            if rest > 0 { (out + produced).update(from: lit.baseAddress! + literalPos, count: rest) }
            produced += rest
        } }.get()
    }
}
