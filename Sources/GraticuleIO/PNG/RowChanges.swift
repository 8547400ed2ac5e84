/// Where the pixels of an image may change colour along its rows, as a renderer knows it: one
/// bit per pixel, rows of `wordsPerRow` 64-bit words (bit x of a row is bit x & 63 of word
/// x >> 6). A clear bit x (x > 0) promises that pixel x of its row equals pixel x − 1; a set bit
/// promises nothing (bit 0 is never read). A map painted by spans of one colour between
/// anti-aliased edge pixels has few set bits (a 1024 × 512 world map has about 29,000 edge
/// pixels), and `PNGWriter.encodeForDisplay` then measures its runs from one set bit to the next
/// instead of pixel by pixel, and sums the Adler-32 of rows with few of them run by run.
///
/// The bits must outlive the encoding; a wrong promise gives a wrong image (the encoder does
/// not check them).
public struct RowChanges: @unchecked Sendable {
    /// `height × wordsPerRow` words.
    public let bits: UnsafePointer<UInt64>
    /// Words per row: at least ⌈width / 64⌉.
    public let wordsPerRow: Int

    public init(bits: UnsafePointer<UInt64>, wordsPerRow: Int) {
        self.bits = bits
        self.wordsPerRow = wordsPerRow
    }

    /// The words of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafePointer<UInt64> { bits + y &* wordsPerRow }

    /// The first set bit at or after `x` in `row` (its words OR-ed with `other`'s when given), or
    /// `end` when there is none before it.
    @inline(__always)
    static func next(_ row: UnsafePointer<UInt64>, _ other: UnsafePointer<UInt64>?, from x: Int, end: Int) -> Int {
        guard x < end else { return end }
        var k = x &>> 6
        var word = (row[k] | (other?[k] ?? 0)) & (~0 &<< UInt64(x & 63))
        let lastWord = (end &- 1) &>> 6
        while word == 0 {
            k &+= 1
            if k > lastWord { return end }
            word = row[k] | (other?[k] ?? 0)
        }
        return min(end, k &<< 6 | word.trailingZeroBitCount)
    }
}
