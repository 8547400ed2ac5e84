import GraticuleCore

/// A Finite State Entropy decoding table (RFC 8878 §4.1).
struct ZstdFSETable: Sendable {
    struct Entry: Sendable {
        var symbol: UInt8
        var bits: UInt8
        var base: UInt16
    }
    var accuracyLog: Int
    var entries: [Entry]

    /// A table that always yields `symbol` and reads no bits (RLE mode).
    static func rle(_ symbol: UInt8) -> ZstdFSETable {
        ZstdFSETable(accuracyLog: 0, entries: [Entry(symbol: symbol, bits: 0, base: 0)])
    }

    /// Builds the table from normalized counts (−1 = "less than one").
    init(counts: [Int16], accuracyLog: Int) throws(GraticuleError) {
        self.accuracyLog = accuracyLog
        let size = 1 << accuracyLog
        var symbols = [UInt8](repeating: 0, count: size)
        var next = [Int](repeating: 0, count: counts.count)
        var high = size - 1
        for (s, c) in counts.enumerated() {
            if c == -1 {
                guard high >= 0 else { throw zstdError("FSE table: too many low-probability symbols") }
                symbols[high] = UInt8(s)
                high -= 1
                next[s] = 1
            } else {
                next[s] = Int(c)
            }
        }
        let step = (size >> 1) + (size >> 3) + 3
        let mask = size - 1
        var pos = 0
        for (s, c) in counts.enumerated() where c > 0 {
            for _ in 0..<Int(c) {
                symbols[pos] = UInt8(s)
                pos = (pos + step) & mask
                while pos > high { pos = (pos + step) & mask }
            }
        }
        guard pos == 0 else { throw zstdError("FSE table: counts do not fill the table") }
        var entries = [Entry](repeating: Entry(symbol: 0, bits: 0, base: 0), count: size)
        for u in 0..<size {
            let s = Int(symbols[u])
            let state = next[s]
            next[s] += 1
            guard state > 0 else { throw zstdError("FSE table: invalid state") }
            let bits = accuracyLog - (Int.bitWidth - 1 - state.leadingZeroBitCount)
            entries[u] = Entry(symbol: UInt8(s), bits: UInt8(bits), base: UInt16((state << bits) - size))
        }
        self.entries = entries
    }

    init(accuracyLog: Int, entries: [Entry]) {
        self.accuracyLog = accuracyLog
        self.entries = entries
    }

    /// Reads a table description (§4.1.1) from the start of `src`; returns the table and the
    /// bytes consumed.
    static func read(_ src: UnsafeRawBufferPointer, maxSymbol: Int, maxLog: Int) throws(GraticuleError) -> (ZstdFSETable, Int) {
        guard !src.isEmpty else { throw zstdError("FSE table description missing") }
        var bits = ZstdForwardBits(src)
        let log = Int(bits.peek(4)) + 5
        bits.skip(4)
        guard log <= maxLog else { throw zstdError("FSE accuracy log \(log) above \(maxLog)") }
        var remaining = (1 << log) + 1
        var threshold = 1 << log
        var width = log + 1
        var counts: [Int16] = []
        var symbol = 0
        var previousZero = false
        while remaining > 1 && symbol <= maxSymbol {
            if previousZero {
                var n = symbol
                while bits.peek(2) == 3 {
                    n += 3
                    bits.skip(2)
                    if bits.overflowed { throw zstdError("FSE table description truncated") }
                }
                n += Int(bits.peek(2))
                bits.skip(2)
                guard n <= maxSymbol else { throw zstdError("FSE table: symbol \(n) above \(maxSymbol)") }
                while symbol < n { counts.append(0); symbol += 1 }
                if symbol > maxSymbol { break }
            }
            let maxValue = (2 * threshold - 1) - remaining
            var count: Int
            let low = Int(bits.peek(width - 1))
            if (low & (threshold - 1)) < maxValue {
                count = low & (threshold - 1)
                bits.skip(width - 1)
            } else {
                count = Int(bits.peek(width)) & (2 * threshold - 1)
                if count >= threshold { count -= maxValue }
                bits.skip(width)
            }
            count -= 1
            remaining -= abs(count)
            counts.append(Int16(count))
            symbol += 1
            previousZero = count == 0
            while remaining < threshold && width > 1 {
                width -= 1
                threshold >>= 1
            }
            if bits.overflowed { throw zstdError("FSE table description truncated") }
        }
        guard remaining == 1 else { throw zstdError("FSE table description: probabilities do not sum to 1") }
        return (try ZstdFSETable(counts: counts, accuracyLog: log), bits.bytesConsumed)
    }
}

@inline(__always)
func zstdError(_ message: String) -> GraticuleError {
    .parse(format: "ZSTD", message: message, offset: 0)
}
