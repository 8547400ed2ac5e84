import GraticuleCore

/// WKT1 `PROJECTION` + `PARAMETER`s → a `Conversion`, for GDAL's names and for Esri's.
extension WKTReader {
    struct RawParameter {
        var name: String
        var value: Double
        /// The parameter's own unit, when it carries one (otherwise the CRS's angular or linear unit).
        var unit: UnitOfMeasure? = nil
    }

    func wkt1Projection(_ proj: WKTNode, in node: WKTNode, base: GeodeticCRS,
                        linearUnit: UnitOfMeasure) throws(GraticuleError) -> Conversion {
        let projName = try name(proj)
        var raw: [RawParameter] = []
        for p in node.children("PARAMETER") {
            raw.append(RawParameter(name: try name(p), value: try number(p, 1, what: "value")))
        }
        // Angular parameters are in the GEOGCS unit as the text gives it (the resolved base CRS may
        // carry the registry's presentation unit instead).
        let textUnit = try node.child("GEOGCS").flatMap { g throws(GraticuleError) in try unitChild(g, expected: .angle) }
        let angular = textUnit ?? base.coordinateSystem.unit.flatMap { $0.kind == .angle ? $0 : nil } ?? .degree
        let isSphere = base.datum.ellipsoid.figure.isSphere
        let crsName = (try? name(node)) ?? ""
        let hasEsriMapping = !names.esriMappings(forEsriName: projName).isEmpty
        // Esri and GDAL share some projection names (Azimuthal_Equidistant, Equal_Earth, …): when
        // the parameter names fit GDAL's mapping better than Esri's, GDAL's wins.
        let standard = WKTReader.standardConversion(projName, raw, isSphere: isSphere, linear: linearUnit, angular: angular)
        let esriResult = hasEsriMapping
            ? WKTReader.esriConversion(projName, raw, crsName: crsName, isSphere: isSphere, linear: linearUnit,
                                       angular: angular, maybe: maybeEsri && !esri, names: names)
            : nil
        let esriUnmatched = esriResult == nil ? Int.max : WKTReader.unmatchedEsriParameters(projName, raw, names: names)
        let standardUnmatched = standard.map { WKTReader.unmatchedStandardParameters($0, raw) } ?? Int.max
        if esri || maybeEsri, let e = esriResult, esriUnmatched == 0 || standardUnmatched >= esriUnmatched { return e }
        if let s = standard { return s }
        if let e = esriResult { return e }
        // A method nobody maps (Esri's Fuller, Cube, Berghaus_Star, …): keep the names as given.
        let params = raw.map { r -> OperationParameter in
            let kind = ParameterKind.guessEsri(r.name)
            return OperationParameter(name: r.name, value: r.value,
                                      unit: kind == .angle ? angular : kind == .length ? linearUnit : .unity)
        }
        var method = OperationMethod(name: projName)
        if let spec = MethodTable.method(named: projName), let c = spec.epsg { method = OperationMethod(name: spec.name, identifier: Identifier("EPSG", c)) }
        return Conversion(name: "unnamed", method: method, parameters: params)
    }

    /// Raw parameters whose names no Esri alternative of the projection knows.
    static func unmatchedEsriParameters(_ esriName: String, _ raw: [RawParameter], names: RegistryNames) -> Int {
        let known = Set(names.esriMappings(forEsriName: esriName).flatMap { $0.parameters.map { $0.esriName.lowercased() } })
        return raw.filter { !known.contains($0.name.lowercased()) }.count
    }

    /// Raw parameters the standard conversion kept under their own (unmapped) names.
    static func unmatchedStandardParameters(_ c: Conversion, _ raw: [RawParameter]) -> Int {
        c.parameters.filter { p in p.identifier == nil && raw.contains(where: { r in r.name == p.name }) }.count
    }

    /// Maps an Esri projection through the registry's Esri tables, choosing among alternatives
    /// (LCC 1SP / 2SP / Michigan, Goode variants by `Option`, Krovak by `X_Scale`, …) as PROJ does:
    /// the alternative matching most parameters wins; a selector with another value rules an
    /// alternative out.
    static func esriConversion(_ esriName: String, _ raw: [RawParameter], crsName: String, isSphere: Bool,
                        linear: UnitOfMeasure, angular: UnitOfMeasure, maybe: Bool, names: RegistryNames) -> Conversion? {
        let alternatives = names.esriMappings(forEsriName: esriName)
        guard !alternatives.isEmpty else { return nil }
        var present: [String: Double] = [:]
        var ownUnits: [String: UnitOfMeasure] = [:]
        for r in raw {
            present[r.name.lowercased()] = r.value
            if let u = r.unit { ownUnits[r.name.lowercased()] = u }
        }
        var best: EsriMethodMapping?
        var bestCount = -1
        var bestDefaults: [String: Double] = [:]
        for alt in alternatives {
            var match = 0, unmatch = 0
            var defaults: [String: Double] = [:]
            var rejected = false
            for p in alt.parameters {
                let key = p.esriName.lowercased()
                if let v = present[key] {
                    if p.name == nil {
                        if let f = p.fixedValue, f == v { match += 1 } else { rejected = true; break }
                    } else {
                        match += 1
                    }
                } else if p.name != nil, let f = p.fixedValue {
                    defaults[key] = f
                } else {
                    unmatch += 1
                }
            }
            if rejected { continue }
            if match > bestCount && !(maybe && unmatch >= match) {
                best = alt
                bestCount = match
                bestDefaults = defaults
            }
        }
        guard let best else { return nil }
        var values = present.merging(bestDefaults) { a, _ in a }
        var wkt2ToEsri: [String: String] = [:]
        for p in best.parameters { if let n = p.name { wkt2ToEsri[MethodTable.normalize(n)] = p.esriName } }
        var spec = best.methodCode.flatMap { MethodTable.method(epsg: $0) } ?? MethodTable.method(named: best.methodName)
        let lower = esriName.lowercased()
        if lower == "krovak", crsName.contains("_East_North") { spec = MethodTable.method(epsg: 1041) }
        if lower == "stereographic", let lat = values["latitude_of_origin"], abs(lat) == 90 {
            spec = MethodTable.method(epsg: 9810)
        }
        if let s = spec { spec = MethodTable.selectSphericalOrEllipsoidal(s, isSphere: isSphere) }
        if spec?.epsg == 1028 || spec?.epsg == 1029, lower == "plate_carree" {
            wkt2ToEsri[MethodTable.normalize("Latitude of 1st standard parallel")] = "Standard_Parallel_1"
            if values["standard_parallel_1"] == nil { values["standard_parallel_1"] = 0 }
        } else if spec?.epsg == 9812 || spec?.epsg == 9815,
                  lower != "rectified_skew_orthomorphic_natural_origin", lower != "rectified_skew_orthomorphic_center" {
            wkt2ToEsri[MethodTable.normalize("Angle from Rectified to Skew Grid")] = "Azimuth"
        }
        func unit(_ kind: ParameterKind) -> UnitOfMeasure {
            kind == .angle ? angular : kind == .length ? linear : .unity
        }
        var params: [OperationParameter] = []
        if let spec {
            for ps in spec.params {
                guard let esriParam = wkt2ToEsri[MethodTable.normalize(ps.name)],
                      let v = values[esriParam.lowercased()] else { continue }
                params.append(OperationParameter(name: ps.name, identifier: ps.epsg.map { Identifier("EPSG", $0) },
                                                 value: v, unit: ownUnits[esriParam.lowercased()] ?? unit(ps.kind)))
            }
            return Conversion(name: "unnamed", method: OperationMethod(name: spec.name, identifier: spec.epsg.map { Identifier("EPSG", $0) }),
                              parameters: params)
        }
        for p in best.parameters {
            guard let n = p.name, let v = values[p.esriName.lowercased()] else { continue }
            params.append(OperationParameter(name: n, identifier: p.epsgCode.map { Identifier("EPSG", $0) }, value: v,
                                             unit: ownUnits[p.esriName.lowercased()] ?? unit(ParameterKind.guess(n))))
        }
        return Conversion(name: "unnamed", method: OperationMethod(name: best.methodName, identifier: best.methodCode.map { Identifier("EPSG", $0) }),
                          parameters: params)
    }

    /// GDAL's WKT1 projection names and parameter names.
    static func standardConversion(_ projName: String, _ raw: [RawParameter], isSphere: Bool,
                            linear: UnitOfMeasure, angular: UnitOfMeasure) -> Conversion? {
        var raw = raw
        let key = MethodTable.normalize(projName)
        func value(_ wkt1: String) -> Double? {
            raw.last { MethodTable.normalize($0.name) == MethodTable.normalize(wkt1) }?.value
        }
        func unit(_ kind: ParameterKind) -> UnitOfMeasure {
            kind == .angle ? angular : kind == .length ? linear : .unity
        }
        var spec = MethodTable.method(wkt1: projName) ?? MethodTable.method(named: projName)
        var mercator2SPHack = false
        if key == "mercator1sp", value("center_latitude") == nil, let lat0 = value("latitude_of_origin"), lat0 != 0 {
            spec = MethodTable.method(epsg: 9805)
            mercator2SPHack = true
        } else if key == "polarstereographic" {
            // GDAL's one name for both variants: a latitude with no scale factor (or k = 1 off the
            // pole) is variant B's standard parallel; a pole with a scale factor is variant A.
            let lat = value("latitude_of_origin")
            let k = value("scale_factor") ?? 1
            let atPole = lat.map { abs(abs($0 * angular.factor / Angle.radiansPerDegree) - 90) < 1e-10 } ?? false
            if let lat, k == 1, !(atPole && value("scale_factor") != nil) {
                spec = MethodTable.method(epsg: 9829)
                let p = [
                    OperationParameter(name: MethodTable.latStd.name, identifier: Identifier("EPSG", 8832), value: lat, unit: angular),
                    OperationParameter(name: MethodTable.lonOrigin.name, identifier: Identifier("EPSG", 8833),
                                       value: value("central_meridian") ?? 0, unit: angular),
                    OperationParameter(name: "False easting", identifier: Identifier("EPSG", 8806), value: value("false_easting") ?? 0, unit: linear),
                    OperationParameter(name: "False northing", identifier: Identifier("EPSG", 8807), value: value("false_northing") ?? 0, unit: linear),
                ]
                return Conversion(name: "unnamed", method: OperationMethod(name: spec!.name, identifier: Identifier("EPSG", 9829)), parameters: p)
            }
            if let lat, abs(abs(lat * angular.factor / Angle.radiansPerDegree) - 90) < 1e-10 {
                spec = MethodTable.method(epsg: 9810)
            } else {
                spec = nil
            }
        } else if spec == nil, key == "lambertconformalconic" {
            let sp2 = value("standard_parallel_2") != nil
            let sf = value("scale_factor") != nil
            spec = sp2 && !sf ? MethodTable.method(epsg: 9802) : !sp2 && sf ? MethodTable.method(epsg: 9801)
                : sp2 && sf ? MethodTable.method(epsg: 1051) : nil
        }
        guard var spec else { return nil }
        spec = MethodTable.selectSphericalOrEllipsoidal(spec, isSphere: isSphere)
        if mercator2SPHack {
            raw = raw.compactMap { r in
                var r = r
                if MethodTable.normalize(r.name) == "latitudeoforigin" { r.name = "standard_parallel_1" }
                if MethodTable.normalize(r.name) == "scalefactor" && r.value == 1 { return nil }
                return r
            }
        }
        var params: [OperationParameter] = []
        var found = Set<Int>()
        for r in raw {
            let k = MethodTable.normalize(r.name)
            if spec.epsg == 9805 && k == "latitudeoforigin" {
                params.append(OperationParameter(name: MethodTable.latNat.name, identifier: Identifier("EPSG", 8801),
                                                 value: r.value, unit: r.unit ?? angular))
                continue
            }
            if let (i, ps) = spec.params.enumerated().first(where: { (_, ps) in
                (ps.wkt1.map(MethodTable.normalize) == k) || MethodTable.normalize(ps.name) == k
            }) {
                found.insert(i)
                params.append(OperationParameter(name: ps.name, identifier: ps.epsg.map { Identifier("EPSG", $0) },
                                                 value: r.value, unit: r.unit ?? unit(ps.kind)))
            } else {
                params.append(OperationParameter(name: r.name, value: r.value, unit: r.unit ?? unit(ParameterKind.guess(r.name))))
            }
        }
        for (i, ps) in spec.params.enumerated() where !found.contains(i) && ps.epsg == 8805 {
            params.append(OperationParameter(name: ps.name, identifier: Identifier("EPSG", 8805), value: 1, unit: .unity))
        }
        if spec.epsg == 9812 || spec.epsg == 9815 {
            let hasSkew = params.contains { $0.epsgCode == 8814 }
            if !hasSkew, let az = params.first(where: { $0.epsgCode == 8813 }) {
                params.append(OperationParameter(name: MethodTable.skew.name, identifier: Identifier("EPSG", 8814),
                                                 value: az.value, unit: az.unit))
            }
        }
        if spec.epsg == 9804, !params.contains(where: { $0.epsgCode == 8801 }) {
            params.insert(OperationParameter(name: MethodTable.latNat.name, identifier: Identifier("EPSG", 8801),
                                             value: 0, unit: .degree), at: 0)
        }
        return Conversion(name: "unnamed", method: OperationMethod(name: spec.name, identifier: spec.epsg.map { Identifier("EPSG", $0) }),
                          parameters: params)
    }
}

extension ParameterKind {
    /// The kind of an Esri parameter of a method without a mapping.
    static func guessEsri(_ name: String) -> ParameterKind {
        switch name.lowercased() {
        case "false_easting", "false_northing", "height": return .length
        case "scale_factor", "option", "x_scale", "y_scale", "auxiliary_sphere_type": return .scale
        default: return .angle
        }
    }
}

extension MethodTable {
    /// The spherical or ellipsoidal form of a method, chosen by the figure (as PROJ does for
    /// cylindrical equal area, Lambert azimuthal equal area and equidistant cylindrical).
    static func selectSphericalOrEllipsoidal(_ spec: MethodSpec, isSphere: Bool) -> MethodSpec {
        switch spec.epsg {
        case 9834, 9835: return method(epsg: isSphere ? 9834 : 9835) ?? spec
        case 9820, 1027: return method(epsg: isSphere ? 1027 : 9820) ?? spec
        case 1028, 1029: return method(epsg: isSphere ? 1029 : 1028) ?? spec
        default: return spec
        }
    }
}

extension Conversion {
    /// The conversion of an Esri CRS the registry read from Esri WKT has no name of its own
    /// ("unnamed"): PROJ names it after the CRS, and so do the writers.
    func namedAfter(_ p: ProjectedCRS) -> Conversion {
        guard name == "unnamed", p.identifier?.authority == "ESRI" else { return self }
        var c = self
        c.name = p.name
        return c
    }

    /// The EPSG name of a UTM zone conversion (`UTM zone 31N`) when the parameters are those of one.
    static func utmName(_ c: Conversion) -> String? {
        guard c.method.epsgCode == 9807,
              let lat0 = c.parameter(epsg: 8801)?.normalizedValue, lat0 == 0,
              let lon0 = c.parameter(epsg: 8802)?.normalizedValue,
              let k = c.parameter(epsg: 8805)?.siValue, k == 0.9996,
              let fe = c.parameter(epsg: 8806)?.siValue, fe == 500_000,
              let fn = c.parameter(epsg: 8807)?.siValue, fn == 0 || fn == 10_000_000 else { return nil }
        let zone = (lon0 + 183) / 6
        guard zone == zone.rounded(), zone >= 1, zone <= 60 else { return nil }
        return "UTM zone \(Int(zone))\(fn == 0 ? "N" : "S")"
    }
}
