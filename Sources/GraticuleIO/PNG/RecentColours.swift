/// Where each colour was last seen, for copies from farther back than the pixel to the left or
/// above (`ImageDeflate`'s photo-like rows): a table of 4,096 slots by a hash of the colour, each
/// the last pixel index and row with that hash (a later colour with the same hash replaces an
/// earlier one, as zlib's fastest level does). Owns its table; `deallocate()` frees it.
struct RecentColours {
    private let slots: UnsafeMutablePointer<UInt64>
    static let count = 4096

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: 0, count: Self.count)
    }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    private static func slot(_ p: UInt32) -> Int { Int(truncatingIfNeeded: (p &* 0x9E37_79B1) >> 20) }

    /// Records pixel `x` of row `y` (`index` = y · width + x) as the last of its colour.
    @inline(__always)
    func record(_ p: UInt32, index: Int, row y: Int) {
        slots[Self.slot(p)] = UInt64(index &+ 1) | UInt64(y) << 32
    }

    /// A copy for pixel `x` of row `y` (`pixels`: the image, `width` per row; the stream has
    /// `stride` bytes per row and `bpp` per pixel) from the last pixel of its colour: how many
    /// pixels match from there on (within both rows) and the distance in stream bytes, or
    /// (0, 0) when that pixel is unknown, replaced, or farther back than `window` bytes. A copy's
    /// pixels are recorded, a pixel without one too.
    @inline(__always)
    func copy(at x: Int, row y: Int, pixels: UnsafePointer<UInt32>, width w: Int, stride: Int, bpp: Int,
              window: Int) -> (pixels: Int, distance: Int) {
        let i = y &* w &+ x
        let p = pixels[i]
        let entry = slots[Self.slot(p)]
        if entry != 0 {
            let q = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1, qy = Int(truncatingIfNeeded: entry >> 32)
            let qx = q &- qy &* w
            let distance = (y &- qy) &* stride &+ (x &- qx) &* bpp
            if distance <= window && pixels[q] == p {
                // Both runs stay within their rows: a copy across a row's end would take in its
                // filter byte.
                var n = 1
                let limit = min(w &- x, w &- qx)
                while n < limit && pixels[q &+ n] == pixels[i &+ n] { n &+= 1 }
                for k in 0..<n { record(pixels[i &+ k], index: i &+ k, row: y) }
                return (n, distance)
            }
        }
        record(p, index: i, row: y)
        return (0, 0)
    }
}
