import GraticuleCore

/// Deflate (zlib stream, RFC 1950 around RFC 1951; TIFF compression 8 and 32946) in Swift: the
/// stream's 2-byte header checked here, its body decoded by `InflateDecoder`, its Adler-32
/// trailer checked with `Adler32`.
///
/// Why not the system zlib: zlib 1.2.13 copies matches of distance below the match length byte
/// by byte, which is most of a GeoTIFF tile with runs of padding or nodata; this decoder (in the
/// manner of libdeflate: a 64-bit bit buffer refilled eight bytes at a time, one table lookup
/// per code, matches copied by words) takes about half the time.
enum Inflate {
    /// Inflates a zlib stream into `dst`; returns the number of bytes written. Output beyond
    /// `dst` is not produced (decoding stops when `dst` is full, as libtiff reads a block; the
    /// checksum is then not reached, as with zlib). A stream cut short gives what its bytes hold.
    /// - Throws: `parse` naming the block and zlib's message for corrupt data: a bad header, a
    ///   corrupt body (with the byte where it was found), an Adler-32 that does not match
    ///   ("incorrect data check").
    static func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer,
                       block: Int) throws(GraticuleError) -> Int {
        guard !src.isEmpty, !dst.isEmpty else { return 0 }
        // RFC 1950 header: method 8 (deflate), window ≤ 32 KiB, check bits, no preset dictionary.
        guard src.count >= 2 else { throw tiffError("Deflate block \(block): stream of \(src.count) byte cut before its header") }
        let cmf = src[0], flg = src[1]
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 else {
            throw tiffError("Deflate block \(block): incorrect header check")
        }
        guard flg & 0x20 == 0 else { throw tiffError("Deflate block \(block): preset dictionary not supported") }
        let body = UnsafeRawBufferPointer(rebasing: src[2...])
        var decoder = InflateDecoder(input: body, output: dst)
        let outcome = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: InflateDecoder.scratchEntries) { tables in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: InflateDecoder.scratchLengths) { lengths in
                Result { () throws(InflateError) -> InflateStop in
                    try decoder.run(tables: tables.baseAddress!, lengths: lengths.baseAddress!)
                }
            }
        }
        let stop: InflateStop
        switch outcome {
        case .success(let s): stop = s
        case .failure(let e):
            // The byte holding the faulty code's last bit, counted from the start of the stream.
            throw tiffError("Deflate block \(block): \(e.message) at compressed byte \(2 + max(e.position - 1, 0) / 8) of \(src.count)")
        }
        // The stream's end reached: its big-endian Adler-32 follows (when the block holds it).
        if case .streamEnd(let t) = stop, body.count - t >= 4 {
            let expected = UInt32(body[t]) << 24 | UInt32(body[t + 1]) << 16 | UInt32(body[t + 2]) << 8 | UInt32(body[t + 3])
            let actual = Adler32.update(1, UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(dst)[0..<decoder.produced]))
            guard actual == expected else {
                throw tiffError("Deflate block \(block): incorrect data check (Adler-32 \(String(actual, radix: 16)), "
                                + "stream says \(String(expected, radix: 16)))")
            }
        }
        return decoder.produced
    }
}
