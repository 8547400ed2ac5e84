import Foundation
import GraticuleCore
import GraticuleRender

/// A vector file's own colours, from a sidecar file beside it: `NAME.style.json` for the layer
/// `NAME`, an object with the polygon and line keys of Mapbox's simplestyle-spec 1.1.0 (what
/// GitHub and geojson.io draw GeoJSON with): `fill` and `stroke` (`#rrggbb`, `#rgb` or
/// `#rrggbbaa`), `fill-opacity` and `stroke-opacity` (0–1, multiplying the colour's alpha),
/// `stroke-width` (pixels, 0–20; 0 draws no outline), and for points `marker-color` and
/// `marker-size` (`small`, `medium`, `large`: dots of radius 2, 3 and 5 px). A key left out
/// keeps the map style's value (`MapStyle.featureFill`, `featureStroke`, `featureStrokeWidth`,
/// `pointFill`, `pointRadius`); any other key is an error, so that a misspelt one is not
/// silently ignored.
enum VectorStyle {
    /// The sidecar's name for a layer.
    static func sidecarName(of layer: String) -> String { layer + ".style.json" }

    /// Whether a directory entry is a sidecar (not a layer of its own).
    static func isSidecar(_ fileName: String) -> Bool { fileName.lowercased().hasSuffix(".style.json") }

    /// The style a sidecar's bytes give.
    /// - Throws: `invalidInput` naming the key and the value when one is wrong.
    static func parse(_ data: Data, base: MapStyle = .standard) throws(GraticuleError) -> FeatureStyle {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .invalidInput("expected a JSON object of simplestyle keys (fill, fill-opacity, stroke, stroke-opacity, stroke-width, "
                                + "marker-color, marker-size)")
        }
        var style = FeatureStyle(base)
        func colour(_ key: String) throws(GraticuleError) -> MapColor? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String, let c = MapColor(hex: text) else {
                throw .invalidInput("\(key): \(value) is not a colour (#rrggbb, #rgb or #rrggbbaa)")
            }
            return c
        }
        func number(_ key: String, _ range: ClosedRange<Double>) throws(GraticuleError) -> Double? {
            guard let value = object[key] else { return nil }
            guard let n = value as? NSNumber, !(value is Bool), range.contains(n.doubleValue) else {
                throw .invalidInput("\(key): \(value) is not a number in \(range.lowerBound)…\(range.upperBound)")
            }
            return n.doubleValue
        }
        let known = ["fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "marker-color", "marker-size"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalidInput("unknown key \(unknown); keys: \(known.joined(separator: ", "))")
        }
        if let c = try colour("marker-color") { style.pointFill = c }
        if let size = object["marker-size"] {
            guard let name = size as? String, let r = markerRadii[name] else {
                throw .invalidInput("marker-size: \(size) is not small, medium or large")
            }
            style.pointRadius = r
        }
        if let c = try colour("fill") { style.fill = c }
        if let c = try colour("stroke") { style.stroke = c }
        if let o = try number("fill-opacity", 0...1) { style.fill.alpha = UInt8((Double(style.fill.alpha) * o).rounded()) }
        if let o = try number("stroke-opacity", 0...1) { style.stroke.alpha = UInt8((Double(style.stroke.alpha) * o).rounded()) }
        if let w = try number("stroke-width", 0...20) { style.strokeWidth = w }
        return style
    }

    /// simplestyle's marker sizes as dot radii (pixels): medium is the map style's 3 px.
    static let markerRadii = ["small": 2.0, "medium": 3.0, "large": 5.0]
}
