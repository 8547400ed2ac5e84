import Foundation
import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import GraticuleRender

/// A vector file's own colours, from a sidecar file beside it: `NAME.style.json` for the layer
/// `NAME`, an object with the polygon and line keys of Mapbox's simplestyle-spec 1.1.0 (what
/// GitHub and geojson.io draw GeoJSON with): `fill` and `stroke` (`#rrggbb`, `#rgb` or
/// `#rrggbbaa`), `fill-opacity` and `stroke-opacity` (0–1, multiplying the colour's alpha),
/// `stroke-width` (pixels, 0–20; 0 draws no outline), and for points `marker-color` and
/// `marker-size` (`small`, `medium`, `large`: dots of radius 2, 3 and 5 px) and `marker-symbol`
/// (`circle`, `square`, `triangle`, `star`, `cross`: `MarkerShape`). A key left out
/// keeps the map style's value (`MapStyle.featureFill`, `featureStroke`, `featureStrokeWidth`,
/// `pointFill`, `pointRadius`); any other key is an error, so that a misspelt one is not
/// silently ignored. The values are read by `SimpleStyle`, which also reads a feature's own
/// properties of those names (they go over the file's style, feature by feature).
///
/// Classes by attribute, as MapServer's CLASS with an EXPRESSION and SLD's rules: `rules`, a
/// list of objects, each with the same keys, a `filter` in CQL2 text (`CQL2Text`; none: every
/// feature, an "else" rule when last) and a `title` for the legend. A feature takes the values of
/// the first rule whose filter holds for it, over the file's style; its own properties go over
/// those. `{"fill": "#eeeeee", "rules": [{"title": "Over 100 million", "filter": "POP_EST > 1e8",
/// "fill": "#d7301f"}, {"title": "Others", "fill": "#fdcc8a"}]}`.
///
/// Labels: `label` names the property whose text is written at each feature's label point (a
/// polygon's inside point, `GeometryEngine.labelPoint`; larger polygons first), in `label-color`
/// (default #222222) with a white halo, on PNG, JPEG and SVG maps and tiles; labels that would
/// overlap are left out.
enum VectorStyle {
    /// A sidecar's contents: the file's style, its rules and its labels.
    struct Sidecar: Sendable {
        var style: FeatureStyle
        var rules: [Rule] = []
        var label: Label?
    }

    /// What labels a file's features: a property and a colour.
    struct Label: Sendable {
        var field: String
        var color: MapColor = MapColor(red: 0x22, green: 0x22, blue: 0x22)
    }

    /// One class: the features its filter keeps (all when nil), drawn with its values.
    struct Rule: Sendable {
        var title: String?
        var filter: CQL2Expression?
        var values: SimpleStyle
    }

    /// The sidecar's name for a layer.
    static func sidecarName(of layer: String) -> String { layer + ".style.json" }

    /// Whether a directory entry is a sidecar (not a layer of its own).
    static func isSidecar(_ fileName: String) -> Bool { fileName.lowercased().hasSuffix(".style.json") }

    /// What a sidecar's bytes give.
    /// - Throws: `invalidInput` naming the key and the value when one is wrong (in a rule: which
    ///   rule), a filter's parse error.
    static func parse(_ data: Data, base: MapStyle = .standard) throws(GraticuleError) -> Sidecar {
        let keys = SimpleStyle.keys.joined(separator: ", ")
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .invalidInput("expected a JSON object of simplestyle keys (\(keys)) and rules")
        }
        func values(_ object: [String: Any], skipping: Set<String>) throws(GraticuleError) -> SimpleStyle {
            var values = SimpleStyle()
            for key in object.keys.sorted() where !skipping.contains(key) {
                let value = object[key]!
                let number = (value as? NSNumber).flatMap { value is Bool ? nil : $0.doubleValue }
                try values.set(key, text: value as? String, number: number)
            }
            return values
        }
        var sidecar = Sidecar(style: try values(object, skipping: ["rules", "label", "label-color"]).applied(to: FeatureStyle(base)))
        if let field = object["label"] {
            guard let field = field as? String, !field.isEmpty else { throw .invalidInput("label: expected a property name") }
            sidecar.label = Label(field: field)
            if let colour = object["label-color"] {
                guard let text = colour as? String, let c = MapColor(hex: text) else {
                    throw .invalidInput("label-color: \(colour) is not a colour (#rrggbb, #rgb or #rrggbbaa)")
                }
                sidecar.label?.color = c
            }
        } else if object["label-color"] != nil {
            throw .invalidInput("label-color without label (the property to write)")
        }
        guard let rules = object["rules"] else { return sidecar }
        guard let list = rules as? [[String: Any]] else {
            throw .invalidInput("rules: expected a list of objects (title, filter and simplestyle keys)")
        }
        for (k, rule) in list.enumerated() {
            do throws(GraticuleError) {
                var r = Rule(title: rule["title"] as? String, values: try values(rule, skipping: ["title", "filter"]))
                if let text = rule["filter"] {
                    guard let text = text as? String else { throw .invalidInput("filter: expected CQL2 text") }
                    r.filter = try CQL2Text.parse(text)
                }
                sidecar.rules.append(r)
            } catch {
                throw .invalidInput("rule \(k + 1)\(rule["title"].map { " (\($0))" } ?? ""): \(error.description)")
            }
        }
        return sidecar
    }

    /// Each feature's values: the first rule that holds for it, under its own properties; nil
    /// without rules.
    /// - Throws: a rule's filter naming a property the layer does not have.
    static func classes(_ rules: [Rule], _ layer: FeatureLayer) throws(GraticuleError) -> PerFeatureStyles? {
        guard !rules.isEmpty else { return nil }
        var filters: [CQL2Filter?] = []
        for (k, rule) in rules.enumerated() {
            do throws(GraticuleError) {
                filters.append(try rule.filter.map { e throws(GraticuleError) in try CQL2Filter(e, schema: layer.schema) })
            } catch {
                throw .invalidInput("rule \(k + 1)\(rule.title.map { " (\($0))" } ?? ""): \(error.description)")
            }
        }
        var ignored: [String] = []  // the renderer reports the features' own bad values
        let own = SimpleStyle.perFeature(layer, warnings: &ignored)
        return PerFeatureStyles(layer.features.enumerated().map { i, f in
            let k = filters.firstIndex { $0?.matches(f) ?? true }
            let values = k.map { rules[$0].values } ?? SimpleStyle()
            return own.map { values.overlaid(by: $0[i]) } ?? values
        })
    }
}
