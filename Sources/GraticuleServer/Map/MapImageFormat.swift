import GraticuleCore
import GraticuleRaster
import GraticuleRender

/// The formats map images are served in: PNG (lossless; the default everywhere), 8-bit PNG
/// (at most 256 colours, quantised when the map has more: `PNGWriter.encodeQuantized`; what WMS
/// clients ask for as `image/png8` or MapServer's `image/png; mode=8bit`) and JPEG (baseline
/// 4:2:0 at quality 85, `JPEGWriter`: what GDAL's WMS client asks for unless told otherwise, and
/// a third to a half of the PNG's size for rasters). JPEG has no transparency: a transparent map
/// is flattened over its background colour.
enum MapImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, png8, jpeg

    /// The JPEG quality of served maps (libjpeg's 1…100 scale).
    static let jpegQuality = 85

    /// The response's content type (an 8-bit PNG is a PNG).
    var mimeType: String { self == .jpeg ? "image/jpeg" : "image/png" }

    /// The names the capabilities list for GetMap and GetLegendGraphic.
    var wmsNames: [String] {
        switch self {
        case .png: return ["image/png"]
        case .png8: return ["image/png8", "image/png; mode=8bit"]
        case .jpeg: return ["image/jpeg"]
        }
    }

    /// A rendered map's file: `Canvas.png()` or `png8()` (which know where rows change colour),
    /// or a JPEG with translucent pixels over `matte`.
    func file(of canvas: Canvas, matte: SIMD3<UInt8>) throws(GraticuleError) -> [UInt8] {
        switch self {
        case .png: return try canvas.png()
        case .png8: return try canvas.png8()
        case .jpeg: return try canvas.jpeg(quality: Self.jpegQuality, matte: matte)
        }
    }

    /// An image's file: the display PNG, the 8-bit PNG, or a JPEG over white.
    func file(of image: RGBAImage) throws(GraticuleError) -> [UInt8] {
        switch self {
        case .png: return try image.displayPNG()
        case .png8: return try image.png8()
        case .jpeg: return try image.jpeg(quality: Self.jpegQuality)
        }
    }

    /// A WMS FORMAT value: `image/png` (`; mode=8bit` makes it 8-bit; other parameters are
    /// ignored), `image/png8`, `image/jpeg`, `image/jpg`, or the bare names; nil for anything else.
    init?(wms text: String) {
        let parts = text.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        switch parts.first ?? "" {
        case "image/png", "png": self = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "mode=8bit" } ? .png8 : .png
        case "image/png8", "png8": self = .png8
        case "image/jpeg", "image/jpg", "jpeg", "jpg": self = .jpeg
        default: return nil
        }
    }

    /// An API `format` value or a tile's file extension: `png`, `png8`, `jpeg` or `jpg`.
    init?(name: String) {
        switch name.lowercased() {
        case "png": self = .png
        case "png8": self = .png8
        case "jpeg", "jpg": self = .jpeg
        default: return nil
        }
    }
}
