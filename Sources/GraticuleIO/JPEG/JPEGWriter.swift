import GraticuleCore

/// Writes baseline JPEG files (ITU-T T.81, JFIF 1.01): YCbCr with the chroma halved both ways
/// (4:2:0), the Annex K tables scaled by quality, libjpeg's integer DCT. The bytes are those
/// libjpeg-turbo writes with its defaults (what `cjpeg -quality Q` and Pillow's `save(...,
/// "JPEG", quality=Q)` give), checked against files Pillow made (tools/oracle/jpeg_fixtures.py).
///
///     let jpeg = try JPEGWriter.encode(width: 256, height: 256, rgba: pixels, quality: 85)
///
/// For photographs and rasters; lossy, so maps of flat colours and thin lines are sharper and
/// often smaller as PNG. JPEG has no transparency: pixels with alpha below 255 are flattened
/// over `matte` first.
public enum JPEGWriter {
    /// Largest side a baseline JPEG can state (its SOF fields are 16 bits).
    public static let maximumSide = 65_535

    /// Encodes RGBA pixels (not premultiplied; rows top to bottom).
    /// - Parameters:
    ///   - quality: 1…100 (libjpeg's scale; values outside are clamped); 75 is libjpeg's default.
    ///   - matte: the opaque colour under translucent pixels (red, green, blue).
    /// - Throws: `invalidInput` for a size outside 1…65,535 or a buffer that is not
    ///   `width × height × 4` bytes.
    public static func encode(width: Int, height: Int, rgba: [UInt8], quality: Int = 75,
                              matte: SIMD3<UInt8> = SIMD3(255, 255, 255)) throws(GraticuleError) -> [UInt8] {
        try rgba.withUnsafeBytes { p in
            Result { () throws(GraticuleError) in
                try encode(width: width, height: height, rgbaBytes: p, quality: quality, matte: matte)
            }
        }.get()
    }

    /// `encode` of RGBA bytes in memory the caller owns (a canvas's pixels, no copy).
    /// - Parameter changes: where the rows may change colour, when the caller knows
    ///   (`RowChanges`): each run between two possible changes is converted to YCbCr once. The
    ///   file is the same either way.
    public static func encode(width: Int, height: Int, rgbaBytes: UnsafeRawBufferPointer, quality: Int = 75,
                              matte: SIMD3<UInt8> = SIMD3(255, 255, 255),
                              changes: RowChanges? = nil) throws(GraticuleError) -> [UInt8] {
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw .invalidInput("JPEG size \(width)×\(height): width and height must be 1…\(maximumSide) pixels")
        }
        guard rgbaBytes.count == width * height * 4 else {
            throw .invalidInput("JPEG of \(width)×\(height) pixels needs \(width * height * 4) RGBA bytes, got \(rgbaBytes.count)")
        }
        let luma = JPEGTables.quantisation(JPEGTables.luminance, quality: quality)
        let chroma = JPEGTables.quantisation(JPEGTables.chrominance, quality: quality)
        var out = header(width: width, height: height, luma: luma, chroma: chroma)
        var writer = JPEGBitWriter(capacity: width * height / 8)
        var scan = JPEGScan(width: width, height: height, luma: luma, chroma: chroma, matte: matte, changes: changes)
        scan.encode(rgbaBytes.bindMemory(to: UInt8.self).baseAddress!, into: &writer)
        out += writer.finish()
        out += [0xFF, 0xD9]  // EOI
        return out
    }

    /// SOI, the JFIF APP0 segment (version 1.01, no units, 1:1 density, no thumbnail), the two
    /// quantisation tables, the frame (SOF0: three components, Y sampled 2×2), the four Huffman
    /// tables and the scan header (SOS), in libjpeg's order.
    static func header(width: Int, height: Int, luma: [Int], chroma: [Int]) -> [UInt8] {
        var h: [UInt8] = [0xFF, 0xD8]
        h += [0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        for (id, table) in [luma, chroma].enumerated() {
            h += [0xFF, 0xDB, 0, 67, UInt8(id)]
            h += JPEGTables.zigzag.map { UInt8(table[$0]) }
        }
        h += [0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 3,
              1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        for (cls, table) in [(0x00, JPEGTables.dcLuminance), (0x10, JPEGTables.acLuminance),
                             (0x01, JPEGTables.dcChrominance), (0x11, JPEGTables.acChrominance)] {
            let length = 2 + 1 + 16 + table.symbols.count
            h += [0xFF, 0xC4, UInt8(length >> 8), UInt8(length & 255), UInt8(cls)]
            h += table.counts.map { UInt8($0) } + table.symbols.map { UInt8($0) }
        }
        h += [0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]
        return h
    }
}
