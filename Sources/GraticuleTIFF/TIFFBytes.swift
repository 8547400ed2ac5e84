import Foundation
import GraticuleCore

/// Reads integers and floats of a TIFF file's byte order from a raw buffer. Callers check bounds
/// first (every read here is within a range that was validated against the file length).
@usableFromInline
struct TIFFByteOrder: Sendable, Hashable {
    /// True for "MM" (Motorola, big-endian) files, false for "II" (Intel, little-endian).
    @usableFromInline let bigEndian: Bool

    @inlinable init(bigEndian: Bool) { self.bigEndian = bigEndian }

    @inlinable func u16(_ p: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        let v = p.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
        return bigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v)
    }

    @inlinable func u32(_ p: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        let v = p.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return bigEndian ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
    }

    @inlinable func u64(_ p: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        let v = p.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        return bigEndian ? UInt64(bigEndian: v) : UInt64(littleEndian: v)
    }

    @inlinable func f32(_ p: UnsafeRawBufferPointer, _ offset: Int) -> Float {
        Float(bitPattern: u32(p, offset))
    }

    @inlinable func f64(_ p: UnsafeRawBufferPointer, _ offset: Int) -> Double {
        Double(bitPattern: u64(p, offset))
    }
}

/// Structural errors of a TIFF file: what was wrong and where (byte offset in the file).
@inlinable
func tiffError(_ message: String, at offset: UInt64 = 0) -> GraticuleError {
    .parse(format: "TIFF", message: message, offset: Int(clamping: offset))
}
