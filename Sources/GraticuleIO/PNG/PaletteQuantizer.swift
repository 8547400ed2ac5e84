import GraticuleCore

/// Reduces an RGBA image to at most `maximumColours` colours, for 8-bit palette PNGs (WMS
/// `image/png8`, MapServer's `image/png; mode=8bit`): Heckbert's median cut over the image's
/// distinct colours weighted by their pixel counts (the box with the largest weighted squared
/// error is split at the weighted median of its widest channel), refined by two rounds of
/// Lloyd's k-means (each colour to its nearest palette entry, each entry the weighted mean of
/// its colours); an entry most of whose pixels are one colour takes that colour exactly (a map's
/// fills, background and borders). No dithering, so a map's flat areas stay flat. Distances are squared
/// differences over red, green, blue and alpha; every fully transparent pixel counts as one
/// colour (transparent black). An image with no more colours than allowed keeps them exactly.
///
/// Cost: one pass over the pixels (a colour change costs a hash lookup; a run of one colour,
/// one comparison per pixel, or none between a renderer's `RowChanges`), then work on the
/// distinct colours only. Above 16,384 distinct
/// colours (photographs) the k-means rounds are skipped and each colour keeps its box's entry.
struct PaletteQuantizer {
    /// Distinct colours (RGBA words in memory order, transparent pixels as 0) and pixel counts.
    private(set) var colours: [UInt32] = []
    private(set) var counts: [Int] = []
    /// Open addressing: slot → index + 1 into `colours` (0: empty).
    private var slots: [Int32]
    private var mask: Int

    /// Above this many distinct colours, colours keep their median-cut box's entry.
    static let refinementLimit = 16_384

    /// The histogram of `pixels` (RGBA, 4 bytes each, rows of `width`); with `changes`, each run
    /// between two possible changes of colour is one count.
    init(pixels: UnsafeRawBufferPointer, width: Int, changes: RowChanges?) {
        slots = [Int32](repeating: 0, count: 4096)
        mask = 4095
        let n = pixels.count / 4
        var previous: UInt32 = 0, previousIndex = -1, run = 0
        Self.forEachRun(pixels, count: n, width: width, changes: changes) { word, length in
            let key = Self.key(word)
            if key != previous || previousIndex < 0 {
                if previousIndex >= 0 { counts[previousIndex] += run }
                previous = key
                previousIndex = index(of: key) ?? insert(key)
                run = 0
            }
            run += length
        }
        if previousIndex >= 0 { counts[previousIndex] += run }
    }

    /// Calls `body` with each run of pixels of one colour, in order: at most one comparison per
    /// pixel, or with `changes` one call per stretch between two possible changes of colour
    /// (runs of one colour may come in several calls).
    @inline(__always)
    static func forEachRun(_ pixels: UnsafeRawBufferPointer, count n: Int, width: Int, changes: RowChanges?,
                           _ body: (UInt32, Int) -> Void) {
        if let changes, width > 0 {
            for y in 0..<(n / width) {
                let bits = changes.row(y), start = y * width
                var x = 0
                while x < width {
                    let end = RowChanges.next(bits, nil, from: x + 1, end: width)
                    body(pixels.loadUnaligned(fromByteOffset: 4 * (start + x), as: UInt32.self), end - x)
                    x = end
                }
            }
            return
        }
        var i = 0
        while i < n {
            let word = pixels.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
            var j = i + 1
            while j < n && pixels.loadUnaligned(fromByteOffset: 4 * j, as: UInt32.self) == word { j += 1 }
            body(word, j - i)
            i = j
        }
    }

    /// A pixel's colour as counted: transparent pixels are all transparent black.
    @inline(__always)
    static func key(_ word: UInt32) -> UInt32 {
        UInt32(littleEndian: word) >> 24 == 0 ? 0 : word
    }

    @inline(__always)
    private static func hash(_ word: UInt32) -> Int { Int(truncatingIfNeeded: (word &* 0x9E37_79B1) >> 7) }

    /// The index of a counted colour (a `key`) in `colours`; nil when absent.
    @inline(__always)
    func index(of word: UInt32) -> Int? {
        var h = Self.hash(word) & mask
        while slots[h] != 0 {
            let k = Int(slots[h]) - 1
            if colours[k] == word { return k }
            h = (h + 1) & mask
        }
        return nil
    }

    /// Adds a colour that is not in the table yet (count 0); its index.
    private mutating func insert(_ word: UInt32) -> Int {
        var h = Self.hash(word) & mask
        while slots[h] != 0 { h = (h + 1) & mask }
        colours.append(word)
        counts.append(0)
        slots[h] = Int32(colours.count)
        if colours.count * 2 > slots.count { grow() }
        return colours.count - 1
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (k, word) in colours.enumerated() {
            var h = Self.hash(word) & mask
            while slots[h] != 0 { h = (h + 1) & mask }
            slots[h] = Int32(k + 1)
        }
    }

    /// The palette (at most `maximum` RGBA words) and each distinct colour's palette index.
    func palette(maximum: Int) -> (palette: [UInt32], indexOfColour: [UInt8]) {
        precondition((1...256).contains(maximum), "a palette holds 1 to 256 colours")
        if colours.count <= maximum { return (colours, colours.indices.map { UInt8($0) }) }
        let channels = colours.map(Self.channels)
        var (entries, assignment) = medianCut(channels, maximum: maximum)
        if colours.count <= Self.refinementLimit {
            for _ in 0..<2 {
                assignment = Nearest(entries).assign(channels)
                entries = means(channels, assignment, previous: entries)
            }
            assignment = Nearest(entries).assign(channels)
        }
        entries = dominant(channels, assignment, entries)
        if colours.count <= Self.refinementLimit { assignment = Nearest(entries).assign(channels) }
        return (entries.map(Self.word), assignment.map { UInt8($0) })
    }

    /// The nearest entry (squared distance over the four channels; the lowest index of equals)
    /// for many colours: the entries sorted by the sum of their channels, searched outwards from
    /// a colour's sum and stopped once the sums alone rule the rest out (|Δsum|² ≤ 4 · distance,
    /// by Cauchy–Schwarz). A map's colours lie on lines between a few flat colours, along which
    /// the sum moves steadily, so few entries are looked at.
    struct Nearest {
        let sorted: [SIMD4<Int32>], sums: [Int32], index: [Int]
        /// For each channel sum 0 … 1020, the first sorted entry whose sum is at least it.
        let start: [Int]

        init(_ entries: [SIMD4<Int32>]) {
            let order = entries.indices.sorted { (entries[$0].wrappedSum(), $0) < (entries[$1].wrappedSum(), $1) }
            sorted = order.map { entries[$0] }
            sums = sorted.map { $0.wrappedSum() }
            index = order
            var start = [Int](repeating: sums.count, count: 4 * 255 + 1), k = 0
            for sum in start.indices {
                while k < sums.count && sums[k] < Int32(sum) { k += 1 }
                start[sum] = k
            }
            self.start = start
        }

        func assign(_ colours: [SIMD4<Int32>]) -> [Int] { colours.map(nearest) }

        func nearest(_ c: SIMD4<Int32>) -> Int {
            let sum = c.wrappedSum()
            let lo = start[Int(sum)]
            var best = -1, bestDistance = Int32.max
            func consider(_ k: Int) {
                let d = c &- sorted[k]
                let distance = (d &* d).wrappedSum()
                if distance < bestDistance || (distance == bestDistance && index[k] < best) {
                    best = index[k]
                    bestDistance = distance
                }
            }
            var up = lo, down = lo - 1
            while up < sums.count || down >= 0 {
                if up < sums.count {
                    let ds = Int64(sums[up] - sum)
                    if ds * ds > 4 * Int64(bestDistance) { up = sums.count } else { consider(up); up += 1 }
                }
                if down >= 0 {
                    let ds = Int64(sum - sums[down])
                    if ds * ds > 4 * Int64(bestDistance) { down = -1 } else { consider(down); down -= 1 }
                }
            }
            return best
        }
    }

    /// Each entry replaced by its most frequent colour when that colour holds at least half the
    /// entry's pixels: a map's fills, background and borders keep their exact colours (a mean
    /// with the anti-aliased shades around them would move them by a level or two).
    private func dominant(_ channels: [SIMD4<Int32>], _ assignment: [Int], _ entries: [SIMD4<Int32>]) -> [SIMD4<Int32>] {
        var top = [Int](repeating: -1, count: entries.count), weight = [Int](repeating: 0, count: entries.count)
        for (k, e) in assignment.enumerated() {
            weight[e] += counts[k]
            if top[e] < 0 || counts[k] > counts[top[e]] { top[e] = k }
        }
        return entries.indices.map { e in top[e] >= 0 && 2 * counts[top[e]] >= weight[e] ? channels[top[e]] : entries[e] }
    }

    @inline(__always)
    static func channels(_ word: UInt32) -> SIMD4<Int32> {
        let w = UInt32(littleEndian: word)
        return SIMD4(Int32(w & 0xFF), Int32(w >> 8 & 0xFF), Int32(w >> 16 & 0xFF), Int32(w >> 24))
    }

    @inline(__always)
    static func word(_ c: SIMD4<Int32>) -> UInt32 {
        UInt32(littleEndian: UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | UInt32(c.w) << 24)
    }

    /// Each entry's weighted mean of the colours assigned to it, rounded (an entry left without
    /// colours keeps its value).
    private func means(_ channels: [SIMD4<Int32>], _ assignment: [Int], previous: [SIMD4<Int32>]) -> [SIMD4<Int32>] {
        var sums = [SIMD4<Double>](repeating: .zero, count: previous.count), weights = [Double](repeating: 0, count: previous.count)
        for (k, c) in channels.enumerated() {
            let w = Double(counts[k])
            sums[assignment[k]] += SIMD4<Double>(c) * w
            weights[assignment[k]] += w
        }
        return previous.indices.map { k in
            weights[k] > 0 ? SIMD4<Int32>((sums[k] / weights[k]).rounded(.toNearestOrAwayFromZero)) : previous[k]
        }
    }

    /// A box of colours: `order[start ..< end]`, with its weighted squared error.
    private struct Box {
        var start: Int, end: Int
        var error: Double
        var mean: SIMD4<Double>
        var widest: Int
    }

    /// Heckbert's median cut: entries (weighted box means) and each colour's box.
    private func medianCut(_ channels: [SIMD4<Int32>], maximum: Int) -> ([SIMD4<Int32>], [Int]) {
        var order = Array(channels.indices)
        func box(_ start: Int, _ end: Int) -> Box {
            var sum = SIMD4<Double>.zero, sumSquares = SIMD4<Double>.zero, weight = 0.0
            for k in order[start..<end] {
                let c = SIMD4<Double>(channels[k]), w = Double(counts[k])
                sum += c * w
                sumSquares += c * c * w
                weight += w
            }
            let mean = sum / weight
            let variance = sumSquares / weight - mean * mean
            var widest = 0
            for ch in 1..<4 where variance[ch] > variance[widest] { widest = ch }
            return Box(start: start, end: end, error: end - start > 1 ? variance.sum() * weight : 0, mean: mean, widest: widest)
        }
        var boxes = [box(0, order.count)]
        while boxes.count < maximum {
            guard let k = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }), boxes[k].error > 0 else { break }
            let b = boxes[k], ch = b.widest
            order[b.start..<b.end].sort { channels[$0][ch] < channels[$1][ch] }
            // The weighted median: the first colour where half the box's pixels are reached,
            // kept within the box so both halves are non-empty.
            let total = order[b.start..<b.end].reduce(0) { $0 + counts[$1] }
            var seen = 0, split = b.start + 1
            for i in b.start..<(b.end - 1) {
                seen += counts[order[i]]
                split = i + 1
                if 2 * seen >= total { break }
            }
            boxes[k] = box(b.start, split)
            boxes.append(box(split, b.end))
        }
        var assignment = [Int](repeating: 0, count: channels.count)
        for (k, b) in boxes.enumerated() {
            for i in b.start..<b.end { assignment[order[i]] = k }
        }
        return (boxes.map { SIMD4<Int32>($0.mean.rounded(.toNearestOrAwayFromZero)) }, assignment)
    }
}

extension PNGWriter {
    /// An 8-bit palette PNG (colour type 3) of at most `maximumColours` colours (1…256): the
    /// image's own colours when it has no more (lossless, as `encodeForDisplay` writes it), else
    /// the colours `PaletteQuantizer` chooses (median cut and k-means, no dithering); fully
    /// transparent pixels become transparent black. What WMS clients ask for as `image/png8`:
    /// a third to a half the size of the 24-bit file for maps and rasters.
    /// - Parameter changes: where rows may change colour (`RowChanges`), when the caller knows:
    ///   they hold for the quantised image too (equal neighbours stay equal).
    /// - Throws: `invalidInput` for a size or buffer length that does not fit.
    public static func encodeQuantized(width: Int, height: Int, rgbaBytes raw: UnsafeRawBufferPointer, maximumColours: Int = 256,
                                       changes: RowChanges? = nil) throws(GraticuleError) -> [UInt8] {
        let product = width > 0 && height > 0 ? width.multipliedReportingOverflow(by: height) : (0, true)
        guard !product.1, raw.count == product.0 * 4, (1...256).contains(maximumColours) else {
            throw .invalidInput("palette PNG of \(width)×\(height) pixels and \(maximumColours) colours from \(raw.count) bytes")
        }
        let quantizer = PaletteQuantizer(pixels: raw, width: width, changes: changes)
        let (palette, indexOfColour) = quantizer.palette(maximum: maximumColours)
        let quantised = [UInt8](unsafeUninitializedCapacity: raw.count) { out, count in
            let words = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: UInt32.self)
            var previous: UInt32 = 0, mapped: UInt32 = 0, first = true, i = 0
            PaletteQuantizer.forEachRun(raw, count: product.0, width: width, changes: changes) { word, length in
                if first || word != previous {
                    first = false
                    previous = word
                    // Every pixel's colour was counted.
                    mapped = palette[Int(indexOfColour[quantizer.index(of: PaletteQuantizer.key(word))!])]
                }
                (words + i).update(repeating: mapped, count: length)
                i += length
            }
            count = raw.count
        }
        return try quantised.withUnsafeBytes { q in
            Result { () throws(GraticuleError) in
                try encodeForDisplay(width: width, height: height, rgbaBytes: q, changes: changes)
            }
        }.get()
    }
}
