import CZlib
import GraticuleCore

/// The pixel layouts `PNGWriter` encodes: 8 bits per sample, rows top to bottom, pixels left to
/// right, samples interleaved.
public enum PNGPixelFormat: Sendable, Hashable {
    /// One grey sample per pixel (PNG colour type 0).
    case grey
    /// Grey and alpha (colour type 4).
    case greyAlpha
    /// Red, green, blue (colour type 2).
    case rgb
    /// Red, green, blue, alpha, not premultiplied (colour type 6).
    case rgba
    /// One palette index per pixel (colour type 3) into up to 256 RGBA colours; the alpha values
    /// go into a `tRNS` chunk when any is below 255.
    case palette([SIMD4<UInt8>])

    /// Samples per pixel.
    public var samplesPerPixel: Int {
        switch self {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    var colorType: UInt8 {
        switch self {
        case .grey: 0
        case .rgb: 2
        case .palette: 3
        case .greyAlpha: 4
        case .rgba: 6
        }
    }
}

/// Row filtering before compression (PNG filter method 0).
public enum PNGFilterStrategy: Sendable, Hashable {
    /// No filtering (fastest; good for palette images).
    case none
    /// Every row Sub-filtered (each byte minus the same sample of the pixel to its left): runs of
    /// one colour become runs of zeros, which `PNGDeflateStrategy.runLength` compresses fast and
    /// well (flat-colour images such as maps).
    case sub
    /// Every row Up-filtered (each byte minus the byte above).
    case up
    /// The filter each row compresses best with by the usual heuristic (the smallest sum of
    /// absolute filtered bytes among None, Sub, Up, Average and Paeth), as libpng does by default.
    case adaptive
}

/// How zlib looks for repeated data (its `strategy` argument).
public enum PNGDeflateStrategy: Sendable, Hashable {
    /// zlib's default: matches at any distance (smallest files for photographs and noise).
    case standard
    /// Matches at distance 1 only (zlib `Z_RLE`): no match search, and close to `standard`'s size
    /// on Sub-filtered flat-colour images (maps, charts).
    case runLength
}

/// Writes PNG images (ISO/IEC 15948, 8-bit samples) with the system zlib.
///
///     let png = try PNGWriter.encode(width: 256, height: 256, pixels: rgba, format: .rgba)
///     try Data(png).write(to: url)
///
/// The map renderer and the raster warper produce RGBA images and call this; palette and grey
/// images serve classified and single-band output.
public enum PNGWriter {
    /// The 8-byte PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes an image.
    /// - Parameters:
    ///   - width, height: size in pixels (1 … 2^31 − 1 each).
    ///   - pixels: `width × height × format.samplesPerPixel` bytes, rows top to bottom.
    ///   - format: the pixel layout.
    ///   - compressionLevel: zlib level 0 (store) … 9 (smallest); 6 is zlib's default balance,
    ///     1 is fastest for map tiles.
    ///   - filter: row filtering.
    ///   - strategy: zlib's match search.
    /// - Returns: the PNG file's bytes.
    /// - Throws: `invalidInput` for a size, buffer length or palette that does not fit.
    public static func encode(width: Int, height: Int, pixels: [UInt8], format: PNGPixelFormat,
                              compressionLevel: Int = 6, filter: PNGFilterStrategy = .adaptive,
                              strategy: PNGDeflateStrategy = .standard) throws(GraticuleError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidInput("PNG size \(width) × \(height) outside 1 … \(Int32.max)")
        }
        let bpp = format.samplesPerPixel
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: bpp)
        let (total, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !o1, !o2, pixels.count == total else {
            throw .invalidInput("PNG pixels: \(pixels.count) bytes given for \(width) × \(height) × \(bpp) = \(o1 || o2 ? "overflow" : String(total))")
        }
        if case let .palette(colors) = format {
            guard !colors.isEmpty, colors.count <= 256 else { throw .invalidInput("PNG palette of \(colors.count) colours (1 … 256)") }
            if let bad = pixels.first(where: { Int($0) >= colors.count }) {
                throw .invalidInput("PNG palette index \(bad) beyond the \(colors.count) colours")
            }
        }
        let filtered = self.filter(pixels, width: width, height: height, bpp: bpp, strategy: filter)
        return try assemble(width: width, height: height, format: format, filtered: filtered,
                            compressionLevel: compressionLevel, strategy: strategy)
    }

    /// The PNG file of rows already filtered (each prefixed with its filter type).
    static func assemble(width: Int, height: Int, format: PNGPixelFormat, filtered: [UInt8], compressionLevel: Int,
                         strategy: PNGDeflateStrategy) throws(GraticuleError) -> [UInt8] {
        let compressed = try Deflate.compress(filtered, level: max(0, min(9, compressionLevel)),
                                              strategy: strategy == .runLength ? Z_RLE : Z_DEFAULT_STRATEGY)
        return file(width: width, height: height, format: format, zlibStream: compressed)
    }

    /// The PNG file around a zlib stream of filtered rows: signature, IHDR, PLTE and tRNS for a
    /// palette, the stream in IDAT chunks of at most 1 MiB, IEND.
    static func file(width: Int, height: Int, format: PNGPixelFormat, zlibStream compressed: [UInt8]) -> [UInt8] {
        var out = signature
        out.reserveCapacity(compressed.count + 1024 + 12 * (compressed.count >> 20))
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, format.colorType, 0, 0, 0]  // bit depth, colour type, compression, filter, interlace
        appendChunk(&out, "IHDR", ihdr)
        if case let .palette(colors) = format {
            appendChunk(&out, "PLTE", colors.flatMap { [$0.x, $0.y, $0.z] })
            if colors.contains(where: { $0.w < 255 }) {
                let lastOpaque = colors.lastIndex { $0.w < 255 }!
                appendChunk(&out, "tRNS", colors[...lastOpaque].map(\.w))
            }
        }
        // IDAT chunks of at most 1 MiB each.
        var start = 0
        repeat {
            let end = min(compressed.count, start + (1 << 20))
            appendChunk(&out, "IDAT", compressed[start..<end])
            start = end
        } while start < compressed.count
        appendChunk(&out, "IEND", [])
        return out
    }

    static func appendChunk(_ out: inout [UInt8], _ type: String, _ body: [UInt8]) {
        appendChunk(&out, type, body[...])
    }

    static func appendChunk(_ out: inout [UInt8], _ type: String, _ body: ArraySlice<UInt8>) {
        out.appendBigEndian(UInt32(body.count))
        let typeBytes = Array(type.utf8)
        var crc = typeBytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) }
        crc = body.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += typeBytes
        out += body
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }

    /// Prefixes each row with its filter type and filters it (PNG filter method 0).
    static func filter(_ pixels: [UInt8], width: Int, height: Int, bpp: Int, strategy: PNGFilterStrategy) -> [UInt8] {
        let rowBytes = width * bpp
        let total = (rowBytes + 1) * height
        return [UInt8](unsafeUninitializedCapacity: total) { dst, count in
            pixels.withUnsafeBufferPointer { src in
                let zeros = [UInt8](repeating: 0, count: rowBytes)
                var candidate = [UInt8](repeating: 0, count: rowBytes)
                zeros.withUnsafeBufferPointer { zeroRow in
                    candidate.withUnsafeMutableBufferPointer { cand in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * rowBytes
                            // Above the first row a decoder sees zeros.
                            let prior = y > 0 ? src.baseAddress! + (y - 1) * rowBytes : zeroRow.baseAddress!
                            let target = dst.baseAddress! + y * (rowBytes + 1)
                            switch strategy {
                            case .none:
                                target[0] = 0
                                (target + 1).initialize(from: row, count: rowBytes)
                            case .sub:
                                target[0] = 1
                                applyFilter(1, row: row, prior: prior, count: rowBytes, bpp: bpp, into: target + 1)
                            case .up:
                                target[0] = 2
                                applyFilter(2, row: row, prior: prior, count: rowBytes, bpp: bpp, into: target + 1)
                            case .adaptive:
                                // The smallest sum of |signed filtered bytes| wins (libpng's heuristic).
                                var bestSum = Int.max
                                for type in 0..<5 {
                                    let out = type == 0 ? target + 1 : cand.baseAddress!
                                    applyFilter(type, row: row, prior: prior, count: rowBytes, bpp: bpp, into: out)
                                    let sum = absoluteSum(UnsafePointer(out), count: rowBytes, stopAbove: bestSum)
                                    if sum < bestSum {
                                        bestSum = sum
                                        target[0] = UInt8(type)
                                        if type != 0 { (target + 1).update(from: cand.baseAddress!, count: rowBytes) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            count = total
        }
    }

    /// Σ min(b, 256 − b) over the bytes (the filtered bytes read as signed), stopping early once
    /// the sum passes `stopAbove`.
    @inline(__always)
    static func absoluteSum(_ p: UnsafePointer<UInt8>, count: Int, stopAbove: Int) -> Int {
        var sum = 0
        var i = 0
        while i < count {
            let end = min(count, i + 1024)
            var block = 0
            while i < end {
                let b = Int(p[i])
                block &+= b < 128 ? b : 256 - b
                i += 1
            }
            sum += block
            if sum >= stopAbove { return sum }
        }
        return sum
    }

    /// Writes one row filtered with `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth); `prior` is
    /// the previous row (zeros above the first).
    @inline(__always)
    static func applyFilter(_ type: Int, row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
                            into out: UnsafeMutablePointer<UInt8>) {
        let head = min(bpp, count)
        switch type {
        case 1:
            for i in 0..<head { out[i] = row[i] }
            for i in head..<count { out[i] = row[i] &- row[i - bpp] }
        case 2:
            for i in 0..<count { out[i] = row[i] &- prior[i] }
        case 3:
            for i in 0..<head { out[i] = row[i] &- prior[i] >> 1 }
            for i in head..<count { out[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(prior[i])) >> 1) }
        case 4:
            // Left is 0 and upper-left is 0 for the first pixel: Paeth picks the byte above.
            for i in 0..<head { out[i] = row[i] &- prior[i] }
            for i in head..<count {
                let a = Int(row[i - bpp]), b = Int(prior[i]), c = Int(prior[i - bpp])
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                out[i] = row[i] &- UInt8(truncatingIfNeeded: predicted)
            }
        default:
            out.update(from: row, count: count)
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}
