import Foundation
import GraticuleCore

extension SpatialReference {
    /// A human-readable multi-line summary (what `graticule crs` prints by default).
    public var summary: String {
        var lines: [String] = []
        lines.append("\(identifier?.description ?? "(no identifier)")  \(name)")
        lines.append("  type:            \(typeName)")
        if let wkid { lines.append("  wkid:            \(wkid)  latest: \(latestWKID.map(String.init) ?? "-")") }
        if isDeprecated {
            lines.append("  deprecated:      yes; replaced by \(replacedBy.map(\.description).joined(separator: ", "))")
        }
        if let unit { lines.append("  unit:            \(unit.name) (\(unit.factor))") }
        if let d = datum {
            lines.append("  datum:           \(d.name)\(d.identifier.map { " [\($0)]" } ?? "")")
            let e = d.ellipsoid
            lines.append("  ellipsoid:       \(e.name)  a = \(e.semiMajorAxis) m  1/f = \(e.inverseFlattening)")
            let pm = d.primeMeridian
            lines.append("  prime meridian:  \(pm.name) \(pm.longitude) \(pm.unit.name)")
        }
        if let base = definition.projected?.base {
            lines.append("  base geographic: \(base.identifier?.description ?? "") \(base.name)")
        }
        if let p = definition.projected?.conversion {
            lines.append("  projection:      \(p.method.name)\(p.method.identifier.map { " [\($0)]" } ?? "")")
            for param in p.parameters {
                lines.append("    \(param.name) = \(param.value)\(param.unit.map { " \($0.name)" } ?? "")")
            }
        }
        let axisText = axes.map { "\($0.name) (\($0.abbreviation), \($0.direction), \($0.unit.name))" }
        if !axisText.isEmpty { lines.append("  axes:            " + axisText.joined(separator: "; ")) }
        if let a = areaOfUse {
            lines.append("  area of use:     \(a.name)")
            lines.append("                   west \(a.west), south \(a.south), east \(a.east), north \(a.north)")
        }
        lines.append("  pannable:        \(isPannable ? "yes" : "no")")
        if !aliases.isEmpty { lines.append("  aliases:         \(aliases.joined(separator: "; "))") }
        return lines.joined(separator: "\n")
    }

    /// The kind of CRS as text: `geographic 2D`, `projected`, `compound`, …
    public var typeName: String {
        switch definition {
        case let .geodetic(g): g.kind.rawValue
        case .projected: "projected"
        case .vertical: "vertical"
        case .compound: "compound"
        case .engineering: "engineering"
        }
    }

    /// A JSON description (what `graticule crs --format json` prints): ArcGIS's `wkid` and
    /// `latestWkid` plus the definition's parts.
    public var jsonDescription: String {
        var obj: [String: Any] = ["name": name, "type": typeName, "isPannable": isPannable,
                                  "isDeprecated": isDeprecated]
        if let identifier { obj["authority"] = identifier.authority; obj["code"] = identifier.code }
        if let wkid { obj["wkid"] = wkid }
        if let latestWKID { obj["latestWkid"] = latestWKID }
        if !replacedBy.isEmpty { obj["replacedBy"] = replacedBy.map(\.description) }
        if let unit { obj["unit"] = ["name": unit.name, "factor": unit.factor] }
        if let d = datum {
            obj["datum"] = ["name": d.name, "id": nullable(d.identifier?.description)]
            obj["ellipsoid"] = ["name": d.ellipsoid.name, "semiMajorAxis": d.ellipsoid.semiMajorAxis,
                                "inverseFlattening": d.ellipsoid.inverseFlattening,
                                "id": nullable(d.ellipsoid.identifier?.description)]
            obj["primeMeridian"] = ["name": d.primeMeridian.name, "longitude": d.primeMeridian.longitudeDegrees]
        }
        if let p = definition.projected {
            obj["baseGeographic"] = ["name": p.base.name, "id": nullable(p.base.identifier?.description)]
            obj["projection"] = [
                "method": p.conversion.method.name,
                "methodId": nullable(p.conversion.method.identifier?.description),
                "parameters": p.conversion.parameters.map {
                    ["name": $0.name, "value": $0.value, "unit": nullable($0.unit?.name),
                     "id": nullable($0.identifier?.description)] as [String: Any]
                },
            ] as [String: Any]
        }
        obj["axes"] = axes.map { ["name": $0.name, "abbreviation": $0.abbreviation, "direction": $0.direction,
                                  "unit": $0.unit.name] }
        if let a = areaOfUse {
            obj["areaOfUse"] = ["name": a.name, "west": a.west, "south": a.south, "east": a.east, "north": a.north]
        }
        if !aliases.isEmpty { obj["aliases"] = aliases }
        let data = (try? JSONSerialization.data(withJSONObject: obj, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Exports the definition as text:
    /// - `wkt1`: WKT1 as GDAL writes it (with `AUTHORITY`, and `AXIS` in the authority's order);
    /// - `esri`: Esri WKT1 as ArcGIS writes it (Esri names from the registry);
    /// - `wkt2`: WKT2:2019 as PROJ writes it (with `USAGE`/`BBOX` and `ID`);
    /// - `projjson`: PROJJSON (schema v0.7);
    /// - `proj`: a PROJ string.
    /// - Throws: `GraticuleError.unsupported` for an unknown format, or for a method the format
    ///   cannot express (a PROJ string for Fuller or LCC west orientated names the method).
    ///
    /// Esri names, PROJ unit names and the Esri projection mapping come from `registry`.
    public func export(_ format: String, registry: Registry) throws(GraticuleError) -> String {
        let names = try registry.names()
        switch format.lowercased() {
        case "wkt1", "wkt1_gdal", "wkt": return try WKT1Writer(crs: definition, names: names).write()
        case "esri", "wkt1_esri":
            return try EsriWKTWriter(crs: definition, names: names, crsAlias: { try? registry.esriCRSAlias($0) }).write()
        case "wkt2", "wkt2_2019":
            return try WKT2Writer(crs: definition, areaOfUse: areaOfUse, scope: scope, names: names).write()
        case "projjson", "json":
            return try PROJJSONWriter(crs: definition, areaOfUse: areaOfUse, scope: scope, names: names).write()
        case "proj", "proj4", "proj_string": return try PROJStringWriter(crs: definition, names: names).write()
        default:
            throw .unsupported("export format \(format.debugDescription) (expected wkt1, esri, wkt2, projjson or proj)")
        }
    }

    /// `export(_:registry:)` with the shared registry (`Registry.shared`).
    /// - Throws: as `export(_:registry:)`, or the shared registry's error when it is missing or unreadable.
    public func export(_ format: String) throws(GraticuleError) -> String {
        try export(format, registry: try Registry.shared)
    }
}

/// `value` or JSON null.
private func nullable(_ value: String?) -> Any { value.map { $0 as Any } ?? NSNull() }
