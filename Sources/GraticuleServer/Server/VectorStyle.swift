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
/// silently ignored. The values are read by `SimpleStyle`, which also reads a feature's own
/// properties of those names (they go over the file's style, feature by feature).
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
        var values = SimpleStyle()
        for key in object.keys.sorted() {
            let value = object[key]!
            let number = (value as? NSNumber).flatMap { value is Bool ? nil : $0.doubleValue }
            try values.set(key, text: value as? String, number: number)
        }
        return values.applied(to: FeatureStyle(base))
    }
}
