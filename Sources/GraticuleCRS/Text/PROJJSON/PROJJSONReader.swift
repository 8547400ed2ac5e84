import GraticuleCore

/// Reads PROJJSON (PROJ's JSON encoding of ISO 19111, schema v0.7 and earlier) into the CRS
/// model: `GeographicCRS`, `GeodeticCRS`, `ProjectedCRS`, `VerticalCRS`, `CompoundCRS`,
/// `EngineeringCRS` and `BoundCRS`, with `datum` or `datum_ensemble`, `coordinate_system`,
/// `conversion`, `id`/`ids` and `usages` (or inline `scope`/`area`/`bbox`).
struct PROJJSONReader {
    let bytes: [UInt8]
    let format = "PROJJSON"
    /// Names, units and datums are resolved against this registry.
    let resolve: CRSResolve

    static func read(_ bytes: [UInt8], resolve: CRSResolve) throws(GraticuleError) -> ParsedCRS {
        let root = try JSONParser.parse(bytes, format: "PROJJSON")
        let reader = PROJJSONReader(bytes: bytes, resolve: resolve)
        guard root.isObject else {
            throw reader.error("PROJJSON must be a JSON object, found \(root.typeName)", at: root.offset)
        }
        var parsed = ParsedCRS(crs: try reader.crs(root))
        (parsed.areaOfUse, parsed.scope) = try reader.usage(root)
        if parsed.areaOfUse == nil, parsed.scope == nil, root["type"]?.stringValue == "BoundCRS", let source = root["source_crs"],
           source.isObject {
            (parsed.areaOfUse, parsed.scope) = try reader.usage(source)
        }
        return parsed
    }

    func error(_ message: String, at offset: Int) -> GraticuleError {
        .parse(format: format, message: message, offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
    }

    func string(_ obj: JSONValue, _ key: String, required: Bool = true) throws(GraticuleError) -> String? {
        guard let v = obj[key] else {
            if required { throw error("missing \"\(key)\"", at: obj.offset) }
            return nil
        }
        guard let s = v.stringValue else { throw error("\"\(key)\" must be a string, found \(v.typeName)", at: v.offset) }
        return s
    }

    func object(_ obj: JSONValue, _ key: String) throws(GraticuleError) -> JSONValue? {
        guard let v = obj[key] else { return nil }
        guard v.isObject else { throw error("\"\(key)\" must be an object, found \(v.typeName)", at: v.offset) }
        return v
    }

    func identifier(_ obj: JSONValue) throws(GraticuleError) -> Identifier? {
        var idObj = obj["id"]
        if idObj == nil, let ids = obj["ids"]?.arrayValue { idObj = ids.first }
        guard let idObj else { return nil }
        guard idObj.isObject else { throw error("\"id\" must be an object, found \(idObj.typeName)", at: idObj.offset) }
        guard let auth = try string(idObj, "authority") else { return nil }
        guard let code = idObj["code"] else { throw error("\"id\" lacks its \"code\"", at: idObj.offset) }
        switch code {
        case let .string(s, _): return Identifier(auth, s)
        case let .number(v, o):
            guard v == v.rounded(), abs(v) < 1e15 else { throw error("\"code\" must be an integer or a string, got \(v)", at: o) }
            return Identifier(auth, Int(v))
        default: throw error("\"code\" must be an integer or a string, found \(code.typeName)", at: code.offset)
        }
    }

    // MARK: CRS

    func crs(_ obj: JSONValue) throws(GraticuleError) -> CRS {
        guard let typeValue = obj["type"] else {
            throw error("missing \"type\" (GeographicCRS, ProjectedCRS, CompoundCRS, …)", at: obj.offset)
        }
        guard let type = typeValue.stringValue else {
            throw error("\"type\" must be a string, found \(typeValue.typeName)", at: typeValue.offset)
        }
        switch type {
        case "GeographicCRS", "GeodeticCRS": return .geodetic(try geodetic(obj, declaredType: type))
        case "ProjectedCRS": return .projected(try projected(obj))
        case "VerticalCRS": return .vertical(try vertical(obj))
        case "CompoundCRS":
            guard let comps = obj["components"]?.arrayValue else {
                throw error("CompoundCRS lacks its \"components\" array", at: obj.offset)
            }
            guard comps.count >= 2 else { throw error("CompoundCRS needs at least two components", at: obj.offset) }
            var out: [CRS] = []
            for c in comps {
                guard c.isObject else { throw error("a component must be an object, found \(c.typeName)", at: c.offset) }
                let inner = try crs(c)
                if case let .compound(cc) = inner { out.append(contentsOf: cc.components) } else { out.append(inner) }
            }
            return .compound(CompoundCRS(name: try string(obj, "name")!, identifier: try identifier(obj), components: out))
        case "EngineeringCRS":
            let datum = try object(obj, "datum")
            let cs = try coordinateSystem(obj["coordinate_system"], at: obj.offset)
            return .engineering(EngineeringCRS(name: try string(obj, "name")!, identifier: try identifier(obj),
                                               datumName: datum.flatMap { try? string($0, "name") } ?? "", coordinateSystem: cs))
        case "BoundCRS":
            guard let src = try object(obj, "source_crs") else { throw error("BoundCRS lacks its \"source_crs\"", at: obj.offset) }
            var source = try crs(src)
            if let t = try object(obj, "transformation") {
                let towgs84 = try helmert(t)
                switch source {
                case var .geodetic(g): g.datum.towgs84 = towgs84; source = .geodetic(g)
                case var .projected(p): p.base.datum.towgs84 = towgs84; source = .projected(p)
                default: break
                }
            }
            return source
        default:
            throw error("unsupported PROJJSON type \(type.brief) (expected GeographicCRS, GeodeticCRS, "
                        + "ProjectedCRS, VerticalCRS, CompoundCRS, EngineeringCRS or BoundCRS)", at: typeValue.offset)
        }
    }

    func helmert(_ t: JSONValue) throws(GraticuleError) -> [Double] {
        var values: [Int: Double] = [:]
        for p in t["parameters"]?.arrayValue ?? [] {
            guard let id = try identifier(p), let c = id.number, let v = p["value"]?.numberValue else { continue }
            var x = v
            if let u = try unit(p["unit"], kind: nil) {
                if u.kind == .angle { x = v * u.factor / Angle.radiansPerArcSecond }
                if u.kind == .scale { x = v * u.factor / 1e-6 }
                if u.kind == .length { x = v * u.factor }
            }
            values[c] = x
        }
        var code = 0
        if let m = t["method"], let id = try identifier(m), let c = id.number { code = c }
        var rot = [values[8608] ?? 0, values[8609] ?? 0, values[8610] ?? 0]
        if [9607, 1032, 1038].contains(code) { rot = rot.map { -$0 } }
        return [values[8605] ?? 0, values[8606] ?? 0, values[8607] ?? 0] + rot + [values[8611] ?? 0]
    }

    // MARK: Units

    /// A unit: a string (`"metre"`, `"degree"`, `"unity"`) or an object with `type`, `name`,
    /// `conversion_factor` and `id`.
    func unit(_ v: JSONValue?, kind: UnitOfMeasure.Kind?) throws(GraticuleError) -> UnitOfMeasure? {
        guard let v else { return nil }
        if let s = v.stringValue {
            switch s {
            case "metre": return .metre
            case "degree": return .degree
            case "unity": return .unity
            case "radian": return .radian
            default:
                if let u = resolve.names.unit(named: s, factor: nil, kind: kind) { return u }
                throw error("unknown unit \(s.brief)", at: v.offset)
            }
        }
        guard v.isObject else { throw error("a unit must be a string or an object, found \(v.typeName)", at: v.offset) }
        let type = try string(v, "type", required: false)
        let k: UnitOfMeasure.Kind
        switch type {
        case "LinearUnit": k = .length
        case "AngularUnit": k = .angle
        case "ScaleUnit": k = .scale
        case "TimeUnit": k = .time
        case "ParametricUnit": k = .parametric
        default: k = kind ?? .scale
        }
        let name = try string(v, "name")!
        var factor: Double?
        if let f = v["conversion_factor"] {
            guard let x = f.numberValue, x > 0 else {
                throw error("\"conversion_factor\" must be a positive number", at: f.offset)
            }
            factor = x
        }
        return resolve.unit(name: name, factor: factor ?? (k == .scale ? 1 : nil), kind: k, identifier: try identifier(v))
    }

    /// A number, or `{ "value": …, "unit": … }`, returned with its unit.
    func measure(_ v: JSONValue?, key: String, in obj: JSONValue, defaultUnit: UnitOfMeasure,
                 kind: UnitOfMeasure.Kind) throws(GraticuleError) -> (Double, UnitOfMeasure)? {
        guard let v else { return nil }
        if let x = v.numberValue { return (x, defaultUnit) }
        guard v.isObject, let x = v["value"]?.numberValue else {
            throw error("\"\(key)\" must be a number or {\"value\": number, \"unit\": …}", at: v.offset)
        }
        return (x, try unit(v["unit"], kind: kind) ?? defaultUnit)
    }

    // MARK: Geodetic

    func ellipsoid(_ e: JSONValue) throws(GraticuleError) -> ReferenceEllipsoid {
        let name = try string(e, "name")!
        if let (r, u) = try measure(e["radius"], key: "radius", in: e, defaultUnit: .metre, kind: .length) {
            return try resolve.ellipsoid(name: name, semiMajorAxis: r, inverseFlattening: 0, unit: u,
                                            identifier: try identifier(e), offset: e.offset, format: format, bytes: bytes)
        }
        guard let (a, u) = try measure(e["semi_major_axis"], key: "semi_major_axis", in: e, defaultUnit: .metre, kind: .length) else {
            throw error("ellipsoid \(name.brief) lacks \"semi_major_axis\" (or \"radius\")", at: e.offset)
        }
        var rf: Double
        var bySemiMinor = false
        if let f = e["inverse_flattening"] {
            guard let x = f.numberValue else { throw error("\"inverse_flattening\" must be a number", at: f.offset) }
            rf = x
        } else if let (b, ub) = try measure(e["semi_minor_axis"], key: "semi_minor_axis", in: e, defaultUnit: u, kind: .length) {
            let am = a * u.factor, bm = b * ub.factor
            guard bm > 0, bm <= am else {
                throw error("semi-minor axis of \(name.brief) must be positive and not above the semi-major axis",
                            at: e.offset)
            }
            rf = bm == am ? 0 : am / (am - bm)
            bySemiMinor = true
        } else {
            throw error("ellipsoid \(name.brief) needs \"inverse_flattening\" or \"semi_minor_axis\"", at: e.offset)
        }
        return try resolve.ellipsoid(name: name, semiMajorAxis: a, inverseFlattening: rf, unit: u,
                                        identifier: try identifier(e), offset: e.offset, format: format, bytes: bytes,
                                        definedBySemiMinorAxis: bySemiMinor)
    }

    func primeMeridian(_ p: JSONValue?) throws(GraticuleError) -> PrimeMeridian {
        guard let p else { return .greenwich }
        guard p.isObject else { throw error("\"prime_meridian\" must be an object", at: p.offset) }
        let name = try string(p, "name")!
        let (lon, u) = try measure(p["longitude"], key: "longitude", in: p, defaultUnit: .degree, kind: .angle) ?? (0, .degree)
        return resolve.primeMeridian(name: name, longitude: lon, unit: u, identifier: try identifier(p))
    }

    func members(_ ens: JSONValue) throws(GraticuleError) -> DatumEnsemble {
        var members: [DatumEnsemble.Member] = []
        for m in ens["members"]?.arrayValue ?? [] {
            members.append(.init(name: try string(m, "name")!, identifier: try identifier(m)))
        }
        var accuracy: Double?
        if let a = ens["accuracy"] {
            accuracy = a.numberValue ?? a.stringValue.flatMap { Double($0) }
        }
        return DatumEnsemble(members: members, accuracy: accuracy)
    }

    func geodetic(_ obj: JSONValue, declaredType: String?) throws(GraticuleError) -> GeodeticCRS {
        let name = try string(obj, "name")!
        var datum: GeodeticDatum
        if let d = try object(obj, "datum") {
            guard let e = try object(d, "ellipsoid") else { throw error("datum lacks its \"ellipsoid\"", at: d.offset) }
            datum = GeodeticDatum(name: try string(d, "name")!, identifier: try identifier(d), ellipsoid: try ellipsoid(e),
                                  primeMeridian: try primeMeridian(d["prime_meridian"] ?? obj["prime_meridian"]))
            datum.anchor = try string(d, "anchor", required: false)
            if let fe = d["frame_reference_epoch"] { datum.frameReferenceEpoch = fe.numberValue }
        } else if let en = try object(obj, "datum_ensemble") {
            guard let e = try object(en, "ellipsoid") else { throw error("datum_ensemble lacks its \"ellipsoid\"", at: en.offset) }
            datum = GeodeticDatum(name: try string(en, "name")!, identifier: try identifier(en), ellipsoid: try ellipsoid(e),
                                  primeMeridian: try primeMeridian(en["prime_meridian"] ?? obj["prime_meridian"]),
                                  ensemble: try members(en))
        } else {
            throw error("geodetic CRS \(name.brief) lacks \"datum\" or \"datum_ensemble\"", at: obj.offset)
        }
        let cs: CoordinateSystem
        if obj["coordinate_system"] != nil {
            cs = try coordinateSystem(obj["coordinate_system"], at: obj.offset)
        } else {
            cs = CRSResolve.ellipsoidal(latitudeFirst: true, unit: .degree)
        }
        guard let kind = GeodeticCRS.Kind(coordinateSystem: cs) else {
            throw error("geodetic CRS \(name.brief) has a \(cs.kind.rawValue) CS with \(cs.axes.count) axes",
                        at: obj.offset)
        }
        if declaredType == "GeographicCRS" && cs.kind != .ellipsoidal {
            throw error("GeographicCRS needs an ellipsoidal coordinate system", at: obj.offset)
        }
        return GeodeticCRS(name: name, identifier: try identifier(obj), kind: kind, datum: datum, coordinateSystem: cs)
    }

    func coordinateSystem(_ v: JSONValue?, at offset: Int) throws(GraticuleError) -> CoordinateSystem {
        guard let v else { throw error("missing \"coordinate_system\"", at: offset) }
        guard v.isObject else { throw error("\"coordinate_system\" must be an object", at: v.offset) }
        let subtype = try string(v, "subtype")!
        let kind: CoordinateSystem.Kind
        switch subtype {
        case "ellipsoidal": kind = .ellipsoidal
        case "Cartesian": kind = .cartesian
        case "vertical": kind = .vertical
        case "spherical": kind = .spherical
        case "ordinal": kind = .ordinal
        default: throw error("unsupported coordinate system subtype \(subtype.brief)", at: v.offset)
        }
        guard let axisList = v["axis"]?.arrayValue, !axisList.isEmpty, axisList.count <= 3 else {
            throw error("\"axis\" must be an array of 1 to 3 axes", at: v.offset)
        }
        var axes: [Axis] = []
        for (i, a) in axisList.enumerated() {
            guard a.isObject else { throw error("an axis must be an object", at: a.offset) }
            let name = try string(a, "name")!
            let abbr = try string(a, "abbreviation", required: false) ?? ""
            var direction = try string(a, "direction")!
            if let m = try object(a, "meridian"), let (lon, u) = try measure(m["longitude"], key: "longitude", in: m,
                                                                              defaultUnit: .degree, kind: .angle) {
                direction = CRSResolve.direction(direction, meridianDegrees: lon * u.factor / Angle.radiansPerDegree)
            }
            let u = try unit(a["unit"], kind: nil) ?? (kind == .ellipsoidal && i < 2 ? .degree : .metre)
            var (n, ab) = CRSResolve.axisNameAndAbbreviation(name, direction: direction, csKind: kind)
            if !abbr.isEmpty { ab = abbr }
            if n.isEmpty { n = name }
            axes.append(Axis(name: n, abbreviation: ab, direction: direction, unit: u))
        }
        return CoordinateSystem(kind: kind, axes: axes, identifier: try identifier(v))
    }

    // MARK: Projected

    func projected(_ obj: JSONValue) throws(GraticuleError) -> ProjectedCRS {
        let name = try string(obj, "name")!
        guard let b = try object(obj, "base_crs") else { throw error("ProjectedCRS lacks its \"base_crs\"", at: obj.offset) }
        let base = try geodetic(b, declaredType: try string(b, "type", required: false))
        guard let c = try object(obj, "conversion") else { throw error("ProjectedCRS lacks its \"conversion\"", at: obj.offset) }
        let conversion = try self.conversion(c)
        let cs = try coordinateSystem(obj["coordinate_system"], at: obj.offset)
        guard cs.kind == .cartesian else {
            throw error("ProjectedCRS needs a Cartesian coordinate system, found \(cs.kind.rawValue)", at: obj.offset)
        }
        return ProjectedCRS(name: name, identifier: try identifier(obj), base: base, conversion: conversion, coordinateSystem: cs)
    }

    func conversion(_ c: JSONValue) throws(GraticuleError) -> Conversion {
        guard let m = try object(c, "method") else { throw error("conversion lacks its \"method\"", at: c.offset) }
        var method = OperationMethod(name: try string(m, "name")!, identifier: try identifier(m))
        let spec = MethodTable.spec(for: method)
        if method.identifier == nil, let code = spec?.epsg { method.identifier = Identifier("EPSG", code) }
        var params: [OperationParameter] = []
        for p in c["parameters"]?.arrayValue ?? [] {
            guard p.isObject else { throw error("a parameter must be an object", at: p.offset) }
            let pname = try string(p, "name")!
            guard let value = p["value"]?.numberValue else {
                throw error("parameter \(pname.brief) needs a numeric \"value\"", at: p.offset)
            }
            params.append(MethodTable.parameter(pname, identifier: try identifier(p), value: value,
                                                unit: try unit(p["unit"], kind: nil), of: spec))
        }
        return Conversion(name: try string(c, "name", required: false) ?? "unnamed", identifier: try identifier(c),
                          method: method, parameters: params)
    }

    // MARK: Vertical

    func vertical(_ obj: JSONValue) throws(GraticuleError) -> VerticalCRS {
        let name = try string(obj, "name")!
        let datum: VerticalDatum
        if let d = try object(obj, "datum") {
            datum = VerticalDatum(name: try string(d, "name")!, identifier: try identifier(d))
        } else if let en = try object(obj, "datum_ensemble") {
            datum = VerticalDatum(name: try string(en, "name")!, identifier: try identifier(en), ensemble: try members(en))
        } else {
            throw error("VerticalCRS \(name.brief) lacks \"datum\" or \"datum_ensemble\"", at: obj.offset)
        }
        let cs = try coordinateSystem(obj["coordinate_system"], at: obj.offset)
        guard cs.axes.count == 1 else { throw error("VerticalCRS needs one axis, found \(cs.axes.count)", at: obj.offset) }
        return VerticalCRS(name: name, identifier: try identifier(obj), datum: datum, coordinateSystem: cs)
    }

    // MARK: Usage

    func usage(_ obj: JSONValue) throws(GraticuleError) -> (AreaOfUse?, String?) {
        var holder = obj
        if let usages = obj["usages"]?.arrayValue, let first = usages.first { holder = first }
        let scope = try string(holder, "scope", required: false)
        let area = try string(holder, "area", required: false)
        guard let b = try object(holder, "bbox") else {
            if let area { return (AreaOfUse(name: area, west: -180, south: -90, east: 180, north: 90), scope) }
            return (nil, scope)
        }
        func n(_ k: String) throws(GraticuleError) -> Double {
            guard let v = b[k]?.numberValue else { throw error("bbox lacks a numeric \"\(k)\"", at: b.offset) }
            return v
        }
        let s = try n("south_latitude"), w = try n("west_longitude"), nn = try n("north_latitude"), e = try n("east_longitude")
        guard (-90...90).contains(s), (-90...90).contains(nn), s <= nn, (-180...180).contains(w), (-180...180).contains(e) else {
            throw error("bbox out of range: south \(s), west \(w), north \(nn), east \(e)", at: b.offset)
        }
        return (AreaOfUse(name: area ?? "", west: w, south: s, east: e, north: nn), scope)
    }
}
