import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// Reads GeoJSON (RFC 7946, and the 2008 form with a `crs` member) and GeoJSON text sequences
/// (RFC 8142, record-separator or newline delimited).
///
/// The file is memory-mapped and scanned once, feature by feature (`forEachFeature`), so a large
/// FeatureCollection is never held as a JSON tree. `readLayer()` infers the schema as GDAL does:
/// fields in order of first appearance; integer if every value is an integer, real if numbers
/// mix, date / date-time if every string is one, string otherwise (arrays and objects become JSON
/// text); booleans become integers 0/1.
///
/// Malformed input is an error naming the file, the feature and the byte offset: invalid JSON,
/// NaN/Infinity, numbers beyond the range of a double, nesting deeper than 128, rings that are
/// not closed or have fewer than 4 positions, positions with fewer than 2 numbers.
public struct GeoJSONReader {
    public let name: String
    let data: Data
    let path: String

    /// A feature as read: geometry and properties in file order.
    public struct RawFeature {
        public var id: JSONValue?
        public var geometry: Geometry?
        public var properties: [(String, JSONValue)]
    }

    public init(url: URL) throws(GraticuleError) {
        data = try InputFile.bytes(url, expected: "a GeoJSON file")
        path = url.path
        name = url.deletingPathExtension().lastPathComponent
    }

    public init(data: Data, name: String) {
        self.data = data
        self.path = name
        self.name = name
    }

    /// The spatial reference named by a 2008-style `crs` member, or WGS 84 (EPSG:4326, lon/lat).
    static func spatialReference(_ crs: JSONValue?) -> SpatialReference? {
        if case let .object(o)? = crs, let props = o.first(where: { $0.0 == "properties" })?.1,
           case let .object(p) = props, case let .string(n)? = p.first(where: { $0.0 == "name" })?.1 {
            if n.hasSuffix("CRS84") || n.hasSuffix("CRS:84") { return try? SpatialReference(wkid: 4326) }
            if let sr = try? SpatialReference(text: n) { return sr }
        }
        return try? SpatialReference(wkid: 4326)
    }

    /// Calls `body` with each feature in file order, and returns the collection's name and
    /// spatial reference.
    @discardableResult
    public func forEachFeature(_ body: (RawFeature) throws(GraticuleError) -> Void) throws(GraticuleError)
        -> (name: String?, spatialReference: SpatialReference?) {
        let path = self.path
        let result: Result<(String?, SpatialReference?), GraticuleError> = data.withUnsafeBytes { raw in
            var s = JSONScanner(raw.bindMemory(to: UInt8.self), what: "GeoJSON \(path)")
            do throws(GraticuleError) {
                return .success(try GeoJSONReader.scan(&s, body))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func scan(_ s: inout JSONScanner, _ body: (RawFeature) throws(GraticuleError) -> Void) throws(GraticuleError)
        -> (String?, SpatialReference?) {
        if s.bytes.count >= 3, s.bytes[0] == 0xEF, s.bytes[1] == 0xBB, s.bytes[2] == 0xBF { s.i = 3 }
        var name: String?
        var crs: JSONValue?
        var index = 0
        var first = true
        while true {
            s.skipSpace()
            while !s.atEnd, s.bytes[s.i] == 0x1E { s.i += 1; s.skipSpace() }   // RFC 8142 record separators
            if s.atEnd {
                if first { throw s.error("empty file") }
                break
            }
            // One top-level object: a FeatureCollection, a Feature or a bare geometry.
            var type: String?
            var feature = RawFeature(id: nil, geometry: nil, properties: [])
            var geometryMembers: [(String, JSONValue)] = []
            try s.object { s, key throws(GraticuleError) in
                switch key {
                case "type":
                    guard case let .string(t) = try s.value() else { throw s.error("\"type\" must be a string") }
                    type = t
                case "features":
                    try s.expect(UInt8(ascii: "["))
                    try s.enter()
                    if !(try s.take(UInt8(ascii: "]"))) {
                        repeat {
                            let f = try GeoJSONReader.feature(&s, index: index)
                            try body(f)
                            index += 1
                        } while try s.more(UInt8(ascii: "]"))
                    }
                    s.leave()
                case "name": if case let .string(n) = try s.value() { name = n }
                case "crs": crs = try s.value()
                case "properties": feature.properties = try properties(&s, index: index)
                case "geometry": feature.geometry = try geometry(&s, index: index)
                case "id": feature.id = try s.value()
                case "coordinates", "geometries": geometryMembers.append((key, try s.value()))
                default: try s.skipValue()
                }
            }
            switch type {
            case "FeatureCollection":
                break
            case "Feature":
                try body(feature)
                index += 1
            case let t?:
                // A bare geometry: one feature without properties.
                let g = try geometry(from: t, members: geometryMembers, index: index, s: s)
                try body(RawFeature(id: nil, geometry: g, properties: []))
                index += 1
            case nil:
                throw s.error("top-level object without \"type\"")
            }
            first = false
        }
        return (name, spatialReference(crs))
    }

    static func properties(_ s: inout JSONScanner, index: Int) throws(GraticuleError) -> [(String, JSONValue)] {
        switch try s.value() {
        case .null: return []
        case let .object(o): return o
        default: throw s.error("feature \(index): \"properties\" must be an object or null")
        }
    }

    static func feature(_ s: inout JSONScanner, index: Int) throws(GraticuleError) -> RawFeature {
        var f = RawFeature(id: nil, geometry: nil, properties: [])
        var type: String?
        var empty = true
        try s.object { s, key throws(GraticuleError) in
            empty = false
            switch key {
            case "type":
                guard case let .string(t) = try s.value() else { throw s.error("feature \(index): \"type\" must be a string") }
                type = t
            case "properties": f.properties = try properties(&s, index: index)
            case "geometry": f.geometry = try geometry(&s, index: index)
            case "id": f.id = try s.value()
            default: try s.skipValue()
            }
        }
        if empty { throw s.error("feature \(index): empty object") }
        guard type == "Feature" else { throw s.error("feature \(index): \"type\" is \(type.map { "\"\($0)\"" } ?? "missing"), expected \"Feature\"") }
        return f
    }

    /// Parses a geometry object (or null).
    static func geometry(_ s: inout JSONScanner, index: Int) throws(GraticuleError) -> Geometry? {
        if try s.peek() == UInt8(ascii: "n") { try s.literal("null"); return nil }
        var type: String?
        var coords = CoordinateTree()
        var sawCoordinates = false
        try s.object { s, key throws(GraticuleError) in
            switch key {
            case "type":
                guard case let .string(t) = try s.value() else { throw s.error("feature \(index): geometry \"type\" must be a string") }
                type = t
            case "coordinates":
                sawCoordinates = true
                try coords.parse(&s, level: 0, index: index)
            default: try s.skipValue()
            }
        }
        guard let type else { throw s.error("feature \(index): geometry without \"type\"") }
        if type == "GeometryCollection" {
            throw .unsupported("\(s.what): feature \(index): GeometryCollection geometries are not supported")
        }
        guard sawCoordinates else { throw s.error("feature \(index): \(type) without \"coordinates\"") }
        return try coords.geometry(type: type, index: index, s: s)
    }

    /// A bare top-level geometry whose members were read as JSON values.
    static func geometry(from type: String, members: [(String, JSONValue)], index: Int, s: JSONScanner) throws(GraticuleError) -> Geometry? {
        guard let c = members.first(where: { $0.0 == "coordinates" })?.1 else {
            if type == "GeometryCollection" { throw .unsupported("\(s.what): GeometryCollection geometries are not supported") }
            throw s.error("unknown top-level type \"\(type)\"")
        }
        let text = Array(c.jsonText.utf8)
        return try text.withUnsafeBufferPointer { (b) throws(GraticuleError) -> Geometry? in
            var inner = JSONScanner(b, what: s.what)
            var tree = CoordinateTree()
            try tree.parse(&inner, level: 0, index: index)
            return try tree.geometry(type: type, index: index, s: inner)
        }
    }

    /// Reads the whole file into a layer (schema inferred as described on the type).
    public func readLayer() throws(GraticuleError) -> FeatureLayer {
        var raws: [RawFeature] = []
        let (collectionName, sr) = try forEachFeature { raws.append($0) }
        return GeoJSONReader.layer(name: collectionName ?? name, raws: raws, spatialReference: sr)
    }

    static func layer(name: String, raws: [RawFeature], spatialReference sr: SpatialReference?) -> FeatureLayer {
        var order: [String] = []
        var kinds: [String: FieldType] = [:]
        var seen: Set<String> = []
        for f in raws {
            for (k, v) in f.properties {
                if !seen.contains(k) { seen.insert(k); order.append(k) }
                let t: FieldType?
                switch v {
                case .null: t = nil
                case .bool: t = .boolean
                case .integer: t = .integer
                case .number: t = .real
                case let .string(str):
                    if let d = CivilDate(parsing: str) { t = d.time == nil ? .date : .dateTime } else { t = .string }
                case .array, .object: t = .string
                }
                guard let t else { continue }
                switch (kinds[k], t) {
                case (nil, _): kinds[k] = t
                case let (a?, b) where a == b: break
                case (.integer?, .real), (.real?, .integer), (.boolean?, .real), (.real?, .boolean): kinds[k] = .real
                case (.boolean?, .integer), (.integer?, .boolean): kinds[k] = .integer
                case (.date?, .dateTime), (.dateTime?, .date): kinds[k] = .dateTime
                default: kinds[k] = .string
                }
            }
        }
        let fields = order.map { FieldDefinition(name: $0, type: kinds[$0] ?? .string) }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var types = Set<GeometryType>()
        var hasZ = false
        var features: [Feature] = []
        features.reserveCapacity(raws.count)
        for (n, f) in raws.enumerated() {
            var values = [AttributeValue](repeating: .null, count: fields.count)
            for (k, v) in f.properties {
                let i = position[k]!
                values[i] = GeoJSONReader.attribute(v, as: fields[i].type)
            }
            var g = f.geometry
            g?.spatialReference = sr
            if let g { types.insert(g.type); hasZ = hasZ || g.hasZ }
            var id: Int64? = Int64(n)
            if case let .integer(v)? = f.id { id = v }
            features.append(Feature(id: id, geometry: g, attributes: values))
        }
        let type: GeometryType = types.count == 1 ? types.first! : (types.isEmpty ? .unknown : .unknown)
        return FeatureLayer(name: name, schema: LayerSchema(fields: fields, geometryType: type, hasZ: hasZ, spatialReference: sr),
                            features: features)
    }

    static func attribute(_ v: JSONValue, as type: FieldType) -> AttributeValue {
        switch (v, type) {
        case (.null, _): return .null
        case let (.integer(x), .integer): return .integer(x)
        case let (.bool(b), .boolean): return .boolean(b)
        case let (.bool(b), .integer): return .integer(b ? 1 : 0)
        case let (.bool(b), .real): return .real(b ? 1 : 0)
        case let (.integer(x), .real): return .real(Double(x))
        case let (.number(x), .real): return .real(x)
        case let (.string(s), .date), let (.string(s), .dateTime): return CivilDate(parsing: s).map { .date($0) } ?? .string(s)
        case let (.string(s), _): return .string(s)
        case let (.bool(b), _): return .string(b ? "true" : "false")
        default: return .string(v.jsonText)
        }
    }
}

/// GeoJSON `coordinates` read into flat buffers: every position in order, and for each nesting
/// level the cumulative count of children at which each array ends.
struct CoordinateTree {
    var xy: [SIMD2<Double>] = []
    var z: [Double] = []
    var anyZ = false
    /// ends[level]: for every array at that level, the running count of its children's items
    /// (positions for the deepest arrays, arrays for the others) at its end.
    var ends: [[Int]] = [[], [], [], []]
    var counts = [0, 0, 0, 0]
    var leafLevel = -1

    mutating func parse(_ s: inout JSONScanner, level: Int, index: Int) throws(GraticuleError) {
        try s.expect(UInt8(ascii: "["))
        try s.enter()
        defer { s.leave() }
        let c = try s.peek()
        if c == UInt8(ascii: "N") || c == UInt8(ascii: "I") { throw s.error("feature \(index): NaN and Infinity are not JSON numbers") }
        if c == UInt8(ascii: "-") || (c >= 48 && c <= 57) {
            // A position.
            if leafLevel >= 0 && leafLevel != level { throw s.error("feature \(index): positions at different depths") }
            leafLevel = level
            let x = try s.number().value
            guard try s.more(UInt8(ascii: "]")) else { throw s.error("feature \(index): position with one number") }
            let y = try s.number().value
            var zv = 0.0
            if try s.more(UInt8(ascii: "]")) {
                zv = try s.number().value
                anyZ = true
                while try s.more(UInt8(ascii: "]")) { _ = try s.number() }
            }
            xy.append(SIMD2(x, y))
            z.append(zv)
            return
        }
        guard level < 3 else { throw s.error("feature \(index): coordinates nested deeper than a MultiPolygon") }
        if try s.take(UInt8(ascii: "]")) {
            ends[level].append(level + 1 <= 3 ? counts[level + 1] : 0)
            counts[level] += 1
            return
        }
        repeat { try parse(&s, level: level + 1, index: index) } while try s.more(UInt8(ascii: "]"))
        // Children of this array: positions (if they are leaves) or arrays one level down.
        ends[level].append(leafLevel == level + 1 ? xy.count : counts[level + 1])
        counts[level] += 1
    }

    func geometry(type: String, index: Int, s: JSONScanner) throws(GraticuleError) -> Geometry {
        let zs = anyZ ? z : nil
        func need(_ leaf: Int) throws(GraticuleError) {
            if xy.isEmpty && leafLevel < 0 { return }   // empty geometry
            guard leafLevel == leaf else { throw s.error("feature \(index): \(type) coordinates have the wrong nesting") }
        }
        func parts(_ level: Int) -> [Int] {
            // Offsets of the arrays at `level` (each holding positions).
            [0] + ends[level]
        }
        func checkRings(_ offsets: [Int]) throws(GraticuleError) {
            for r in 0 ..< offsets.count - 1 {
                let n = offsets[r + 1] - offsets[r]
                guard n >= 4 else { throw s.error("feature \(index): ring \(r) has \(n) positions (at least 4 needed)") }
                guard xy[offsets[r]] == xy[offsets[r + 1] - 1] else {
                    throw s.error("feature \(index): ring \(r) is not closed (first and last positions differ)")
                }
            }
        }
        switch type {
        case "Point":
            try need(0)
            guard let p = xy.first else { return .point(.empty()) }
            return .point(Point(x: p.x, y: p.y, z: anyZ ? z[0] : nil))
        case "MultiPoint":
            try need(1)
            return .multipoint(Multipoint(points: xy, z: zs))
        case "LineString":
            try need(1)
            return .polyline(Polyline(coordinates: CoordinateParts(xy: xy, partOffsets: xy.isEmpty ? [0] : [0, xy.count], z: zs)))
        case "MultiLineString":
            try need(2)
            return .polyline(Polyline(coordinates: CoordinateParts(xy: xy, partOffsets: xy.isEmpty ? [0] : parts(1), z: zs)))
        case "Polygon":
            try need(2)
            if xy.isEmpty { return .polygon(Polygon(coordinates: CoordinateParts(), ringGroups: [0])) }
            let offsets = parts(1)
            try checkRings(offsets)
            return .polygon(Polygon(coordinates: CoordinateParts(xy: xy, partOffsets: offsets, z: zs),
                                    ringGroups: [0, offsets.count - 1]))
        case "MultiPolygon":
            try need(3)
            if xy.isEmpty { return .polygon(Polygon(coordinates: CoordinateParts(), ringGroups: [0])) }
            let offsets = parts(2)
            try checkRings(offsets)
            let groups = [0] + ends[1].map { $0 }
            // Drop empty polygons (no rings) so groups stay increasing.
            return .polygon(Polygon(coordinates: CoordinateParts(xy: xy, partOffsets: offsets, z: zs), ringGroups: groups))
        default:
            throw s.error("feature \(index): unknown geometry type \"\(type)\"")
        }
    }
}
