import Foundation
import GraticuleCore
import GraticuleRaster
import GraticuleRender
import Hummingbird

/// WMS GetLegendGraphic, the SLD profile's operation as MapServer and GeoServer serve it and as
/// QGIS fetches it from each layer's `LegendURL`: `LAYER`, `FORMAT` (image/png, image/jpeg),
/// optional `WIDTH` and `HEIGHT` (1…512 pixels) and `STYLE` (only the default). Countries: a
/// swatch of the map's fill inside its border colour (20 × 20 by default). A raster drawn
/// through a colour ramp: the ramp as a bar, 20 × 100 by default, its highest value at the top
/// (vertical when HEIGHT ≥ WIDTH), or at the right; the built-in NDVI raster shows its NDVI ramp
/// from −1 to 1, other single-band rasters the grey ramp they are drawn with (black at the
/// lowest value in view, white at the highest). Rasters drawn in their own colours (a colour
/// table, RGB bands) have no legend (`InvalidParameterValue`).
extension GraticuleServer {
    /// A layer's legend kind and default size (what the capabilities' `LegendURL` states).
    enum Legend {
        case swatch
        case ramp(ColorRamp)

        var defaultSize: (width: Int, height: Int) {
            switch self {
            case .swatch: return (20, 20)
            case .ramp: return (20, 100)
            }
        }
    }

    /// The legend of a served layer, nil when it has none (a palette or RGB raster).
    func legend(of layer: ServedLayer) -> Legend? {
        switch layer {
        case .countries: return .swatch
        case let .raster(r):
            if let ramp = servedRamp(r) { return .ramp(ramp) }
            guard !r.isRGB, r.bands.first?.colorTable == nil else { return nil }
            return .ramp(.grey(min: 0, max: 1))
        }
    }

    func legendGraphic(_ query: Query) throws -> Response {
        guard let name = query["layer"], !name.isEmpty else {
            throw WMSException(.missingParameterValue, "missing parameter LAYER (\(mapLayerNames.joined(separator: ", ")))")
        }
        let layer: ServedLayer
        do { layer = try mapLayer(name) } catch {
            throw WMSException(.layerNotDefined, "LAYER: no layer \(APIError.quoted(name)); layers: \(mapLayerNames.joined(separator: ", "))")
        }
        if let style = query["style"], !style.isEmpty, style.lowercased() != "default" {
            throw WMSException(.styleNotDefined, "STYLE: no style \(APIError.quoted(style)) (only the default style)")
        }
        let formatText = query["format"] ?? "image/png"
        guard let format = MapImageFormat(wms: formatText) else {
            throw WMSException(.invalidFormat, "FORMAT=\(APIError.quoted(formatText)): legends are image/png or image/jpeg")
        }
        guard let legend = legend(of: layer) else {
            throw WMSException(.invalidParameterValue, "LAYER=\(layer.name): drawn in its own colours, it has no legend")
        }
        let width: Int, height: Int
        do {
            width = try query.integer("width", in: 1...512, default: legend.defaultSize.width)
            height = try query.integer("height", in: 1...512, default: legend.defaultSize.height)
        } catch { throw WMSException(error) }
        let image = Self.legendImage(legend, width: width, height: height)
        let bytes = try engine { () throws(GraticuleError) in try format.file(of: image) }
        return Responses.bytes(bytes, contentType: format.mimeType)
    }

    /// The legend's pixels (transparent around a swatch).
    static func legendImage(_ legend: Legend, width: Int, height: Int) -> RGBAImage {
        switch legend {
        case .swatch:
            var canvas = Canvas(width: width, height: height, background: SIMD4(0, 0, 0, 0))
            let style = MapStyle.standard
            var box = Path()
            let inset = min(2.5, Double(min(width, height)) / 4)
            box.move(to: inset, inset)
            box.line(to: Double(width) - inset, inset)
            box.line(to: Double(width) - inset, Double(height) - inset)
            box.line(to: inset, Double(height) - inset)
            box.close()
            canvas.fillAndStroke(box, fill: style.countryFill.rgba, stroke: style.countryStroke.rgba,
                                 width: max(1, style.countryStrokeWidth))
            return RGBAImage(width: width, height: height, pixels: canvas.rgba)
        case let .ramp(ramp):
            let low = ramp.stops.first!.value, high = ramp.stops.last!.value
            let vertical = height >= width
            let steps = vertical ? height : width
            // Pixel k along the bar (from the top, or from the left) shows the value at its centre.
            let colours = (0..<steps).map { k -> SIMD4<UInt8> in
                let t = (Double(k) + 0.5) / Double(steps)
                return ramp.color(vertical ? high - t * (high - low) : low + t * (high - low))
            }
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let c = colours[vertical ? y : x], i = 4 * (y * width + x)
                    pixels[i] = c.x; pixels[i + 1] = c.y; pixels[i + 2] = c.z; pixels[i + 3] = c.w
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }
}
