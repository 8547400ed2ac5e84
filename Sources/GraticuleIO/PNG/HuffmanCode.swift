/// A canonical Huffman code for deflate (RFC 1951 §3.2.2): code lengths from symbol
/// frequencies, limited to a maximum length, and the codes bit-reversed for a least-significant-
/// bit-first stream.
struct HuffmanCode {
    /// Code length per symbol (0: unused).
    var lengths: [UInt8]
    /// Code per symbol, bit-reversed (deflate sends Huffman codes most significant bit first).
    var codes: [UInt16]

    /// The optimal code for the frequencies (a Huffman tree), with frequencies halved and the tree
    /// rebuilt while any code would be longer than `maxLength`. At least two symbols get a code
    /// (an unused one is added if needed), so the code is always complete, as zlib's inflate
    /// requires.
    init(frequencies: [UInt32], maxLength: Int) {
        var freq = frequencies.map(Int.init)
        let used = freq.indices.filter { freq[$0] > 0 }
        if used.count < 2 {
            // A single (or no) symbol still needs a complete code: give a second symbol a code.
            let extra = used.first == 0 ? 1 : 0
            freq[extra] = max(freq[extra], 1)
            if used.isEmpty { freq[extra == 0 ? 1 : 0] = 1 }
        }
        var lengths = [UInt8](repeating: 0, count: freq.count)
        while true {
            // Leaves by (frequency, symbol); internal nodes are created in increasing weight, so
            // two queues give the tree (van Leeuwen's method).
            let symbols = freq.indices.filter { freq[$0] > 0 }.sorted { (freq[$0], $0) < (freq[$1], $1) }
            let m = symbols.count
            var weight = [Int](repeating: 0, count: 2 * m - 1)
            var parent = [Int](repeating: 0, count: 2 * m - 1)
            for (i, s) in symbols.enumerated() { weight[i] = freq[s] }
            var leaf = 0, inner = m, next = m
            func smallest() -> Int {
                if leaf < m && (inner >= next || weight[leaf] <= weight[inner]) {
                    leaf += 1
                    return leaf - 1
                }
                inner += 1
                return inner - 1
            }
            while next < 2 * m - 1 {
                let a = smallest(), b = smallest()
                weight[next] = weight[a] + weight[b]
                parent[a] = next
                parent[b] = next
                next += 1
            }
            // Depths from the root (the last node) down: a parent always comes after its children.
            var depth = [Int](repeating: 0, count: 2 * m - 1)
            for node in stride(from: 2 * m - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
            if depth[0..<m].max()! <= maxLength {
                for (i, s) in symbols.enumerated() { lengths[s] = UInt8(depth[i]) }
                break
            }
            freq = freq.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
        }
        self.lengths = lengths
        // Canonical codes: by length, then by symbol.
        var count = [Int](repeating: 0, count: maxLength + 1)
        for l in lengths where l > 0 { count[Int(l)] += 1 }
        var nextCode = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for bits in 1...maxLength {
            code = (code + count[bits - 1]) << 1
            nextCode[bits] = code
        }
        codes = [UInt16](repeating: 0, count: lengths.count)
        for s in lengths.indices where lengths[s] > 0 {
            let l = Int(lengths[s])
            var c = nextCode[l], reversed = 0
            nextCode[l] += 1
            for _ in 0..<l {
                reversed = reversed << 1 | c & 1
                c >>= 1
            }
            codes[s] = UInt16(reversed)
        }
    }

    /// Code and length packed for the bit writer: the code in the low 16 bits, the length above.
    func packed(_ symbol: Int) -> UInt32 { UInt32(codes[symbol]) | UInt32(lengths[symbol]) << 16 }
}
