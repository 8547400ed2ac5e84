/// Bit readers of the Zstandard format (RFC 8878 §4.1, §4.2).

/// Reads bits least significant first, forwards (FSE table descriptions).
struct ZstdForwardBits {
    let bytes: UnsafeRawBufferPointer
    /// Bit position from the start of `bytes`.
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The next `n` (≤ 32) bits without consuming them; bits past the end read as 0.
    func peek(_ n: Int) -> UInt32 {
        var v: UInt64 = 0
        let first = position >> 3
        for k in 0..<5 where first + k < bytes.count { v |= UInt64(bytes[first + k]) << UInt64(8 * k) }
        return UInt32(truncatingIfNeeded: (v >> UInt64(position & 7)) & ((1 << UInt64(n)) - 1))
    }

    mutating func skip(_ n: Int) { position += n }

    /// True when more bits were consumed than the buffer holds.
    var overflowed: Bool { position > bytes.count * 8 }
    /// Whole bytes consumed (rounded up).
    var bytesConsumed: Int { (position + 7) >> 3 }
}

/// Reads bits backwards from the end of a stream (FSE and Huffman streams): the last byte's
/// highest set bit marks the start; bits are then taken from the top down. Reading past the
/// beginning yields zeros and makes `position` negative, which the decoders check.
struct ZstdBackwardBits {
    let base: UnsafePointer<UInt8>
    let count: Int
    /// Bits not yet consumed (may go negative: zeros were read past the start).
    var position: Int

    /// - Returns: nil when the stream is empty or its last byte is 0 (no start marker).
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let b = bytes.baseAddress, bytes.count > 0 else { return nil }
        base = b.assumingMemoryBound(to: UInt8.self)
        count = bytes.count
        let last = base[count - 1]
        guard last != 0 else { return nil }
        position = count * 8 - (last.leadingZeroBitCount + 1)
    }

    /// The 64 bits of the stream ending at bit `end` (exclusive), as an integer whose top bit is
    /// bit `end - 1`; bits before the stream start are zero.
    @inline(__always)
    private func window(endingAt end: Int) -> UInt64 {
        // Bytes [lo, hi) hold bits [8 lo, 8 hi); we want bits [end - 64, end).
        let hiByte = (end + 7) >> 3  // exclusive
        let loByte = hiByte - 8
        var v: UInt64
        if loByte >= 0 && hiByte <= count {
            v = UInt64(littleEndian: UnsafeRawPointer(base + loByte).loadUnaligned(as: UInt64.self))
        } else {
            v = 0
            for k in 0..<8 {
                let i = loByte + k
                if i >= 0 && i < count { v |= UInt64(base[i]) << UInt64(8 * k) }
            }
        }
        // v holds bits [8 loByte, 8 hiByte); shift so that bit end-1 is the top bit.
        let extra = hiByte * 8 - end
        return v << UInt64(extra)
    }

    /// The next `n` (0 … 56) bits as a number, most significant first.
    @inline(__always)
    mutating func read(_ n: Int) -> UInt64 {
        if n == 0 { return 0 }
        let v = peek(n)
        position -= n
        return v
    }

    /// The next `n` (1 … 56) bits without consuming them.
    @inline(__always)
    func peek(_ n: Int) -> UInt64 {
        if position <= 0 { return 0 }
        let w = window(endingAt: position)
        let v = w >> UInt64(64 - n)
        return position >= n ? v : v & ~((1 << UInt64(n - position)) - 1)
    }

    mutating func skip(_ n: Int) { position -= n }
}
