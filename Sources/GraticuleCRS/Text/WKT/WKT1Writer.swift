import GraticuleCore

/// Writes WKT1 as GDAL writes it (`PROJCS`, `GEOGCS`, `GEOCCS`, `VERT_CS`, `COMPD_CS`,
/// `LOCAL_CS`, with `AUTHORITY` on every identified object, GDAL's projection and parameter
/// names, and `TOWGS84` when the datum has it). Unlike GDAL, `AXIS` is always written, in the
/// authority's order (`EPSG:4326` is `AXIS["Latitude",NORTH],AXIS["Longitude",EAST]`).
struct WKT1Writer {
    var crs: CRS
    /// Esri-named conversions are mapped through this registry index.
    let names: RegistryNames

    func write() throws(GraticuleError) -> String {
        try element(crs, top: true).text
    }

    static func authority(_ id: Identifier?) -> [WKTElement] {
        guard let id else { return [] }
        return [.node("AUTHORITY", [.quoted(id.authority), .quoted(id.code)])]
    }

    func element(_ crs: CRS, top: Bool) throws(GraticuleError) -> WKTElement {
        switch crs {
        case let .geodetic(g):
            if g.kind == .geocentric {
                let u = g.coordinateSystem.unit ?? .metre
                var children: [WKTElement] = [.quoted(g.name), datum(g.datum), primeMeridian(g.datum.primeMeridian, in: .degree), unit(u)]
                children += axes(g.coordinateSystem)
                children += WKT1Writer.authority(g.identifier)
                return .node("GEOCCS", children)
            }
            return geogcs(g, withAxes: true)
        case let .projected(p):
            var children: [WKTElement] = [.quoted(p.name), geogcs(p.base, withAxes: true)]
            children += try projection(p)
            children.append(unit(p.coordinateSystem.unit ?? .metre))
            if let ext = webMercatorExtension(p) { children.append(ext) }
            children += axes(p.coordinateSystem)
            children += WKT1Writer.authority(p.identifier)
            return .node("PROJCS", children)
        case let .vertical(v):
            var children: [WKTElement] = [.quoted(v.name),
                                          .node("VERT_DATUM", [.quoted(v.datum.name), .number("2005")] + WKT1Writer.authority(v.datum.identifier)),
                                          unit(v.coordinateSystem.unit ?? .metre)]
            children += axes(v.coordinateSystem)
            children += WKT1Writer.authority(v.identifier)
            return .node("VERT_CS", children)
        case let .compound(c):
            var children: [WKTElement] = [.quoted(c.name)]
            for comp in c.components { children.append(try element(comp, top: false)) }
            children += WKT1Writer.authority(c.identifier)
            return .node("COMPD_CS", children)
        case let .engineering(e):
            var children: [WKTElement] = [.quoted(e.name), .node("LOCAL_DATUM", [.quoted(e.datumName), .number("0")]),
                                          unit(e.coordinateSystem.unit ?? .metre)]
            children += axes(e.coordinateSystem)
            children += WKT1Writer.authority(e.identifier)
            return .node("LOCAL_CS", children)
        }
    }

    func geogcs(_ g: GeodeticCRS, withAxes: Bool) -> WKTElement {
        let angular = g.coordinateSystem.axes.first?.unit ?? .degree
        var children: [WKTElement] = [.quoted(g.name), datum(g.datum), primeMeridian(g.datum.primeMeridian, in: angular),
                                      unit(angular)]
        if withAxes { children += axes(g.coordinateSystem) }
        children += WKT1Writer.authority(g.identifier)
        return .node("GEOGCS", children)
    }

    /// GDAL's datum name: EPSG names with spaces and punctuation as underscores, `WGS_1984` for
    /// WGS 84, without the ` ensemble` suffix of EPSG 10 ensembles.
    static func datumName(_ d: GeodeticDatum) -> String {
        var name = d.name
        if name.hasSuffix(" ensemble") { name.removeLast(" ensemble".count) }
        if d.identifier?.authority == "EPSG" || d.identifier == nil && name.contains(" ") {
            name = TextFormat.esriName(name)
        }
        if name == "World_Geodetic_System_1984" { name = "WGS_1984" }
        return name
    }

    func datum(_ d: GeodeticDatum) -> WKTElement {
        let e = d.ellipsoid
        var children: [WKTElement] = [
            .quoted(WKT1Writer.datumName(d)),
            .node("SPHEROID", [.quoted(e.name), .number(TextFormat.wkt(e.semiMajorAxis)),
                               .number(TextFormat.wkt(e.inverseFlattening))] + WKT1Writer.authority(e.identifier)),
        ]
        if let t = d.towgs84, t.count == 7 {
            children.append(.node("TOWGS84", t.map { .number(TextFormat.wkt($0)) }))
        }
        children += WKT1Writer.authority(d.identifier)
        return .node("DATUM", children)
    }

    /// The prime meridian's longitude in degrees, as GDAL and PROJ write it whatever the GEOGCS unit.
    func primeMeridian(_ pm: PrimeMeridian, in unit: UnitOfMeasure) -> WKTElement {
        .node("PRIMEM", [.quoted(pm.name), .number(TextFormat.wkt(pm.longitudeDegrees))] + WKT1Writer.authority(pm.identifier))
    }

    func unit(_ u: UnitOfMeasure) -> WKTElement {
        var id: Identifier?
        if let a = u.authority, let c = u.code { id = Identifier(a, c) }
        let factor = u.factor.isNaN ? Angle.radiansPerDegree : u.factor
        return .node("UNIT", [.quoted(WKT2Writer.unitName(u)), .number(TextFormat.wkt(factor))] + WKT1Writer.authority(id))
    }

    static let wkt1Directions: Set<String> = ["north", "south", "east", "west", "up", "down", "other"]

    func axes(_ cs: CoordinateSystem) -> [WKTElement] {
        cs.axes.map { a in
            var name = a.name
            if name == "Geodetic latitude" { name = "Latitude" }
            if name == "Geodetic longitude" { name = "Longitude" }
            var dir = CRSResolve.splitDirection(a.direction).0.lowercased()
            if dir == "geocentricz" { dir = "north" }
            if !WKT1Writer.wkt1Directions.contains(dir) { dir = "other" }
            return .node("AXIS", [.quoted(name), .word(dir.uppercased())])
        }
    }

    /// Methods WKT1 cannot tell apart from another get GDAL's `EXTENSION["PROJ4", …]` with the
    /// PROJ string that says what they are: Popular Visualisation Pseudo Mercator (written as
    /// Mercator_1SP), and the spherical forms on an ellipsoid (`+R_A`, `+f=0`).
    func webMercatorExtension(_ p: ProjectedCRS) -> WKTElement? {
        let c = p.conversion.canonicalized(isSphere: p.base.datum.ellipsoid.figure.isSphere, names: names)
        let spec = MethodTable.spec(for: c.method)
        let ambiguous = c.method.epsgCode == 1024
            || (!p.base.datum.ellipsoid.figure.isSphere && (spec?.projAux == "R_A" || spec?.projAux == "f=0"))
        guard ambiguous, let proj = try? PROJStringWriter(crs: .projected(p), names: names).write() else { return nil }
        return .node("EXTENSION", [.quoted("PROJ4"), .quoted(proj)])
    }

    func projection(_ p: ProjectedCRS) throws(GraticuleError) -> [WKTElement] {
        let isSphere = p.base.datum.ellipsoid.figure.isSphere
        let c = p.conversion.canonicalized(isSphere: isSphere, names: names)
        let angular = p.base.coordinateSystem.axes.first?.unit ?? .degree
        let linear = p.coordinateSystem.unit ?? .metre
        func value(_ param: OperationParameter) -> Double {
            guard let u = param.unit else { return param.value }
            switch u.kind {
            case .angle: return TextFormat.convert(param, to: angular)
            case .length: return TextFormat.convert(param, to: linear)
            default: return param.siValue
            }
        }
        if c.method.epsgCode == 1024 {
            return [.node("PROJECTION", [.quoted("Mercator_1SP")]),
                    .node("PARAMETER", [.quoted("central_meridian"), .number(TextFormat.wkt(c.parameter(epsg: 8802).map(value) ?? 0))]),
                    .node("PARAMETER", [.quoted("scale_factor"), .number("1")]),
                    .node("PARAMETER", [.quoted("false_easting"), .number(TextFormat.wkt(c.parameter(epsg: 8806).map(value) ?? 0))]),
                    .node("PARAMETER", [.quoted("false_northing"), .number(TextFormat.wkt(c.parameter(epsg: 8807).map(value) ?? 0))])]
        }
        guard let spec = MethodTable.spec(for: c.method), let wkt1 = spec.wkt1 else {
            // No GDAL name: write the method and parameter names as they are (underscored).
            var out: [WKTElement] = [.node("PROJECTION", [.quoted(TextFormat.esriName(c.method.name))])]
            for param in c.parameters {
                out.append(.node("PARAMETER", [.quoted(param.name), .number(TextFormat.wkt(value(param)))]))
            }
            return out
        }
        var out: [WKTElement] = [.node("PROJECTION", [.quoted(wkt1)])]
        for ps in spec.params {
            guard let name = ps.wkt1 else { continue }
            guard let param = c.parameter(epsg: ps.epsg, orNamed: ps.name) else { continue }
            out.append(.node("PARAMETER", [.quoted(name), .number(TextFormat.wkt(value(param)))]))
        }
        return out
    }
}
