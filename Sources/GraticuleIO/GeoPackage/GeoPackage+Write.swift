import Foundation
import GRDB
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

extension GeoPackage {
    /// Most attribute columns of a written table: SQLite's default limit of 2,000 columns, less
    /// the fid and geometry columns.
    public static let maxAttributeColumns = 1_998

    /// Writes a layer as the feature table named after it, into a new GeoPackage or an existing
    /// one, whose other layers are kept.
    ///
    /// A layer of the same name is refused unless `options.overwrite` (the table, its R-tree and
    /// its rows in the GeoPackage's tables are replaced) or `options.append` (the features are
    /// added to it: their fields must be columns of the table, their geometries of its type,
    /// their spatial reference its own). A file at `path` that is not a GeoPackage is replaced
    /// with `options.overwrite` only.
    ///
    /// Nothing is lost: the work is done on a copy beside the file (SQLite's backup), renamed
    /// over it when complete (`OutputFile`): an error or a kill leaves the file as it was. A file
    /// with a write-ahead log (`-wal`, another program has it open) is refused.
    /// - Throws: `GraticuleError.invalidInput` naming the file; SQLite's messages are quoted
    ///   at most 300 bytes long.
    public static func write(_ layer: FeatureLayer, to path: String, options: OutputOptions = OutputOptions()) throws(GraticuleError) {
        guard layer.schema.fields.count <= maxAttributeColumns else {
            throw .unsupported("\(path.clipped()): a GeoPackage table holds at most \(maxAttributeColumns) attribute columns; "
                               + "the layer has \(layer.schema.fields.count)")
        }
        let target = try OutputFile.destination(path, options: options, mayExist: true)
        var isNew = !OutputFile.exists(target)
        if !isNew {
            if let wal = try? FileManager.default.attributesOfItem(atPath: target + "-wal"), ((wal[.size] as? NSNumber)?.intValue ?? 0) > 0 {
                throw .invalidInput("\(path.clipped()): has a write-ahead log (\(target.clipped())-wal): another program may have it open; close it first")
            }
            if (try? GeoPackage(path: target)) == nil {
                guard options.overwrite else {
                    throw .invalidInput("\(path.clipped()): exists and is not a GeoPackage; give --overwrite to replace it")
                }
                isNew = true
            }
        }
        let temp = try OutputFile.temporary(beside: target)
        do {
            try fill(temp, copying: isNew ? nil : target, with: layer, options: options, shownAs: path)
        } catch {
            OutputFile.discard(temp)
            throw error
        }
        try OutputFile.commit(temp, to: target)
    }

    /// Copies `source` (if any) into the file at `temp`, then adds the layer to it. The
    /// connection is closed on return.
    private static func fill(_ temp: String, copying source: String?, with layer: FeatureLayer, options: OutputOptions,
                             shownAs path: String) throws(GraticuleError) {
        do {
            var config = Configuration()
            config.prepareDatabase { db in addGeometryFunctions(db) }
            let queue = try DatabaseQueue(path: temp, configuration: config)
            if let source {
                var readOnly = Configuration()
                readOnly.readonly = true
                try DatabaseQueue(path: source, configuration: readOnly).backup(to: queue)
            }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "pragma journal_mode = delete")
                if source == nil { try db.execute(sql: "pragma application_id = 1196444487; pragma user_version = 10300") }
            }
            try queue.write { db in try addLayer(layer, db, options: options, path: path) }
            try queue.close()
        } catch let e as GraticuleError { throw e } catch let e as DatabaseError {
            throw .invalidInput("\(path.clipped()): cannot write GeoPackage (SQLite error \(e.resultCode.rawValue): \((e.message ?? "").clipped()))")
        } catch {
            throw .invalidInput("\(path.clipped()): cannot write GeoPackage (\(String(describing: error).clipped()))")
        }
    }

    static func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// The layer into an open GeoPackage (or an empty database), within one transaction.
    private static func addLayer(_ layer: FeatureLayer, _ db: Database, options: OutputOptions, path: String) throws {
        try createRequiredTables(db)
        let existing = try String.fetchOne(db, sql: "select table_name from gpkg_contents where lower(table_name) = lower(?)",
                                           arguments: [layer.name])
        if let existing {
            if options.append {
                try appendFeatures(layer, to: existing, db, path: path)
                return
            }
            guard options.overwrite else {
                throw GraticuleError.invalidInput("\(path.clipped()): has a layer \(existing.clipped().debugDescription); "
                                                  + "give --overwrite to replace it or --append to add the features to it")
            }
            try dropLayer(existing, db)
        } else if try db.tableExists(layer.name) {
            throw GraticuleError.invalidInput("\(path.clipped()): has a table \(layer.name.clipped().debugDescription) that is not a feature layer; "
                                              + "name the layer otherwise")
        }
        try createLayer(layer, db)
    }

    /// The tables every GeoPackage has, with the three spatial reference rows it requires.
    private static func createRequiredTables(_ db: Database) throws {
        try db.execute(sql: """
            create table if not exists gpkg_spatial_ref_sys (srs_name text not null, srs_id integer primary key, organization text not null,
              organization_coordsys_id integer not null, definition text not null, description text);
            create table if not exists gpkg_contents (table_name text not null primary key, data_type text not null, identifier text unique,
              description text default '', last_change datetime not null default (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
              min_x double, min_y double, max_x double, max_y double, srs_id integer references gpkg_spatial_ref_sys(srs_id));
            create table if not exists gpkg_geometry_columns (table_name text not null, column_name text not null, geometry_type_name text not null,
              srs_id integer not null, z tinyint not null, m tinyint not null, primary key (table_name, column_name));
            insert or ignore into gpkg_spatial_ref_sys values ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system');
            insert or ignore into gpkg_spatial_ref_sys values ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
            """)
        let wgs84 = try? SpatialReference(wkid: 4326)
        try db.execute(sql: "insert or ignore into gpkg_spatial_ref_sys values ('WGS 84 geodetic', 4326, 'EPSG', 4326, ?, 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid')",
                       arguments: [(try? wgs84?.export("wkt1")) ?? "undefined"])
    }

    /// The `srs_id` of a spatial reference in this GeoPackage: the row of its EPSG or Esri code
    /// (added when missing; its own code as id when free), else a new row of its WKT; -1
    /// (undefined cartesian) without one. `adding: false` finds without adding (nil: none).
    static func srsID(for sr: SpatialReference?, _ db: Database, adding: Bool = true) throws -> Int? {
        guard let sr else { return -1 }
        let wkt = (try? sr.export("wkt1")) ?? "undefined"
        if let id = sr.identifier, let n = id.number, id.authority == "EPSG" || id.authority == "ESRI" {
            if let row = try Int.fetchOne(db, sql: "select srs_id from gpkg_spatial_ref_sys where upper(organization) = ? and organization_coordsys_id = ? order by srs_id",
                                          arguments: [id.authority, n]) { return row }
            guard adding else { return nil }
            let taken = try Bool.fetchOne(db, sql: "select count(*) > 0 from gpkg_spatial_ref_sys where srs_id = ?", arguments: [n]) ?? false
            let newID = taken ? try freeSRSID(db) : n
            try db.execute(sql: "insert into gpkg_spatial_ref_sys values (?, ?, ?, ?, ?, null)", arguments: [sr.name, newID, id.authority, n, wkt])
            return newID
        }
        if let row = try Int.fetchOne(db, sql: "select srs_id from gpkg_spatial_ref_sys where definition = ? order by srs_id", arguments: [wkt]) {
            return row
        }
        guard adding else { return nil }
        let newID = try freeSRSID(db)
        try db.execute(sql: "insert into gpkg_spatial_ref_sys values (?, ?, 'NONE', ?, ?, null)", arguments: [sr.name, newID, newID, wkt])
        return newID
    }

    private static func freeSRSID(_ db: Database) throws -> Int {
        max(100_000, (try Int.fetchOne(db, sql: "select max(srs_id) from gpkg_spatial_ref_sys") ?? 0) + 1)
    }

    /// Removes a feature table and what describes it (its R-tree, its rows in the GeoPackage's
    /// and GDAL's tables).
    private static func dropLayer(_ name: String, _ db: Database) throws {
        let columns = try String.fetchAll(db, sql: "select column_name from gpkg_geometry_columns where lower(table_name) = lower(?)", arguments: [name])
        for c in columns where try db.tableExists("rtree_\(name)_\(c)") {
            try db.execute(sql: "drop table \(quoted("rtree_\(name)_\(c)"))")
        }
        try db.execute(sql: "drop table if exists \(quoted(name))")
        for t in ["gpkg_contents", "gpkg_geometry_columns", "gpkg_extensions", "gpkg_ogr_contents", "gpkg_data_columns",
                  "gpkg_metadata_reference"] where try db.tableExists(t) {
            try db.execute(sql: "delete from \(t) where lower(table_name) = lower(?)", arguments: [name])
        }
    }

    /// The GeoPackage geometry type name for a layer's features.
    private static func typeName(_ layer: FeatureLayer) -> String {
        let types = Set(layer.features.compactMap { $0.geometry?.type })
        switch layer.schema.geometryType == .unknown ? (types.count == 1 ? types.first! : .unknown) : layer.schema.geometryType {
        case .point: return "POINT"
        case .multipoint: return "MULTIPOINT"
        case .polyline: return layer.features.contains { ($0.geometry?.coordinates?.partCount ?? 0) > 1 } ? "MULTILINESTRING" : "LINESTRING"
        case .polygon, .envelope:
            return layer.features.contains { if case let .polygon(p)? = $0.geometry { return p.polygonCount > 1 }; return false }
                ? "MULTIPOLYGON" : "POLYGON"
        case .unknown: return "GEOMETRY"
        }
    }

    private static func createLayer(_ layer: FeatureLayer, _ db: Database) throws {
        let srsID = try srsID(for: layer.schema.spatialReference, db) ?? -1
        let typeName = typeName(layer)
        let hasZ = layer.features.contains { $0.geometry?.hasZ ?? false }
        let columns = layer.schema.fields.map { f -> String in
            let t: String
            switch f.type {
            case .string: t = "TEXT"
            case .integer: t = "INTEGER"
            case .real: t = "REAL"
            case .date: t = "DATE"
            case .dateTime: t = "DATETIME"
            case .boolean: t = "BOOLEAN"
            }
            return "\(quoted(f.name)) \(t)"
        }
        try db.execute(sql: "create table \(quoted(layer.name)) (fid integer primary key autoincrement not null, geom \(typeName)" +
                       columns.map { ", " + $0 }.joined() + ")")
        let identifierFree = try Bool.fetchOne(db, sql: "select count(*) = 0 from gpkg_contents where identifier = ?", arguments: [layer.name]) ?? true
        let extent = layer.extent
        try db.execute(sql: "insert into gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id) values (?, 'features', ?, ?, ?, ?, ?, ?)",
                       arguments: [layer.name, identifierFree ? layer.name : nil, extent.isEmpty ? nil : extent.xMin, extent.isEmpty ? nil : extent.yMin,
                                   extent.isEmpty ? nil : extent.xMax, extent.isEmpty ? nil : extent.yMax, srsID])
        try db.execute(sql: "insert into gpkg_geometry_columns values (?, 'geom', ?, ?, ?, 0)", arguments: [layer.name, typeName, srsID, hasZ ? 1 : 0])
        try insert(layer.features, into: layer.name, geometryColumn: "geom", columns: layer.schema.fields.map(\.name),
                   fieldIndices: Array(layer.schema.fields.indices), srsID: srsID, db)
    }

    /// Adds the features to an existing feature table, their fields matched to its columns by
    /// name (case-insensitive; columns they lack get NULL), and widens its extent.
    private static func appendFeatures(_ layer: FeatureLayer, to table: String, _ db: Database, path: String) throws {
        guard let g = try Row.fetchOne(db, sql: "select column_name, geometry_type_name, srs_id from gpkg_geometry_columns where lower(table_name) = lower(?)",
                                       arguments: [table]) else {
            throw GraticuleError.invalidInput("\(path.clipped()): layer \(table.clipped().debugDescription) has no geometry column")
        }
        let geometryColumn: String = g[0], declared = ((g[1] as String?) ?? "GEOMETRY").uppercased(), tableSRS: Int = g[2]
        let layerSRS = try srsID(for: layer.schema.spatialReference, db, adding: false)
        guard layerSRS == tableSRS || (layer.schema.spatialReference == nil && tableSRS <= 0) else {
            throw GraticuleError.invalidInput("\(path.clipped()): layer \(table.clipped().debugDescription) is in srs_id \(tableSRS); the features are in "
                                              + "\(layer.schema.spatialReference?.description.clipped() ?? "no spatial reference"): reproject them (--to) first")
        }
        let allowed: Set<GeometryType>
        switch declared {
        case "POINT": allowed = [.point]
        case "MULTIPOINT": allowed = [.point, .multipoint]
        case "LINESTRING", "MULTILINESTRING", "CURVE", "MULTICURVE": allowed = [.polyline]
        case "POLYGON", "MULTIPOLYGON", "SURFACE", "MULTISURFACE": allowed = [.polygon, .envelope]
        default: allowed = Set(GeometryType.allCases)
        }
        if let bad = layer.features.firstIndex(where: { f in f.geometry.map { !allowed.contains($0.type) } ?? false }) {
            throw GraticuleError.invalidInput("\(path.clipped()): layer \(table.clipped().debugDescription) holds \(declared); feature \(bad) is a "
                                              + "\(layer.features[bad].geometry!.type.rawValue)")
        }
        let columns = try Row.fetchAll(db, sql: "pragma table_info(\(quoted(table)))").map { ($0["name"] as String?) ?? "" }
        var names: [String] = [], indices: [Int] = [], missing: [String] = []
        for (k, f) in layer.schema.fields.enumerated() {
            if let c = columns.first(where: { $0 == f.name }) ?? columns.first(where: { $0.lowercased() == f.name.lowercased() }) {
                names.append(c); indices.append(k)
            } else {
                missing.append(f.name)
            }
        }
        guard missing.isEmpty else {
            throw GraticuleError.invalidInput("\(path.clipped()): layer \(table.clipped().debugDescription) has no column "
                                              + missing.prefix(10).map(\.debugDescription).joined(separator: ", ").clipped()
                                              + (missing.count > 10 ? " (and \(missing.count - 10) more)" : "")
                                              + "; columns: " + columns.joined(separator: ", ").clipped())
        }
        try insert(layer.features, into: table, geometryColumn: geometryColumn, columns: names, fieldIndices: indices,
                   srsID: tableSRS, db)
        let e = layer.extent
        if !e.isEmpty {
            try db.execute(sql: """
                update gpkg_contents set min_x = min(coalesce(min_x, ?1), ?1), min_y = min(coalesce(min_y, ?2), ?2),
                  max_x = max(coalesce(max_x, ?3), ?3), max_y = max(coalesce(max_y, ?4), ?4),
                  last_change = strftime('%Y-%m-%dT%H:%M:%fZ','now') where lower(table_name) = lower(?5)
                """, arguments: [e.xMin, e.yMin, e.xMax, e.yMax, table])
        }
    }

    private static func insert(_ features: [Feature], into table: String, geometryColumn: String, columns: [String],
                               fieldIndices: [Int], srsID: Int, _ db: Database) throws {
        let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ",")
        let statement = try db.makeStatement(sql: "insert into \(quoted(table)) (\(quoted(geometryColumn))"
                                             + columns.map { ", " + quoted($0) }.joined() + ") values (\(placeholders))")
        for f in features {
            var args: [DatabaseValueConvertible?] = [f.geometry.map { Data(GeoPackageBinary.encode($0, srsID: Int32(clamping: srsID))) }]
            for k in fieldIndices {
                switch k < f.attributes.count ? f.attributes[k] : .null {
                case .null: args.append(nil)
                case let .string(s): args.append(s)
                case let .integer(n): args.append(n)
                case let .real(d): args.append(d)
                case let .date(d): args.append(d.description)
                case let .boolean(b): args.append(b ? 1 : 0)
                }
            }
            try statement.execute(arguments: StatementArguments(args))
        }
    }

    /// The SQL functions of the GeoPackage R-tree extension, which the triggers of tables made
    /// by GDAL call on every insert: ST_MinX, ST_MaxX, ST_MinY, ST_MaxY, ST_IsEmpty of a blob.
    static func addGeometryFunctions(_ db: Database) {
        let extent: @Sendable ([DatabaseValue]) -> Envelope? = { values in
            guard let blob = Data.fromDatabaseValue(values[0]), let g = try? GeoPackageBinary.decode(blob), !g.isEmpty else { return nil }
            return g.extent
        }
        db.add(function: DatabaseFunction("ST_MinX", argumentCount: 1, pure: true) { extent($0)?.xMin })
        db.add(function: DatabaseFunction("ST_MaxX", argumentCount: 1, pure: true) { extent($0)?.xMax })
        db.add(function: DatabaseFunction("ST_MinY", argumentCount: 1, pure: true) { extent($0)?.yMin })
        db.add(function: DatabaseFunction("ST_MaxY", argumentCount: 1, pure: true) { extent($0)?.yMax })
        db.add(function: DatabaseFunction("ST_IsEmpty", argumentCount: 1, pure: true) { values in
            guard let blob = Data.fromDatabaseValue(values[0]) else { return nil as Int? }
            return (try? GeoPackageBinary.decode(blob))?.isEmpty ?? true ? 1 : 0
        })
    }
}
