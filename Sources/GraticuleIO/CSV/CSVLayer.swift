import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// CSV with geometry: a WKT column (`WKT`, `geometry`, `geom`, `the_geom`, `wkt_geom`) or x/y
/// columns (`x`/`y`, `lon`/`lat`, `lng`/`lat`, `longitude`/`latitude`, `easting`/`northing`,
/// case-insensitive). RFC 4180 quoting; a UTF-8 byte-order mark is skipped. Other columns become
/// fields whose type is inferred (integer, real, date, else string); empty cells are null.
/// Coordinates are taken as WGS 84 longitude/latitude unless a spatial reference is given.
public enum CSVLayer {
    static let wktNames = ["wkt", "geometry", "geom", "the_geom", "wkt_geom"]
    static let xyNames = [("x", "y"), ("lon", "lat"), ("lng", "lat"), ("long", "lat"), ("longitude", "latitude"), ("easting", "northing")]

    public static func read(url: URL, spatialReference: SpatialReference? = nil) throws(GraticuleError) -> FeatureLayer {
        let data: Data
        data = try InputFile.bytes(url, expected: "a CSV file", mapped: false)
        let rows = try records(Array(data), path: url.path)
        guard let header = rows.first else { throw .invalidInput("\(url.path): empty file") }
        let lower = header.map { $0.lowercased() }
        var geometryColumns: Set<Int> = []
        var wkt: Int?
        var xy: (Int, Int)?
        if let w = lower.firstIndex(where: { wktNames.contains($0) }) { wkt = w; geometryColumns = [w] } else {
            for (a, b) in xyNames {
                if let i = lower.firstIndex(of: a), let j = lower.firstIndex(of: b) { xy = (i, j); geometryColumns = [i, j]; break }
            }
        }
        let sr = spatialReference ?? (try? SpatialReference(wkid: 4326))
        let columns = header.indices.filter { !geometryColumns.contains($0) }
        var types = [FieldType?](repeating: nil, count: header.count)
        for row in rows.dropFirst() {
            for c in columns where c < row.count && !row[c].isEmpty {
                let v = row[c]
                let t: FieldType = Int64(v) != nil ? .integer : (Double(v) != nil ? .real : (CivilDate(parsing: v).map { $0.time == nil ? .date : .dateTime } ?? .string))
                switch (types[c], t) {
                case (nil, _): types[c] = t
                case let (a?, b) where a == b: break
                case (.integer?, .real), (.real?, .integer): types[c] = .real
                default: types[c] = .string
                }
            }
        }
        let fields = columns.map { FieldDefinition(name: header[$0], type: types[$0] ?? .string) }
        var features: [Feature] = []
        var geometryType: GeometryType = xy != nil ? .point : .unknown
        var kinds = Set<GeometryType>()
        for (n, row) in rows.dropFirst().enumerated() {
            if row.count == 1 && row[0].isEmpty { continue }
            var g: Geometry?
            if let wkt, wkt < row.count, !row[wkt].isEmpty {
                do { g = try GeometryWKT.parse(row[wkt]) } catch {
                    throw .invalidInput("\(url.path): record \(n + 1): \(error)")
                }
            } else if let (i, j) = xy, i < row.count, j < row.count, !row[i].isEmpty {
                guard let x = Double(row[i]), let y = Double(row[j]), x.isFinite, y.isFinite else {
                    throw .invalidInput("\(url.path): record \(n + 1): coordinates \(row[i].debugDescription), \(row[j].debugDescription) are not numbers")
                }
                g = .point(Point(x: x, y: y))
            }
            g?.spatialReference = sr
            if let g { kinds.insert(g.type) }
            let values: [AttributeValue] = columns.enumerated().map { k, c in
                guard c < row.count, !row[c].isEmpty else { return .null }
                let v = row[c]
                switch fields[k].type {
                case .integer: return Int64(v).map { .integer($0) } ?? .string(v)
                case .real: return Double(v).map { .real($0) } ?? .string(v)
                case .date, .dateTime: return CivilDate(parsing: v).map { .date($0) } ?? .string(v)
                case .string: return .string(v)
                case .boolean: return ["1", "true", "t", "yes", "y"].contains(v.lowercased()) ? .boolean(true)
                    : ["0", "false", "f", "no", "n"].contains(v.lowercased()) ? .boolean(false) : .string(v)
                }
            }
            features.append(Feature(id: Int64(n), geometry: g, attributes: values))
        }
        if wkt != nil { geometryType = kinds.count == 1 ? kinds.first! : .unknown }
        return FeatureLayer(name: url.deletingPathExtension().lastPathComponent,
                            schema: LayerSchema(fields: fields, geometryType: geometryType, spatialReference: sr), features: features)
    }

    /// RFC 4180 records.
    static func records(_ b: [UInt8], path: String) throws(GraticuleError) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var quoted = false
        var line = 1
        while i < b.count {
            let c = b[i]
            if quoted {
                if c == 0x22 {
                    if i + 1 < b.count, b[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    quoted = false
                } else { if c == 0x0A { line += 1 }; field.append(c) }
                i += 1
                continue
            }
            switch c {
            case 0x22 where field.isEmpty: quoted = true
            case 0x2C: row.append(String(decoding: field, as: UTF8.self)); field = []
            case 0x0D: break
            case 0x0A:
                row.append(String(decoding: field, as: UTF8.self)); field = []
                rows.append(row); row = []
                line += 1
            default: field.append(c)
            }
            i += 1
        }
        if quoted { throw .invalidInput("\(path): line \(line): unterminated quoted field") }
        if !field.isEmpty || !row.isEmpty { row.append(String(decoding: field, as: UTF8.self)); rows.append(row) }
        return rows
    }

    /// Writes a CSV with a `WKT` column first, then the attributes.
    public static func write(_ layer: FeatureLayer, to url: URL, options: OutputOptions = OutputOptions()) throws(GraticuleError) {
        try OutputFile.write(text(of: layer), to: url.path, options: options)
    }

    /// The CSV text of a layer (UTF-8): a WKT column, then the fields.
    static func text(of layer: FeatureLayer) -> [UInt8] {
        func quote(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        var out = "WKT," + layer.schema.fields.map { quote($0.name) }.joined(separator: ",") + "\n"
        for f in layer.features {
            out += quote(f.geometry.map(GeometryWKT.text) ?? "")
            for v in f.attributes { out += "," + quote(v.description) }
            out += "\n"
        }
        return Array(out.utf8)
    }
}
