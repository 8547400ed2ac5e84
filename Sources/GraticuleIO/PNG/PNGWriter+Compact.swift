import GraticuleCore

extension PNGWriter {
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
        let layout = rgba.withUnsafeBytes { CompactLayout.scan($0) }
        switch layout {
        case let .palette(colors, indices):
            return try encode(width: width, height: height, pixels: indices, format: .palette(colors),
                              compressionLevel: compressionLevel, filter: .none, strategy: strategy)
        case .opaque:
            // RGB rows written straight from the RGBA pixels, filtered as asked.
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
        case .rgba:
            return try encode(width: width, height: height, pixels: rgba, format: .rgba, compressionLevel: compressionLevel,
                              filter: filter, strategy: strategy)
        }
    }
}

/// The layout `encodeCompact` picks, found in one pass over the pixels.
enum CompactLayout {
    case palette([SIMD4<UInt8>], [UInt8])
    case opaque
    case rgba

    /// Counts distinct colours in a 512-slot open-addressing table (a run of equal pixels costs one
    /// comparison each), giving up on the palette at the 257th.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> CompactLayout {
        let count = bytes.count / 4
        guard count > 0 else { return .rgba }
        var keys = [UInt32](repeating: 0, count: 512)
        var slots = [Int16](repeating: -1, count: 512)
        var colors: [UInt32] = []
        colors.reserveCapacity(256)
        var opaque = true
        var paletteFits = true
        var indices = [UInt8](repeating: 0, count: count)
        keys.withUnsafeMutableBufferPointer { keys in
            slots.withUnsafeMutableBufferPointer { slots in
                indices.withUnsafeMutableBufferPointer { idx in
                    var previous: UInt32 = 0
                    var previousIndex: UInt8 = 0
                    var havePrevious = false
                    for i in 0..<count {
                        let word = bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                        if havePrevious && word == previous {
                            idx[i] = previousIndex
                            continue
                        }
                        if UInt32(littleEndian: word) >> 24 != 0xFF { opaque = false }  // the 4th byte: alpha
                        if paletteFits {
                            var h = Int((word &* 0x9E37_79B1) >> 23)
                            while slots[h] >= 0 && keys[h] != word { h = (h + 1) & 511 }
                            if slots[h] < 0 {
                                if colors.count == 256 {
                                    paletteFits = false
                                } else {
                                    keys[h] = word
                                    slots[h] = Int16(colors.count)
                                    colors.append(word)
                                }
                            }
                            if paletteFits {
                                previousIndex = UInt8(slots[h])
                                idx[i] = previousIndex
                            }
                        } else if !opaque {
                            break
                        }
                        previous = word
                        havePrevious = true
                    }
                }
            }
        }
        if paletteFits {
            let palette = colors.map { c in
                withUnsafeBytes(of: c) { b in SIMD4(b[0], b[1], b[2], b[3]) }
            }
            return .palette(palette, indices)
        }
        return opaque ? .opaque : .rgba
    }
}
