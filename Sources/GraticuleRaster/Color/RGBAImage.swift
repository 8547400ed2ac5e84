import GraticuleCore
import GraticuleIO

/// An 8-bit RGBA image (not premultiplied), rows top to bottom: what a warp coloured for display
/// gives, ready for `PNGWriter` or for compositing under vector layers.
public struct RGBAImage: Sendable, Hashable {
    public let width: Int, height: Int
    /// `width × height × 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA image of \(width) × \(height) needs \(width * height * 4) bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour of pixel (x, y).
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8> {
        let i = (y * width + x) * 4
        return SIMD4(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The image as a PNG file for display: lossless in the smallest layout (palette, RGB or
    /// RGBA), fast to write (`PNGWriter.encodeForDisplay`).
    public func displayPNG() throws(GraticuleError) -> [UInt8] {
        try PNGWriter.encodeForDisplay(width: width, height: height, rgba: pixels)
    }

    /// The image as an 8-bit palette PNG of at most `maximumColours` colours (quantised when it
    /// has more: `PNGWriter.encodeQuantized`).
    public func png8(maximumColours: Int = 256) throws(GraticuleError) -> [UInt8] {
        try pixels.withUnsafeBytes { p in
            Result { () throws(GraticuleError) in
                try PNGWriter.encodeQuantized(width: width, height: height, rgbaBytes: p, maximumColours: maximumColours)
            }
        }.get()
    }

    /// The image as a baseline JPEG file (`JPEGWriter`), translucent pixels flattened over
    /// `matte`; quality 1…100.
    public func jpeg(quality: Int = 85, matte: SIMD3<UInt8> = SIMD3(255, 255, 255)) throws(GraticuleError) -> [UInt8] {
        try JPEGWriter.encode(width: width, height: height, rgba: pixels, quality: quality, matte: matte)
    }

    /// The image as a PNG file (RGBA; zlib level 6 unless given).
    public func png(compressionLevel: Int = 6) throws(GraticuleError) -> [UInt8] {
        try PNGWriter.encode(width: width, height: height, pixels: pixels, format: .rgba, compressionLevel: compressionLevel)
    }
}

extension WarpedRaster {
    /// One band through a colour ramp (nodata pixels get the ramp's nodata colour).
    public func colored(_ ramp: ColorRamp, band: Int = 0) -> RGBAImage {
        let values = self.values[band]
        let out = [UInt8](unsafeUninitializedCapacity: values.count * 4) { buffer, count in
            if let base = buffer.baseAddress { values.withUnsafeBufferPointer { ramp.colorize($0, into: base) } }
            count = values.count * 4
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Three bands as red, green and blue, each stretched linearly from its range to 0–255;
    /// transparent where any of the three has no data.
    public func composite(red: Int, green: Int, blue: Int,
                          ranges: [(min: Double, max: Double)]) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let channels = [red, green, blue]
        for k in 0..<(width * height) {
            var opaque = true
            for (c, b) in channels.enumerated() {
                let v = values[b][k]
                if v.isNaN { opaque = false; break }
                let r = ranges[c]
                let t = ((v - r.min) / (r.max - r.min) * 255).rounded()
                out[4 * k + c] = UInt8(max(0, min(255, t)))
            }
            out[4 * k + 3] = opaque ? 255 : 0
            if !opaque { out[4 * k] = 0; out[4 * k + 1] = 0; out[4 * k + 2] = 0 }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

extension Raster {
    /// Whether the raster is drawn as RGB when no ramp is given: at least three byte bands, the
    /// first interpreted as red or exactly three of them.
    public var isRGB: Bool {
        bands.count >= 3 && dataType == .uint8 && (bands[0].colorInterpretation == "Red" || bands.count == 3)
    }

    /// The raster warped to a view and coloured for display: a single band through `ramp`
    /// (default: the band's colour table, else grey over the values in view), or without a ramp
    /// bands 1–3 as RGB when the raster `isRGB`. This is what a map renderer calls for a raster
    /// layer (`RasterLayer` gives the built-in NDVI raster its NDVI ramp).
    public func render(to view: RasterView, ramp: ColorRamp? = nil, band: Int = 0,
                       resampling: Resampling = .nearest) throws(GraticuleError) -> RGBAImage {
        let rgb = ramp == nil && isRGB
        let warped = try warp(to: view, options: WarpOptions(resampling: resampling, bands: rgb ? [0, 1, 2] : [band]))
        if rgb { return warped.composite(red: 0, green: 1, blue: 2, ranges: Array(repeating: (0, 255), count: 3)) }
        if let ramp { return warped.colored(ramp) }
        if let table = bands[band].colorTable {
            let colors = table
            var out = [UInt8](repeating: 0, count: view.width * view.height * 4)
            for (k, v) in warped.values[0].enumerated() where !v.isNaN {
                let i = Int(v)
                guard i >= 0, i < colors.count else { continue }
                let c = colors[i]
                out[4 * k] = c.x; out[4 * k + 1] = c.y; out[4 * k + 2] = c.z; out[4 * k + 3] = c.w
            }
            return RGBAImage(width: view.width, height: view.height, pixels: out)
        }
        let finite = warped.values[0].filter { $0.isFinite }
        let lo = finite.min() ?? 0, hi = finite.max() ?? 1
        return warped.colored(.grey(min: lo, max: hi > lo ? hi : lo + 1))
    }
}
