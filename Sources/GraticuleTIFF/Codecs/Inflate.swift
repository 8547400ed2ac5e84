import CZlib
import GraticuleCore

/// Deflate (zlib stream, TIFF compression 8 and 32946) through the system zlib: the stream's
/// 2-byte header checked here, its body inflated raw by zlib, and its Adler-32 trailer checked
/// with `Adler32` (zlib's own scalar check was a third of the decoding time).
enum Inflate {
    /// Inflates a zlib stream into `dst`; returns the number of bytes written. Output beyond
    /// `dst` is not produced (decoding stops when `dst` is full, as libtiff reads a block; the
    /// checksum is then not reached, as with zlib).
    /// - Throws: `parse` with zlib's message for corrupt data: a bad header, a corrupt body, an
    ///   Adler-32 that does not match ("incorrect data check").
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
        var stream = z_stream()
        var status = inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw tiffError("Deflate block \(block): zlib init failed (\(status))") }
        defer { inflateEnd(&stream) }
        var produced = 0
        var consumed = 0
        // zlib counts in UInt32: feed at most 1 GiB at a time.
        let step = 1 << 30
        repeat {
            guard consumed < body.count else { break }
            let inCount = min(body.count - consumed, step), outCount = min(dst.count - produced, step)
            stream.next_in = UnsafeMutablePointer(mutating: body.baseAddress!.advanced(by: consumed).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(inCount)
            stream.next_out = dst.baseAddress!.advanced(by: produced).assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(outCount)
            status = inflate(&stream, Z_FINISH)
            consumed += inCount - Int(stream.avail_in)
            produced += outCount - Int(stream.avail_out)
            if status == Z_STREAM_END { break }
            if status == Z_BUF_ERROR && (produced == dst.count || consumed == body.count) { break }
            if status != Z_OK && status != Z_BUF_ERROR {
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw tiffError("Deflate block \(block): \(message) after \(consumed + 2) of \(src.count) compressed bytes")
            }
        } while produced < dst.count
        // The stream's end reached: its big-endian Adler-32 follows (when the block holds it).
        if status == Z_STREAM_END && body.count - consumed >= 4 {
            let t = consumed
            let expected = UInt32(body[t]) << 24 | UInt32(body[t + 1]) << 16 | UInt32(body[t + 2]) << 8 | UInt32(body[t + 3])
            let actual = Adler32.update(1, UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(dst)[0..<produced]))
            guard actual == expected else {
                throw tiffError("Deflate block \(block): incorrect data check (Adler-32 \(String(actual, radix: 16)), "
                                + "stream says \(String(expected, radix: 16)))")
            }
        }
        return produced
    }
}
