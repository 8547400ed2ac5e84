import CZlib
import GraticuleCore

/// Deflate (zlib stream, TIFF compression 8 and 32946) through the system zlib.
enum Inflate {
    /// Inflates a zlib stream into `dst`; returns the number of bytes written. Output beyond
    /// `dst` is not produced (decoding stops when `dst` is full, as libtiff reads a block).
    /// - Throws: `parse` with zlib's message for corrupt data.
    static func decode(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer,
                       block: Int) throws(GraticuleError) -> Int {
        guard !src.isEmpty, !dst.isEmpty else { return 0 }
        var stream = z_stream()
        var status = inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw tiffError("Deflate block \(block): zlib init failed (\(status))") }
        defer { inflateEnd(&stream) }
        var produced = 0
        var consumed = 0
        // zlib counts in UInt32: feed at most 1 GiB at a time.
        let step = 1 << 30
        repeat {
            let inCount = min(src.count - consumed, step), outCount = min(dst.count - produced, step)
            stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress!.advanced(by: consumed).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(inCount)
            stream.next_out = dst.baseAddress!.advanced(by: produced).assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(outCount)
            status = inflate(&stream, Z_FINISH)
            consumed += inCount - Int(stream.avail_in)
            produced += outCount - Int(stream.avail_out)
            if status == Z_STREAM_END { break }
            if status == Z_BUF_ERROR && (produced == dst.count || consumed == src.count) { break }
            if status != Z_OK && status != Z_BUF_ERROR {
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw tiffError("Deflate block \(block): \(message) after \(consumed) of \(src.count) compressed bytes")
            }
        } while produced < dst.count && consumed < src.count
        return produced
    }
}
