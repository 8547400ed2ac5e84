import GraticuleCore

/// Writes PROJJSON (schema v0.7) as PROJ writes it: keys in PROJ's order, units as the strings
/// `metre`, `degree`, `unity` when they are those, objects otherwise; `id` on the CRS, the base
/// CRS, the datum ensemble and its members, the method and the parameters; the usage inline.
struct PROJJSONWriter {
    var crs: CRS
    var areaOfUse: AreaOfUse?
    var scope: String?
    /// Esri-named conversions are mapped through this registry index.
    let names: RegistryNames

    static let schema = "https://proj.org/schemas/v0.7/projjson.schema.json"

    func write() throws(GraticuleError) -> String {
        guard case var .object(members) = try object(crs, withType: true) else { return "" }
        if let scope { members.append(("scope", .string(scope))) }
        if let a = areaOfUse {
            if !a.name.isEmpty { members.append(("area", .string(a.name))) }
            members.append(("bbox", .object([("south_latitude", .number(a.south)), ("west_longitude", .number(a.west)),
                                             ("north_latitude", .number(a.north)), ("east_longitude", .number(a.east))])))
        }
        if let id = crs.identifier { members.append(("id", PROJJSONWriter.id(id))) }
        // A datum with TOWGS84 parameters: a BoundCRS to WGS 84, as PROJ writes it.
        if let t = crs.geodetic?.datum.towgs84, t.count == 7, crs.horizontal == crs {
            members = boundCRS(source: members, towgs84: t)
        }
        var out = ""
        JSONOut.object([("$schema", .string(PROJJSONWriter.schema))] + members).render(into: &out, indent: 0)
        return out
    }

    func boundCRS(source: [(String, JSONOut)], towgs84 t: [Double]) -> [(String, JSONOut)] {
        let wgs84: JSONOut = .object([
            ("type", .string("GeographicCRS")), ("name", .string("WGS 84")),
            ("datum", .object([("type", .string("GeodeticReferenceFrame")), ("name", .string("World Geodetic System 1984")),
                               ("ellipsoid", .object([("name", .string("WGS 84")), ("semi_major_axis", .number(6378137)),
                                                      ("inverse_flattening", .number(298.257223563))]))])),
            ("coordinate_system", coordinateSystem(CRSResolve.ellipsoidal(latitudeFirst: true, unit: .degree))),
            ("id", PROJJSONWriter.id(Identifier("EPSG", 4326))),
        ])
        let names = ["X-axis translation", "Y-axis translation", "Z-axis translation", "X-axis rotation",
                     "Y-axis rotation", "Z-axis rotation", "Scale difference"]
        let units: [UnitOfMeasure] = [.metre, .metre, .metre, .arcSecond, .arcSecond, .arcSecond, .partsPerMillion]
        let seven = t[3...].contains { $0 != 0 }
        let params: [JSONOut] = (0..<(seven ? 7 : 3)).map { i in
            .object([("name", .string(names[i])), ("value", .number(t[i])), ("unit", unit(units[i])),
                     ("id", PROJJSONWriter.id(Identifier("EPSG", 8605 + i)))])
        }
        let method: JSONOut = seven
            ? .object([("name", .string("Position Vector transformation (geog2D domain)")), ("id", PROJJSONWriter.id(Identifier("EPSG", 9606)))])
            : .object([("name", .string("Geocentric translations (geog2D domain)")), ("id", PROJJSONWriter.id(Identifier("EPSG", 9603)))])
        let name = source.first { $0.0 == "name" }.flatMap { if case let .string(s) = $0.1 { s } else { nil } } ?? "unknown"
        return [("type", .string("BoundCRS")), ("source_crs", .object(source)), ("target_crs", wgs84),
                ("transformation", .object([("name", .string("Transformation from \(name) to WGS84")), ("method", method),
                                            ("parameters", .array(params))]))]
    }

    static func id(_ id: Identifier) -> JSONOut {
        if let n = id.number, String(n) == id.code { return .object([("authority", .string(id.authority)), ("code", .int(n))]) }
        return .object([("authority", .string(id.authority)), ("code", .string(id.code))])
    }

    func object(_ crs: CRS, withType: Bool) throws(GraticuleError) -> JSONOut {
        switch crs {
        case let .geodetic(g):
            return .object(geodetic(g, type: withType, includeID: false))
        case let .projected(p):
            var m: [(String, JSONOut)] = [("type", .string("ProjectedCRS")), ("name", .string(p.name))]
            m.append(("base_crs", .object(geodetic(p.base, type: false, includeID: true))))
            m.append(("conversion", conversion(p.conversion.namedAfter(p), isSphere: p.base.datum.ellipsoid.figure.isSphere)))
            m.append(("coordinate_system", coordinateSystem(p.coordinateSystem)))
            return .object(m)
        case let .vertical(v):
            var m: [(String, JSONOut)] = [("type", .string("VerticalCRS")), ("name", .string(v.name))]
            if let e = v.datum.ensemble {
                var en: [(String, JSONOut)] = [("name", .string(v.datum.name)), ("members", ensembleMembers(e))]
                if let acc = e.accuracy { en.append(("accuracy", .string(TextFormat.decimal(acc, keepPoint: true)))) }
                if let id = v.datum.identifier { en.append(("id", PROJJSONWriter.id(id))) }
                m.append(("datum_ensemble", .object(en)))
            } else {
                m.append(("datum", .object([("type", .string("VerticalReferenceFrame")), ("name", .string(v.datum.name))])))
            }
            m.append(("coordinate_system", coordinateSystem(v.coordinateSystem)))
            return .object(m)
        case let .compound(c):
            var comps: [JSONOut] = []
            for comp in c.components { comps.append(try object(comp, withType: true)) }
            return .object([("type", .string("CompoundCRS")), ("name", .string(c.name)), ("components", .array(comps))])
        case let .engineering(e):
            return .object([("type", .string("EngineeringCRS")), ("name", .string(e.name)),
                            ("datum", .object([("name", .string(e.datumName))])),
                            ("coordinate_system", coordinateSystem(e.coordinateSystem))])
        }
    }

    func geodetic(_ g: GeodeticCRS, type: Bool, includeID: Bool) -> [(String, JSONOut)] {
        var m: [(String, JSONOut)] = []
        if type { m.append(("type", .string(g.coordinateSystem.kind == .ellipsoidal ? "GeographicCRS" : "GeodeticCRS"))) }
        m.append(("name", .string(g.name)))
        let d = g.datum
        if let e = d.ensemble {
            var en: [(String, JSONOut)] = [("name", .string(d.name)), ("members", ensembleMembers(e)),
                                            ("ellipsoid", ellipsoid(d.ellipsoid))]
            if let acc = e.accuracy { en.append(("accuracy", .string(TextFormat.decimal(acc, keepPoint: true)))) }
            if let id = d.identifier { en.append(("id", PROJJSONWriter.id(id))) }
            m.append(("datum_ensemble", .object(en)))
        } else {
            var dm: [(String, JSONOut)] = [("type", .string(d.frameReferenceEpoch != nil ? "DynamicGeodeticReferenceFrame"
                                                                                          : "GeodeticReferenceFrame")),
                                           ("name", .string(d.name))]
            if let fe = d.frameReferenceEpoch { dm.append(("frame_reference_epoch", .number(fe))) }
            if let anchor = d.anchor, !anchor.isEmpty { dm.append(("anchor", .string(anchor))) }
            dm.append(("ellipsoid", ellipsoid(d.ellipsoid)))
            if d.primeMeridian.longitudeDegrees != 0 || d.primeMeridian.name != "Greenwich" {
                dm.append(("prime_meridian", primeMeridian(d.primeMeridian)))
            }
            m.append(("datum", .object(dm)))
        }
        if d.ensemble != nil, d.primeMeridian.longitudeDegrees != 0 || d.primeMeridian.name != "Greenwich" {
            m.append(("prime_meridian", primeMeridian(d.primeMeridian)))
        }
        m.append(("coordinate_system", coordinateSystem(g.coordinateSystem)))
        if includeID, let id = g.identifier { m.append(("id", PROJJSONWriter.id(id))) }
        return m
    }

    func ensembleMembers(_ e: DatumEnsemble) -> JSONOut {
        .array(e.members.map { member in
            var mm: [(String, JSONOut)] = [("name", .string(member.name))]
            if let id = member.identifier { mm.append(("id", PROJJSONWriter.id(id))) }
            return .object(mm)
        })
    }

    func ellipsoid(_ e: ReferenceEllipsoid) -> JSONOut {
        var m: [(String, JSONOut)] = [("name", .string(e.name))]
        let u = e.unit.kind == .length && e.unit.factor > 0 ? e.unit : .metre
        let a: JSONOut = u.factor == 1 ? .number(e.semiMajorAxis)
            : .object([("value", .number(e.semiMajorAxis / u.factor)), ("unit", unit(u))])
        if e.figure.isSphere {
            m.append(("radius", a))
        } else if e.isDefinedBySemiMinorAxis {
            m.append(("semi_major_axis", a))
            let b = e.figure.semiMinorAxis
            m.append(("semi_minor_axis", u.factor == 1 ? .number(b) : .object([("value", .number(b / u.factor)), ("unit", unit(u))])))
        } else {
            m.append(("semi_major_axis", a))
            m.append(("inverse_flattening", .number(e.inverseFlattening)))
        }
        return .object(m)
    }

    func primeMeridian(_ pm: PrimeMeridian) -> JSONOut {
        let lon: JSONOut
        if isSexagesimal(pm.unit) || (pm.unit.kind == .angle && CRSEquivalence.close(pm.unit.factor, Angle.radiansPerDegree, 1e-12)) {
            lon = .number(pm.longitudeDegrees)
        } else {
            lon = .object([("value", .number(pm.longitude)), ("unit", unit(pm.unit))])
        }
        return .object([("name", .string(pm.name)), ("longitude", lon)])
    }

    func isSexagesimal(_ u: UnitOfMeasure) -> Bool { WKT2Writer.isSexagesimal(u) }

    func unit(_ u: UnitOfMeasure) -> JSONOut {
        let u = u.factor.isNaN ? .degree : u
        if u.authority == "EPSG" {
            switch u.code {
            case "9001": return .string("metre")
            case "9102", "9122": return .string("degree")
            case "9201": return .string("unity")
            default: break
            }
        }
        let type: String
        switch u.kind {
        case .length: type = "LinearUnit"
        case .angle: type = "AngularUnit"
        case .scale: type = "ScaleUnit"
        case .time: type = "TimeUnit"
        case .parametric: type = "ParametricUnit"
        }
        return .object([("type", .string(type)), ("name", .string(WKT2Writer.unitName(u))),
                        ("conversion_factor", .number(u.factor))])
    }

    func coordinateSystem(_ cs: CoordinateSystem) -> JSONOut {
        let axes: [JSONOut] = cs.axes.map { a in
            let (dir, meridian) = CRSResolve.splitDirection(a.direction)
            var m: [(String, JSONOut)] = [("name", .string(a.name)), ("abbreviation", .string(a.abbreviation)),
                                          ("direction", .string(WKT2Writer.wkt2Direction(dir)))]
            if let meridian { m.append(("meridian", .object([("longitude", .number(meridian))]))) }
            m.append(("unit", unit(a.unit)))
            return .object(m)
        }
        return .object([("subtype", .string(cs.kind.rawValue)), ("axis", .array(axes))])
    }

    func conversion(_ c: Conversion, isSphere: Bool) -> JSONOut {
        let c = c.canonicalized(isSphere: isSphere, names: names)
        var method: [(String, JSONOut)] = [("name", .string(c.method.name))]
        if let id = c.method.identifier { method.append(("id", PROJJSONWriter.id(id))) }
        let params: [JSONOut] = c.parameters.map { p in
            var m: [(String, JSONOut)] = [("name", .string(p.name))]
            if let u = p.unit, isSexagesimal(u) {
                m.append(("value", .number(p.normalizedValue)))
                m.append(("unit", .string("degree")))
            } else {
                m.append(("value", .number(p.value)))
                if let u = p.unit { m.append(("unit", unit(u))) }
            }
            if let id = p.identifier { m.append(("id", PROJJSONWriter.id(id))) }
            return .object(m)
        }
        return .object([("name", .string(c.name)), ("method", .object(method)), ("parameters", .array(params))])
    }
}
