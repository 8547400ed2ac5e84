import GraticuleCore
import GraticuleRaster
import GraticuleRender

/// The formats map images are served in: PNG (lossless; the default everywhere) and JPEG
/// (baseline 4:2:0 at quality 85, `JPEGWriter`: what GDAL's WMS client asks for unless told
/// otherwise, and a third to a half of the PNG's size for rasters). JPEG has no transparency:
/// a transparent map is flattened over its background colour.
enum MapImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg

    /// The JPEG quality of served maps (libjpeg's 1…100 scale).
    static let jpegQuality = 85

    var mimeType: String { self == .png ? "image/png" : "image/jpeg" }

    /// A rendered map's file: `Canvas.png()` (which knows where rows change colour), or a JPEG
    /// with translucent pixels over `matte`.
    func file(of canvas: Canvas, matte: SIMD3<UInt8>) throws(GraticuleError) -> [UInt8] {
        self == .png ? try canvas.png() : try canvas.jpeg(quality: Self.jpegQuality, matte: matte)
    }

    /// An image's file: the display PNG, or a JPEG over white.
    func file(of image: RGBAImage) throws(GraticuleError) -> [UInt8] {
        self == .png ? try image.displayPNG() : try image.jpeg(quality: Self.jpegQuality)
    }

    /// A WMS FORMAT value: `image/png` (with parameters such as `; mode=8bit`), `image/jpeg`,
    /// `image/jpg`, or the bare names; nil for anything else.
    init?(wms text: String) {
        let type = text.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch type {
        case "image/png", "png": self = .png
        case "image/jpeg", "image/jpg", "jpeg", "jpg": self = .jpeg
        default: return nil
        }
    }

    /// An API `format` value or a tile's file extension: `png`, `jpeg` or `jpg`.
    init?(name: String) {
        switch name.lowercased() {
        case "png": self = .png
        case "jpeg", "jpg": self = .jpeg
        default: return nil
        }
    }
}
