import Foundation
import GRDB
import GraticuleCore

/// A coordinate operation between two CRSs as the registry holds it (EPSG, Esri, PROJ and NKG
/// transformations: Helmert family, grid based, other, concatenated), with its parameters, areas
/// of use, steps and supersession. The catalog (`GraticuleTransform.TransformationCatalog`) turns
/// these records into ranked transformations and pipelines.
public struct OperationRecord: Hashable, Sendable {
    /// The registry table family of the operation.
    public enum Kind: String, Hashable, Sendable {
        case helmert, grid, other, concatenated
    }

    /// One parameter value: a number with its unit, or a file name (grid operations).
    public struct Parameter: Hashable, Sendable {
        /// The EPSG parameter name (`X-axis translation`, `Latitude and longitude difference file`).
        public var name: String
        /// The EPSG parameter code (8605 for the X-axis translation), nil when the parameter has none.
        public var code: Int?
        /// The value in `unit`, nil for a file parameter.
        public var value: Double?
        /// The file name of a grid parameter, as the authority spells it.
        public var file: String?
        /// The unit of `value`.
        public var unit: UnitOfMeasure?

        public init(name: String, code: Int?, value: Double?, file: String?, unit: UnitOfMeasure?) {
            self.name = name
            self.code = code
            self.value = value
            self.file = file
            self.unit = unit
        }
    }

    /// One step of a concatenated operation and the direction the concatenation applies it in.
    public struct Step: Hashable, Sendable {
        public var operation: Identifier
        /// True when the step is applied target → source (the registry stores it the other way).
        public var isReversed: Bool

        public init(operation: Identifier, isReversed: Bool) {
            self.operation = operation
            self.isReversed = isReversed
        }
    }

    public var identifier: Identifier
    public var name: String
    public var kind: Kind
    /// The method name (`Coordinate Frame rotation (geog2D domain)`), empty for concatenated operations.
    public var methodName: String
    /// The method's EPSG code (9607), nil for methods without one (PROJ strings, Esri-only methods).
    public var methodCode: Int?
    public var source: Identifier
    public var target: Identifier
    /// The geodetic (or vertical) datum of the source CRS; a projected CRS answers its base's.
    public var sourceDatum: Identifier?
    public var targetDatum: Identifier?
    /// The CRS in which a grid of a vertical operation is interpolated.
    public var interpolationCRS: Identifier?
    /// Accuracy in metres; nil when the authority gives none.
    public var accuracy: Double?
    /// The operation version (`OSGB-Gbr 2m`).
    public var version: String?
    public var isDeprecated: Bool
    public var parameters: [Parameter]
    public var steps: [Step]
    /// Areas of use, first usage first (PROJ ranks with the first one's bounding box).
    public var areas: [AreaOfUse]
    /// Operations that supersede this one between the same source and target CRSs.
    public var supersededBy: [Identifier]

    /// The first parameter with this EPSG code.
    public func parameter(code: Int) -> Parameter? { parameters.first { $0.code == code } }

    /// The value of the parameter with this EPSG code in SI units (metres, radians, unity), or
    /// nil when the operation does not have it.
    public func siValue(code: Int) -> Double? {
        guard let p = parameter(code: code), let v = p.value else { return nil }
        return p.unit?.toSI(v) ?? v
    }

    /// The grid file names of the operation, in parameter order.
    public var gridNames: [String] { parameters.compactMap(\.file) }
}

/// An entry of the registry's `grid_alternative` table: the file PROJ distributes for a grid an
/// authority names differently (`OSTN15_NTv2_OSGBtoETRS.gsb` → `uk_os_OSTN15_NTv2_OSGBtoETRS.tif`).
public struct GridAlternative: Hashable, Sendable {
    /// The name the authority uses (`OSTN15_NTv2_OSGBtoETRS.gsb`, Esri `uk/OSTN15_NTv2`).
    public var originalName: String
    /// The PROJ-CDN file (`uk_os_OSTN15_NTv2_OSGBtoETRS.tif`).
    public var projName: String
    /// The name PROJ used before the CDN (`OSTN15_NTv2_OSGBtoETRS.gsb`), if any.
    public var oldProjName: String?
    /// `GTiff`, `NTv2`, `GTX`, `CTable2`, `JSON`.
    public var format: String
    /// PROJ's operation for it: `hgridshift`, `vgridshift`, `geoid_like`, `geocentricoffset`, `tinshift` …
    public var projMethod: String
    /// True when PROJ applies the grid in the reverse direction of the registry operation.
    public var isInverse: Bool
    public var url: String?
    public var isOpenLicence: Bool
    public var isDirectDownload: Bool
}

extension Registry {
    /// Every transformation and concatenated operation of the registry (3,799 for EPSG v11.022),
    /// with parameters, steps, areas of use and supersessions. Reads the whole table set once;
    /// callers keep the result (the catalog indexes it by datum pair).
    /// - Throws: `invalidInput` naming the registry file when a query fails.
    public func operationRecords() throws(GraticuleError) -> [OperationRecord] {
        // Columns are named in each query and read by position: GRDB's lookup of a column by name
        // lowercases the name on every access, which was a fifth of loading the 3,799 operations.
        try read { db in
            var areas: [Identifier: AreaOfUse] = [:]
            try Row.fetchCursor(db, sql: "select auth, code, name, west, south, east, north from area").forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                areas[id] = AreaOfUse(name: r[2], west: r[3] ?? -180, south: r[4] ?? -90,
                                      east: r[5] ?? 180, north: r[6] ?? 90, identifier: id)
            }
            var usages: [Identifier: [AreaOfUse]] = [:]
            try Row.fetchCursor(db, sql: """
                select auth, code, area_auth, area_code from usage where object_type = 'operation' order by auth, code, seq
                """).forEach { r in
                if let a = areas[Identifier(r[2] as String, r[3] as String)] {
                    usages[Identifier(r[0] as String, r[1] as String), default: []].append(a)
                }
            }
            var params: [Identifier: [OperationRecord.Parameter]] = [:]
            try Row.fetchCursor(db, sql: """
                select op_auth, op_code, unit_auth, unit_code, param_code, name, value, text_value
                from operation_param order by op_auth, op_code, seq
                """).forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                let ua: String? = r[2], uc: String? = r[3]
                let unit = ua.flatMap { a in uc.flatMap { self.unit(Identifier(a, $0)) } }
                let code: String? = r[4]
                params[id, default: []].append(OperationRecord.Parameter(
                    name: r[5], code: code.flatMap { Int($0) }, value: r[6], file: r[7], unit: unit))
            }
            var steps: [Identifier: [OperationRecord.Step]] = [:]
            try Row.fetchCursor(db, sql: """
                select op_auth, op_code, step_auth, step_code, direction from operation_step order by op_auth, op_code, seq
                """).forEach { r in
                steps[Identifier(r[0] as String, r[1] as String), default: []].append(
                    OperationRecord.Step(operation: Identifier(r[2] as String, r[3] as String),
                                         isReversed: (r[4] as String) == "reverse"))
            }
            var superseded: [Identifier: [Identifier]] = [:]
            try Row.fetchCursor(db, sql: """
                select auth, code, replacement_auth, replacement_code from supersession
                where object_type = 'operation' and same_source_target = 1 order by auth, code, seq
                """).forEach { r in
                superseded[Identifier(r[0] as String, r[1] as String), default: []].append(
                    Identifier(r[2] as String, r[3] as String))
            }
            return try Array(Row.fetchCursor(db, sql: """
                select type, auth, code, method_code, method_auth, name, method_name, source_auth, source_code,
                       target_auth, target_code, source_datum_auth, source_datum_code, target_datum_auth,
                       target_datum_code, interpolation_auth, interpolation_code, accuracy, version, deprecated
                from operation order by auth, code
                """).compactMap { r -> OperationRecord? in
                guard let kind = OperationRecord.Kind(rawValue: r[0] as String) else { return nil }
                let id = Identifier(r[1] as String, r[2] as String)
                func pair(_ a: Int) -> Identifier? {
                    let auth: String? = r[a], code: String? = r[a + 1]
                    guard let auth, let code else { return nil }
                    return Identifier(auth, code)
                }
                let mcode: String? = r[3]
                let mauth: String? = r[4]
                return OperationRecord(
                    identifier: id, name: r[5], kind: kind, methodName: r[6] ?? "",
                    methodCode: mauth == "EPSG" ? mcode.flatMap { Int($0) } : nil,
                    source: Identifier(r[7] as String, r[8] as String),
                    target: Identifier(r[9] as String, r[10] as String),
                    sourceDatum: pair(11), targetDatum: pair(13), interpolationCRS: pair(15),
                    accuracy: r[17], version: r[18], isDeprecated: (r[19] as Int) != 0,
                    parameters: params[id] ?? [], steps: steps[id] ?? [], areas: usages[id] ?? [],
                    supersededBy: superseded[id] ?? [])
            })
        }
    }

    /// Whether any operation of the registry has the CRS `crs` as its source or target, or the
    /// datum `datum` as its source or target datum (nil: not asked). One indexed query: the
    /// catalog answers "only a ballpark" from it without loading every operation (a sphere-based
    /// world map, a user-defined datum).
    public func hasOperations(crs: Identifier?, datum: Identifier?) throws(GraticuleError) -> Bool {
        guard crs != nil || datum != nil else { return false }
        return try read { db in
            var clauses: [String] = []
            var arguments: [String] = []
            if let crs {
                clauses += ["(source_auth = ? and source_code = ?)", "(target_auth = ? and target_code = ?)"]
                arguments += [crs.authority, crs.code, crs.authority, crs.code]
            }
            if let datum {
                clauses += ["(source_datum_auth = ? and source_datum_code = ?)", "(target_datum_auth = ? and target_datum_code = ?)"]
                arguments += [datum.authority, datum.code, datum.authority, datum.code]
            }
            let sql = "select exists(select 1 from operation where \(clauses.joined(separator: " or ")))"
            return try Bool.fetchOne(db, sql: sql, arguments: StatementArguments(arguments)) ?? false
        }
    }

    /// The grid alternatives table, by original name.
    public func gridAlternatives() throws(GraticuleError) -> [String: GridAlternative] {
        try read { db in
            var out: [String: GridAlternative] = [:]
            for r in try Row.fetchAll(db, sql: "select * from grid_alternative") {
                let g = GridAlternative(
                    originalName: r["original_name"], projName: r["proj_name"], oldProjName: r["old_proj_name"],
                    format: r["format"], projMethod: r["proj_method"],
                    isInverse: (r["inverse_direction"] as Int) != 0, url: r["url"],
                    isOpenLicence: (r["open_license"] as Int? ?? 0) != 0,
                    isDirectDownload: (r["direct_download"] as Int? ?? 0) != 0)
                out[g.originalName] = g
            }
            return out
        }
    }

    /// PROJ's `authority_to_authority_preference`: for a (source authority, target authority)
    /// pair, the authorities whose operations are searched, in order (`EPSG → EPSG: PROJ, EPSG,
    /// NKG`). The key `any` stands for any authority.
    public func authorityPreferences() throws(GraticuleError) -> [String: [String]] {
        try read { db in
            var out: [String: [String]] = [:]
            for r in try Row.fetchAll(db, sql: "select * from authority_preference") {
                let key = "\(r["source_auth"] as String)>\(r["target_auth"] as String)"
                out[key] = (r["allowed"] as String).split(separator: ",").map(String.init)
            }
            return out
        }
    }

    /// Geodetic CRSs (geographic 2D and 3D, geocentric) on a datum, non-deprecated first.
    public func geodeticCRSIdentifiers(onDatum datum: Identifier) throws(GraticuleError) -> [Identifier] {
        try read { db in
            try Row.fetchAll(db, sql: """
                select auth, code from crs where datum_auth = ? and datum_code = ?
                and type in ('geographic 2D', 'geographic 3D', 'geocentric') order by deprecated, auth, code
                """, arguments: [datum.authority, datum.code]).map {
                Identifier($0["auth"] as String, $0["code"] as String)
            }
        }
    }
}
