import GraticuleCore

/// TIFF LZW (compression 5): variable-width codes of 9–12 bits, most significant bit first,
/// with the "early change" of TIFF 6.0 (the width grows one code early). Strings are not kept
/// in a dictionary: every code names a run of bytes already written to the output (its start
/// and length), so decoding is a sequence of copies within the output buffer.
enum LZW {
    static let clear = 256, endOfInformation = 257

    /// Decodes `src` into `dst`; returns the number of bytes written (stops when `dst` is full,
    /// at the end-of-information code, or at the end of the input).
    /// - Throws: `parse` for a code that is not yet in the table, or for old-style (pre-TIFF 6)
    ///   LZW, which this reader does not decode.
    static func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer,
                       block: Int) throws(GraticuleError) -> Int {
        let n = src.count, cap = dst.count
        if n >= 2, src[0] == 0, src[1] & 1 != 0 {
            throw .unsupported("old-style (LSB-first, pre-TIFF 6.0) LZW in block \(block)")
        }
        guard let out = dst.baseAddress?.assumingMemoryBound(to: UInt8.self), let inp = src.baseAddress else { return 0 }
        let input = inp.assumingMemoryBound(to: UInt8.self)
        // Entry c (c ≥ 258): the string of code c starts at output offset start[c], length len[c].
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: 4096 * 2) { table -> Result<Int, GraticuleError> in
            let start = table.baseAddress!, length = table.baseAddress! + 4096
            var bitBuffer: UInt64 = 0, bitCount = 0, pos = 0
            var width = 9, next = 258
            var o = 0
            var previousStart = -1, previousLength = 0
            while o < cap {
                // Refill to at least `width` bits.
                while bitCount < width {
                    if pos < n {
                        bitBuffer = (bitBuffer << 8) | UInt64(input[pos])
                        pos += 1
                        bitCount += 8
                    } else {
                        return .success(o)  // input exhausted (a missing EOI is tolerated)
                    }
                }
                let code = Int((bitBuffer >> UInt64(bitCount - width)) & ((1 << UInt64(width)) - 1))
                bitCount -= width
                if code == clear {
                    width = 9; next = 258; previousStart = -1
                    continue
                }
                if code == endOfInformation { break }
                if previousStart < 0 {
                    // First code after a clear: a literal.
                    guard code < 256 else {
                        return .failure(tiffError("LZW block \(block): code \(code) after a clear code (a literal expected) at input byte \(pos)"))
                    }
                    out[o] = UInt8(code)
                    previousStart = o; previousLength = 1
                    o += 1
                    continue
                }
                var s: Int, len: Int
                if code < 256 {
                    s = -1; len = 1
                } else if code < next {
                    s = start[code]; len = length[code]
                } else if code == next {
                    // KwKwK: the previous string plus its own first byte.
                    s = previousStart; len = previousLength + 1
                } else {
                    return .failure(tiffError("LZW block \(block): code \(code) is beyond the table (next free code \(next)) at input byte \(pos)"))
                }
                let room = cap - o
                if code < 256 {
                    out[o] = UInt8(code)
                } else if code == next {
                    let copy = min(previousLength, room)
                    // Source and destination may overlap only in the KwKwK case (source ends where destination starts).
                    for k in 0..<copy { out[o + k] = out[s + k] }
                    if previousLength < room { out[o + previousLength] = out[previousStart] }
                } else {
                    let copy = min(len, room)
                    (out + o).update(from: out + s, count: copy)
                }
                if next < 4096 {
                    start[next] = previousStart
                    length[next] = previousLength + 1
                    next += 1
                    if next == (1 << width) - 1 && width < 12 { width += 1 }
                }
                previousStart = o
                previousLength = len
                o += min(len, room)
            }
            return .success(o)
        }.get()
    }
}
