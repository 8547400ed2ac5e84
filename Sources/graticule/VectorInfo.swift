import Foundation
import Graticule

/// `graticule info` for vector data, in the manner of `ogrinfo -so -al`.
enum VectorInfo: InfoSource {
    static func handles(_ path: String) -> Bool { VectorFormat.of(path) != nil }

    static func describe(_ path: String, layer: String?, json: Bool) throws -> String {
        let format = VectorFormat.of(path)!
        let names: [String]
        if let layer { names = [layer] } else { names = try VectorDataset.layerNames(path) }
        var layers: [FeatureLayer] = []
        for name in names {
            layers.append(try VectorDataset.read(path, layer: format == .geoPackage ? name : layer))
        }
        if json { return jsonText(path, format, layers) }
        var out = "INFO: Open of `\(path)' using driver `\(format.rawValue)' successful.\n"
        for (i, l) in layers.enumerated() {
            out += "\n\(i + 1): Layer name: \(l.name)\n"
            out += "Geometry: \(geometryName(l))\n"
            out += "Feature Count: \(l.features.count)\n"
            let e = l.extent
            if !e.isEmpty {
                out += String(format: "Extent: (%.6f, %.6f) - (%.6f, %.6f)\n", e.xMin, e.yMin, e.xMax, e.yMax)
            }
            if let sr = l.schema.spatialReference {
                out += "Layer SRS: \(sr.identifier.map { "\($0)" } ?? "(no code)") \(sr.name)\n"
            } else {
                out += "Layer SRS: (unknown)\n"
            }
            for f in l.schema.fields {
                out += "\(f.name): \(typeName(f.type))" + (f.width > 0 ? " (\(f.width).\(f.precision))" : "") + "\n"
            }
        }
        return out.hasSuffix("\n") ? String(out.dropLast()) : out
    }

    static func geometryName(_ l: FeatureLayer) -> String {
        let z = l.schema.hasZ ? " Z" : ""
        switch l.schema.geometryType {
        case .point: return "Point" + z
        case .multipoint: return "Multi Point" + z
        case .polyline: return "Line String" + z
        case .polygon, .envelope: return "Polygon" + z
        case .unknown: return "Unknown (any)"
        }
    }

    static func typeName(_ t: FieldType) -> String {
        switch t {
        case .string: "String"
        case .integer: "Integer"
        case .real: "Real"
        case .date: "Date"
        case .dateTime: "DateTime"
        case .boolean: "Integer(Boolean)"
        }
    }

    static func jsonText(_ path: String, _ format: VectorFormat, _ layers: [FeatureLayer]) -> String {
        let items: [[String: Any]] = layers.map { l in
            var d: [String: Any] = [
                "name": l.name,
                "geometryType": l.schema.geometryType.rawValue,
                "hasZ": l.schema.hasZ,
                "featureCount": l.features.count,
                "fields": l.schema.fields.map { ["name": $0.name, "type": $0.type.rawValue, "width": $0.width, "precision": $0.precision] },
            ]
            let e = l.extent
            if !e.isEmpty { d["extent"] = [e.xMin, e.yMin, e.xMax, e.yMax] }
            if let sr = l.schema.spatialReference {
                var s: [String: Any] = ["name": sr.name]
                if let w = sr.wkid { s["wkid"] = w }
                if let id = sr.identifier { s["id"] = "\(id)" }
                d["spatialReference"] = s
            }
            return d
        }
        let root: [String: Any] = ["path": path, "driver": format.rawValue, "layers": items]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
