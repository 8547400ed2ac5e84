import GraticuleCore

/// Writes WKT2:2019 (ISO 19162:2019) as PROJ writes it: one line; `ID` on the CRS, on the base
/// CRS of a projected CRS, on the method and on each parameter; `USAGE[SCOPE, AREA, BBOX]`;
/// `ORDER` and a unit on every axis; axes in the authority's order.
struct WKT2Writer {
    var crs: CRS
    var areaOfUse: AreaOfUse?
    var scope: String?
    /// Esri-named conversions are mapped through this registry index.
    let names: RegistryNames

    func write() throws(GraticuleError) -> String {
        var root = try element(crs, top: true)
        if case .node(let kw, var children) = root {
            if let usage = usageElement() { children.append(usage) }
            if let id = crs.identifier { children.append(WKT2Writer.id(id)) }
            root = .node(kw, children)
        }
        if case let .geodetic(g) = crs, let t = g.datum.towgs84 { root = boundCRS(root, towgs84: t, source: g.name) }
        if case let .projected(p) = crs, let t = p.base.datum.towgs84 { root = boundCRS(root, towgs84: t, source: p.name) }
        return root.text
    }

    func usageElement() -> WKTElement? {
        guard scope != nil || areaOfUse != nil else { return nil }
        var children: [WKTElement] = []
        children.append(.node("SCOPE", [.quoted(scope ?? "unknown")]))
        if let a = areaOfUse {
            if !a.name.isEmpty { children.append(.node("AREA", [.quoted(a.name)])) }
            children.append(.node("BBOX", [a.south, a.west, a.north, a.east].map { .number(TextFormat.wkt($0)) }))
        }
        return .node("USAGE", children)
    }

    static func id(_ id: Identifier) -> WKTElement {
        if let n = id.number, String(n) == id.code { return .node("ID", [.quoted(id.authority), .number(id.code)]) }
        return .node("ID", [.quoted(id.authority), .quoted(id.code)])
    }

    // MARK: CRS

    func element(_ crs: CRS, top: Bool) throws(GraticuleError) -> WKTElement {
        switch crs {
        case let .geodetic(g):
            var children: [WKTElement] = [.quoted(g.name)]
            children += datum(g.datum)
            children.append(primeMeridian(g.datum.primeMeridian))
            children += coordinateSystem(g.coordinateSystem)
            return .node(g.coordinateSystem.kind == .ellipsoidal ? "GEOGCRS" : "GEODCRS", children)
        case let .projected(p):
            var base: [WKTElement] = [.quoted(p.base.name)]
            base += datum(p.base.datum)
            base.append(primeMeridian(p.base.datum.primeMeridian))
            // The base CRS's angular unit when it is not the prime meridian's (PROJ writes it
            // after PRIMEM).
            let pmUnit = Self.isSexagesimal(p.base.datum.primeMeridian.unit) ? .degree : p.base.datum.primeMeridian.unit
            if let u = p.base.coordinateSystem.unit, u.kind == .angle, !sameUnit(Self.isSexagesimal(u) ? .degree : u, pmUnit) {
                base.append(unit(u))
            }
            if let id = p.base.identifier { base.append(WKT2Writer.id(id)) }
            var children: [WKTElement] = [.quoted(p.name)]
            children.append(.node(p.base.coordinateSystem.kind == .ellipsoidal ? "BASEGEOGCRS" : "BASEGEODCRS", base))
            children.append(try conversion(p.conversion.namedAfter(p), isSphere: p.base.datum.ellipsoid.figure.isSphere))
            children += coordinateSystem(p.coordinateSystem)
            return .node("PROJCRS", children)
        case let .vertical(v):
            var children: [WKTElement] = [.quoted(v.name)]
            if let e = v.datum.ensemble {
                var en: [WKTElement] = [.quoted(v.datum.name)]
                en += e.members.map { .node("MEMBER", [.quoted($0.name)]) }
                if let acc = e.accuracy { en.append(.node("ENSEMBLEACCURACY", [.number(TextFormat.decimal(acc, keepPoint: true))])) }
                children.append(.node("ENSEMBLE", en))
            } else {
                children.append(.node("VDATUM", [.quoted(v.datum.name)]))
            }
            children += coordinateSystem(v.coordinateSystem)
            return .node("VERTCRS", children)
        case let .compound(c):
            var children: [WKTElement] = [.quoted(c.name)]
            for comp in c.components { children.append(try element(comp, top: false)) }
            return .node("COMPOUNDCRS", children)
        case let .engineering(e):
            var children: [WKTElement] = [.quoted(e.name), .node("EDATUM", [.quoted(e.datumName)])]
            children += coordinateSystem(e.coordinateSystem)
            return .node("ENGCRS", children)
        }
    }

    /// `BOUNDCRS[SOURCECRS[…], TARGETCRS[WGS 84], ABRIDGEDTRANSFORMATION[…]]` for a datum with
    /// TOWGS84 parameters.
    func boundCRS(_ source: WKTElement, towgs84 t: [Double], source name: String) -> WKTElement {
        let wgs84: WKTElement = .node("GEOGCRS", [
            .quoted("WGS 84"),
            .node("DATUM", [.quoted("World Geodetic System 1984"),
                            .node("ELLIPSOID", [.quoted("WGS 84"), .number("6378137"), .number("298.257223563"),
                                                unit(.metre)])]),
            primeMeridian(.greenwich),
            .node("CS", [.word("ellipsoidal"), .number("2")]),
            .node("AXIS", [.quoted("latitude"), .word("north"), .node("ORDER", [.number("1")]), unit(.degree)]),
            .node("AXIS", [.quoted("longitude"), .word("east"), .node("ORDER", [.number("2")]), unit(.degree)]),
            .node("ID", [.quoted("EPSG"), .number("4326")]),
        ])
        let names = ["X-axis translation", "Y-axis translation", "Z-axis translation", "X-axis rotation",
                     "Y-axis rotation", "Z-axis rotation", "Scale difference"]
        let codes = [8605, 8606, 8607, 8608, 8609, 8610, 8611]
        var params: [WKTElement] = []
        let seven = t.count == 7 && t[3...].contains { $0 != 0 }
        for i in 0..<(seven ? 7 : 3) {
            params.append(.node("PARAMETER", [.quoted(names[i]), .number(TextFormat.wkt(t[i])),
                                              .node("ID", [.quoted("EPSG"), .number(String(codes[i]))])]))
        }
        let method: WKTElement = seven
            ? .node("METHOD", [.quoted("Position Vector transformation (geog2D domain)"), .node("ID", [.quoted("EPSG"), .number("9606")])])
            : .node("METHOD", [.quoted("Geocentric translations (geog2D domain)"), .node("ID", [.quoted("EPSG"), .number("9603")])])
        return .node("BOUNDCRS", [
            .node("SOURCECRS", [source]),
            .node("TARGETCRS", [wgs84]),
            .node("ABRIDGEDTRANSFORMATION", [.quoted("Transformation from \(name) to WGS84"), method] + params),
        ])
    }

    // MARK: Datum

    func datum(_ d: GeodeticDatum) -> [WKTElement] {
        var out: [WKTElement] = []
        if let e = d.ensemble {
            var en: [WKTElement] = [.quoted(d.name)]
            en += e.members.map { .node("MEMBER", [.quoted($0.name)]) }
            en.append(ellipsoid(d.ellipsoid))
            if let acc = e.accuracy { en.append(.node("ENSEMBLEACCURACY", [.number(TextFormat.decimal(acc, keepPoint: true))])) }
            out.append(.node("ENSEMBLE", en))
            return out
        }
        if let epoch = d.frameReferenceEpoch {
            out.append(.node("DYNAMIC", [.node("FRAMEEPOCH", [.number(TextFormat.g15(epoch))])]))
        }
        var children: [WKTElement] = [.quoted(d.name), ellipsoid(d.ellipsoid)]
        if let anchor = d.anchor, !anchor.isEmpty { children.append(.node("ANCHOR", [.quoted(anchor)])) }
        out.append(.node("DATUM", children))
        return out
    }

    func ellipsoid(_ e: ReferenceEllipsoid) -> WKTElement {
        let u = e.unit.kind == .length && e.unit.factor > 0 ? e.unit : .metre
        return .node("ELLIPSOID", [.quoted(e.name), .number(TextFormat.wkt(e.semiMajorAxis / u.factor)),
                                   .number(TextFormat.wkt(e.inverseFlattening)), unit(u)])
    }

    func primeMeridian(_ pm: PrimeMeridian) -> WKTElement {
        if Self.isSexagesimal(pm.unit) {
            return .node("PRIMEM", [.quoted(pm.name), .number(TextFormat.wkt(pm.longitudeDegrees)), unit(.degree)])
        }
        return .node("PRIMEM", [.quoted(pm.name), .number(TextFormat.wkt(pm.longitude)), unit(pm.unit)])
    }

    // MARK: Units and axes

    static func isSexagesimal(_ u: UnitOfMeasure) -> Bool {
        u.authority == "EPSG" && (u.factor.isNaN || ["9107", "9108", "9110", "9111", "9115", "9116", "9117",
                                                     "9118", "9119", "9120", "9121"].contains(u.code ?? ""))
    }

    func sameUnit(_ a: UnitOfMeasure, _ b: UnitOfMeasure) -> Bool {
        a.kind == b.kind && CRSEquivalence.close(a.factor, b.factor, 1e-12)
    }

    static func unitName(_ u: UnitOfMeasure) -> String {
        if u.authority == "EPSG" && u.code == "9122" { return "degree" }
        return u.name
    }

    /// A unit node. Sexagesimal units keep their name (PROJ writes the axes of EPSG:4035 in
    /// "degree minute second hemisphere"); values in them are converted before they get here.
    func unit(_ u: UnitOfMeasure) -> WKTElement {
        let u = u.factor.isNaN ? .degree : u
        let keyword: String
        switch u.kind {
        case .angle: keyword = "ANGLEUNIT"
        case .length: keyword = "LENGTHUNIT"
        case .scale: keyword = "SCALEUNIT"
        case .time: keyword = "TIMEUNIT"
        case .parametric: keyword = "PARAMETRICUNIT"
        }
        return .node(keyword, [.quoted(WKT2Writer.unitName(u)), .number(TextFormat.wkt(u.factor))])
    }

    func coordinateSystem(_ cs: CoordinateSystem) -> [WKTElement] {
        var out: [WKTElement] = [.node("CS", [.word(cs.kind.rawValue), .number(String(cs.axes.count))])]
        for (i, a) in cs.axes.enumerated() {
            out.append(axis(a, order: cs.axes.count > 1 ? i + 1 : 0))
        }
        return out
    }

    static func wkt2Direction(_ d: String) -> String {
        // "east south east" / "east-south-east" → "eastSouthEast"
        let parts = d.split { $0 == " " || $0 == "-" }
        guard parts.count > 1 else { return d }
        return parts.enumerated().map { i, p in i == 0 ? p.lowercased() : p.prefix(1).uppercased() + p.dropFirst().lowercased() }
            .joined()
    }

    func axis(_ a: Axis, order: Int) -> WKTElement {
        let (dir, meridian) = CRSResolve.splitDirection(a.direction)
        var designation = a.name.isEmpty ? "" : a.name.prefix(1).lowercased() + a.name.dropFirst()
        let paren = "(\(a.abbreviation))"
        if !(a.name == "Latitude" || a.name == "Longitude") && !a.abbreviation.isEmpty {
            designation += designation.isEmpty ? paren : " " + paren
        }
        let lower = dir.lowercased()
        if !a.abbreviation.isEmpty {
            if lower == "geocentricx" || lower == "geocentricy" || lower == "geocentricz" {
                designation = paren
            } else if (order == 1 && a.name == "Easting" && a.abbreviation == "E")
                        || (order == 2 && a.name == "Northing" && a.abbreviation == "N") {
                designation = paren
            }
        }
        var children: [WKTElement] = [.quoted(designation), .word(WKT2Writer.wkt2Direction(dir))]
        if let m = meridian {
            children.append(.node("MERIDIAN", [.number(TextFormat.wkt(m)), unit(.degree)]))
        }
        if order > 0 { children.append(.node("ORDER", [.number(String(order))])) }
        children.append(unit(a.unit))
        return .node("AXIS", children)
    }

    // MARK: Conversion

    func conversion(_ c: Conversion, isSphere: Bool) throws(GraticuleError) -> WKTElement {
        let c = c.canonicalized(isSphere: isSphere, names: names)
        var method: [WKTElement] = [.quoted(c.method.name)]
        if let id = c.method.identifier { method.append(WKT2Writer.id(id)) }
        var children: [WKTElement] = [.quoted(c.name), .node("METHOD", method)]
        for p in c.parameters {
            var pc: [WKTElement] = [.quoted(p.name)]
            if let u = p.unit, Self.isSexagesimal(u) {
                pc.append(.number(TextFormat.wkt(p.normalizedValue)))
                pc.append(unit(.degree))
            } else {
                pc.append(.number(TextFormat.wkt(p.value)))
                if let u = p.unit { pc.append(unit(u)) }
            }
            if let id = p.identifier { pc.append(WKT2Writer.id(id)) }
            children.append(.node("PARAMETER", pc))
        }
        return .node("CONVERSION", children)
    }
}
