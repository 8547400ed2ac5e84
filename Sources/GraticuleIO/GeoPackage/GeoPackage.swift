import Foundation
import GRDB
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// OGC GeoPackage (1.0–1.3) feature tables, read and written with GRDB (SQLite).
///
/// Reading: the feature tables listed in `gpkg_contents` with their geometry column from
/// `gpkg_geometry_columns`, the spatial reference from `gpkg_spatial_ref_sys` (by its
/// organisation code, else its WKT), attribute columns by declared type (INTEGER family and
/// BOOLEAN → integer, REAL/FLOAT/DOUBLE → real, DATE → date, DATETIME → date-time, TEXT and the
/// rest → string), geometry blobs (`GeoPackageBinary`). When the table has an R-tree
/// (`rtree_<table>_<column>`), `read(layer:envelope:)` selects through it.
///
/// Writing (`GeoPackage+Write.swift`): one layer added to a new or an existing file, replacing or
/// adding to a layer of the same name on request, the other layers kept.
public struct GeoPackage {
    public let path: String
    let queue: DatabaseQueue

    /// A feature table.
    public struct Table: Hashable, Sendable {
        public var name: String
        public var geometryColumn: String
        public var geometryTypeName: String
        public var srsID: Int
        public var hasZ: Bool
        public var hasM: Bool
    }

    public init(path: String) throws(GraticuleError) {
        self.path = path
        var config = Configuration()
        config.readonly = true
        try InputFile.check(path, expected: "a GeoPackage (.gpkg)")
        do { queue = try DatabaseQueue(path: path, configuration: config) } catch {
            throw .invalidInput("\(path): cannot open as SQLite (\(error))")
        }
        _ = try featureTables()
    }

    func read<T>(_ body: (Database) throws -> T) throws(GraticuleError) -> T {
        do { return try queue.read(body) } catch let e as GraticuleError { throw e } catch {
            throw .invalidInput("\(path): \(error)")
        }
    }

    /// The feature tables, in `gpkg_contents` order.
    public func featureTables() throws(GraticuleError) -> [Table] {
        try read { db in
            guard try db.tableExists("gpkg_contents") else {
                throw GraticuleError.invalidInput("\(path): not a GeoPackage (no gpkg_contents table)")
            }
            let rows = try Row.fetchAll(db, sql: """
                select c.table_name, g.column_name, g.geometry_type_name, g.srs_id, g.z, g.m
                from gpkg_contents c join gpkg_geometry_columns g on lower(g.table_name) = lower(c.table_name)
                where c.data_type = 'features' order by c.rowid
                """)
            return rows.map { r in
                Table(name: r[0], geometryColumn: r[1], geometryTypeName: (r[2] as String?) ?? "GEOMETRY", srsID: (r[3] as Int?) ?? 0,
                      hasZ: ((r[4] as Int?) ?? 0) != 0, hasM: ((r[5] as Int?) ?? 0) != 0)
            }
        }
    }

    /// The spatial reference of a `gpkg_spatial_ref_sys` row.
    func spatialReference(srsID: Int) throws(GraticuleError) -> SpatialReference? {
        let row: Row? = try read { db in
            try Row.fetchOne(db, sql: "select organization, organization_coordsys_id, definition from gpkg_spatial_ref_sys where srs_id = ?",
                             arguments: [srsID])
        }
        guard let row else { return nil }
        let org = ((row[0] as String?) ?? "").uppercased()
        let code = (row[1] as Int?) ?? 0
        if (org == "EPSG" || org == "ESRI"), code > 0, let sr = try? SpatialReference(authority: org, code: code) { return sr }
        if let def = row[2] as String?, def != "undefined", let sr = try? SpatialReference(text: def) { return ShapefileReader.identify(sr) }
        return nil
    }

    /// Reads a feature table (default: the first), optionally only the features whose envelope
    /// meets `envelope` (through the R-tree when there is one).
    public func read(layer: String? = nil, envelope: Envelope? = nil) throws(GraticuleError) -> FeatureLayer {
        let tables = try featureTables()
        guard let table = layer.map({ l in tables.first { $0.name == l } ?? tables.first { $0.name.lowercased() == l.lowercased() } })
                ?? tables.first else {
            if let layer { throw .invalidInput("\(path): no feature table \(layer.debugDescription) (tables: \(tables.map(\.name).joined(separator: ", ")))") }
            throw .invalidInput("\(path): no feature tables")
        }
        let sr = try spatialReference(srsID: table.srsID)
        let q = { (s: String) in "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        let columns: [(name: String, type: String, pk: Bool)] = try read { db in
            try Row.fetchAll(db, sql: "pragma table_info(\(q(table.name)))").map { ($0["name"], (($0["type"] as String?) ?? "").uppercased(), (($0["pk"] as Int?) ?? 0) != 0) }
        }
        let pk = columns.first { $0.pk && $0.type.hasPrefix("INT") }?.name
        let attributeColumns = columns.filter { $0.name != pk && $0.name != table.geometryColumn }
        let fields = attributeColumns.map { c -> FieldDefinition in
            let t = c.type
            let width = t.firstIndex(of: "(").flatMap { Int(t[t.index(after: $0)...].prefix { $0.isNumber }) } ?? 0
            if t.hasPrefix("INT") || t == "MEDIUMINT" || t == "SMALLINT" || t == "TINYINT" { return FieldDefinition(name: c.name, type: .integer) }
            if t == "BOOLEAN" { return FieldDefinition(name: c.name, type: .boolean) }
            if t.hasPrefix("REAL") || t.hasPrefix("FLOAT") || t.hasPrefix("DOUBLE") { return FieldDefinition(name: c.name, type: .real) }
            if t == "DATE" { return FieldDefinition(name: c.name, type: .date) }
            if t == "DATETIME" { return FieldDefinition(name: c.name, type: .dateTime) }
            return FieldDefinition(name: c.name, type: .string, width: width)
        }
        let select = ([pk ?? "rowid", table.geometryColumn] + attributeColumns.map(\.name)).map(q).joined(separator: ",")
        var sql = "select \(select) from \(q(table.name))"
        var args: StatementArguments = []
        let rtree = "rtree_\(table.name)_\(table.geometryColumn)"
        if let e = envelope {
            if try read({ db in try db.tableExists(rtree) }) {
                sql += " where \(q(pk ?? "rowid")) in (select id from \(q(rtree)) where maxx >= ? and minx <= ? and maxy >= ? and miny <= ?)"
                args = [e.xMin, e.xMax, e.yMin, e.yMax]
            }
        }
        sql += " order by \(q(pk ?? "rowid"))"
        let path = self.path
        let rows: [Row] = try read { db in try Row.fetchAll(db, sql: sql, arguments: args) }
        var features: [Feature] = []
        features.reserveCapacity(rows.count)
        var types = Set<GeometryType>()
        for row in rows {
            let fid: Int64 = (row[0] as Int64?) ?? Int64(features.count)
            var geometry: Geometry?
            if let blob = row[1] as Data? {
                do { geometry = try GeoPackageBinary.decode(blob) } catch {
                    throw .invalidInput("\(path): table \(table.name), feature \(fid): \(error)")
                }
                geometry?.spatialReference = sr
            }
            if let e = envelope, let g = geometry, !g.extent.intersects(e) { continue }
            if let g = geometry { types.insert(g.type) }
            var values: [AttributeValue] = []
            values.reserveCapacity(fields.count)
            for (k, f) in fields.enumerated() {
                let v: DatabaseValue = row[k + 2]
                switch v.storage {
                case .null: values.append(.null)
                case let .int64(n):
                    values.append(f.type == .real ? .real(Double(n)) : f.type == .string ? .string(String(n))
                                  : f.type == .boolean ? .boolean(n != 0) : .integer(n))
                case let .double(d): values.append(f.type == .integer && d == d.rounded() ? .integer(Int64(d)) : f.type == .string ? .string(String(d)) : .real(d))
                case let .string(s):
                    if f.type == .date || f.type == .dateTime, let d = CivilDate(parsing: s) { values.append(.date(d)) } else { values.append(.string(s)) }
                case let .blob(b): values.append(.string(b.map { String(format: "%02X", $0) }.joined()))
                }
            }
            features.append(Feature(id: fid, geometry: geometry, attributes: values))
        }
        let declared: GeometryType
        switch table.geometryTypeName.uppercased() {
        case "POINT": declared = .point
        case "MULTIPOINT": declared = .multipoint
        case "LINESTRING", "MULTILINESTRING": declared = .polyline
        case "POLYGON", "MULTIPOLYGON": declared = .polygon
        default: declared = types.count == 1 ? types.first! : .unknown
        }
        return FeatureLayer(name: table.name, schema: LayerSchema(fields: fields, geometryType: declared, hasZ: table.hasZ,
                                                                  hasM: table.hasM, spatialReference: sr), features: features)
    }
}

/// The GeoPackage geometry blob: `GP`, version, flags, srs_id, optional envelope, then WKB.
public enum GeoPackageBinary {
    /// Decodes a blob. The header's envelope must contain the geometry (within 10⁻⁹ relative);
    /// a blob whose envelope lies about its geometry is an error.
    public static func decode(_ blob: Data) throws(GraticuleError) -> Geometry? {
        let result: Result<Geometry?, GraticuleError> = blob.withUnsafeBytes { b in
            do throws(GraticuleError) { return .success(try decode(b)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    public static func decode(_ b: UnsafeRawBufferPointer) throws(GraticuleError) -> Geometry? {
        guard b.count >= 8 else { throw .invalidInput("geometry blob of \(b.count) bytes is shorter than its header") }
        guard b[0] == 0x47, b[1] == 0x50 else { throw .invalidInput("geometry blob does not start with 'GP'") }
        let flags = b[3]
        let little = flags & 1 == 1
        let envelopeKind = Int((flags >> 1) & 7)
        let doubles: Int
        switch envelopeKind {
        case 0: doubles = 0
        case 1: doubles = 4
        case 2, 3: doubles = 6
        case 4: doubles = 8
        default: throw .invalidInput("geometry blob envelope indicator \(envelopeKind) is invalid")
        }
        let headerLength = 8 + 8 * doubles
        guard b.count >= headerLength else { throw .invalidInput("geometry blob of \(b.count) bytes is shorter than its \(headerLength)-byte header") }
        var env: [Double] = []
        for k in 0 ..< doubles {
            let v = b.loadUnaligned(fromByteOffset: 8 + 8 * k, as: UInt64.self)
            env.append(Double(bitPattern: little ? UInt64(littleEndian: v) : UInt64(bigEndian: v)))
        }
        if flags & 0x10 != 0 && b.count == headerLength { return nil }
        let g = try WKB.decode(UnsafeRawBufferPointer(rebasing: b[headerLength...]))
        if doubles >= 4, !g.isEmpty {
            let e = g.extent
            let tol = 1e-9 * max(1, abs(env[0]), abs(env[1]), abs(env[2]), abs(env[3]))
            // Envelope order: minx, maxx, miny, maxy.
            guard e.xMin >= env[0] - tol, e.xMax <= env[1] + tol, e.yMin >= env[2] - tol, e.yMax <= env[3] + tol else {
                throw .invalidInput("the blob's envelope (\(env[0]), \(env[2])) – (\(env[1]), \(env[3])) does not contain its geometry (\(e.xMin), \(e.yMin)) – (\(e.xMax), \(e.yMax))")
            }
        }
        return g
    }

    /// Encodes a geometry with an xy envelope (little-endian).
    public static func encode(_ g: Geometry, srsID: Int32) -> [UInt8] {
        var out: [UInt8] = [0x47, 0x50, 0]
        let empty = g.isEmpty
        out.append(empty ? 0x11 : 0x03)   // little-endian, envelope [minx, maxx, miny, maxy] unless empty
        withUnsafeBytes(of: srsID.littleEndian) { out.append(contentsOf: $0) }
        if !empty {
            let e = g.extent
            for v in [e.xMin, e.xMax, e.yMin, e.yMax] { withUnsafeBytes(of: v.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
        }
        WKB.encode(g, into: &out)
        return out
    }
}
