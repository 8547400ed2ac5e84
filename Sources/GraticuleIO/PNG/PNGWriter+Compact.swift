import GraticuleCore

extension PNGWriter {
    /// A rendered map or picture for display (`Canvas.png()`, the server's images): lossless, in
    /// the smallest layout that holds it (a palette for at most 256 colours, RGB when opaque, else
    /// RGBA), written fast. Rows are unfiltered and compressed by `ImageDeflate` (each pixel a
    /// run of the pixel to its left, a stretch of the row above, or literal bytes; one Huffman
    /// block built for the image): linear in the pixels, one pass to gather and one to write.
    /// A palette image is the same tokens replayed over its indices (`paletteZlibStream`). Rows wider than 16,384 pixels go through `encodeCompact` (zlib's run-length
    /// strategy).
    /// - Throws: `invalidInput` for a size or buffer length that does not fit.
    public static func encodeForDisplay(width: Int, height: Int, rgba: [UInt8]) throws(GraticuleError) -> [UInt8] {
        try rgba.withUnsafeBytes { p in
            Result { () throws(GraticuleError) in try encodeForDisplay(width: width, height: height, rgbaBytes: p) }
        }.get()
    }

    /// `encodeForDisplay` of RGBA bytes in memory the caller owns (a canvas's pixels, no copy).
    /// - Parameter changes: where the rows may change colour, when the caller knows (a renderer:
    ///   see `RowChanges`): the same file, made without comparing the pixels between them.
    public static func encodeForDisplay(width: Int, height: Int, rgbaBytes raw: UnsafeRawBufferPointer,
                                        changes: RowChanges? = nil) throws(GraticuleError) -> [UInt8] {
        let product = width > 0 && height > 0 ? width.multipliedReportingOverflow(by: height) : (0, true)
        if !product.1, width <= 16384, raw.count == product.0 * 4 {
            precondition(changes.map { $0.wordsPerRow >= (width + 63) / 64 } ?? true, "RowChanges rows narrower than the image")
            let deflate = ImageDeflate(pixels: raw, width: width, height: height, bpp: 3, changes: changes)
                ?? ImageDeflate(pixels: raw, width: width, height: height, bpp: 4, changes: changes)!
            if deflate.colours.overflowed {
                return file(width: width, height: height, format: deflate.bpp == 3 ? .rgb : .rgba,
                            zlibStream: deflate.zlibStream())
            }
            return file(width: width, height: height, format: .palette(deflate.colours.rgba),
                        zlibStream: deflate.paletteZlibStream())
        }
        // Very wide rows, or sizes that do not fit (it throws).
        return try encodeCompact(width: width, height: height, rgba: Array(raw), compressionLevel: 6, filter: .sub,
                                 strategy: .runLength)
    }

    /// Encodes an RGBA image (not premultiplied) in the smallest lossless layout that holds it: a
    /// palette (colour type 3, unfiltered) when it has at most 256 distinct colours, RGB (type 2)
    /// when every pixel is opaque, RGBA (type 6) otherwise. Every decoder returns the same pixels
    /// (alpha 255 where the file has none).
    /// - Parameters:
    ///   - rgba: `width × height × 4` bytes, rows top to bottom.
    ///   - compressionLevel, filter, strategy: as `encode` (the filter applies to RGB/RGBA).
    /// - Throws: `invalidInput` for a size or buffer length that does not fit.
    public static func encodeCompact(width: Int, height: Int, rgba: [UInt8], compressionLevel: Int = 6,
                                     filter: PNGFilterStrategy = .adaptive,
                                     strategy: PNGDeflateStrategy = .standard) throws(GraticuleError) -> [UInt8] {
        let product = width > 0 && height > 0 ? width.multipliedReportingOverflow(by: height) : (0, true)
        let pixelCount = product.0
        guard !product.1, pixelCount <= Int.max / 4, rgba.count == pixelCount * 4 else {
            return try encode(width: width, height: height, pixels: rgba, format: .rgba, compressionLevel: compressionLevel,
                              filter: filter, strategy: strategy)
        }
        let scan = rgba.withUnsafeBytes { ColourCount.scan($0) }
        if let palette = scan.palette {
            let indices = rgba.withUnsafeBytes { palette.indices(of: $0) }
            return try encode(width: width, height: height, pixels: indices, format: .palette(palette.colors),
                              compressionLevel: compressionLevel, filter: .none, strategy: strategy)
        }
        guard scan.opaque else {
            return try encode(width: width, height: height, pixels: rgba, format: .rgba, compressionLevel: compressionLevel,
                              filter: filter, strategy: strategy)
        }
        // Opaque: RGB rows taken straight from the RGBA pixels (Sub and None filter on the way).
        switch filter {
        case .sub, .none:
            let rowBytes = width * 3
            let filtered = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { out, count in
                rgba.withUnsafeBufferPointer { src in
                    for y in 0..<height {
                        var i = src.baseAddress! + y * width * 4
                        var o = out.baseAddress! + y * (rowBytes + 1)
                        o[0] = filter == .sub ? 1 : 0
                        o += 1
                        if filter == .sub {
                            var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0
                            for _ in 0..<width {
                                o[0] = i[0] &- r; o[1] = i[1] &- g; o[2] = i[2] &- b
                                r = i[0]; g = i[1]; b = i[2]
                                o += 3
                                i += 4
                            }
                        } else {
                            for _ in 0..<width {
                                o[0] = i[0]; o[1] = i[1]; o[2] = i[2]
                                o += 3
                                i += 4
                            }
                        }
                    }
                }
                count = (rowBytes + 1) * height
            }
            return try assemble(width: width, height: height, format: .rgb, filtered: filtered,
                                compressionLevel: compressionLevel, strategy: strategy)
        case .up, .adaptive:
            let rgb = [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { out, count in
                rgba.withUnsafeBufferPointer { src in
                    var o = out.baseAddress!, i = src.baseAddress!
                    for _ in 0..<pixelCount {
                        o[0] = i[0]; o[1] = i[1]; o[2] = i[2]
                        o += 3
                        i += 4
                    }
                }
                count = pixelCount * 3
            }
            return try encode(width: width, height: height, pixels: rgb, format: .rgb, compressionLevel: compressionLevel,
                              filter: filter, strategy: strategy)
        }
    }
}

/// What `encodeCompact` needs to know about an RGBA image, found in one pass over its pixels.
struct ColourCount {
    /// The distinct colours (first-seen order) with their lookup table, when there are ≤ 256.
    struct Palette {
        var table: ColourSet

        var colors: [SIMD4<UInt8>] { table.rgba }

        /// One palette index per pixel.
        func indices(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
            let count = bytes.count / 4
            return [UInt8](unsafeUninitializedCapacity: count) { idx, n in
                var previous: UInt32 = 0, previousIndex: UInt8 = 0, havePrevious = false
                for i in 0..<count {
                    let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                    if !(havePrevious && word == previous) {
                        previous = word
                        previousIndex = table.index(of: word)
                        havePrevious = true
                    }
                    idx[i] = previousIndex
                }
                n = count
            }
        }
    }

    var palette: Palette?
    var opaque: Bool

    /// Counts distinct colours (`ColourSet`: a run of equal pixels costs one comparison each),
    /// giving up on the palette at the 257th.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> ColourCount {
        let count = bytes.count / 4
        var set = ColourSet()
        var opaque = true
        var previous: UInt32 = 0
        var havePrevious = false
        for i in 0..<count {
            let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
            if havePrevious && word == previous { continue }
            previous = word
            havePrevious = true
            if bytes[4 * i + 3] != 255 { opaque = false }
            set.insert(word)
            if set.overflowed && !opaque { break }
        }
        return ColourCount(palette: count > 0 && !set.overflowed ? Palette(table: set) : nil, opaque: opaque)
    }
}
