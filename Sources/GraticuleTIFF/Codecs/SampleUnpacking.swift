/// Byte swapping and bit unpacking of decoded TIFF samples.
enum SampleUnpacking {
    /// Reverses the bytes of every `size`-byte word (2, 4 or 8) of a buffer.
    static func swap(_ buffer: UnsafeMutableRawBufferPointer, wordSize size: Int) {
        let n = buffer.count / size
        guard let base = buffer.baseAddress else { return }
        switch size {
        case 2:
            for i in 0..<n {
                let v = base.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
                base.storeBytes(of: v.byteSwapped, toByteOffset: 2 * i, as: UInt16.self)
            }
        case 4:
            for i in 0..<n {
                let v = base.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                base.storeBytes(of: v.byteSwapped, toByteOffset: 4 * i, as: UInt32.self)
            }
        case 8:
            for i in 0..<n {
                let v = base.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                base.storeBytes(of: v.byteSwapped, toByteOffset: 8 * i, as: UInt64.self)
            }
        default:
            break
        }
    }

    /// Unpacks rows of `bits`-bit samples (most significant bit first, each row starting on a
    /// byte boundary) into `containerSize`-byte host-order unsigned integers; signed samples
    /// are sign-extended. `bits` ≤ 64.
    static func unpackBits(_ src: UnsafeRawBufferPointer, rowBytes: Int, rows: Int, samplesPerRow: Int, bits: Int,
                           signed: Bool, into dst: UnsafeMutableRawBufferPointer, containerSize: Int) {
        let input = src.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let out = dst.baseAddress!
        let mask: UInt64 = bits == 64 ? ~0 : (1 << UInt64(bits)) - 1
        var o = 0
        for r in 0..<rows {
            var bitPos = r * rowBytes * 8
            for _ in 0..<samplesPerRow {
                var v: UInt64 = 0
                var need = bits
                while need > 0 {
                    let byte = UInt64(input[bitPos >> 3])
                    let offset = bitPos & 7
                    let take = min(8 - offset, need)
                    let chunk = (byte >> UInt64(8 - offset - take)) & ((1 << UInt64(take)) - 1)
                    v = (v << UInt64(take)) | chunk
                    need -= take
                    bitPos += take
                }
                v &= mask
                if signed && bits < 64 && v & (1 << UInt64(bits - 1)) != 0 { v |= ~mask }
                switch containerSize {
                case 1: out.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: o, as: UInt8.self)
                case 2: out.storeBytes(of: UInt16(truncatingIfNeeded: v), toByteOffset: o, as: UInt16.self)
                case 4: out.storeBytes(of: UInt32(truncatingIfNeeded: v), toByteOffset: o, as: UInt32.self)
                default: out.storeBytes(of: v, toByteOffset: o, as: UInt64.self)
                }
                o += containerSize
            }
        }
    }

    /// IEEE binary16 → binary32 (exact).
    static func float16to32(_ h: UInt16) -> Float {
        let sign = UInt32(h >> 15) << 31
        let exponent = Int((h >> 10) & 0x1F)
        var mantissa = UInt32(h & 0x3FF)
        if exponent == 0 {
            if mantissa == 0 { return Float(bitPattern: sign) }
            var e = -1
            repeat { mantissa <<= 1; e += 1 } while mantissa & 0x400 == 0
            mantissa &= 0x3FF
            return Float(bitPattern: sign | UInt32(127 - 15 - e) << 23 | mantissa << 13)
        }
        if exponent == 31 { return Float(bitPattern: sign | 0x7F80_0000 | mantissa << 13) }
        return Float(bitPattern: sign | UInt32(exponent - 15 + 127) << 23 | mantissa << 13)
    }

    /// 24-bit float (1 sign, 7 exponent bits with bias 63, 16 mantissa bits: Adobe's FP24) →
    /// binary32 (exact).
    static func float24to32(_ v: UInt32) -> Float {
        let sign = (v >> 23) & 1
        let exponent = Int((v >> 16) & 0x7F)
        var mantissa = v & 0xFFFF
        if exponent == 0 {
            if mantissa == 0 { return Float(bitPattern: sign << 31) }
            var e = -1
            repeat { mantissa <<= 1; e += 1 } while mantissa & 0x10000 == 0
            mantissa &= 0xFFFF
            return Float(bitPattern: sign << 31 | UInt32(127 - 63 - e) << 23 | mantissa << 7)
        }
        if exponent == 127 { return Float(bitPattern: sign << 31 | 0x7F80_0000 | mantissa << 7) }
        return Float(bitPattern: sign << 31 | UInt32(exponent - 63 + 127) << 23 | mantissa << 7)
    }
}
