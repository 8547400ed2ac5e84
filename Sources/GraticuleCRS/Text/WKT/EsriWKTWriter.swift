import Foundation
import GraticuleCore

/// Writes Esri WKT1 as ArcGIS writes it: Esri names from the registry aliases (`GCS_WGS_1984`,
/// `D_WGS_1984`, `WGS_1984`, `Meter`, `Foot_US`), Esri projection and parameter names from the
/// registry's Esri mapping, numbers always with a decimal point, no `AUTHORITY` and no `AXIS`
/// (Esri WKT carries no axis order), the prime meridian in degrees. A compound CRS is written
/// as Esri does, `PROJCS[…],VERTCS[…]`.
struct EsriWKTWriter {
    var crs: CRS

    /// Esri names and the Esri projection mapping come from this registry index.
    let names: RegistryNames
    /// The Esri alias of a CRS (the registry's `alias` table, source ESRI), asked only for the
    /// CRSs being written: the 14,000 CRS aliases are not part of the name index.
    var crsAlias: (Identifier) -> String? = { _ in nil }

    func write() throws(GraticuleError) -> String {
        switch crs {
        case let .compound(c):
            return try c.components.map { (comp: CRS) throws(GraticuleError) -> String in try element(comp).text }.joined(separator: ",")
        default:
            return try element(crs).text
        }
    }

    func element(_ crs: CRS) throws(GraticuleError) -> WKTElement {
        switch crs {
        case let .geodetic(g):
            if g.kind == .geocentric {
                return .node("GEOCCS", [.quoted(crsName(g.name, g.identifier, geographic: false)), datum(g.datum),
                                        primeMeridian(g.datum.primeMeridian), unit(g.coordinateSystem.unit ?? .metre)])
            }
            return geogcs(g)
        case let .projected(p):
            var children: [WKTElement] = [.quoted(crsName(p.name, p.identifier, geographic: false)), geogcs(p.base)]
            children += try projection(p)
            children.append(unit(p.coordinateSystem.unit ?? .metre))
            return .node("PROJCS", children)
        case let .vertical(v):
            let down = v.coordinateSystem.axes.first?.direction.lowercased() == "down"
            return .node("VERTCS", [.quoted(crsName(v.name, v.identifier, geographic: false)),
                                    .node("VDATUM", [.quoted(names.esriAlias("datum", v.datum.identifier) ?? TextFormat.esriName(v.datum.name))]),
                                    .node("PARAMETER", [.quoted("Vertical_Shift"), .number("0.0")]),
                                    .node("PARAMETER", [.quoted("Direction"), .number(down ? "-1.0" : "1.0")]),
                                    unit(v.coordinateSystem.unit ?? .metre)])
        case .compound:
            throw .unsupported("nested compound CRS in Esri WKT")
        case let .engineering(e):
            throw .unsupported("Esri WKT has no engineering CRS (\(e.name))")
        }
    }

    /// The Esri name of a CRS: its Esri alias, else the name with Esri's underscores (`GCS_`
    /// prefixed for a geographic CRS).
    func crsName(_ name: String, _ id: Identifier?, geographic: Bool) -> String {
        if id?.authority == "ESRI" { return name }
        if let id, let alias = crsAlias(id) { return alias }
        if geographic {
            if name == "WGS 84" { return "GCS_WGS_1984" }
            let n = TextFormat.esriName(name)
            return n.hasPrefix("GCS_") ? n : "GCS_" + n
        }
        return TextFormat.esriName(name)
    }

    /// `GEOGCS[…]`; a geographic 3D CRS gets Esri's `LINUNIT` for its height axis.
    func geogcs(_ g: GeodeticCRS) -> WKTElement {
        let angular = g.coordinateSystem.axes.first?.unit ?? .degree
        var children: [WKTElement] = [.quoted(crsName(g.name, g.identifier, geographic: true)), datum(g.datum),
                                      primeMeridian(g.datum.primeMeridian), unit(angular)]
        if g.kind == .geographic3D, g.coordinateSystem.axes.count == 3 {
            let h = g.coordinateSystem.axes[2].unit
            children.append(.node("LINUNIT", [.quoted(EsriWKTWriter.esriUnitName(h, names: names)), .number(TextFormat.esri(h.factor))]))
        }
        return .node("GEOGCS", children)
    }

    func datumName(_ d: GeodeticDatum) -> String {
        if let alias = names.esriAlias("datum", d.identifier) { return alias }
        var name = d.name
        if name.hasSuffix(" ensemble") { name.removeLast(" ensemble".count) }
        if name == "World Geodetic System 1984" { return "D_WGS_1984" }
        // The name of another registry datum (ensemble member, alias) with an Esri alias.
        if let row = names.datums(named: name).first(where: { names.esriAlias("datum", $0.id) != nil }) {
            return names.esriAlias("datum", row.id)!
        }
        let n = TextFormat.esriName(name)
        return n.hasPrefix("D_") ? n : "D_" + n
    }

    func datum(_ d: GeodeticDatum) -> WKTElement {
        let e = d.ellipsoid
        let ename = names.esriAlias("ellipsoid", e.identifier) ?? (e.name == "WGS 84" ? "WGS_1984" : TextFormat.esriName(e.name))
        return .node("DATUM", [.quoted(datumName(d)),
                               .node("SPHEROID", [.quoted(ename), .number(TextFormat.esri(e.semiMajorAxis)),
                                                  .number(TextFormat.esri(e.inverseFlattening))])])
    }

    func primeMeridian(_ pm: PrimeMeridian) -> WKTElement {
        let name = names.esriAlias("prime_meridian", pm.identifier) ?? TextFormat.esriName(pm.name)
        return .node("PRIMEM", [.quoted(name), .number(TextFormat.esri(pm.longitudeDegrees))])
    }

    static func esriUnitName(_ u: UnitOfMeasure, names: RegistryNames) -> String {
        var id: Identifier?
        if let a = u.authority, let c = u.code { id = Identifier(a, c) }
        if let alias = names.esriAlias("unit", id) { return alias }
        switch (u.authority, u.code) {
        case ("EPSG", "9102"), ("EPSG", "9122"): return "Degree"
        case ("EPSG", "9105"): return "Grad"
        case ("EPSG", "9101"): return "Radian"
        default: break
        }
        if u.kind == .angle && CRSEquivalence.close(u.factor, Angle.radiansPerDegree, 1e-12) { return "Degree" }
        if u.kind == .length && u.factor == 1 { return "Meter" }
        return TextFormat.esriName(u.name)
    }

    func unit(_ u: UnitOfMeasure) -> WKTElement {
        let factor = u.factor.isNaN ? Angle.radiansPerDegree : u.factor
        return .node("UNIT", [.quoted(EsriWKTWriter.esriUnitName(u, names: names)), .number(TextFormat.esri(factor))])
    }

    // MARK: Projection

    /// Chooses the Esri projection for an EPSG method as ArcGIS names it: Gauss_Kruger for
    /// Gauss-Krüger CRSs, Plate_Carree, the Rectified_Skew_Orthomorphic forms when the skew angle
    /// differs from the azimuth, Stereographic_North/South_Pole, Behrmann; Mercator (variant A) is
    /// written as Esri's Mercator with the equivalent standard parallel.
    func esriMapping(for p: ProjectedCRS, _ c: Conversion) -> EsriMethodMapping? {
        let all = names.esriMappings(forMethod: c.method)
        guard !all.isEmpty else { return nil }
        func named(_ n: String) -> EsriMethodMapping? { names.esriMappings(forEsriName: n).first }
        let deg: (Int) -> Double? = { c.parameter(epsg: $0)?.normalizedValue }
        switch c.method.epsgCode {
        case 1028, 1029:
            if p.name.lowercased().contains("plate carree"), (deg(8801) ?? 0) == 0 { return named("Plate_Carree") }
            return named("Equidistant_Cylindrical")
        case 9807:
            if c.name.contains("Gauss Kruger") || p.name.contains("Gauss") || p.name.contains("GK_") { return named("Gauss_Kruger") }
            return named("Transverse_Mercator")
        case 9812:
            let same = abs((c.parameter(epsg: 8813)?.siValue ?? 0) - (c.parameter(epsg: 8814)?.siValue ?? 0)) < 1e-15
            return named(same ? "Hotine_Oblique_Mercator_Azimuth_Natural_Origin" : "Rectified_Skew_Orthomorphic_Natural_Origin")
        case 9815:
            let same = abs((c.parameter(epsg: 8813)?.siValue ?? 0) - (c.parameter(epsg: 8814)?.siValue ?? 0)) < 1e-15
            return named(same ? "Hotine_Oblique_Mercator_Azimuth_Center" : "Rectified_Skew_Orthomorphic_Center")
        case 9810:
            if p.name == "WGS 84 / UPS North (E,N)" || p.name == "WGS 84 / UPS South (E,N)" {
                return named("Polar_Stereographic_Variant_A")
            }
            return named("Stereographic")
        case 9829:
            return named((deg(8832) ?? 0) > 0 ? "Stereographic_North_Pole" : "Stereographic_South_Pole")
        case 9835:
            return named(abs((deg(8823) ?? 0) - 30) < 1e-10 ? "Behrmann" : "Cylindrical_Equal_Area")
        default:
            // The alternative whose parameters cover the conversion's best (two-point Hotine:
            // "…_Center" takes a latitude of natural origin, "…_Natural_Origin" the projection
            // centre's).
            func covered(_ m: EsriMethodMapping) -> Int {
                c.parameters.filter { p in
                    m.parameters.contains { ep in
                        (p.epsgCode != nil && ep.epsgCode == p.epsgCode) || ep.name.map(RegistryNames.key) == RegistryNames.key(p.name)
                    }
                }.count
            }
            return all.max { covered($0) < covered($1) }.flatMap { best in all.first { covered($0) == covered(best) } }
        }
    }

    func projection(_ p: ProjectedCRS) throws(GraticuleError) -> [WKTElement] {
        let isSphere = p.base.datum.ellipsoid.figure.isSphere
        var c = p.conversion.canonicalized(isSphere: isSphere, names: names)
        if let b = CRSEquivalence.mercatorAsVariantB(c, ellipsoid: p.base.datum.ellipsoid.figure) { c = b }
        let angular = p.base.coordinateSystem.axes.first?.unit ?? .degree
        let angularFactor = angular.factor.isNaN ? Angle.radiansPerDegree : angular.factor
        let linear = p.coordinateSystem.unit ?? .metre
        func value(_ param: OperationParameter) -> Double {
            guard let u = param.unit else { return param.value }
            switch u.kind {
            case .angle:
                var v = TextFormat.convert(param, to: angular)
                if CRSEquivalence.close(angularFactor, Angle.radiansPerDegree, 1e-12) {
                    if v > 180 { v -= 360 } else if v < -180 { v += 360 }
                }
                return v
            case .length: return TextFormat.convert(param, to: linear)
            default: return param.siValue
            }
        }
        guard let mapping = esriMapping(for: p, c) else {
            // No Esri mapping: Esri-only methods (Fuller, Cube, …) keep their names; others are
            // written with GDAL's WKT1 names when there are some, else with underscored EPSG
            // names, as PROJ does.
            let spec = MethodTable.spec(for: c.method)
            var out: [WKTElement] = [.node("PROJECTION", [.quoted(spec?.wkt1 ?? TextFormat.esriName(c.method.name))])]
            for param in c.parameters {
                var name = param.name
                if spec?.wkt1 != nil, let ps = spec?.params.first(where: { ($0.epsg != nil && $0.epsg == param.epsgCode) || RegistryNames.key($0.name) == RegistryNames.key(param.name) }),
                   let w = ps.wkt1 {
                    name = w
                }
                out.append(.node("PARAMETER", [.quoted(name), .number(TextFormat.esri(value(param)))]))
            }
            return out
        }
        var esriName = mapping.esriName
        if c.method.epsgCode == 9804 && esriName != "Mercator_Variant_A" { esriName = "Mercator_Variant_A" }
        var out: [WKTElement] = [.node("PROJECTION", [.quoted(esriName)])]
        for ep in mapping.parameters {
            var v: Double
            if let n = ep.name {
                if let param = c.parameter(epsg: ep.epsgCode, orNamed: n) {
                    v = value(param)
                } else if let f = ep.fixedValue {
                    v = f
                } else {
                    v = ep.esriName.lowercased().contains("scale") ? 1 : 0
                }
            } else {
                v = ep.fixedValue ?? 0
            }
            out.append(.node("PARAMETER", [.quoted(ep.esriName), .number(TextFormat.esri(v))]))
        }
        return out
    }
}
