import GraticuleCore

/// Canonical Huffman decoding tables of Deflate (RFC 1951 §3.2.2, §3.2.5–3.2.7).
///
/// A table is indexed by the next `tableBits` bits of the stream (least significant first) and
/// answers in one lookup: one or two literals, a match length or distance base with its count of
/// extra bits, the end of the block, or an invalid code. Codes longer than `tableBits` go through
/// a pointer entry to a subtable indexed by the following bits. An entry (`UInt32`):
///
/// - bits 0–7: the bits to consume: the code's length plus its extra bits (≤ 28), or the two
///   codes' lengths of a literal pair,
/// - bits 8–11: the code's length: the extra bits start after it (a literal pair: the first
///   code's length; a subtable pointer: the subtable's index bits),
/// - bits 16–31: the value: a literal (bits 16–23) and a pair's second literal (bits 24–31), a
///   length or distance base, a code-length symbol, or a subtable's first index,
/// - flags: `literal` (bit 12), `pair` (bit 13, with `literal`), `exceptional` (bit 15: subtable
///   pointer, end of block or invalid code), `subtable` (bit 14), `endOfBlock` (bit 13, with
///   `exceptional`).
///
/// Bits 6–7 of every entry and bits 12–15 of length and distance entries are zero, so the low
/// six bits are the shift that consumes the code(s) and, for lengths and distances, bits 8–13 the
/// shift that reaches the extra bits: the decoder uses them as they are.
enum InflateTable {
    static let literal: UInt32 = 1 << 12
    static let pair: UInt32 = 1 << 13
    static let exceptional: UInt32 = 1 << 15
    static let subtable: UInt32 = 1 << 14
    static let endOfBlock: UInt32 = 1 << 13

    /// Index bits of the main tables. Longer literal/length codes are rare in real data; 11 bits
    /// (8 KiB) keeps the table in L1 with the distance table.
    static let litlenBits = 11
    static let distanceBits = 8
    static let precodeBits = 7
    /// Entries of the largest tables a valid code can need, main table and subtables (zlib's
    /// `enough` program for 288 symbols and 11 index bits, 32 symbols and 8 index bits, codes up
    /// to 15 bits); a builder that would exceed them refuses the code.
    static let litlenCapacity = 2342
    static let distanceCapacity = 402
    static let precodeCapacity = 1 << 7

    /// Symbols of the tables: what an entry holds besides the code's length.
    enum Alphabet {
        /// The code-length code: symbols 0–18 (the repeat codes' extra bits are read apart).
        case precode
        /// Literals 0–255, end of block 256, lengths 257–285; 286 and 287 are invalid.
        case litlen
        /// Distances 0–29; 30 and 31 are invalid.
        case distance

        /// The entry of `symbol` without its length fields; extra bits in bits 0–7.
        func payload(_ symbol: Int) -> UInt32 {
            switch self {
            case .precode: return UInt32(symbol) << 16
            case .litlen: return InflateTable.litlenPayload[symbol]
            case .distance: return InflateTable.distancePayload[symbol]
            }
        }
    }

    /// Literals, end of block, then the lengths of §3.2.5 (base << 16 | extra bits), then the
    /// two invalid symbols.
    static let litlenPayload: [UInt32] = {
        var p = (0..<256).map { literal | UInt32($0) << 16 }
        p.append(exceptional | endOfBlock)
        for (b, e) in zip(DeflateAlphabet.lengthBase, DeflateAlphabet.lengthExtra) { p.append(UInt32(b) << 16 | UInt32(e)) }
        p += [exceptional, exceptional]
        return p
    }()

    /// The distances of §3.2.5 (base << 16 | extra bits), then the two invalid symbols.
    static let distancePayload: [UInt32] =
        zip(DeflateAlphabet.distanceBase, DeflateAlphabet.distanceExtra).map { UInt32($0) << 16 | UInt32($1) }
        + [exceptional, exceptional]

    /// An invalid code of `length` bits: decoding it is an error once its bits are present.
    static func invalid(length: Int) -> UInt32 { exceptional | UInt32(length) << 8 | UInt32(length) }

    /// Builds the table of a code given by its lengths (0: unused symbol) into `table`.
    ///
    /// Validity follows zlib's `inflate_table`: an over-subscribed set is refused; an incomplete
    /// one too, except for a literal/length or distance code of a single one-bit code (the other
    /// one-bit code is then invalid) and a code without any symbol (every lookup is then a one-
    /// bit invalid code; for the code-length code, a one-bit length 0, as zlib reads it).
    /// - Returns: false when the lengths are not a usable code.
    static func build(lengths: UnsafePointer<UInt8>, count: Int, alphabet: Alphabet, tableBits: Int,
                      into table: UnsafeMutablePointer<UInt32>, capacity: Int) -> Bool {
        // Scratch: codes per length (0…15), the next slot per length (16…31), symbols sorted by
        // (length, symbol), the order of their canonical codes (32…).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32 + count) { scratch in
            let perLength = scratch.baseAddress!, slot = perLength + 16, sorted = perLength + 32
            perLength.initialize(repeating: 0, count: 32)
            for s in 0..<count { perLength[Int(lengths[s])] += 1 }
            var maxLength = 15
            while maxLength > 0 && perLength[maxLength] == 0 { maxLength -= 1 }
            let mainSize = 1 << tableBits
            if maxLength == 0 {
                let fill = alphabet == .precode ? UInt32(1 << 8 | 1) : invalid(length: 1)
                table.initialize(repeating: fill, count: mainSize)
                return true
            }
            var left = 1
            for length in 1...15 {
                left = 2 * left - perLength[length]
                if left < 0 { return false }  // over-subscribed
            }
            if left > 0 {
                guard alphabet != .precode && maxLength == 1 else { return false }  // incomplete
                table.initialize(repeating: invalid(length: 1), count: mainSize)
            }
            for length in 1..<15 { slot[length + 1] = slot[length] + perLength[length] }
            for s in 0..<count where lengths[s] != 0 {
                let l = Int(lengths[s])
                sorted[slot[l]] = s
                slot[l] += 1
            }
            let used = slot[15]
            // `code`: the current code bit-reversed (its first bit in bit 0), as the stream
            // presents it; lengthening a code appends zeros at its end, the top of the reversed
            // value, so the value only changes when the code is incremented.
            var code = 0
            var prefix = -1, subStart = 0, subBits = 0, nextFree = mainSize
            for i in 0..<used {
                let symbol = sorted[i]
                let length = Int(lengths[symbol])
                let entry = alphabet.payload(symbol) + UInt32(length << 8 | length)
                if length <= tableBits {
                    var k = code
                    while k < mainSize { table[k] = entry; k += 1 << length }
                } else {
                    if code & (mainSize - 1) != prefix {
                        // A new subtable, with as many index bits as the codes sharing this
                        // prefix (they come consecutively; `perLength` counts those left) need.
                        prefix = code & (mainSize - 1)
                        subBits = length - tableBits
                        var space = 1 << subBits
                        while tableBits + subBits < maxLength {
                            space -= perLength[tableBits + subBits]
                            if space <= 0 { break }
                            subBits += 1
                            space <<= 1
                        }
                        subStart = nextFree
                        nextFree += 1 << subBits
                        guard nextFree <= capacity else { return false }
                        table[prefix] = exceptional | subtable | UInt32(subStart) << 16 | UInt32(subBits) << 8
                    }
                    var k = code >> tableBits
                    while k < 1 << subBits { table[subStart + k] = entry; k += 1 << (length - tableBits) }
                }
                perLength[length] -= 1
                // The next code of this length, bit-reversed: add 1 at the code's last bit
                // (bit length − 1), carrying towards bit 0.
                var bit = 1 << (length - 1)
                while code & bit != 0 { bit >>= 1 }
                code = bit == 0 ? 0 : (code & (bit - 1)) | bit
            }
            if alphabet == .litlen { pairLiterals(table, tableBits: tableBits) }
            return true
        }
    }

    /// Merges two literals into one entry wherever both codes fit in the main table's index
    /// bits: one lookup then writes two bytes. Entries are visited from the last down, so the
    /// second code's entry (at a lower index: the bits left after the first code) is still a
    /// single one when read.
    static func pairLiterals(_ table: UnsafeMutablePointer<UInt32>, tableBits: Int) {
        for i in stride(from: (1 << tableBits) - 1, through: 0, by: -1) {
            let first = table[i]
            guard first & (literal | exceptional) == literal else { continue }
            let firstLength = Int(first & 0xFF)
            let second = table[i >> firstLength]
            let secondLength = Int(second & 0xFF)
            guard second & (literal | exceptional) == literal, firstLength + secondLength <= tableBits else { continue }
            table[i] = literal | pair | (first & 0x00FF_0000) | (second & 0x00FF_0000) << 8
                | UInt32(firstLength << 8 | (firstLength + secondLength))
        }
    }

    /// The fixed codes of §3.2.6 (built once).
    static let fixedLitlen: [UInt32] = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for s in 144..<256 { lengths[s] = 9 }
        for s in 256..<280 { lengths[s] = 7 }
        return fixedTable(lengths, alphabet: .litlen, tableBits: litlenBits, name: "literal/length")
    }()

    static let fixedDistance: [UInt32] = fixedTable([UInt8](repeating: 5, count: 32), alphabet: .distance,
                                                    tableBits: distanceBits, name: "distance")

    /// The table of a fixed code (its lengths are valid: a failure is a bug here).
    private static func fixedTable(_ lengths: [UInt8], alphabet: Alphabet, tableBits: Int, name: String) -> [UInt32] {
        var table = [UInt32](repeating: 0, count: 1 << tableBits)
        let ok = lengths.withUnsafeBufferPointer { l in
            table.withUnsafeMutableBufferPointer { t in
                build(lengths: l.baseAddress!, count: l.count, alphabet: alphabet, tableBits: tableBits, into: t.baseAddress!,
                      capacity: t.count)
            }
        }
        precondition(ok, "fixed \(name) code")
        return table
    }
}
