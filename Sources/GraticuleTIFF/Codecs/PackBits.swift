import GraticuleCore

/// PackBits (Apple run-length coding, TIFF compression 32773).
enum PackBits {
    /// Decodes `src` into `dst`; returns the number of bytes written. Runs that would overflow
    /// `dst` are cut at its end (as libtiff does); a truncated run stops the output early.
    static func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer) -> Int {
        var i = 0, o = 0
        let n = src.count, cap = dst.count
        while i < n && o < cap {
            let b = Int(Int8(bitPattern: src[i]))
            i += 1
            if b >= 0 {
                let len = min(b + 1, n - i, cap - o)
                if len <= 0 { break }
                dst.baseAddress!.advanced(by: o).copyMemory(from: src.baseAddress!.advanced(by: i), byteCount: len)
                i += b + 1
                o += len
            } else if b != -128 {
                guard i < n else { break }
                let len = min(1 - b, cap - o)
                dst.baseAddress!.advanced(by: o).initializeMemory(as: UInt8.self, repeating: src[i], count: len)
                i += 1
                o += len
            }
        }
        return o
    }
}
