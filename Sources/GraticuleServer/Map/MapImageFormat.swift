/// The formats map images are served in: PNG (lossless; the default everywhere) and JPEG
/// (baseline 4:2:0 at quality 85, `JPEGWriter`: what GDAL's WMS client asks for unless told
/// otherwise, and a third to a half of the PNG's size for rasters). JPEG has no transparency:
/// a transparent map is flattened over its background colour.
enum MapImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg

    /// The JPEG quality of served maps (libjpeg's 1…100 scale).
    static let jpegQuality = 85

    var mimeType: String { self == .png ? "image/png" : "image/jpeg" }

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
