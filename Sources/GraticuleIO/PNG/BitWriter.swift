/// Writes bits least significant first (deflate's order) into memory the caller sized: every
/// `put` stores 8 bytes at the current position and advances by the whole bytes filled, so the
/// buffer needs 8 bytes of slack past the last byte written.
struct BitWriter {
    private(set) var position: UnsafeMutablePointer<UInt8>
    private var bits: UInt64 = 0
    private var count = 0

    init(_ start: UnsafeMutablePointer<UInt8>) {
        position = start
    }

    /// Appends the low `n` bits of `value` (n ≤ 56; the bits above n must be zero).
    @inline(__always)
    mutating func put(_ value: UInt64, _ n: Int) {
        bits |= value &<< UInt64(count)
        count &+= n
        UnsafeMutableRawPointer(position).storeBytes(of: bits.littleEndian, as: UInt64.self)
        let bytes = count &>> 3
        position += bytes
        bits = bits &>> UInt64(bytes &* 8)
        count &= 7
    }

    /// Pads with zero bits to a byte boundary (the padding is already stored); returns the end.
    mutating func finish() -> UnsafeMutablePointer<UInt8> {
        if count > 0 {
            position += 1
            bits = 0
            count = 0
        }
        return position
    }
}
