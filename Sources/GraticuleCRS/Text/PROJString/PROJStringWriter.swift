import GraticuleCore

/// Writes a PROJ string as PROJ's `proj_as_proj_string` writes it
/// (`+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs +type=crs`): `+datum` for WGS 84, NAD83
/// and NAD27, else `+ellps` for PROJ's named ellipsoids, else `+a`/`+rf` (`+b`, `+R`); angles in
/// degrees and lengths in metres whatever the CRS units; `+units` or `+to_meter` for the axes.
/// A method with no PROJ operation (Fuller, LCC west orientated, …) is an `unsupported` error.
struct PROJStringWriter {
    var crs: CRS
    /// Unit names, datum identity and method mapping come from this registry index.
    let names: RegistryNames

    func write() throws(GraticuleError) -> String {
        var parts: [String] = []
        switch crs {
        case let .geodetic(g):
            parts += try geodetic(g)
        case let .projected(p):
            parts += try projected(p)
            if !p.wrapsLongitude { parts.append("+over") }
        case let .compound(c):
            guard let h = c.components.first(where: { $0.horizontal != nil }) else {
                throw .unsupported("PROJ string of a compound CRS without a horizontal component (\(c.name))")
            }
            switch h {
            case let .geodetic(g): parts += try geodetic(g)
            case let .projected(p): parts += try projected(p)
            default: break
            }
            if case let .vertical(v)? = c.components.first(where: { if case .vertical = $0 { true } else { false } }) {
                parts.append(unitPart(v.coordinateSystem.unit ?? .metre, key: "vunits", toMeterKey: "vto_meter"))
            }
        case let .vertical(v):
            parts.append(unitPart(v.coordinateSystem.unit ?? .metre, key: "vunits", toMeterKey: "vto_meter"))
        case let .engineering(e):
            throw .unsupported("PROJ string of an engineering CRS (\(e.name))")
        }
        parts += ["+no_defs", "+type=crs"]
        return parts.joined(separator: " ")
    }

    static func num(_ v: Double) -> String { TextFormat.g15(v) }

    func datumParts(_ d: GeodeticDatum) -> [String] {
        var out: [String] = []
        let key = DatumIdentity.identity(of: d, names: names)
        let e = d.ellipsoid.figure
        let datumNames: [Identifier: (String, String)] = [Identifier("EPSG", 6326): ("WGS84", "WGS84"),
                                                          Identifier("EPSG", 6269): ("NAD83", "GRS80"),
                                                          Identifier("EPSG", 6267): ("NAD27", "clrk66")]
        if let key, let (dn, en) = datumNames[key], let def = PROJNames.ellipsoid(named: en),
           CRSEquivalence.close(def.a, e.semiMajorAxis, 1e-12), CRSEquivalence.close(def.inverseFlattening, e.inverseFlattening, 1e-11) {
            out.append("+datum=\(dn)")
        } else if let n = PROJNames.ellipsoidName(for: e) {
            out.append("+ellps=\(n)")
        } else if e.isSphere {
            out.append("+R=\(Self.num(e.semiMajorAxis))")
        } else if d.ellipsoid.isDefinedBySemiMinorAxis {
            out += ["+a=\(Self.num(e.semiMajorAxis))", "+b=\(Self.num(e.semiMinorAxis))"]
        } else {
            out += ["+a=\(Self.num(e.semiMajorAxis))", "+rf=\(Self.num(e.inverseFlattening))"]
        }
        let pm = d.primeMeridian.longitudeDegrees
        if pm != 0 {
            if let named = PROJNames.primeMeridians.first(where: { abs($0.degrees - pm) < 1e-8 }) {
                out.append("+pm=\(named.name)")
            } else {
                out.append("+pm=\(Self.num(pm))")
            }
        }
        return out
    }

    func unitPart(_ u: UnitOfMeasure, key: String = "units", toMeterKey: String = "to_meter") -> String {
        var id: Identifier?
        if let a = u.authority, let c = u.code { id = Identifier(a, c) }
        if let id, let name = names.projUnitNames[id] { return "+\(key)=\(name)" }
        if u.factor == 1 { return "+\(key)=m" }
        if let hit = names.projUnitNames.first(where: { (uid, _) in
            names.units[uid].map { $0.kind == .length && CRSEquivalence.close($0.factor, u.factor, 1e-12) } ?? false
        }) {
            return "+\(key)=\(hit.value)"
        }
        return "+\(toMeterKey)=\(Self.num(u.factor))"
    }

    func geodetic(_ g: GeodeticCRS) throws(GraticuleError) -> [String] {
        if g.kind == .geocentric {
            return ["+proj=geocent"] + datumParts(g.datum) + [unitPart(g.coordinateSystem.unit ?? .metre)]
        }
        return ["+proj=longlat"] + datumParts(g.datum)
    }

    func projected(_ p: ProjectedCRS) throws(GraticuleError) -> [String] {
        let isSphere = p.base.datum.ellipsoid.figure.isSphere
        let c = p.conversion.canonicalized(isSphere: isSphere, names: names)
        let unit = p.coordinateSystem.unit ?? .metre
        func deg(_ code: Int) -> Double? { c.parameter(epsg: code)?.normalizedValue }
        func si(_ code: Int) -> Double? { c.parameter(epsg: code)?.siValue }
        let tail = datumParts(p.base.datum) + [unitPart(unit)]

        // Popular Visualisation Pseudo Mercator (and the deprecated spherical Mercator of EPSG:3785).
        if c.method.epsgCode == 1024 || c.method.epsgCode == 9841 {
            let a = Self.num(p.base.datum.ellipsoid.semiMajorAxis)
            return ["+proj=merc", "+a=\(a)", "+b=\(a)", "+lat_ts=0", "+lon_0=\(Self.num(deg(8802) ?? 0))",
                    "+x_0=\(Self.num(si(8806) ?? 0))", "+y_0=\(Self.num(si(8807) ?? 0))", "+k=1", unitPart(unit),
                    "+nadgrids=@null", "+wktext"]
        }
        if let utm = Conversion.utmName(c) {
            let zone = utm.dropFirst("UTM zone ".count).dropLast()
            return ["+proj=utm", "+zone=\(zone)"] + (utm.hasSuffix("S") ? ["+south"] : []) + tail
        }
        if c.method.epsgCode == 9815, let az = deg(8813), let skew = deg(8814), abs(az - 90) < 1e-12, abs(skew - 90) < 1e-12 {
            return ["+proj=somerc", "+lat_0=\(Self.num(deg(8811) ?? 0))", "+lon_0=\(Self.num(deg(8812) ?? 0))",
                    "+k_0=\(Self.num(si(8815) ?? 1))", "+x_0=\(Self.num(si(8816) ?? 0))", "+y_0=\(Self.num(si(8817) ?? 0))"] + tail
        }
        if c.method.epsgCode == 9803 {
            // PROJ writes Belgium's variant as plain LCC 2SP, which it is not (the grid is rotated by
            // 29.2985″): refuse rather than write a different CRS.
            throw .unsupported("the method \"Lambert Conic Conformal (2SP Belgium)\" (EPSG:9803) has no PROJ string equivalent")
        }
        if RegistryNames.key(c.method.name) == RegistryNames.key("Hotine Oblique Mercator Two Point Natural Origin") {
            // PROJ's two-point omerc always measures u from the projection centre (it reads +no_uoff
            // only with +alpha/+gamma): a PROJ string would be the "Two Point Center" form, a
            // different map. (PROJ writes it anyway.)
            throw .unsupported("the method \"Hotine Oblique Mercator Two Point Natural Origin\" has no PROJ string "
                               + "equivalent (PROJ's two-point omerc is the centre form)")
        }
        guard let spec = MethodTable.spec(for: c.method), let op = spec.proj else {
            throw .unsupported("the method \(c.method.name.debugDescription)"
                               + (c.method.identifier.map { " (\($0))" } ?? "") + " has no PROJ string equivalent")
        }
        var out = ["+proj=\(op)"]
        if let aux = spec.projAux {
            if aux == "R_A" || aux == "R_C" {
                if !isSphere { out.append("+\(aux)") }
            } else {
                out.append("+\(aux)")
            }
        }
        if spec.epsg == 9829 {
            let latTS = deg(8832) ?? 0
            out.append("+lat_0=\(latTS >= 0 ? 90 : -90)")
        }
        for ps in spec.params {
            guard let key = ps.proj else { continue }
            let param = c.parameter(epsg: ps.epsg, orNamed: ps.name)
            var v: Double
            switch ps.kind {
            case .angle: v = param?.normalizedValue ?? 0
            case .length: v = param?.siValue ?? 0
            case .scale: v = param?.siValue ?? 1
            }
            if ps.kind == .length, param?.unit?.kind == .angle { v = param?.value ?? 0 }
            out.append("+\(key)=\(Self.num(v))")
            if spec.epsg == 9801 && key == "lat_1" { out.append("+lat_0=\(Self.num(v))") }
        }
        return out + tail
    }
}
