import GraticuleCore
import GraticuleGeometry

/// Drawing values in the keys of Mapbox's simplestyle-spec 1.1.0, what GitHub and geojson.io
/// draw GeoJSON with: given by a feature's own properties (`perFeature`), or for a whole layer by
/// a server's style file. Each is optional; `applied(to:ratio:)` puts the given ones over a
/// `FeatureStyle`.
///
/// - `fill`, `stroke`, `marker-color`: `#rrggbb`, `#rgb` or `#rrggbbaa` (the `#` optional);
/// - `fill-opacity`, `stroke-opacity`: 0–1, multiplying the colour's alpha;
/// - `stroke-width`: pixels at pixel ratio 1, 0–20 (0: no outline);
/// - `marker-size`: `small`, `medium` or `large`, dots of radius 2, 3 and 5 px;
/// - `marker-symbol`: `circle`, `square`, `triangle`, `star` or `cross` (`MarkerShape`).
public struct SimpleStyle: Sendable, Hashable {
    public var fill: MapColor?
    public var fillOpacity: Double?
    public var stroke: MapColor?
    public var strokeOpacity: Double?
    public var strokeWidth: Double?
    public var markerColor: MapColor?
    /// A dot's radius in pixels at pixel ratio 1 (from `marker-size`).
    public var markerRadius: Double?
    /// A point's shape (from `marker-symbol`).
    public var markerSymbol: MarkerShape?

    public init() {}

    /// The keys this reads.
    public static let keys = ["fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "marker-color", "marker-size",
                              "marker-symbol"]

    /// simplestyle's marker sizes as dot radii (pixels): medium is the map style's 3 px.
    public static let markerRadii = ["small": 2.0, "medium": 3.0, "large": 5.0]

    /// Whether no value is given.
    public var isEmpty: Bool { self == SimpleStyle() }

    /// Sets `key` (one of `keys`) from its value, given as text or as a number.
    /// - Throws: `invalidInput` naming the key and the value when the value is not one the key
    ///   takes (or the key is not one of `keys`).
    public mutating func set(_ key: String, text: String?, number: Double?) throws(GraticuleError) {
        let shown = text ?? number.map { "\($0)" } ?? "null"
        func colour() throws(GraticuleError) -> MapColor {
            guard let text, let c = MapColor(hex: text) else {
                throw .invalidInput("\(key): \(shown) is not a colour (#rrggbb, #rgb or #rrggbbaa)")
            }
            return c
        }
        func value(in range: ClosedRange<Double>) throws(GraticuleError) -> Double {
            guard let number, range.contains(number) else {
                throw .invalidInput("\(key): \(shown) is not a number in \(range.lowerBound)…\(range.upperBound)")
            }
            return number
        }
        switch key {
        case "fill": fill = try colour()
        case "stroke": stroke = try colour()
        case "marker-color": markerColor = try colour()
        case "fill-opacity": fillOpacity = try value(in: 0...1)
        case "stroke-opacity": strokeOpacity = try value(in: 0...1)
        case "stroke-width": strokeWidth = try value(in: 0...20)
        case "marker-size":
            guard let text, let r = Self.markerRadii[text] else { throw .invalidInput("marker-size: \(shown) is not small, medium or large") }
            markerRadius = r
        case "marker-symbol":
            guard let text, let shape = MarkerShape(rawValue: text) else {
                throw .invalidInput("marker-symbol: \(shown) is not one of \(MarkerShape.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            markerSymbol = shape
        default:
            throw .invalidInput("unknown key \(key); keys: \(Self.keys.joined(separator: ", "))")
        }
    }

    /// These values with `top`'s over them, key by key (a class's values under a feature's own).
    public func overlaid(by top: SimpleStyle) -> SimpleStyle {
        var s = self
        if let v = top.fill { s.fill = v }
        if let v = top.fillOpacity { s.fillOpacity = v }
        if let v = top.stroke { s.stroke = v }
        if let v = top.strokeOpacity { s.strokeOpacity = v }
        if let v = top.strokeWidth { s.strokeWidth = v }
        if let v = top.markerColor { s.markerColor = v }
        if let v = top.markerRadius { s.markerRadius = v }
        if let v = top.markerSymbol { s.markerSymbol = v }
        return s
    }

    /// `style` with the given values over it: colours replaced, then opacities multiplying
    /// their alpha (the new colour's, or the style's), widths and radii multiplied by `ratio`
    /// (the map's pixel ratio).
    public func applied(to style: FeatureStyle, ratio: Double = 1) -> FeatureStyle {
        var s = style
        if let fill { s.fill = fill }
        if let stroke { s.stroke = stroke }
        if let fillOpacity { s.fill.alpha = UInt8((Double(s.fill.alpha) * fillOpacity).rounded()) }
        if let strokeOpacity { s.stroke.alpha = UInt8((Double(s.stroke.alpha) * strokeOpacity).rounded()) }
        if let strokeWidth { s.strokeWidth = strokeWidth * ratio }
        if let markerColor { s.pointFill = markerColor }
        if let markerRadius { s.pointRadius = markerRadius * ratio }
        if let markerSymbol { s.pointShape = markerSymbol }
        return s
    }

    /// Each feature's values from its attributes named as `keys` (text for colours and sizes,
    /// numbers for opacities and widths), as GitHub reads a GeoJSON file's; nil when the layer has
    /// no such field. A value a key does not take is left out with a warning naming the feature.
    public static func perFeature(_ layer: FeatureLayer, warnings: inout [String]) -> [SimpleStyle]? {
        let fields = keys.compactMap { key in layer.schema.index(ofField: key).map { (key, $0) } }
        guard !fields.isEmpty else { return nil }
        return layer.features.enumerated().map { i, feature in
            var style = SimpleStyle()
            for (key, k) in fields where k < feature.attributes.count {
                let v = feature.attributes[k]
                if v.isNull { continue }
                do throws(GraticuleError) {
                    try style.set(key, text: v.stringValue, number: v.stringValue == nil ? v.doubleValue : nil)
                } catch {
                    warnings.append("\(layer.name) feature \(feature.id.map(String.init) ?? String(i)): \(error.description)")
                }
            }
            return style
        }
    }
}
