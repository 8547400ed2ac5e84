import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import GraticuleRender

/// `CQL_FILTER` of maps (WMS GetMap and GetFeatureInfo, `/api/map`, XYZ tiles), as GeoServer
/// takes it: one filter per layer, in the order of the layers, separated by `;`, each in CQL2
/// text (`CQL2Text`; GeoServer's ECQL where the two agree: comparisons, `LIKE`, `IN`, `BETWEEN`,
/// `IS NULL`, `AND`/`OR`/`NOT`); `INCLUDE` (or nothing) leaves a layer whole, `EXCLUDE` draws
/// none of it. A filtered layer draws, and GetFeatureInfo finds, only the features the filter
/// keeps: a vector file in its own style, the countries (1:110m, or 1:10m for `countries10m`)
/// in the countries' colours, as a vector layer (without the 1:10m switch at large scales).
/// Rasters take `INCLUDE` only. Each filtered layer is kept (`ServerState.filteredLayers`,
/// by the layer's reading and the filter's text), so that pans and tiles of one filter prepare
/// it once, and image cache keys tell filters apart.
extension GraticuleServer {
    func filteringLayers(_ layers: [ServedLayer], _ text: String?, parameter: String) throws(APIError) -> [ServedLayer] {
        guard let text, !text.isEmpty else { return layers }
        let filters = Self.splitFilters(text)
        guard filters.count == layers.count else {
            throw APIError.badParameter(parameter, text, "one filter per layer (\(layers.count)), separated by ; (INCLUDE for none)")
        }
        var out: [ServedLayer] = []
        for (layer, raw) in zip(layers, filters) {
            let f = raw.trimmingCharacters(in: .whitespaces)
            if f.isEmpty || f.uppercased() == "INCLUDE" { out.append(layer); continue }
            let base: FeatureLayer, style: FeatureStyle?, rules: [VectorStyle.Rule], label: VectorStyle.Label?
            switch layer {
            case .raster:
                throw APIError.badParameter(parameter, text, "filters apply to vector layers; \(layer.name) is a raster (INCLUDE leaves it whole)")
            case let .countries(l):
                base = l.layer
                let s = MapStyle.standard
                style = FeatureStyle(fill: s.countryFill, stroke: s.countryStroke, strokeWidth: s.countryStrokeWidth)
                rules = []
                label = nil
            case let .features(v):
                base = v.layer
                style = v.style
                rules = v.rules
                label = v.label
            }
            let key = layer.cacheName + "\u{1}" + f
            if let hit = state.filteredLayers.value(for: key) { out.append(.features(hit)); continue }
            var subset = base
            if f.uppercased() == "EXCLUDE" {
                subset.features = []
            } else {
                let filter = try engine(parameter) { () throws(GraticuleError) in try CQL2Filter(text: f, schema: base.schema) }
                subset.features = base.features.filter(filter.matches)
            }
            let file = VectorFile(name: layer.name, layer: subset, source: "\(layer.name) where \(f)", style: style, rules: rules, label: label)
            state.filteredLayers.insert(file, for: key, cost: subset.features.reduce(0) { $0 + ($1.geometry?.pointCount ?? 0) })
            out.append(.features(file))
        }
        return out
    }

    /// The filters of a `CQL_FILTER`: split at each `;` outside quotes ('text' and "names").
    static func splitFilters(_ text: String) -> [String] {
        var parts: [String] = [], current = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == ";" {
                parts.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        parts.append(current)
        return parts
    }
}
