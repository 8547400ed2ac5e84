import GraticuleCore

/// Why a Deflate decoding run stopped.
enum InflateStop: Equatable {
    /// The final block ended; the stream took `consumed` bytes of input (to the byte boundary).
    case streamEnd(consumed: Int)
    /// The output is full and the next symbol has bytes to write.
    case outputFull
    /// The input ended inside the stream: everything whose bits are present was decoded.
    case inputEnded
}

/// Corrupt Deflate data: zlib's message for the fault and the bit position where it was found.
struct InflateError: Error {
    let message: String
    /// Bits consumed from the start of the Deflate data, the faulty code included.
    let position: Int
}

/// A Deflate decoder (RFC 1951) for one stream into a fixed buffer: stored, fixed and dynamic
/// blocks.
///
/// Huffman blocks run in a fast loop while at least 16 input bytes and `fastRoom` output bytes
/// remain: one refill per symbol or pair of literals, one table lookup per code (see
/// `InflateTable`), matches copied a word or sixteen bytes at a time. Near either end, a careful
/// loop decodes symbol by symbol, checks every bit it reads against the input's end and every
/// byte it writes against the output's.
///
/// Decisions follow zlib's `inflate`: the same faults are errors, with zlib's messages; when the
/// output fills, decoding goes on until a symbol has a byte to write (so a fault or the stream's
/// end right after the last byte is still seen); when the input ends, everything whose bits are
/// present is decoded.
struct InflateDecoder {
    var bits: InflateBits
    let output: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// Bytes written to `output`.
    var produced = 0

    /// Output bytes the fast loop needs free at the top of an iteration: two literals, a match of
    /// 258 and a copy's overshoot of up to 15 bytes.
    static let fastRoom = 2 + 258 + 16
    /// Input bytes the fast loop needs left at the top of an iteration: two eight-byte refills,
    /// the first advancing by at most seven.
    static let fastInput = 16

    init(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) {
        bits = InflateBits(input)
        self.output = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        capacity = output.count
    }

    /// Scratch for the dynamic codes: entries of the literal/length, distance and code-length
    /// tables.
    static let scratchEntries = InflateTable.litlenCapacity + InflateTable.distanceCapacity + InflateTable.precodeCapacity
    /// Scratch for the code lengths of a dynamic header (286 + 30, rounded).
    static let scratchLengths = 320

    /// Decodes blocks until the stream ends or decoding must stop.
    mutating func run(tables: UnsafeMutablePointer<UInt32>, lengths: UnsafeMutablePointer<UInt8>) throws(InflateError) -> InflateStop {
        let litlen = tables, distance = tables + InflateTable.litlenCapacity
        let precode = distance + InflateTable.distanceCapacity
        while true {
            let header = bits.read(3)
            if bits.truncated { return .inputEnded }
            let stop: InflateStop?
            switch header >> 1 {
            case 0:
                stop = try storedBlock()
            case 1:
                stop = try InflateTable.fixedLitlen.withUnsafeBufferPointer { l throws(InflateError) in
                    try InflateTable.fixedDistance.withUnsafeBufferPointer { d throws(InflateError) in
                        try huffmanBlock(litlen: l.baseAddress!, distance: d.baseAddress!)
                    }
                }
            case 2:
                if let s = try readDynamicTables(litlen: litlen, distance: distance, precode: precode, lengths: lengths) { return s }
                stop = try huffmanBlock(litlen: litlen, distance: distance)
            default:
                throw InflateError(message: "invalid block type", position: bits.position)
            }
            if let stop { return stop }
            if header & 1 != 0 { return .streamEnd(consumed: (bits.position + 7) / 8) }
        }
    }

    /// A stored block (§3.2.4): LEN and NLEN, then LEN bytes copied as they are.
    mutating func storedBlock() throws(InflateError) -> InflateStop? {
        bits.alignToByte()
        let length = Int(bits.read(16)), complement = Int(bits.read(16))
        if bits.truncated { return .inputEnded }
        guard length == complement ^ 0xFFFF else {
            throw InflateError(message: "invalid stored block lengths", position: bits.position)
        }
        let start = bits.position / 8
        let n = min(length, bits.count - start, capacity - produced)
        if n > 0 { (output + produced).update(from: bits.base + start, count: n) }
        produced += n
        bits.restart(at: start + n)
        if n < length { return produced == capacity ? .outputFull : .inputEnded }
        return nil
    }

    /// A dynamic block's header (§3.2.7): the code-length code, then the literal/length and
    /// distance code lengths, built into `litlen` and `distance`.
    /// - Returns: non-nil when the input ended inside the header.
    mutating func readDynamicTables(litlen: UnsafeMutablePointer<UInt32>, distance: UnsafeMutablePointer<UInt32>,
                                    precode: UnsafeMutablePointer<UInt32>,
                                    lengths: UnsafeMutablePointer<UInt8>) throws(InflateError) -> InflateStop? {
        let litlenCount = 257 + Int(bits.read(5)), distanceCount = 1 + Int(bits.read(5))
        let precodeCount = 4 + Int(bits.read(4))
        if bits.truncated { return .inputEnded }
        // zlib refuses 287 and 288 length codes and 31 and 32 distance codes (the format allows
        // them in the header, but they can never be used).
        guard litlenCount <= 286 && distanceCount <= 30 else {
            throw InflateError(message: "too many length or distance symbols", position: bits.position)
        }
        lengths.initialize(repeating: 0, count: 19)
        for i in 0..<precodeCount { lengths[DeflateAlphabet.codeLengthOrder[i]] = UInt8(bits.read(3)) }
        if bits.truncated { return .inputEnded }
        guard InflateTable.build(lengths: lengths, count: 19, alphabet: .precode, tableBits: InflateTable.precodeBits,
                                 into: precode, capacity: InflateTable.precodeCapacity) else {
            throw InflateError(message: "invalid code lengths set", position: bits.position)
        }
        let total = litlenCount + distanceCount
        var i = 0
        while i < total {
            if bits.available < 14 { bits.refill() }
            let entry = precode[Int(bits.peek(InflateTable.precodeBits))]
            bits.consume(Int(entry & 0xFF))
            let symbol = Int(entry >> 16)
            if symbol < 16 {
                lengths[i] = UInt8(symbol)
                i += 1
                continue
            }
            var value: UInt8 = 0, repeats: Int
            switch symbol {
            case 16:
                repeats = 3 + Int(bits.read(2))
                if bits.truncated { return .inputEnded }
                guard i > 0 else { throw InflateError(message: "invalid bit length repeat", position: bits.position) }
                value = lengths[i - 1]
            case 17: repeats = 3 + Int(bits.read(3))
            default: repeats = 11 + Int(bits.read(7))
            }
            if bits.truncated { return .inputEnded }
            guard i + repeats <= total else { throw InflateError(message: "invalid bit length repeat", position: bits.position) }
            (lengths + i).update(repeating: value, count: repeats)
            i += repeats
        }
        if bits.truncated { return .inputEnded }
        guard lengths[256] != 0 else {
            throw InflateError(message: "invalid code -- missing end-of-block", position: bits.position)
        }
        guard InflateTable.build(lengths: lengths, count: litlenCount, alphabet: .litlen, tableBits: InflateTable.litlenBits,
                                 into: litlen, capacity: InflateTable.litlenCapacity) else {
            throw InflateError(message: "invalid literal/lengths set", position: bits.position)
        }
        guard InflateTable.build(lengths: lengths + litlenCount, count: distanceCount, alphabet: .distance,
                                 tableBits: InflateTable.distanceBits, into: distance, capacity: InflateTable.distanceCapacity) else {
            throw InflateError(message: "invalid distances set", position: bits.position)
        }
        return nil
    }

    /// The entry of the next code in `table`, through its subtable when the code is longer than
    /// `tableBits` (the caller has ≥ 15 bits available). Nothing is consumed.
    @inline(__always)
    static func lookup(_ table: UnsafePointer<UInt32>, _ buffer: UInt64, tableBits: Int) -> UInt32 {
        let entry = table[Int(truncatingIfNeeded: buffer) & (1 << tableBits - 1)]
        guard entry & InflateTable.subtable != 0 else { return entry }
        return subentry(table, entry, buffer, tableBits: tableBits)
    }

    /// The entry a subtable pointer `entry` (of the main table) leads to, indexed by the bits
    /// after the main table's `tableBits`.
    @inline(__always)
    static func subentry(_ table: UnsafePointer<UInt32>, _ entry: UInt32, _ buffer: UInt64, tableBits: Int) -> UInt32 {
        let index = Int(truncatingIfNeeded: buffer &>> UInt64(tableBits)) & (1 &<< Int((entry >> 8) & 0xF) &- 1)
        return table[Int(entry >> 16) &+ index]
    }

    /// The value of a length or distance entry: its base plus its extra bits, which follow the
    /// code in `buffer` (the bits before the entry was consumed).
    @inline(__always)
    static func value(_ entry: UInt32, _ buffer: UInt64) -> Int {
        let e = UInt64(entry)
        return Int(entry >> 16) &+ Int(truncatingIfNeeded: (buffer & ((1 &<< e) &- 1)) &>> (e &>> 8))
    }

    /// A Huffman-coded block with the given tables, to its end-of-block code.
    /// - Returns: nil at the end of the block, otherwise why decoding stopped.
    mutating func huffmanBlock(litlen: UnsafePointer<UInt32>, distance: UnsafePointer<UInt32>) throws(InflateError) -> InflateStop? {
        if try fastLoop(litlen: litlen, distance: distance) { return nil }
        return try carefulLoop(litlen: litlen, distance: distance)
    }

    /// Writes the one or two literals of a literal entry, consumes their bits and looks up the
    /// next entry (the fast loop's step; room for two bytes is guaranteed there).
    @inline(__always)
    static func emitLiterals(_ entry: inout UInt32, _ buffer: inout UInt64, _ available: inout Int,
                             _ out: inout UnsafeMutablePointer<UInt8>, _ litlen: UnsafePointer<UInt32>, _ litlenMask: Int) {
        buffer &>>= UInt64(entry)
        available &-= Int(entry & 0xFF)
        UnsafeMutableRawPointer(out).storeBytes(of: UInt16(truncatingIfNeeded: entry >> 16).littleEndian, as: UInt16.self)
        out += 1 &+ Int((entry >> 13) & 1)
        entry = litlen[Int(truncatingIfNeeded: buffer) & litlenMask]
    }

    /// Decodes while both ends are far; returns true at the end of the block.
    ///
    /// Each iteration starts with at least 56 bits available and the entry of the next code
    /// already looked up (its index bits were present before the refill, which only adds bits
    /// above them), so the lookup's latency overlaps the previous match's copy.
    @inline(__always)
    mutating func fastLoop(litlen: UnsafePointer<UInt32>, distance: UnsafePointer<UInt32>) throws(InflateError) -> Bool {
        let inBase = bits.base
        let inLimit = bits.count - Self.fastInput
        guard bits.next <= inLimit && produced <= capacity - Self.fastRoom else { return false }
        let outStart = output, outLimit = output + (capacity - Self.fastRoom)
        var buffer = bits.buffer, available = bits.available, next = bits.next, out = output + produced
        let litlenMask = 1 << InflateTable.litlenBits - 1, distanceMask = 1 << InflateTable.distanceBits - 1
        let literal = InflateTable.literal, exceptional = InflateTable.exceptional, subtable = InflateTable.subtable
        var endOfBlock = false
        defer {
            bits.buffer = buffer; bits.available = available; bits.next = next
            produced = out - outStart
        }
        InflateBits.refill(&buffer, &available, &next, inBase)
        var entry = litlen[Int(truncatingIfNeeded: buffer) & litlenMask]
        repeat {
            if entry & literal != 0 {
                // Up to three lookups of one or two literals (56 bits hold three codes of
                // ≤ 15 bits, or pairs of ≤ 11, and the next table index); a single literal's
                // store writes a byte of junk after it, overwritten next.
                Self.emitLiterals(&entry, &buffer, &available, &out, litlen, litlenMask)
                if entry & literal != 0 {
                    Self.emitLiterals(&entry, &buffer, &available, &out, litlen, litlenMask)
                    if entry & literal != 0 { Self.emitLiterals(&entry, &buffer, &available, &out, litlen, litlenMask) }
                }
            } else {
                if entry & exceptional != 0 {
                    if entry & subtable != 0 { entry = Self.subentry(litlen, entry, buffer, tableBits: InflateTable.litlenBits) }
                    if entry & literal != 0 {
                        Self.emitLiterals(&entry, &buffer, &available, &out, litlen, litlenMask)
                        if out > outLimit || next > inLimit { break }
                        InflateBits.refill(&buffer, &available, &next, inBase)
                        continue
                    }
                    if entry & exceptional != 0 {
                        buffer &>>= UInt64(entry & 0xFF)
                        available &-= Int(entry & 0xFF)
                        if entry & InflateTable.endOfBlock != 0 { endOfBlock = true; break }
                        throw InflateError(message: "invalid literal/length code", position: next &* 8 &- available)
                    }
                }
                // A match: the length (≤ 20 bits), a refill, the distance (≤ 28 bits), and
                // the next code's entry looked up before the copy.
                var saved = buffer
                buffer &>>= UInt64(entry)
                available &-= Int(entry & 0xFF)
                let length = Self.value(entry, saved)
                InflateBits.refill(&buffer, &available, &next, inBase)
                var d = distance[Int(truncatingIfNeeded: buffer) & distanceMask]
                if d & exceptional != 0 {
                    if d & subtable != 0 { d = Self.subentry(distance, d, buffer, tableBits: InflateTable.distanceBits) }
                    if d & exceptional != 0 {
                        buffer &>>= UInt64(d & 0xFF)
                        available &-= Int(d & 0xFF)
                        throw InflateError(message: "invalid distance code", position: next &* 8 &- available)
                    }
                }
                saved = buffer
                buffer &>>= UInt64(d)
                available &-= Int(d & 0xFF)
                let dist = Self.value(d, saved)
                entry = litlen[Int(truncatingIfNeeded: buffer) & litlenMask]
                guard dist <= out - outStart else {
                    throw InflateError(message: "invalid distance too far back", position: next &* 8 &- available)
                }
                Self.copyMatch(out, distance: dist, length: length)
                out += length
            }
            if out > outLimit || next > inLimit { break }
            InflateBits.refill(&buffer, &available, &next, inBase)
        } while true
        return endOfBlock
    }

    /// Decodes symbol by symbol, every read and write checked, to the end of the block.
    mutating func carefulLoop(litlen: UnsafePointer<UInt32>, distance: UnsafePointer<UInt32>) throws(InflateError) -> InflateStop? {
        while true {
            bits.refill()
            let entry = Self.lookup(litlen, bits.buffer, tableBits: InflateTable.litlenBits)
            if entry & InflateTable.literal != 0 {
                // One literal (of a pair, the first: the second is looked up again next).
                bits.consume(Int((entry >> 8) & 0xF))
                if bits.truncated { return .inputEnded }
                if produced == capacity { return .outputFull }
                output[produced] = UInt8(truncatingIfNeeded: entry >> 16)
                produced += 1
                continue
            }
            if entry & InflateTable.exceptional != 0 {
                bits.consume(Int(entry & 0xFF))
                if bits.truncated { return .inputEnded }
                if entry & InflateTable.endOfBlock != 0 { return nil }
                throw InflateError(message: "invalid literal/length code", position: bits.position)
            }
            var saved = bits.buffer
            bits.consume(Int(entry & 0xFF))
            let length = Self.value(entry, saved)
            if bits.truncated { return .inputEnded }
            let d = Self.lookup(distance, bits.buffer, tableBits: InflateTable.distanceBits)
            if d & InflateTable.exceptional != 0 {
                bits.consume(Int(d & 0xFF))
                if bits.truncated { return .inputEnded }
                throw InflateError(message: "invalid distance code", position: bits.position)
            }
            saved = bits.buffer
            bits.consume(Int(d & 0xFF))
            let dist = Self.value(d, saved)
            if bits.truncated { return .inputEnded }
            let room = capacity - produced
            if room == 0 { return .outputFull }
            guard dist <= produced else { throw InflateError(message: "invalid distance too far back", position: bits.position) }
            if room >= length + 16 {
                Self.copyMatch(output + produced, distance: dist, length: length)
                produced += length
            } else {
                let n = min(length, room)
                for k in 0..<n { output[produced + k] = output[produced + k - dist] }
                produced += n
                if n < length { return .outputFull }
            }
        }
    }

    /// Copies a match of `length` (≥ 3) bytes from `distance` (≥ 1) bytes back to `dst`.
    /// Writes up to 15 bytes past the match: the caller has room for them.
    @inline(__always)
    static func copyMatch(_ dst: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        var d = UnsafeMutableRawPointer(dst)
        let end = d + length
        if distance >= 16 {
            var s = UnsafeRawPointer(d - distance)
            repeat {
                d.storeBytes(of: s.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                s += 16
                d += 16
            } while d < end
        } else if distance >= 8 {
            var s = UnsafeRawPointer(d - distance)
            repeat {
                d.storeBytes(of: s.loadUnaligned(as: UInt64.self), as: UInt64.self)
                s += 8
                d += 8
            } while d < end
        } else if distance == 1 {
            let v = UInt64(d.load(fromByteOffset: -1, as: UInt8.self)) &* 0x0101_0101_0101_0101
            repeat {
                d.storeBytes(of: v, as: UInt64.self)
                d += 8
            } while d < end
        } else {
            // A period of 2–7 bytes: the period repeated over a word, stored at steps of the
            // largest multiple of the period that fits in 8 bytes (8, 6, 8, 5, 6, 7).
            let shift = UInt64(truncatingIfNeeded: 8 &* distance)
            var v = UnsafeRawPointer(d - distance).loadUnaligned(as: UInt64.self) & ((1 &<< shift) &- 1)
            v |= v &<< shift
            if distance < 4 { v |= v &<< (2 &* shift) }
            let step = Int(truncatingIfNeeded: (0x7658_6800 as UInt64) &>> UInt64(truncatingIfNeeded: 4 &* distance)) & 0xF
            repeat {
                d.storeBytes(of: v, as: UInt64.self)
                d += step
            } while d < end
        }
    }
}
