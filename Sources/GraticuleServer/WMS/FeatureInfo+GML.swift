/// GetFeatureInfo as GML 2 (`application/vnd.ogc.gml`), in MapServer's layout, which QGIS's
/// identify tool ("Feature" format), GDAL's WMS driver and OWSLib read: an `msGMLOutput` root,
/// per queried layer an element `{layer}_layer` with its `gml:name`, holding one
/// `{layer}_feature` per feature found, whose attributes are child elements named after the
/// fields (a raster cell: `column`, `row`, `Band_n`). Names that are not XML names (a digit
/// first, spaces) have their other characters replaced by `_` and an `_` put first where needed.
enum FeatureInfoGML {
    static func document(_ results: [FeatureInfoResult]) -> String {
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <msGMLOutput xmlns:gml="http://www.opengis.net/gml" xmlns:xlink="http://www.w3.org/1999/xlink" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">

        """
        for r in results {
            let layer = name(r.layer)
            s += "  <\(layer)_layer>\n    <gml:name>\(XML.escape(r.layer))</gml:name>\n"
            for attributes in r.features {
                s += "    <\(layer)_feature>\n"
                for (k, v) in attributes {
                    let element = name(k)
                    s += "      <\(element)>\(XML.escape(v))</\(element)>\n"
                }
                s += "    </\(layer)_feature>\n"
            }
            s += "  </\(layer)_layer>\n"
        }
        s += "</msGMLOutput>\n"
        return s
    }

    /// `text` as an XML name without a prefix (NCName): letters, digits, `.`, `-` and `_`, not
    /// starting with a digit, `.` or `-`; nothing else (ASCII letters only, so that every
    /// parser agrees), and `_` for an empty name.
    static func name(_ text: String) -> String {
        var out = String(text.unicodeScalars.map { c -> Character in
            switch c {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": return Character(c)
            default: return "_"
            }
        })
        if out.isEmpty || out.first!.isNumber || out.first == "-" || out.first == "." { out = "_" + out }
        // Names starting with "xml" (any case) are reserved.
        if out.lowercased().hasPrefix("xml") { out = "_" + out }
        return out
    }
}
