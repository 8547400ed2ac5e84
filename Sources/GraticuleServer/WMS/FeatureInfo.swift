import Foundation
import GraticuleGeometry
import GraticuleRaster
import Hummingbird

/// What GetFeatureInfo found in one queried layer.
enum FeatureInfoResult {
    case raster(layer: String, cell: RasterCell?, raster: Raster)
    /// The features found (a country; a vector file's polygon under the point and its points
    /// and lines within reach), each as its non-null attributes, name/value text.
    case features(layer: String, features: [[(String, String)]])

    /// Per feature found, name/value pairs: a raster cell's column, row and `Band_n` values
    /// (raw, in the band's type, as `gdallocationinfo -valonly` prints them) with nodata flags;
    /// a feature's attributes. Empty when nothing is there.
    var features: [[(String, String)]] {
        switch self {
        case let .raster(_, cell, _):
            guard let cell else { return [] }
            var out = [("column", "\(cell.column)"), ("row", "\(cell.row)")]
            for (k, v) in cell.values.enumerated() {
                out.append(("Band_\(k)", v.text(as: cell.dataType)))
                if cell.noData[k] { out.append(("Band_\(k)_nodata", "true")) }
            }
            return [out]
        case let .features(_, features):
            return features
        }
    }

    var layer: String {
        switch self {
        case let .raster(l, _, _), let .features(l, _): return l
        }
    }
}

extension FeatureInfoResult {
    /// The non-null attributes of `feature` as name/value text.
    static func attributes(of feature: Feature, schema: LayerSchema) -> [(String, String)] {
        schema.fields.enumerated().compactMap { k, f in
            let v = feature.attributes[k]
            return v.isNull ? nil : (f.name, v.description)
        }
    }
}

enum FeatureInfoFormat {
    static let formats = ["text/plain", "application/json", "text/xml", "application/vnd.ogc.gml", "text/html"]

    static func response(_ results: [FeatureInfoResult], format: String, x: Double, y: Double, crs: String) throws -> Response {
        switch format {
        case "text/plain":
            var s = "GetFeatureInfo results at \(x), \(y) (\(crs)):\n"
            s.reserveCapacity(4096)
            for r in results {
                s += "\nLayer '"; s += r.layer; s += "'\n"
                let features = r.features
                if features.isEmpty { s += "  no feature\n"; continue }
                for attributes in features {
                    s += "  Feature:\n"
                    for (k, v) in attributes { s += "    "; s += k; s += " = '"; s += v; s += "'\n" }
                }
            }
            return Responses.text(s)
        case "application/json", "application/geo+json":
            let features: [[String: JSONValue]] = results.flatMap { r in
                r.features.map { attributes in
                    var props: [String: JSONValue] = ["layer": .string(r.layer)]
                    for (k, v) in attributes { props[k] = .string(v) }
                    if case let .raster(_, cell?, _) = r {
                        props["values"] = .array(cell.scaledValues.map { $0.isFinite ? .number($0) : .null })
                    }
                    return ["type": .string("Feature"), "geometry": .null, "properties": .object(props)]
                }
            }
            return Responses.json(JSONValue.object([
                "type": .string("FeatureCollection"),
                "features": .array(features.map { .object($0) }),
                "query": .object(["x": .number(x), "y": .number(y), "crs": .string(crs)]),
            ]))
        case "application/vnd.ogc.gml":
            return Responses.text(FeatureInfoGML.document(results), contentType: "application/vnd.ogc.gml; charset=utf-8")
        case "text/xml", "application/xml":
            var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<FeatureInfoResponse x=\"\(x)\" y=\"\(y)\" crs=\"\(XML.escape(crs))\">\n"
            for r in results {
                s += "  <Layer name=\"\(XML.escape(r.layer))\">\n"
                for attributes in r.features {
                    s += "    <Feature>\n"
                    for (k, v) in attributes { s += "      <Attribute name=\"\(XML.escape(k))\" value=\"\(XML.escape(v))\"/>\n" }
                    s += "    </Feature>\n"
                }
                s += "  </Layer>\n"
            }
            s += "</FeatureInfoResponse>\n"
            return Responses.text(s, contentType: "text/xml; charset=utf-8")
        case "text/html":
            var s = "<!doctype html><meta charset=\"utf-8\"><title>GetFeatureInfo</title>\n"
            for r in results {
                s += "<h3>\(XML.escape(r.layer))</h3>"
                let features = r.features
                if features.isEmpty { s += "<p>no feature</p>\n"; continue }
                for attributes in features {
                    s += "<table>" + attributes.map { "<tr><th>\(XML.escape($0.0))</th><td>\(XML.escape($0.1))</td></tr>" }.joined() + "</table>\n"
                }
            }
            return Responses.text(s, contentType: "text/html; charset=utf-8")
        default:
            throw WMSException(.invalidFormat, "INFO_FORMAT=\(APIError.quoted(format)): expected \(formats.joined(separator: ", "))")
        }
    }
}
