import Foundation
import GRDB
import GraticuleCore

/// The Esri name of a projection method and how its parameters map to EPSG / WKT2 ones, as
/// PROJ's Esri WKT import uses them (registry tables `esri_method` and `esri_param`).
public struct EsriMethodMapping: Hashable, Sendable {
    /// One Esri parameter of the mapping.
    public struct Parameter: Hashable, Sendable {
        /// The Esri parameter name (`False_Easting`).
        public var esriName: String
        /// The EPSG / WKT2 parameter name, nil for a selector such as `Option` or `X_Scale`.
        public var name: String?
        /// The EPSG parameter code, when the parameter has one.
        public var epsgCode: Int?
        /// The fixed value of a selector (`Option` = 1 selects the land variant of Goode).
        public var fixedValue: Double?
    }
    /// The Esri projection name (`Lambert_Conformal_Conic`).
    public var esriName: String
    /// Alternative number (1, 2, …) when one Esri name maps to several methods.
    public var alternative: Int
    /// The EPSG / WKT2 method name.
    public var methodName: String
    /// The EPSG method code, when the method has one.
    public var methodCode: Int?
    public var parameters: [Parameter]
}

/// Names of registry objects indexed for the text readers and writers: datums, ellipsoids,
/// prime meridians and units under their official names and aliases, and the Esri names
/// (alias source `ESRI`) of each object.
struct RegistryNames: Sendable {
    struct DatumRow: Sendable {
        var id: Identifier
        var name: String
        var isVertical: Bool
        var ellipsoid: Identifier?
        var primeMeridian: Identifier?
        var deprecated: Bool
    }
    struct EllipsoidRow: Sendable {
        var id: Identifier
        var name: String
        var semiMajorAxis: Double  // metres
        var inverseFlattening: Double  // 0 for a sphere
        var deprecated: Bool
    }
    struct PrimeMeridianRow: Sendable {
        var id: Identifier
        var name: String
        var degrees: Double
        var meridian: PrimeMeridian
    }

    var datums: [Identifier: DatumRow] = [:]
    var datumsByName: [String: [Identifier]] = [:]
    var ellipsoids: [Identifier: EllipsoidRow] = [:]
    var ellipsoidsByName: [String: [Identifier]] = [:]
    var primeMeridians: [PrimeMeridianRow] = []
    var units: [Identifier: UnitOfMeasure] = [:]
    var unitsByName: [String: [Identifier]] = [:]
    /// PROJ's `+units=` names (`m`, `us-ft`, `link`) of registry units.
    var projUnitNames: [Identifier: String] = [:]
    /// Esri aliases by object type (`datum`, `ellipsoid`, `unit`, `prime_meridian`, `crs`).
    var esriAliases: [String: [Identifier: String]] = [:]
    var esriMethods: [String: [EsriMethodMapping]] = [:]
    /// Esri datums that duplicate an EPSG datum, mapped to it (`ESRI:106001 D_WGS_1966` →
    /// `EPSG:6760`): the Esri datum's name is the EPSG datum's name or Esri alias, and the
    /// ellipsoid and prime meridian agree.
    var esriTwins: [Identifier: Identifier] = [:]
    var esriMethodsByCode: [Int: [EsriMethodMapping]] = [:]
    var esriMethodsByName: [String: [EsriMethodMapping]] = [:]

    static func key(_ s: String) -> String { NameKey.of(s) }

    // MARK: Lookups

    /// Datums whose name or alias matches `name` (normalised), geodetic ones, current first.
    func datums(named name: String, vertical: Bool = false) -> [DatumRow] {
        var seen = Set<Identifier>()
        var out: [DatumRow] = []
        var keys = [RegistryNames.key(name)]
        // GDAL's WKT1 datum names are Esri names without the `D_` prefix; EPSG 10 names of
        // ensembles carry an ` ensemble` suffix.
        keys.append(RegistryNames.key("D_" + name))
        keys.append(RegistryNames.key(name + " ensemble"))
        if name.hasPrefix("D_") { keys.append(RegistryNames.key(String(name.dropFirst(2)))) }
        for k in keys {
            for id in datumsByName[k] ?? [] where !seen.contains(id) {
                if let row = datums[id], row.isVertical == vertical { seen.insert(id); out.append(row) }
            }
        }
        return out.sorted { ($0.deprecated ? 1 : 0, $0.id.authority == "EPSG" ? 0 : 1) < ($1.deprecated ? 1 : 0, $1.id.authority == "EPSG" ? 0 : 1) }
    }

    /// Ellipsoids whose name or alias matches `name`, current first.
    func ellipsoids(named name: String) -> [EllipsoidRow] {
        (ellipsoidsByName[RegistryNames.key(name)] ?? []).compactMap { ellipsoids[$0] }
            .sorted { ($0.deprecated ? 1 : 0, $0.id.authority == "EPSG" ? 0 : 1) < ($1.deprecated ? 1 : 0, $1.id.authority == "EPSG" ? 0 : 1) }
    }

    /// The unit with this name or alias whose factor matches, or failing that the first EPSG unit
    /// of that kind with the same factor.
    func unit(named name: String, factor: Double?, kind: UnitOfMeasure.Kind?) -> UnitOfMeasure? {
        let candidates = (unitsByName[RegistryNames.key(name)] ?? []).compactMap { units[$0] }
            .filter { kind == nil || $0.kind == kind }
        if let factor {
            if let u = candidates.first(where: { CRSEquivalence.close($0.factor, factor, 1e-10) }) { return u }
            return nil
        }
        return candidates.first
    }

    /// An EPSG unit of this kind and factor (metre, foot, US survey foot, degree, grad, …).
    func unit(factor: Double, kind: UnitOfMeasure.Kind) -> UnitOfMeasure? {
        let preferred: [String] = kind == .angle ? ["9102", "9101", "9105", "9104", "9103"]
            : kind == .length ? ["9001", "9002", "9003", "9036", "9005"] : ["9201", "9202"]
        for code in preferred {
            if let u = units[Identifier("EPSG", code)], CRSEquivalence.close(u.factor, factor, 1e-10) { return u }
        }
        return units.values.filter { $0.kind == kind && $0.authority == "EPSG" && CRSEquivalence.close($0.factor, factor, 1e-10) }
            .min { Int($0.code ?? "0") ?? 0 < Int($1.code ?? "0") ?? 0 }
    }

    /// The Esri alias of an object (`D_WGS_1984` for datum EPSG:6326): datums, ellipsoids, prime
    /// meridians and units (CRS aliases: `Registry.esriCRSAlias`).
    func esriAlias(_ type: String, _ id: Identifier?) -> String? {
        guard let id else { return nil }
        return esriAliases[type]?[id]
    }

    /// The registry prime meridian matching this name (or alias) and longitude in degrees;
    /// Greenwich for a zero longitude whatever its name.
    func primeMeridian(named name: String, degrees: Double) -> PrimeMeridian? {
        let k = RegistryNames.key(name)
        let byValue = primeMeridians.filter { abs($0.degrees - degrees) < 1e-7 }
        if let hit = byValue.first(where: {
            RegistryNames.key($0.name) == k || RegistryNames.key(esriAlias("prime_meridian", $0.id) ?? "") == k
        }) {
            return hit.meridian
        }
        if degrees == 0 { return .greenwich }
        return nil
    }

    /// Esri mapping alternatives for an Esri projection name (case-insensitive).
    func esriMappings(forEsriName name: String) -> [EsriMethodMapping] {
        esriMethods[name.lowercased()] ?? []
    }

    /// Esri mapping alternatives whose EPSG / WKT2 method is this one.
    func esriMappings(forMethod method: OperationMethod) -> [EsriMethodMapping] {
        if let c = method.epsgCode, let hit = esriMethodsByCode[c] { return hit }
        return esriMethodsByName[RegistryNames.key(method.name)] ?? []
    }

    /// The registry datum this name (or alias) denotes with this figure and prime meridian.
    /// Esri names a datum without its prime meridian (`D_NTF` with `PRIMEM["Paris"]`), EPSG with
    /// it (`NTF (Paris)`): when the named datum has another prime meridian, its `… (meridian)`
    /// sibling is taken.
    func resolveDatum(named name: String, figure: Ellipsoid, primeMeridianDegrees pm: Double) -> DatumRow? {
        let candidates = datums(named: name)
        if let hit = candidates.first(where: { datum($0, matches: figure, primeMeridianDegrees: pm) }) { return hit }
        for c in candidates where datum(c, matches: figure, primeMeridianDegrees: c.primeMeridian.flatMap { id in
            primeMeridians.first { $0.id == id }?.degrees } ?? 0) {
            let prefix = c.name + " ("
            if let sibling = datums.values.filter({ !$0.isVertical && $0.name.hasPrefix(prefix) && datum($0, matches: figure, primeMeridianDegrees: pm) })
                .min(by: { ($0.deprecated ? 1 : 0, $0.id.code) < ($1.deprecated ? 1 : 0, $1.id.code) }) {
                return sibling
            }
        }
        return nil
    }

    /// True when a registry datum has this figure and prime meridian (in degrees).
    func datum(_ row: DatumRow, matches figure: Ellipsoid, primeMeridianDegrees pm: Double) -> Bool {
        guard let eid = row.ellipsoid, let e = ellipsoids[eid],
              CRSEquivalence.close(e.semiMajorAxis, figure.semiMajorAxis, 1e-12),
              CRSEquivalence.close(e.inverseFlattening, figure.inverseFlattening, 1e-12) else { return false }
        let rowPM = row.primeMeridian.flatMap { id in primeMeridians.first { $0.id == id }?.degrees } ?? 0
        return abs(rowPM - pm) < 1e-7
    }
}

extension Registry {
    /// Loads the name index used by the CRS text readers and writers (datums, ellipsoids, prime
    /// meridians and units with their aliases; Esri names; the Esri projection mapping).
    func loadNameIndex() throws(GraticuleError) -> RegistryNames {
        try read { db in
            var n = RegistryNames()
            try Row.fetchCursor(db, sql: "select auth, code, name, type, ellipsoid_auth, ellipsoid_code, pm_auth, pm_code, deprecated from datum where auth <> 'GRATICULE'").forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                let ea: String? = r[4], ec: String? = r[5]
                let pa: String? = r[6], pc: String? = r[7]
                n.datums[id] = .init(id: id, name: r[2], isVertical: (r[3] as String) == "vertical",
                                     ellipsoid: ea.flatMap { a in ec.map { Identifier(a, $0) } },
                                     primeMeridian: pa.flatMap { a in pc.map { Identifier(a, $0) } },
                                     deprecated: (r[8] as Int) != 0)
                n.datumsByName[RegistryNames.key(r[2]), default: []].append(id)
            }
            var unitFactor: [Identifier: Double] = [:]
            try Row.fetchCursor(db, sql: "select auth, code, name, type, factor, proj_name from unit").forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                let kind = UnitOfMeasure.Kind(rawValue: r[3] as String) ?? .parametric
                let factor: Double = r[4] ?? (kind == .angle ? Angle.radiansPerDegree : .nan)
                unitFactor[id] = factor
                if let pn = r[5] as String? { n.projUnitNames[id] = pn }
                n.units[id] = UnitOfMeasure(name: r[2], kind: kind, factor: factor, authority: id.authority, code: id.code)
                n.unitsByName[RegistryNames.key(r[2]), default: []].append(id)
            }
            try Row.fetchCursor(db, sql: "select auth, code, name, semi_major, inv_flattening, semi_minor, unit_auth, unit_code, deprecated from ellipsoid where auth <> 'GRATICULE'").forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                let f = unitFactor[Identifier(r[6] as String, r[7] as String)] ?? 1
                let a = (r[3] as Double) * f
                var rf: Double = r[4] ?? 0
                if r[4] as Double? == nil, let b = r[5] as Double? {
                    let bm = b * f
                    rf = bm >= a ? 0 : a / (a - bm)
                }
                n.ellipsoids[id] = .init(id: id, name: r[2], semiMajorAxis: a, inverseFlattening: rf,
                                         deprecated: (r[8] as Int) != 0)
                n.ellipsoidsByName[RegistryNames.key(r[2]), default: []].append(id)
            }
            try Row.fetchCursor(db, sql: "select auth, code, name, longitude, unit_auth, unit_code from prime_meridian").forEach { r in
                let id = Identifier(r[0] as String, r[1] as String)
                let unit = n.units[Identifier(r[4] as String, r[5] as String)] ?? .degree
                let pm = PrimeMeridian(name: r[2], identifier: id, longitude: r[3], unit: unit)
                n.primeMeridians.append(.init(id: id, name: r[2], degrees: pm.longitudeDegrees, meridian: pm))
            }
            try Row.fetchCursor(db, sql: "select object_type, auth, code, alias, source from alias where object_type in ('datum', 'ellipsoid', 'unit', 'prime_meridian') order by seq").forEach { r in
                let type: String = r[0]
                let id = Identifier(r[1] as String, r[2] as String)
                let alias: String = r[3]
                let source: String? = r[4]
                if source == "ESRI", n.esriAliases[type]?[id] == nil { n.esriAliases[type, default: [:]][id] = alias }
                switch type {
                case "datum": n.datumsByName[RegistryNames.key(alias), default: []].append(id)
                case "ellipsoid": n.ellipsoidsByName[RegistryNames.key(alias), default: []].append(id)
                case "unit": n.unitsByName[RegistryNames.key(alias), default: []].append(id)
                default: break
                }
            }
            for (id, row) in n.datums where id.authority == "ESRI" && !row.isVertical {
                guard let eid = row.ellipsoid, let e = n.ellipsoids[eid] else { continue }
                let figure = Ellipsoid(semiMajorAxis: e.semiMajorAxis, inverseFlattening: e.inverseFlattening)
                let pm = row.primeMeridian.flatMap { p in n.primeMeridians.first { $0.id == p }?.degrees } ?? 0
                if let twin = n.datums(named: row.name).first(where: {
                    $0.id.authority == "EPSG" && n.datum($0, matches: figure, primeMeridianDegrees: pm)
                }) {
                    n.esriTwins[id] = twin.id
                }
            }
            var params: [String: [EsriMethodMapping.Parameter]] = [:]
            try Row.fetchCursor(db, sql: "select esri_name, alternative, esri_param, param_name, param_code, fixed_value from esri_param order by esri_name, alternative, seq").forEach { r in
                let key = "\(r[0] as String)#\(r[1] as Int)"
                let fixed: String? = r[5]
                let code: String? = r[4]
                params[key, default: []].append(.init(esriName: r[2], name: r[3],
                                                      epsgCode: code.flatMap { Int($0) },
                                                      fixedValue: fixed.flatMap { Double($0) }))
            }
            try Row.fetchCursor(db, sql: "select esri_name, alternative, method_name, method_code from esri_method order by esri_name, alternative").forEach { r in
                let name: String = r[0]
                let alt: Int = r[1]
                let code: String? = r[3]
                let m = EsriMethodMapping(esriName: name, alternative: alt, methodName: r[2],
                                          methodCode: code.flatMap { Int($0) }, parameters: params["\(name)#\(alt)"] ?? [])
                n.esriMethods[name.lowercased(), default: []].append(m)
                if let c = m.methodCode { n.esriMethodsByCode[c, default: []].append(m) }
                n.esriMethodsByName[RegistryNames.key(m.methodName), default: []].append(m)
            }
            return n
        }
    }

    /// CRS identifiers (EPSG and ESRI) whose name or alias is exactly `name`, of the given types:
    /// current ones first, then official names before aliases (Esri's aliases first among those),
    /// then EPSG before ESRI.
    func crsIdentifiers(named name: String, types: [CRSType]) throws(GraticuleError) -> [Identifier] {
        try read { db in
            let list = types.map { "'\($0.rawValue)'" }.joined(separator: ",")
            var out: [Identifier] = []
            for r in try Row.fetchAll(db, sql: """
                select auth, code from (
                  select auth, code, deprecated, 0 as rank from crs where name = ? and type in (\(list)) and auth in ('EPSG', 'ESRI')
                  union all
                  select c.auth, c.code, c.deprecated, case when a.source = 'ESRI' then 1 else 2 end as rank
                  from alias a join crs c on c.auth = a.auth and c.code = a.code
                  where a.object_type = 'crs' and a.alias = ? and c.type in (\(list)) and c.auth in ('EPSG', 'ESRI'))
                order by deprecated, rank, auth = 'ESRI', cast(code as integer)
                """, arguments: [name, name]) {
                let id = Identifier(r["auth"] as String, r["code"] as String)
                if !out.contains(id) { out.append(id) }
            }
            return out
        }
    }
}

extension Registry {
    /// The geodetic datum with this identifier as the registry defines it (with its ellipsoid,
    /// prime meridian and ensemble members), read through a CRS that uses it.
    func geodeticDatum(_ id: Identifier) -> GeodeticDatum? {
        let crsID: Identifier? = try? read { db in
            try Row.fetchOne(db, sql: """
                select auth, code from crs where datum_auth = ? and datum_code = ?
                and type in ('geographic 2D', 'geographic 3D', 'geocentric') order by deprecated limit 1
                """, arguments: [id.authority, id.code]).map { Identifier($0["auth"] as String, $0["code"] as String) }
        }
        guard let crsID, let crs = try? crs(crsID) else { return nil }
        return crs.geodetic?.datum
    }

    /// The vertical datum with this identifier, read through a vertical CRS that uses it.
    func verticalDatum(_ id: Identifier) -> VerticalDatum? {
        let crsID: Identifier? = try? read { db in
            try Row.fetchOne(db, sql: """
                select auth, code from crs where datum_auth = ? and datum_code = ? and type = 'vertical'
                order by deprecated limit 1
                """, arguments: [id.authority, id.code]).map { Identifier($0["auth"] as String, $0["code"] as String) }
        }
        guard let crsID, case let .vertical(v)? = try? crs(crsID) else { return nil }
        return v.datum
    }
}

extension Registry {
    /// The Esri alias of a CRS (`GCS_WGS_1984` for EPSG:4326; the first alias of source ESRI),
    /// nil when it has none. One indexed query: the CRS aliases are not kept in the name index.
    public func esriCRSAlias(_ id: Identifier) throws(GraticuleError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                select alias from alias where object_type = 'crs' and auth = ? and code = ? and source = 'ESRI'
                order by seq limit 1
                """, arguments: [id.authority, id.code])
        }
    }
}
