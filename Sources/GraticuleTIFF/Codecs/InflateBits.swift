/// The bit reader of Deflate (RFC 1951 §3.1.1): bits least significant first, held in a 64-bit
/// buffer.
///
/// Refilling loads eight bytes at once and keeps whole bytes only: afterwards 56 to 63 bits are
/// available. The buffer's bits above `available` are never garbage: they are either the
/// stream's next bits (from an earlier load) or zero, so the next load can simply be or-ed in.
/// Near the end of the input, bytes are taken one at a time and zero bytes are appended past the
/// end (`overread`); a reader that consumed any of those has run out of input (`truncated`).
/// The decoder checks `truncated` before anything it does with what it read (output, an error,
/// the end of the stream), so a cut stream stops where zlib stops: every symbol whose bits are
/// all present is decoded, nothing else.
struct InflateBits {
    /// The input (the Deflate data after the zlib header).
    let base: UnsafePointer<UInt8>
    /// Bytes in the input.
    let count: Int
    /// The next byte to load.
    var next = 0
    /// Unconsumed bits, the next one in bit 0.
    var buffer: UInt64 = 0
    /// Valid bits in `buffer` (0 … 63), counting the appended zero bytes.
    var available = 0
    /// Zero bytes appended past the end of the input.
    var overread = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        // An empty input still needs a valid address: refills never load from it.
        base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    /// Loads eight bytes and keeps the whole ones that fit: `available` becomes 56 … 63.
    /// - Precondition: `count - next >= 8`, `available <= 63`.
    @inline(__always)
    static func refill(_ buffer: inout UInt64, _ available: inout Int, _ next: inout Int, _ base: UnsafePointer<UInt8>) {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + next).loadUnaligned(as: UInt64.self))
        buffer |= word &<< UInt64(truncatingIfNeeded: available)
        next &+= 7 &- ((available &>> 3) & 7)
        available |= 56
    }

    /// Makes at least 56 bits available (zero bits past the end of the input).
    @inline(__always)
    mutating func refill() {
        if count &- next >= 8 {
            Self.refill(&buffer, &available, &next, base)
        } else {
            refillByBytes()
        }
    }

    /// The end of the input: one byte at a time, then zero bytes.
    @inline(never)
    mutating func refillByBytes() {
        while available < 56 {
            if next < count {
                buffer |= UInt64(base[next]) &<< UInt64(truncatingIfNeeded: available)
                next += 1
            } else {
                overread += 1
            }
            available += 8
        }
    }

    /// The next `n` bits (n ≤ available) without consuming them.
    @inline(__always)
    func peek(_ n: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: buffer & ((1 &<< UInt64(truncatingIfNeeded: n)) &- 1))
    }

    /// Drops `n` bits (n ≤ available).
    @inline(__always)
    mutating func consume(_ n: Int) {
        buffer &>>= UInt64(truncatingIfNeeded: n)
        available &-= n
    }

    /// Reads `n` bits (n ≤ 32), refilling first when fewer are available.
    @inline(__always)
    mutating func read(_ n: Int) -> UInt32 {
        if available < n { refill() }
        let v = peek(n)
        consume(n)
        return v
    }

    /// True when bits past the end of the input were consumed.
    var truncated: Bool { available < 8 &* overread }

    /// Bits consumed from the start of the input.
    var position: Int { (next + overread) &* 8 &- available }

    /// Drops the bits up to the next byte boundary.
    mutating func alignToByte() { consume(available & 7) }

    /// Restarts reading at byte `offset` of the input (after a stored block's bytes were copied
    /// directly). The buffer is emptied.
    mutating func restart(at offset: Int) {
        next = offset
        buffer = 0
        available = 0
        overread = 0
    }
}
