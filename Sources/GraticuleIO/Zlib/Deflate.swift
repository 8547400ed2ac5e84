import CZlib
import GraticuleCore

/// Whole buffers through the system zlib's deflate: zlib streams (RFC 1950; PNG's IDAT) and
/// gzip members (RFC 1952; HTTP's `Content-Encoding: gzip`).
public enum Deflate {
    /// The wrapper around the deflate data.
    public enum Container: Sendable {
        /// A 2-byte zlib header and an Adler-32 (RFC 1950).
        case zlib
        /// A 10-byte gzip header and a CRC-32 with the length (RFC 1952).
        case gzip
    }

    /// `bytes` compressed with zlib's default strategy.
    /// - Parameter level: 0 (stored) … 9 (smallest); 1 is fastest, 6 zlib's default.
    /// - Throws: `invalidInput` when zlib fails (it does not on valid levels).
    public static func compress(_ bytes: [UInt8], level: Int, container: Container) throws(GraticuleError) -> [UInt8] {
        try compress(bytes, level: level, strategy: Z_DEFAULT_STRATEGY, container: container)
    }

    /// `data` compressed in one call to deflate, with a zlib strategy (`Z_RLE`, …).
    static func compress(_ data: [UInt8], level: Int, strategy: Int32, container: Container = .zlib) throws(GraticuleError) -> [UInt8] {
        var stream = z_stream()
        // Window bits 15; + 16 asks zlib for a gzip wrapper.
        let windowBits = container == .gzip ? MAX_WBITS + 16 : MAX_WBITS
        guard deflateInit2_(&stream, Int32(max(0, min(9, level))), Z_DEFLATED, windowBits, 8, strategy, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .invalidInput("zlib deflateInit failed")
        }
        defer { deflateEnd(&stream) }
        // Output in 256 KiB steps (a map compresses 10–20×: no deflateBound-sized buffer).
        var out: [UInt8] = []
        var status: Int32 = Z_OK
        let step = 1 << 18
        var block = [UInt8](repeating: 0, count: step)
        data.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            block.withUnsafeMutableBufferPointer { output in
                repeat {
                    stream.next_out = output.baseAddress
                    stream.avail_out = uInt(step)
                    status = CZlib.deflate(&stream, Z_FINISH)
                    out.append(contentsOf: output[0..<(step - Int(stream.avail_out))])
                } while status == Z_OK
            }
        }
        guard status == Z_STREAM_END else { throw .invalidInput("zlib deflate failed (\(status))") }
        return out
    }
}
