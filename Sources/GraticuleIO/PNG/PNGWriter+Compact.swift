import GraticuleCore

extension PNGWriter {
    /// A rendered map or picture for display (`Canvas.png()`, the server's images): the smallest
    /// lossless layout (`encodeCompact`), rows Sub-filtered, zlib level 6 with its run-length
    /// strategy — anti-aliased maps are long runs of a few colours, which this compresses about
    /// 4× faster than zlib's default strategy for ~25 % more bytes.
    public static func encodeForDisplay(width: Int, height: Int, rgba: [UInt8]) throws(GraticuleError) -> [UInt8] {
        try encodeCompact(width: width, height: height, rgba: rgba, compressionLevel: 6, filter: .sub, strategy: .runLength)
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
        var colors: [SIMD4<UInt8>]
        var keys: [UInt32]
        var slots: [Int16]

        /// One palette index per pixel.
        func indices(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
            let count = bytes.count / 4
            return [UInt8](unsafeUninitializedCapacity: count) { idx, n in
                var previous: UInt32 = 0, previousIndex: UInt8 = 0, havePrevious = false
                for i in 0..<count {
                    let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                    if !(havePrevious && word == previous) {
                        var h = ColourCount.slot(word)
                        while keys[h] != word || slots[h] < 0 { h = (h + 1) & 511 }
                        previous = word
                        previousIndex = UInt8(slots[h])
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

    @inline(__always) static func slot(_ word: UInt32) -> Int { Int((word &* 0x9E37_79B1) >> 23) }

    /// Counts distinct colours in a 512-slot open-addressing table (a run of equal pixels costs
    /// one comparison each), giving up on the palette at the 257th.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> ColourCount {
        let count = bytes.count / 4
        var keys = [UInt32](repeating: 0, count: 512)
        var slots = [Int16](repeating: -1, count: 512)
        var colors: [SIMD4<UInt8>] = []
        colors.reserveCapacity(256)
        var opaque = true
        var paletteFits = count > 0
        var previous: UInt32 = 0
        var havePrevious = false
        for i in 0..<count {
            let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
            if havePrevious && word == previous { continue }
            previous = word
            havePrevious = true
            if bytes[4 * i + 3] != 255 { opaque = false }
            if paletteFits {
                var h = slot(word)
                while slots[h] >= 0 && keys[h] != word { h = (h + 1) & 511 }
                if slots[h] < 0 {
                    if colors.count == 256 {
                        paletteFits = false
                        if !opaque { break }
                        continue
                    }
                    keys[h] = word
                    slots[h] = Int16(colors.count)
                    colors.append(SIMD4(bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]))
                }
            } else if !opaque {
                break
            }
        }
        return ColourCount(palette: paletteFits ? Palette(colors: colors, keys: keys, slots: slots) : nil, opaque: opaque)
    }
}
