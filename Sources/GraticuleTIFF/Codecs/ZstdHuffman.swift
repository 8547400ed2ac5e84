import GraticuleCore

/// The Huffman table of Zstandard literals (RFC 8878 §4.2).
struct ZstdHuffmanTable {
    /// Longest code in bits (≤ 11).
    var maxBits: Int
    /// For every `maxBits`-bit prefix: the symbol and the code length.
    var symbols: [UInt8]
    var lengths: [UInt8]

    /// Reads a tree description (§4.2.1) from the start of `src`; returns the table and the bytes consumed.
    static func read(_ src: UnsafeRawBufferPointer) throws(GraticuleError) -> (ZstdHuffmanTable, Int) {
        guard !src.isEmpty else { throw zstdError("Huffman tree description missing") }
        let header = Int(src[0])
        var weights: [UInt8] = []
        var consumed: Int
        if header >= 128 {
            let n = header - 127
            consumed = 1 + (n + 1) / 2
            guard consumed <= src.count else { throw zstdError("Huffman weights truncated") }
            for i in 0..<n {
                let byte = src[1 + i / 2]
                weights.append(i % 2 == 0 ? byte >> 4 : byte & 0xF)
            }
        } else {
            consumed = 1 + header
            guard consumed <= src.count, header > 0 else { throw zstdError("Huffman FSE weights truncated") }
            let body = UnsafeRawBufferPointer(rebasing: src[1 ..< consumed])
            let (table, used) = try ZstdFSETable.read(body, maxSymbol: 255, maxLog: 6)
            guard var bits = ZstdBackwardBits(UnsafeRawBufferPointer(rebasing: body[used...])) else {
                throw zstdError("Huffman FSE weights: empty stream")
            }
            var s1 = Int(bits.read(table.accuracyLog)), s2 = Int(bits.read(table.accuracyLog))
            while weights.count < 255 {
                let e1 = table.entries[s1]
                weights.append(e1.symbol)
                s1 = Int(e1.base) + Int(bits.read(Int(e1.bits)))
                if bits.position < 0 { weights.append(table.entries[s2].symbol); break }
                let e2 = table.entries[s2]
                weights.append(e2.symbol)
                s2 = Int(e2.base) + Int(bits.read(Int(e2.bits)))
                if bits.position < 0 { weights.append(table.entries[s1].symbol); break }
            }
        }
        // The last symbol's weight is implied: it completes the total to a power of two.
        var total = 0
        for w in weights {
            guard w <= 11 else { throw zstdError("Huffman weight \(w) above 11") }
            if w > 0 { total += 1 << (Int(w) - 1) }
        }
        guard total > 0 else { throw zstdError("Huffman weights all zero") }
        let maxBits = Int.bitWidth - total.leadingZeroBitCount  // highest bit + 1
        let leftover = (1 << maxBits) - total
        guard leftover > 0, leftover & (leftover - 1) == 0, maxBits <= 11 else {
            throw zstdError("Huffman weights do not complete a tree")
        }
        weights.append(UInt8(Int.bitWidth - leftover.leadingZeroBitCount))  // log2(leftover) + 1
        guard weights.count <= 256 else { throw zstdError("Huffman table has more than 256 symbols") }
        // Fill the table: symbols by increasing weight, each over 2^(w−1) consecutive slots.
        var rankCount = [Int](repeating: 0, count: 13)
        for w in weights { rankCount[Int(w)] += 1 }
        var rankStart = [Int](repeating: 0, count: 13)
        var next = 0
        for w in 1...12 {
            rankStart[w] = next
            next += rankCount[w] << (w - 1)
        }
        let size = 1 << maxBits
        guard next == size else { throw zstdError("Huffman table does not fill \(size) slots") }
        var symbols = [UInt8](repeating: 0, count: size)
        var lengths = [UInt8](repeating: 0, count: size)
        for (s, w) in weights.enumerated() where w > 0 {
            let span = 1 << (Int(w) - 1)
            let start = rankStart[Int(w)]
            rankStart[Int(w)] += span
            let len = UInt8(maxBits + 1 - Int(w))
            for k in start ..< start + span {
                symbols[k] = UInt8(s)
                lengths[k] = len
            }
        }
        return (ZstdHuffmanTable(maxBits: maxBits, symbols: symbols, lengths: lengths), consumed)
    }

    /// Decodes one stream of `count` symbols into `out`.
    func decodeStream(_ src: UnsafeRawBufferPointer, count: Int, into out: UnsafeMutablePointer<UInt8>) throws(GraticuleError) {
        guard var bits = ZstdBackwardBits(src) else { throw zstdError("Huffman stream without end marker") }
        for i in 0..<count {
            let prefix = Int(bits.peek(maxBits))
            out[i] = symbols[prefix]
            bits.skip(Int(lengths[prefix]))
        }
        guard bits.position == 0 else {
            throw zstdError("Huffman stream: \(bits.position) bits left over after \(count) symbols")
        }
    }
}
