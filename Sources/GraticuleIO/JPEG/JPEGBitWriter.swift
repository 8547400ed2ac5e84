/// Writes a JPEG scan's entropy-coded bits, most significant first, with a 0x00 stuffed after
/// every 0xFF byte (T.81 §F.1.2.3), into memory it owns and grows; `reserve` before each MCU
/// keeps `put` free of capacity checks.
struct JPEGBitWriter: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var bits: UInt64 = 0
    private var pending = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 4096)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for at least `bytes` more bytes of output.
    mutating func reserve(_ bytes: Int) {
        guard count + bytes + 16 > capacity else { return }
        let grown = max(2 * capacity, count + bytes + 16)
        let next = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        next.update(from: start, count: count)
        start.deallocate()
        start = next
        capacity = grown
    }

    /// Appends the low `n` bits of `value` (n ≤ 32; the bits above n must be zero).
    @inline(__always)
    mutating func put(_ value: UInt32, _ n: Int) {
        bits = bits &<< UInt64(n) | UInt64(value)
        pending &+= n
        if pending >= 32 { flushWord() }
    }

    /// Writes the oldest 32 pending bits: four bytes at once unless one is 0xFF.
    @inline(__always)
    private mutating func flushWord() {
        pending &-= 32
        let word = UInt32(truncatingIfNeeded: bits &>> UInt64(pending))
        // A byte is 0xFF where its bits are all ones: (~word) has a zero byte there.
        let inverted = ~word
        if (inverted &- 0x0101_0101) & ~inverted & 0x8080_8080 == 0 {
            UnsafeMutableRawPointer(start + count).storeBytes(of: word.bigEndian, as: UInt32.self)
            count &+= 4
        } else {
            for shift in stride(from: 24, through: 0, by: -8) {
                let byte = UInt8(truncatingIfNeeded: word &>> UInt32(shift))
                start[count] = byte
                count &+= 1
                if byte == 0xFF { start[count] = 0; count &+= 1 }
            }
        }
        bits &= (UInt64(1) &<< UInt64(pending)) &- 1
    }

    /// Pads the last byte with 1 bits (as libjpeg does) and returns the bytes written.
    consuming func finish() -> [UInt8] {
        reserve(16)
        let padding = (8 - pending % 8) % 8
        bits = bits &<< UInt64(padding) | ((UInt64(1) &<< UInt64(padding)) &- 1)
        pending += padding
        while pending > 0 {
            pending -= 8
            let byte = UInt8(truncatingIfNeeded: bits &>> UInt64(pending))
            start[count] = byte
            count += 1
            if byte == 0xFF { start[count] = 0; count += 1 }
        }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }
}
