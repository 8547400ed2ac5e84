/// The entropy-coded scan of a 4:2:0 JPEG, made as libjpeg makes it: pixels to YCbCr with
/// libjpeg's 16-bit fixed-point formulas; the image extended to whole 16 × 16 MCUs by repeating
/// its last column and row (chroma: its last averaged row); chroma averaged over 2 × 2 pixels
/// with libjpeg's alternating rounding bias (1, 2, 1, …); each block through `JPEGForwardDCT`;
/// luma blocks wholly outside the image (right of ⌈width / 8⌉ or below ⌈height / 8⌉ blocks)
/// written as libjpeg's dummy blocks (no AC, the DC of the block before); Huffman coded with the
/// Annex K tables.
struct JPEGScan {
    let width: Int, height: Int
    let matte: SIMD3<UInt8>
    /// Where rows may change colour, when known: runs between changes are converted once.
    let changes: RowChanges?
    let lumaDCT: JPEGForwardDCT, chromaDCT: JPEGForwardDCT
    /// The DC predictions of Y, Cb and Cr.
    private var lastDC: (Int32, Int32, Int32) = (0, 0, 0)

    /// One component's Huffman codes, packed as code << 8 | length (DC by size, AC by symbol).
    struct Codes {
        let dc: [UInt32], ac: [UInt32]
        init(dc: JPEGTables.Huffman, ac: JPEGTables.Huffman) {
            self.dc = dc.packedCodes
            self.ac = ac.packedCodes
        }
    }

    /// The Annex K tables' codes (every file uses them).
    private static let luma = Codes(dc: JPEGTables.dcLuminance, ac: JPEGTables.acLuminance)
    private static let chroma = Codes(dc: JPEGTables.dcChrominance, ac: JPEGTables.acChrominance)

    init(width: Int, height: Int, luma: [Int], chroma: [Int], matte: SIMD3<UInt8>, changes: RowChanges? = nil) {
        self.width = width
        self.height = height
        self.matte = matte
        self.changes = changes
        lumaDCT = JPEGForwardDCT(table: luma)
        chromaDCT = JPEGForwardDCT(table: chroma)
    }

    // libjpeg's RGB → YCbCr in 16-bit fixed point (FIX(x) = ⌊x · 2¹⁶ + ½⌋); Cb and Cr round with
    // ½ − ε so that they never exceed 255.
    private static let yR: Int32 = 19595, yG: Int32 = 38470, yB: Int32 = 7471
    private static let cbR: Int32 = 11059, cbG: Int32 = 21709, half: Int32 = 32768
    private static let crG: Int32 = 27439, crB: Int32 = 5329
    private static let chromaOffset: Int32 = 128 << 16 + 32767

    /// Encodes the image (RGBA, rows top to bottom) into `writer`.
    mutating func encode(_ pixels: UnsafePointer<UInt8>, into writer: inout JPEGBitWriter) {
        let mcuColumns = (width + 15) / 16, mcuRows = (height + 15) / 16
        let paddedWidth = mcuColumns * 16, halfWidth = paddedWidth / 2
        let lumaColumns = (width + 7) / 8, lumaRows = (height + 7) / 8
        // One MCU row of planes: Y at full resolution (16 rows), Cb and Cr at full resolution,
        // then halved (8 rows of paddedWidth / 2); a block and its coefficients.
        let planes = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * 16 * paddedWidth + 2 * 8 * halfWidth)
        let block = UnsafeMutablePointer<Int32>.allocate(capacity: 128)
        defer { planes.deallocate(); block.deallocate() }
        let y = planes, cbFull = planes + 16 * paddedWidth, crFull = cbFull + 16 * paddedWidth
        let cb = crFull + 16 * paddedWidth, cr = cb + 8 * halfWidth
        let coefficients = block + 64
        for my in 0..<mcuRows {
            for r in 0..<16 {
                let row = min(my * 16 + r, height - 1)
                convert(pixels + row * width * 4, changes: changes?.row(row), y: y + r * paddedWidth, cb: cbFull + r * paddedWidth,
                        cr: crFull + r * paddedWidth, paddedWidth: paddedWidth)
            }
            // Chroma rows below the image's last (row ⌈height / 2⌉ − 1) repeat it.
            let chromaRows = min(8, (height + 1) / 2 - my * 8)
            Self.halve(cbFull, into: cb, width: paddedWidth, rows: chromaRows)
            Self.halve(crFull, into: cr, width: paddedWidth, rows: chromaRows)
            for mx in 0..<mcuColumns {
                writer.reserve(6 * 420)  // a block codes to at most ~1,700 bits, twice that stuffed
                // Four Y blocks, row by row, then Cb and Cr.
                var previousDC: Int32 = 0, upperRightDC: Int32 = 0
                for i in 0..<2 {
                    for j in 0..<2 {
                        let row = 2 * my + i, column = 2 * mx + j
                        let dc: Int32, nonZero: UInt64
                        if row < lumaRows && column < lumaColumns {
                            (dc, nonZero) = transform(y + i * 8 * paddedWidth + mx * 16 + j * 8, stride: paddedWidth,
                                                      lumaDCT, block, coefficients)
                        } else {
                            // A dummy block: no AC; the DC of the block to its left, or below
                            // the image, of the last block of the row above.
                            (dc, nonZero) = (row < lumaRows ? previousDC : upperRightDC, 0)
                        }
                        previousDC = dc
                        if j == 1 && i == 0 { upperRightDC = dc }
                        Self.encodeBlock(dc: dc, last: &lastDC.0, coefficients, nonZero: nonZero, Self.luma, into: &writer)
                    }
                }
                var (dc, nonZero) = transform(cb + mx * 8, stride: halfWidth, chromaDCT, block, coefficients)
                Self.encodeBlock(dc: dc, last: &lastDC.1, coefficients, nonZero: nonZero, Self.chroma, into: &writer)
                (dc, nonZero) = transform(cr + mx * 8, stride: halfWidth, chromaDCT, block, coefficients)
                Self.encodeBlock(dc: dc, last: &lastDC.2, coefficients, nonZero: nonZero, Self.chroma, into: &writer)
            }
        }
    }

    /// One row of pixels to Y, Cb and Cr (`paddedWidth` samples each, the last pixel repeated),
    /// translucent pixels over the matte first. With the row's `RowChanges` words, only pixels
    /// where the colour may change are read; the runs between them repeat the converted values.
    @inline(__always)
    private func convert(_ source: UnsafePointer<UInt8>, changes bits: UnsafePointer<UInt64>?, y: UnsafeMutablePointer<UInt8>,
                         cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, paddedWidth: Int) {
        let matteR = Int32(matte.x), matteG = Int32(matte.y), matteB = Int32(matte.z)
        var lastWord: UInt32 = 0, lastY: UInt8 = 0, lastCb: UInt8 = 0, lastCr: UInt8 = 0
        let raw = UnsafeRawPointer(source)
        var x = 0
        while x < width {
            let word = raw.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            if x == 0 || word != lastWord {
                // Runs of one colour (a map's fills) are converted once.
                lastWord = word
                let p = source + 4 * x
                var red = Int32(p[0]), green = Int32(p[1]), blue = Int32(p[2])
                let a = Int32(p[3])
                if a != 255 {
                    red = (red * a + matteR * (255 - a) + 127) / 255
                    green = (green * a + matteG * (255 - a) + 127) / 255
                    blue = (blue * a + matteB * (255 - a) + 127) / 255
                }
                lastY = UInt8(truncatingIfNeeded: (Self.yR &* red &+ Self.yG &* green &+ Self.yB &* blue &+ Self.half) &>> 16)
                lastCb = UInt8(truncatingIfNeeded: (Self.half &* blue &- Self.cbR &* red &- Self.cbG &* green
                    &+ Self.chromaOffset) &>> 16)
                lastCr = UInt8(truncatingIfNeeded: (Self.half &* red &- Self.crG &* green &- Self.crB &* blue
                    &+ Self.chromaOffset) &>> 16)
            }
            // Up to the next possible change (or just this pixel), the same samples.
            let end = bits.map { RowChanges.next($0, nil, from: x &+ 1, end: width) } ?? x &+ 1
            (y + x).update(repeating: lastY, count: end &- x)
            (cb + x).update(repeating: lastCb, count: end &- x)
            (cr + x).update(repeating: lastCr, count: end &- x)
            x = end
        }
        for x in width..<paddedWidth {
            y[x] = lastY
            cb[x] = lastCb
            cr[x] = lastCr
        }
    }

    /// 16 rows of `width` samples averaged over 2 × 2 into 8 rows of width / 2, rounding with
    /// a bias that alternates 1, 2, 1, … along each row (libjpeg's h2v2 downsampling); rows
    /// from `rows` on repeat the one before (the image ended: libjpeg pads the downsampled rows).
    private static func halve(_ full: UnsafePointer<UInt8>, into half: UnsafeMutablePointer<UInt8>, width: Int, rows: Int) {
        let w = width / 2
        for r in 0..<8 {
            let out = half + r * w
            if r >= rows {
                out.update(from: out - w, count: w)
                continue
            }
            let a = full + 2 * r * width, b = a + width
            for x in 0..<w {
                let top = Int(a[2 * x]) &+ Int(a[2 * x + 1])
                let bottom = Int(b[2 * x]) &+ Int(b[2 * x + 1])
                out[x] = UInt8(truncatingIfNeeded: (top &+ bottom &+ 1 &+ x & 1) &>> 2)
            }
        }
    }

    /// The quantised coefficients (zigzag order, in `out`) of the 8 × 8 samples at `samples`:
    /// the DC and the bits of the non-zero ones. A block of one value skips the transform.
    @inline(__always)
    private func transform(_ samples: UnsafePointer<UInt8>, stride: Int, _ dct: JPEGForwardDCT,
                           _ block: UnsafeMutablePointer<Int32>, _ out: UnsafeMutablePointer<Int32>) -> (Int32, UInt64) {
        // A block of one value: its eight rows are each eight copies of the first sample.
        let first = samples[0]
        let pattern = UInt64(first) &* 0x0101_0101_0101_0101
        var flat = true
        for r in 0..<8 where flat {
            flat = UnsafeRawPointer(samples + r &* stride).loadUnaligned(as: UInt64.self) == pattern
        }
        if flat { return (dct.flatDC(Int32(first) &- 128), 0) }
        for r in 0..<8 {
            let row = samples + r &* stride
            for c in 0..<8 { block[r &* 8 &+ c] = Int32(row[c]) &- 128 }
        }
        let nonZero = dct.transform(block, into: out)
        return (out[0], nonZero)
    }

    /// Huffman-codes one block: the DC as a difference from the component's last DC, then the
    /// AC (zigzag order, `coefficients[1...]`, non-zero where `nonZero` has bits) as (zero run,
    /// size) symbols with the value's bits, ZRL for runs past 15, EOB after the last non-zero
    /// (T.81 §F.1.2).
    @inline(__always)
    private static func encodeBlock(dc: Int32, last: inout Int32, _ coefficients: UnsafePointer<Int32>, nonZero: UInt64,
                                    _ codes: Codes, into writer: inout JPEGBitWriter) {
        @inline(__always) func sizeAndBits(_ v: Int32) -> (Int, UInt32) {
            let magnitude = v < 0 ? 0 &- v : v
            let size = 32 - magnitude.leadingZeroBitCount
            let bits = UInt32(bitPattern: v < 0 ? v &- 1 : v) & ((1 << UInt32(size)) &- 1)
            return (size, bits)
        }
        codes.dc.withUnsafeBufferPointer { dcCodes in
            codes.ac.withUnsafeBufferPointer { acCodes in
                let (dcSize, dcBits) = sizeAndBits(dc &- last)
                last = dc
                // Each code and the value's bits after it in one put (at most 16 + 11 bits).
                let dcCode = dcCodes[dcSize]
                writer.put((dcCode >> 8) << UInt32(dcSize) | dcBits, Int(dcCode & 255) &+ dcSize)
                var rest = nonZero & ~1
                var previous = 0
                while rest != 0 {
                    let k = rest.trailingZeroBitCount
                    rest &= rest &- 1
                    var run = k &- previous &- 1
                    previous = k
                    while run > 15 {
                        let zrl = acCodes[0xF0]
                        writer.put(zrl >> 8, Int(zrl & 255))
                        run &-= 16
                    }
                    let (size, bits) = sizeAndBits(coefficients[k])
                    let code = acCodes[run &<< 4 | size]
                    writer.put((code >> 8) << UInt32(size) | bits, Int(code & 255) &+ size)
                }
                if previous < 63 {
                    let eob = acCodes[0]
                    writer.put(eob >> 8, Int(eob & 255))
                }
            }
        }
    }
}
