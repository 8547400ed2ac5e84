import GraticuleCore
import GraticuleIO

/// How a path's winding number decides which pixels are inside.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SVG `nonzero`, the default).
    case nonZero
    /// Inside where the winding number is odd (SVG `evenodd`).
    case evenOdd
}

/// An RGBA image that paths are drawn into with anti-aliasing: a scanline rasteriser with exact
/// area coverage (every pixel gets the area of the pixel square the shape covers, computed
/// analytically from signed areas accumulated per cell, as font rasterisers, libart, AGG and
/// tiny-skia do) and source-over compositing.
///
/// Pixel coordinates: x to the right, y down, origin at the top-left corner of the top-left pixel;
/// pixel (i, j) covers [i, i + 1) × [j, j + 1). Colours are RGBA, 8 bits per channel, not
/// premultiplied (as PNG stores them).
///
/// Accuracy: coverage is exact up to Float rounding (≈ 1e-6 per pixel) for non-overlapping
/// shapes; where a shape overlaps itself, a partially covered pixel gets min(1, |Σ signed
/// coverage|) (non-zero) or the winding folded mod 2 (even-odd), the convention of FreeType and
/// font-rs. Stored channels are rounded to 8 bits.
///
///     var canvas = Canvas(width: 256, height: 128, background: [255, 255, 255, 255])
///     var p = Path(); p.move(to: 10, 10); p.line(to: 200, 40); p.line(to: 60, 110); p.close()
///     canvas.fill(p, color: [40, 120, 200, 255])
///     canvas.stroke(p, color: [0, 0, 0, 255], width: 1.5)
///     let png = try canvas.png()
public struct Canvas: Sendable {
    /// Size in pixels.
    public let width: Int, height: Int
    /// `width × height × 4` bytes, rows top to bottom (pooled memory, copied on write).
    var storage: PixelStorage
    /// Scratch: per-cell signed coverage of the path being drawn and the cells its edges
    /// touched, all zero between calls (see `CoverageScratch`); taken on the first draw. Copies
    /// of a canvas share it until one draws (then that one takes its own).
    var scratch: CoverageScratch?
    /// Coverage cells one paint may hold at once (`Canvas.defaultMaxCellBytes`); larger boxes
    /// are painted in bands of rows.
    var maxCellBytes = Canvas.defaultMaxCellBytes

    /// A canvas filled with one colour.
    /// - Parameters:
    ///   - width, height: size in pixels (≥ 0; a 0-sized canvas draws nothing and cannot be
    ///     written as PNG). At most 2³⁰ pixels in all.
    ///   - background: RGBA, not premultiplied (alpha 0 gives a transparent image).
    public init(width: Int, height: Int, background: SIMD4<UInt8>) {
        let w = max(0, width), h = max(0, height)
        let (n, overflow) = w.multipliedReportingOverflow(by: h)
        precondition(!overflow && n <= 1 << 30, "canvas of \(width) × \(height) pixels is larger than 2^30 pixels")
        self.width = w
        self.height = h
        storage = PixelStorage(width: w, height: h)
        let word = UInt32(background.x) | UInt32(background.y) << 8 | UInt32(background.z) << 16 | UInt32(background.w) << 24
        UnsafeMutableRawPointer(storage.bytes).initializeMemory(as: UInt32.self, repeating: UInt32(littleEndian: word), count: n)
    }

    /// The image: `width × height × 4` bytes (RGBA, not premultiplied), rows top to bottom; a
    /// new array each time (`withUnsafeRGBA` reads the pixels without copying them).
    public var rgba: [UInt8] { withUnsafeRGBA { Array($0) } }

    /// Calls `body` with the image's bytes (as `rgba`), valid only during the call.
    public func withUnsafeRGBA<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeRawBufferPointer(start: storage.bytes, count: storage.count))
    }

    /// Calls `body` with the image's bytes for changing them (copied first when another canvas
    /// shares them), valid only during the call.
    mutating func withUnsafeMutableRGBA<R>(_ body: (UnsafeMutableRawBufferPointer) -> R) -> R {
        let bytes = mutablePixels()
        storage.marksValid = false  // any pixel may change: the edge marks no longer hold
        defer { withExtendedLifetime(storage) {} }
        return body(UnsafeMutableRawBufferPointer(start: bytes, count: storage.count))
    }

    /// The pixels for drawing: copied first when another canvas shares them.
    mutating func mutablePixels() -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage.bytes
    }

    /// The colour of pixel (x, y) (0-based, y down). Precondition: inside the canvas.
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) × \(height)")
        return withUnsafeRGBA { p in
            let i = (y * width + x) * 4
            return SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
        }
    }

    /// The image as a PNG file, lossless, in the smallest layout that holds it (a palette for at
    /// most 256 colours, RGB when opaque, else RGBA; 8 bits per sample), written by
    /// `PNGWriter.encodeForDisplay` (its own deflate, made for flat-colour images).
    /// What was painted tells the encoder where rows can change colour (`RowChanges`), so it
    /// compares only the pixels there (the same file).
    /// - Throws: `invalidInput` for a 0-sized canvas.
    public func png() throws(GraticuleError) -> [UInt8] {
        try withPixelsAndChanges { (p, changes) throws(GraticuleError) in
            try PNGWriter.encodeForDisplay(width: width, height: height, rgbaBytes: p, changes: changes)
        }
    }

    /// The image as an 8-bit palette PNG of at most `maximumColours` colours (1…256): its own
    /// colours when it has no more, else quantised (`PNGWriter.encodeQuantized`: median cut and
    /// k-means, no dithering) — what WMS clients ask for as `image/png8`.
    /// - Throws: `invalidInput` for a 0-sized canvas or a colour count outside 1…256.
    public func png8(maximumColours: Int = 256) throws(GraticuleError) -> [UInt8] {
        try withPixelsAndChanges { (p, changes) throws(GraticuleError) in
            try PNGWriter.encodeQuantized(width: width, height: height, rgbaBytes: p, maximumColours: maximumColours,
                                          changes: changes)
        }
    }

    /// Calls `body` with the image's bytes and, when the edge marks hold, where its rows may
    /// change colour (`RowChanges`, for the encoders), both valid only during the call.
    private func withPixelsAndChanges<R>(_ body: (UnsafeRawBufferPointer, RowChanges?) throws(GraticuleError) -> R)
        throws(GraticuleError) -> R {
        try withUnsafeRGBA { (p) throws(GraticuleError) in
            guard storage.marksValid, width > 0, height > 0 else { return try body(p, nil) }
            let changes = storage.rowChanges()
            return try changes.withUnsafeBufferPointer { (bits) throws(GraticuleError) in
                try body(p, RowChanges(bits: bits.baseAddress!, wordsPerRow: storage.markWordsPerRow))
            }
        }
    }

    /// The image as a baseline JPEG file (`JPEGWriter`: libjpeg's bytes for the same pixels and
    /// quality; 4:2:0 chroma), translucent pixels flattened over `matte` (red, green, blue).
    /// Lossy: thin lines and flat colours come out softer than in `png()`. Like `png()`, it
    /// converts each run between the painted edges once (the same file).
    /// - Parameter quality: 1…100 (libjpeg's scale).
    /// - Throws: `invalidInput` for a 0-sized canvas or a side above 65,535.
    public func jpeg(quality: Int = 85, matte: SIMD3<UInt8> = SIMD3(255, 255, 255)) throws(GraticuleError) -> [UInt8] {
        try withPixelsAndChanges { (p, changes) throws(GraticuleError) in
            try JPEGWriter.encode(width: width, height: height, rgbaBytes: p, quality: quality, matte: matte, changes: changes)
        }
    }

    /// The image as an RGBA PNG file with the given zlib level (0 store … 9 smallest; 1 is
    /// fastest) and row filter, zlib's default strategy.
    public func png(compressionLevel: Int, filter: PNGFilterStrategy = .adaptive) throws(GraticuleError) -> [UInt8] {
        try PNGWriter.encode(width: width, height: height, pixels: rgba, format: .rgba,
                             compressionLevel: compressionLevel, filter: filter)
    }
}
