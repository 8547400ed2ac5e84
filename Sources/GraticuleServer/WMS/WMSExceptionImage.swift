import GraticuleRender
import Hummingbird

/// How GetMap reports an error (WMS 1.3.0 §7.3.3.11, 1.1.1 §7.2.3.10, the `EXCEPTIONS`
/// parameter): as `ServiceException` XML (the default), written into an image of the requested
/// size and format (`INIMAGE`), or as that image left blank (`BLANK`), so that a client that
/// only shows images (a tiled viewer) still shows something. The image is the map's background
/// (BGCOLOR, or transparent with TRANSPARENT=TRUE); `INIMAGE` writes the exception's code and
/// message on it in black, wrapped to its width, in X11's 6 × 13 "fixed" font. Answered with
/// HTTP 200 and the image's content type, as MapServer and GeoServer do. When the error is in
/// the size or the format themselves (no image can be made), the answer is XML.
enum WMSExceptionFormat: Sendable, Equatable {
    case xml, inImage, blank

    /// The `EXCEPTIONS` value: 1.3.0's `XML`, `INIMAGE`, `BLANK` or 1.1.1's
    /// `application/vnd.ogc.se_xml`, `…se_inimage`, `…se_blank` (either spelling in either
    /// version, any case). Absent or anything else → XML, as MapServer does: a client that
    /// sends a value of its own still gets its maps, and its errors in the default form.
    init(_ text: String?) {
        switch text?.lowercased() {
        case "inimage", "application/vnd.ogc.se_inimage": self = .inImage
        case "blank", "application/vnd.ogc.se_blank": self = .blank
        default: self = .xml
        }
    }

    /// The values the capabilities list for a version.
    static func names(_ version: WMSVersion) -> [String] {
        version == .v130 ? ["XML", "INIMAGE", "BLANK"]
            : ["application/vnd.ogc.se_xml", "application/vnd.ogc.se_inimage", "application/vnd.ogc.se_blank"]
    }
}

extension GraticuleServer {
    /// The exception as GetMap's image (`INIMAGE` or `BLANK`), nil when the request's WIDTH,
    /// HEIGHT, FORMAT or background cannot make one.
    func exceptionImage(_ e: WMSException, _ mode: WMSExceptionFormat, _ query: Query) -> Response? {
        let limit = state.configuration.limits.maxImageSize
        guard mode != .xml, let format = MapImageFormat(wms: query["format"] ?? "image/png"),
              let width = try? query.integer("width", in: 1...limit), let height = try? query.integer("height", in: 1...limit),
              let background = try? Self.wmsBackground(query) else { return nil }
        let canvas = Self.exceptionCanvas(e, mode, width: width, height: height, background: background)
        guard let bytes = try? format.file(of: canvas, matte: SIMD3(background.x, background.y, background.z)) else { return nil }
        return Responses.bytes(bytes, contentType: format.mimeType)
    }

    /// The picture of `exceptionImage`: the background, and for `INIMAGE` the lines of
    /// "code: message" from (4, 4) pixels down, 13 pixels apart.
    static func exceptionCanvas(_ e: WMSException, _ mode: WMSExceptionFormat, width: Int, height: Int,
                                background: SIMD4<UInt8>) -> Canvas {
        var canvas = Canvas(width: width, height: height, background: background)
        if mode == .inImage {
            let font = BitmapFont.fixed6x13, margin = 4
            let lines = font.lines("\(e.code.rawValue): \(e.message)", maxWidth: width - 2 * margin)
            for (k, line) in lines.enumerated() {
                canvas.drawText(line, x: margin, y: margin + k * font.cellHeight, color: SIMD4(0, 0, 0, 255))
            }
        }
        return canvas
    }
}
