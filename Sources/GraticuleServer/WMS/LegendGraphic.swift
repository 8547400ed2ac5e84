import Foundation
import GraticuleCore
import GraticuleRaster
import GraticuleRender
import Hummingbird

/// WMS GetLegendGraphic, the SLD profile's operation as MapServer and GeoServer serve it and as
/// QGIS fetches it from each layer's `LegendURL`: `LAYER`, `FORMAT` (image/png, image/png8, image/jpeg),
/// optional `WIDTH` and `HEIGHT` (1…512 pixels: the symbol's size, as in GeoServer; labels are
/// added around it), `STYLE` (only the default) and GeoServer's `LEGEND_OPTIONS=forceLabels:on`
/// or `forceLabels:off`.
///
/// - Countries: a swatch of the map's fill inside its border colour (20 × 20 by default; a
///   vector file's in its colours, `MapStyle.featureFill` and `featureStroke`; a file of points
///   its point symbol, `marker-symbol` in `marker-color`),
///   unlabelled unless `forceLabels:on` (GeoServer leaves a one-rule legend unlabelled; the
///   client names the layer).
/// - A raster drawn through a colour ramp: the ramp as a bar, 20 × 100 by default, its highest
///   value at the top (vertical when HEIGHT ≥ WIDTH) or at the right, labelled at its ends and
///   at 0 when the ramp crosses it (the NDVI raster: −1, 0, 1, written `-1 0 1`), to its right
///   or below it, in X11's 6 × 13 "fixed" font (`BitmapFont`); `forceLabels:off` gives the bar
///   alone. Other single-band rasters are drawn with a grey stretch over the values in view, so
///   their bar is labelled `low` and `high`.
/// - Rasters drawn in their own colours (a colour table, RGB bands) have no legend
///   (`InvalidParameterValue`).
extension GraticuleServer {
    /// A layer's legend: what it shows and its default symbol size (what the capabilities'
    /// `LegendURL` states, with the default labels).
    enum Legend {
        /// A fill swatch; `label` is written beside it when labels are forced on. `features`: a
        /// vector file's colours (nil: the countries'); `points`: a file of points, whose
        /// symbol (`FeatureStyle.pointShape`, a disc by default) stands in the swatch.
        case swatch(label: String, features: FeatureStyle? = nil, points: Bool = false)
        /// A colour ramp's bar with labels at the ticks' values.
        case ramp(ColorRamp, ticks: [Tick])
        /// A vector file's classes by attribute (its style's rules): a swatch per class, one
        /// under another, each labelled with its title.
        case classes([(title: String, style: FeatureStyle)], points: Bool = false)

        struct Tick {
            var value: Double
            var label: String
        }

        var defaultSize: (width: Int, height: Int) {
            switch self {
            case .swatch, .classes: return (20, 20)
            case .ramp: return (20, 100)
            }
        }

        /// Labelled unless asked otherwise: ramps and classes yes, a lone swatch no (GeoServer's
        /// defaults).
        var labelledByDefault: Bool {
            if case .swatch = self { return false }
            return true
        }
    }

    /// The legend of a served layer, nil when it has none (a palette or RGB raster).
    func legend(of layer: ServedLayer) -> Legend? {
        switch layer {
        case .countries: return .swatch(label: layer.name)
        case let .features(v):
            let base = v.style ?? FeatureStyle(.standard)
            let points = [.point, .multipoint].contains(v.layer.schema.geometryType)
            guard !v.rules.isEmpty else { return .swatch(label: layer.name, features: base, points: points) }
            return .classes(v.rules.enumerated().map { k, rule in (rule.title ?? "class \(k + 1)", rule.values.applied(to: base)) },
                            points: points)
        case let .raster(r):
            if let ramp = ServedLayer.ramp(for: r) {
                let (low, high) = ramp.range
                var ticks = [Legend.Tick(value: low, label: Self.tickLabel(low)), Legend.Tick(value: high, label: Self.tickLabel(high))]
                if low < 0 && high > 0 { ticks.append(Legend.Tick(value: 0, label: "0")) }
                return .ramp(ramp, ticks: ticks)
            }
            guard !r.isRGB, r.bands.first?.colorTable == nil else { return nil }
            return .ramp(.grey(min: 0, max: 1), ticks: [Legend.Tick(value: 0, label: "low"), Legend.Tick(value: 1, label: "high")])
        }
    }

    /// Where a layer's legend is (its GetLegendGraphic URL, PNG, default size and labels) and the
    /// image's size, for capabilities documents; nil for a layer without a legend.
    func legendLink(_ name: String, baseURL: String, version: WMSVersion) -> (href: String, width: Int, height: Int)? {
        guard let legend = (try? mapLayer(name)).flatMap({ self.legend(of: $0) }) else { return nil }
        let size = LegendLayout(legend, width: legend.defaultSize.width, height: legend.defaultSize.height,
                                labels: legend.labelledByDefault)
        let href = baseURL + "/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=\(version.rawValue)&FORMAT=image/png&LAYER="
            + (name.addingPercentEncoding(withAllowedCharacters: .unreservedURL) ?? name)
        return (href, size.width, size.height)
    }

    /// A tick's value as a label: `-1`, `0.25` (shortest form, ASCII minus).
    static func tickLabel(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
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
            throw WMSException(.invalidFormat, "FORMAT=\(APIError.quoted(formatText)): legends are image/png, image/png8 or image/jpeg")
        }
        guard let legend = legend(of: layer) else {
            throw WMSException(.invalidParameterValue, "LAYER=\(layer.name): drawn in its own colours, it has no legend")
        }
        let width: Int, height: Int
        do {
            width = try query.integer("width", in: 1...512, default: legend.defaultSize.width)
            height = try query.integer("height", in: 1...512, default: legend.defaultSize.height)
        } catch { throw WMSException(error) }
        let labels = try Self.forceLabels(query["legend_options"]) ?? legend.labelledByDefault
        let image = Self.legendImage(legend, width: width, height: height, labels: labels)
        let bytes = try engine { () throws(GraticuleError) in try format.file(of: image) }
        return Responses.bytes(bytes, contentType: format.mimeType)
    }

    /// GeoServer's `LEGEND_OPTIONS` (`key:value` pairs separated by `;`): the `forceLabels`
    /// value (on/off, true/false), nil when not given; other keys are ignored, as GeoServer
    /// ignores the ones it does not know.
    static func forceLabels(_ options: String?) throws(WMSException) -> Bool? {
        guard let value = vendorOption(options, "forceLabels")?.lowercased() else { return nil }
        switch value {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default:
            throw WMSException(.invalidParameterValue, "LEGEND_OPTIONS: forceLabels is on or off, not \(APIError.quoted(value))")
        }
    }

    /// The value of `key` (case-insensitive; trimmed) among GeoServer's vendor options
    /// (`LEGEND_OPTIONS`, `FORMAT_OPTIONS`: `key:value` pairs separated by `;`); nil when absent.
    static func vendorOption(_ options: String?, _ key: String) -> String? {
        guard let options else { return nil }
        for pair in options.split(separator: ";") {
            let kv = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2, kv[0].lowercased() == key.lowercased() { return kv[1] }
        }
        return nil
    }

    /// Where a legend's parts go: the image's size, the symbol's place, and each label's text
    /// and top-left corner (pixels). A label that would overlap one placed before it is left
    /// out (the ends are placed first).
    struct LegendLayout {
        var width: Int, height: Int
        var labels: [(text: String, x: Int, y: Int)] = []
        /// A ramp's bar runs down (highest value at the top) when the symbol is at least as tall
        /// as it is wide, else to the right.
        let vertical: Bool

        /// Space between the symbol and its labels, pixels.
        static let gap = 3

        init(_ legend: Legend, width w: Int, height h: Int, labels: Bool) {
            let font = BitmapFont.fixed6x13
            width = w
            height = h
            vertical = h >= w
            if case let .classes(classes, _) = legend, !labels { height = (h + Self.gap) * classes.count - Self.gap }
            guard labels else { return }
            switch legend {
            case let .swatch(label, _, _):
                width = w + Self.gap + font.width(of: label)
                height = max(h, font.cellHeight)
                self.labels = [(label, w + Self.gap, (height - font.cellHeight) / 2)]
            case let .classes(classes, _):
                let row = max(h, font.cellHeight) + Self.gap
                width = w + Self.gap + (classes.map { font.width(of: $0.title) }.max() ?? 0)
                height = row * classes.count - Self.gap
                self.labels = classes.enumerated().map { k, c in (c.title, w + Self.gap, k * row + (row - Self.gap - font.cellHeight) / 2) }
            case let .ramp(ramp, ticks):
                let (low, high) = ramp.range
                if vertical {
                    width = w + Self.gap + (ticks.map { font.width(of: $0.label) }.max() ?? 0)
                    height = max(h, font.cellHeight)
                } else {
                    height = h + Self.gap + font.cellHeight
                }
                var taken: [ClosedRange<Int>] = []
                for tick in ticks {
                    // The tick's place along the bar (pixels from the top, or from the left).
                    let t = (tick.value - low) / (high - low)
                    let along = vertical ? (1 - t) * Double(h) : t * Double(w)
                    let size = vertical ? font.cellHeight : font.width(of: tick.label)
                    let room = vertical ? height : width
                    let start = min(max(Int((along - Double(size) / 2).rounded()), 0), max(room - size, 0))
                    let span = start...(start + size)
                    guard !taken.contains(where: { $0.overlaps(span) }) else { continue }
                    taken.append(span)
                    self.labels.append(vertical ? (tick.label, w + Self.gap, start) : (tick.label, start, h + Self.gap))
                }
            }
        }
    }

    /// The legend's pixels (transparent around the symbol and its labels), the symbol
    /// `width` × `height` at the top-left corner.
    static func legendImage(_ legend: Legend, width: Int, height: Int, labels: Bool = false) -> RGBAImage {
        let layout = LegendLayout(legend, width: width, height: height, labels: labels)
        var canvas = Canvas(width: layout.width, height: layout.height, background: SIMD4(0, 0, 0, 0))
        let style = MapStyle.standard
        switch legend {
        case let .swatch(_, features, points):
            if points {
                marker(&canvas, top: 0, width: width, height: height, style: features ?? FeatureStyle(style))
            } else {
                let (fill, stroke) = features.map { ($0.fill, $0.stroke) } ?? (style.countryFill, style.countryStroke)
                swatch(&canvas, top: 0, width: width, height: height, fill: fill, stroke: stroke)
            }
        case let .classes(classes, points):
            let row = labels ? max(height, BitmapFont.fixed6x13.cellHeight) + LegendLayout.gap : height + LegendLayout.gap
            for (k, c) in classes.enumerated() {
                if points {
                    marker(&canvas, top: k * row, width: width, height: height, style: c.style)
                } else {
                    swatch(&canvas, top: k * row, width: width, height: height, fill: c.style.fill, stroke: c.style.stroke)
                }
            }
        case let .ramp(ramp, _):
            let (low, high) = ramp.range, vertical = layout.vertical
            let steps = vertical ? height : width
            // Pixel k along the bar (from the top, or from the left) shows the value at its centre.
            let colours = (0..<steps).map { k -> SIMD4<UInt8> in
                let t = (Double(k) + 0.5) / Double(steps)
                return ramp.color(vertical ? high - t * (high - low) : low + t * (high - low))
            }
            for (k, c) in colours.enumerated() {
                if vertical {
                    canvas.fillRect(x: 0, y: k, width: width, height: 1, color: c)
                } else {
                    canvas.fillRect(x: k, y: 0, width: 1, height: height, color: c)
                }
            }
        }
        for label in layout.labels {
            canvas.drawText(label.text, x: label.x, y: label.y, color: style.countryStroke.rgba)
        }
        return RGBAImage(width: layout.width, height: layout.height, pixels: canvas.rgba)
    }

    /// A point layer's symbol (its shape in its colour, a disc in the map style's by default),
    /// as large as the swatch's box: `width` × `height`, from row `top`.
    static func marker(_ canvas: inout Canvas, top: Int, width: Int, height: Int, style: FeatureStyle) {
        let inset = min(2.5, Double(min(width, height)) / 4)
        let r = Double(min(width, height)) / 2 - inset
        let c = SIMD2(Double(width) / 2, Double(top) + Double(height) / 2)
        let path = Path([(style.pointShape ?? .circle).outline(at: c, radius: r)], closed: true)
        canvas.fill(path, color: (style.pointFill ?? MapStyle.standard.pointFill).rgba)
    }

    /// A fill swatch with its outline, `width` × `height`, from row `top`.
    static func swatch(_ canvas: inout Canvas, top: Int, width: Int, height: Int, fill: MapColor, stroke: MapColor) {
        var box = Path()
        let inset = min(2.5, Double(min(width, height)) / 4), y = Double(top)
        box.move(to: inset, y + inset)
        box.line(to: Double(width) - inset, y + inset)
        box.line(to: Double(width) - inset, y + Double(height) - inset)
        box.line(to: inset, y + Double(height) - inset)
        box.close()
        canvas.fillAndStroke(box, fill: fill.rgba, stroke: stroke.rgba, width: 1)
    }
}
