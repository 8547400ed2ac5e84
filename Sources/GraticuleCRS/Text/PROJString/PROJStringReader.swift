import Foundation
import GraticuleCore

/// Reads a PROJ string (`+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs +type=crs`) into the
/// CRS model, mapping the PROJ operation to an EPSG (or PROJ WKT2) method as PROJ's own import
/// does: `tmerc`/`utm`/`etmerc` → Transverse Mercator (south-orientated with `+axis=wsu`), `lcc`
/// → LCC 1SP, 1SP variant B, 2SP or 2SP Michigan from `lat_0`/`lat_1`/`lat_2`/`k`, `merc` →
/// Mercator A, B or Popular Visualisation Pseudo Mercator, `stere` → polar stereographic A or B
/// or Stereographic, `omerc` → Hotine A (`+no_uoff`), B or two-point, `somerc` → Hotine B, and
/// so on through the method table. Unknown operations are an error.
///
/// `+towgs84`, `+nadgrids` and `+geoidgrids` are read and ignored; `+init=epsg:n` resolves the
/// registry CRS. What PROJ's operations hard-code is written into the CRS: `krovak`/`mod_krovak`
/// on Bessel 1841 and `nzmg` on International 1924 with its fixed origin, whatever `+ellps` says;
/// `omerc` without `+alpha`/`+gamma` is the two-point form measured from the centre; `+over`
/// clears `ProjectedCRS.wrapsLongitude`.
struct PROJStringReader {
    let bytes: [UInt8]
    let format = "PROJ string"
    /// Names, units and datums are resolved against this registry.
    let resolve: CRSResolve
    var names: RegistryNames { resolve.names }

    struct Token {
        var key: String
        var value: String?
        var offset: Int
    }

    static func read(_ bytes: [UInt8], resolve: CRSResolve) throws(GraticuleError) -> ParsedCRS {
        let reader = PROJStringReader(bytes: bytes, resolve: resolve)
        return try reader.read()
    }

    func error(_ message: String, at offset: Int) -> GraticuleError {
        .parse(format: format, message: message, offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
    }

    /// Splits `+key=value` tokens (the `+` optional, values may be double-quoted).
    func tokenize() throws(GraticuleError) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while i < n {
            while i < n, isSpace(bytes[i]) { i += 1 }
            guard i < n else { break }
            let start = i
            if bytes[i] == 0x2B { i += 1 }
            let keyStart = i
            while i < n, !isSpace(bytes[i]), bytes[i] != 0x3D { i += 1 }
            let key = String(decoding: bytes[keyStart..<i], as: UTF8.self)
            guard !key.isEmpty else { throw error("empty parameter name", at: start) }
            guard key.unicodeScalars.allSatisfy({ $0.isASCII && (NameKey.isAlphanumeric($0) || $0 == "_" || $0 == ".") }) else {
                throw error("invalid parameter name \(key.brief)", at: keyStart)
            }
            var value: String?
            if i < n, bytes[i] == 0x3D {
                i += 1
                if i < n, bytes[i] == 0x22 {
                    i += 1
                    let vs = i
                    while i < n, bytes[i] != 0x22 { i += 1 }
                    guard i < n else { throw error("unterminated quoted value of +\(key)", at: vs - 1) }
                    value = String(decoding: bytes[vs..<i], as: UTF8.self)
                    i += 1
                } else {
                    let vs = i
                    while i < n, !isSpace(bytes[i]) { i += 1 }
                    value = String(decoding: bytes[vs..<i], as: UTF8.self)
                }
            }
            tokens.append(Token(key: key, value: value, offset: start))
        }
        return tokens
    }

    func read() throws(GraticuleError) -> ParsedCRS {
        let tokens = try tokenize()
        guard !tokens.isEmpty else { throw error("empty PROJ string", at: 0) }
        if let step = tokens.first(where: { $0.key == "step" || $0.key == "pipeline" }) {
            throw error("a PROJ pipeline is a coordinate operation, not a CRS", at: step.offset)
        }
        var params: [String: Token] = [:]
        for t in tokens where params[t.key] == nil { params[t.key] = t }
        if let initToken = params["init"] {
            return try initCRS(initToken, others: tokens)
        }
        guard let projToken = params["proj"], let proj = projToken.value, !proj.isEmpty else {
            if params["vunits"] != nil || params["vto_meter"] != nil || params["geoidgrids"] != nil {
                let v = VerticalCRS(name: "unknown", datum: VerticalDatum(name: "unknown"),
                                    coordinateSystem: CRSResolve.height(unit: try verticalUnit(params)))
                return ParsedCRS(crs: .vertical(v))
            }
            throw error("missing +proj= (or +init=, or +vunits= for a vertical CRS)", at: 0)
        }
        let geodetic = try baseGeodetic(params, projToken: projToken)
        var crs: CRS
        switch proj {
        case "longlat", "latlong", "lonlat", "latlon":
            var g = geodetic
            g.coordinateSystem = try geographicAxes(params)
            crs = .geodetic(g)
        case "geocent", "cart":
            var g = geodetic
            g.kind = .geocentric
            g.coordinateSystem = CRSResolve.geocentric(unit: try linearUnit(params) ?? .metre)
            crs = .geodetic(g)
        default:
            crs = .projected(try projected(proj, projToken, params, base: geodetic))
        }
        if params["vunits"] != nil || params["vto_meter"] != nil || params["geoidgrids"] != nil {
            let vu = try verticalUnit(params)
            let v = VerticalCRS(name: "unknown", datum: VerticalDatum(name: "unknown"), coordinateSystem: CRSResolve.height(unit: vu))
            crs = .compound(CompoundCRS(name: "unknown", components: [crs, .vertical(v)]))
        }
        return ParsedCRS(crs: crs)
    }

    /// `+init=epsg:4326` (or `EPSG:4326`, `esri:102100`): the registry CRS.
    func initCRS(_ token: Token, others: [Token]) throws(GraticuleError) -> ParsedCRS {
        guard let v = token.value, let id = Identifier(parsing: v) else {
            throw error("+init needs AUTHORITY:CODE, got \(token.value ?? "")", at: token.offset)
        }
        let ignorable: Set<String> = ["init", "type", "no_defs", "wktext"]
        if let extra = others.first(where: { !ignorable.contains($0.key) }) {
            throw error("+\(extra.key) cannot be combined with +init (only +type, +no_defs and +wktext can)", at: extra.offset)
        }
        guard ["EPSG", "ESRI"].contains(id.authority) else {
            throw error("+init: unsupported authority \(id.authority) (EPSG and ESRI are)", at: token.offset)
        }
        do {
            let entry = try resolve.registry.entry(id)
            return ParsedCRS(crs: entry.crs, areaOfUse: entry.areaOfUse, scope: entry.scope)
        } catch {
            throw self.error("+init: unknown code \(id)", at: token.offset)
        }
    }

    // MARK: Values

    func number(_ t: Token) throws(GraticuleError) -> Double {
        guard let s = t.value, let v = Double(s), v.isFinite else {
            throw error("+\(t.key) needs a finite number, got \(t.value.map { $0.brief } ?? "nothing")", at: t.offset)
        }
        return v
    }

    /// An angle in degrees: a number, `…r` (radians) or DMS (`12d30'15"E`).
    func angle(_ t: Token) throws(GraticuleError) -> Double {
        guard let s = t.value, !s.isEmpty else { throw error("+\(t.key) needs a value", at: t.offset) }
        if let v = Double(s) {
            guard v.isFinite else { throw error("+\(t.key): number out of range", at: t.offset) }
            return v
        }
        if s.hasSuffix("r") || s.hasSuffix("R"), let v = Double(s.dropLast()), v.isFinite { return v * Angle.degreesPerRadian }
        if let v = PROJStringReader.dms(s) { return v }
        throw error("+\(t.key): invalid angle \(s.brief)", at: t.offset)
    }

    /// Parses PROJ's DMS notation: `[-]D[d°][M['][S["]]][NSEW]`.
    static func dms(_ s: String) -> Double? {
        var rest = Substring(s)
        var sign = 1.0
        if rest.first == "-" { sign = -1; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        var total = 0.0
        var divisors = [1.0, 60.0, 3600.0]
        var sawAny = false
        while !rest.isEmpty {
            var num = ""
            while let c = rest.first, c.isNumber || c == "." { num.append(c); rest = rest.dropFirst() }
            if num.isEmpty { break }
            guard let v = Double(num), !divisors.isEmpty else { return nil }
            sawAny = true
            var div = divisors.removeFirst()
            if let c = rest.first {
                switch c {
                case "d", "D", "°": div = 1; divisors = [60, 3600]; rest = rest.dropFirst()
                case "'", "′": div = 60; divisors = [3600]; rest = rest.dropFirst()
                case "\"", "″": div = 3600; divisors = []; rest = rest.dropFirst()
                default: break
                }
            }
            total += v / div
        }
        guard sawAny else { return nil }
        if let c = rest.first {
            switch c {
            case "N", "n", "E", "e": rest = rest.dropFirst()
            case "S", "s", "W", "w": sign = -sign; rest = rest.dropFirst()
            default: return nil
            }
        }
        return rest.isEmpty && total.isFinite ? sign * total : nil
    }

    // MARK: Geodetic

    func baseGeodetic(_ p: [String: Token], projToken: Token) throws(GraticuleError) -> GeodeticCRS {
        var ellipsoid: ReferenceEllipsoid
        var datumName = "unknown"
        var datumID: Identifier?
        var ensemble: DatumEnsemble?
        func named(_ def: PROJNames.EllipsoidDef) throws(GraticuleError) -> ReferenceEllipsoid {
            var name = def.name
            var id: Identifier?
            if let code = def.epsg, let row = names.ellipsoids[Identifier("EPSG", code)],
               CRSEquivalence.close(row.semiMajorAxis, def.a, 1e-12), CRSEquivalence.close(row.inverseFlattening, def.inverseFlattening, 1e-10) {
                name = row.name
                id = row.id
            }
            return ReferenceEllipsoid(name: name, identifier: id,
                                      figure: Ellipsoid(semiMajorAxis: def.a, inverseFlattening: def.inverseFlattening),
                                      isDefinedBySemiMinorAxis: def.rf == nil)
        }
        if let d = p["datum"] {
            guard let v = d.value, let def = PROJNames.datums.first(where: { $0.name.lowercased() == v.lowercased() }),
                  let e = PROJNames.ellipsoid(named: def.ellps) else {
                throw error("unknown +datum \(d.value.map { $0.brief } ?? "")", at: d.offset)
            }
            ellipsoid = try named(e)
            if let code = def.epsg, let reg = resolve.registry.geodeticDatum(Identifier("EPSG", code)) {
                datumName = reg.name
                datumID = reg.identifier
                ensemble = reg.ensemble
            }
        } else if let r = p["R"] {
            let radius = try number(r)
            guard radius > 0 else { throw error("+R must be positive, got \(radius)", at: r.offset) }
            ellipsoid = ReferenceEllipsoid(name: "unknown", figure: .sphere(radius: radius))
        } else if let a = p["a"] {
            let av = try number(a)
            guard av > 0 else { throw error("+a must be positive, got \(av)", at: a.offset) }
            var rf: Double = 0
            var bySemiMinor = false
            if let t = p["rf"] {
                rf = try number(t)
            } else if let t = p["b"] {
                let b = try number(t)
                guard b > 0, b <= av else { throw error("+b must be positive and not above +a, got \(b)", at: t.offset) }
                rf = b == av ? 0 : av / (av - b)
                bySemiMinor = true
            } else if let t = p["f"] {
                let f = try number(t)
                rf = f == 0 ? 0 : 1 / f
            } else if let t = p["es"] ?? p["e"] {
                var es = try number(t)
                if t.key == "e" { es *= es }
                guard es >= 0, es < 1 else { throw error("+\(t.key) must be in [0, 1)", at: t.offset) }
                let f = 1 - (1 - es).squareRoot()
                rf = f == 0 ? 0 : 1 / f
            } else if let t = p["ellps"], let v = t.value, let def = PROJNames.ellipsoid(named: v) {
                rf = def.inverseFlattening
            }
            guard rf == 0 || (rf.isFinite && rf > 1) else {
                throw error("inverse flattening must be 0 or greater than 1, got \(rf)", at: a.offset)
            }
            ellipsoid = ReferenceEllipsoid(name: "unknown", figure: Ellipsoid(semiMajorAxis: av, inverseFlattening: rf),
                                           isDefinedBySemiMinorAxis: bySemiMinor)
        } else if let e = p["ellps"] {
            guard let v = e.value, let def = PROJNames.ellipsoid(named: v) else {
                throw error("unknown +ellps \(e.value.map { $0.brief } ?? "")", at: e.offset)
            }
            ellipsoid = try named(def)
        } else {
            // PROJ's default ellipsoid.
            ellipsoid = try named(PROJNames.ellipsoid(named: "GRS80")!)
        }
        if datumID == nil {
            datumName = ellipsoid.name == "unknown" ? "unknown" : "Unknown based on \(ellipsoid.name) ellipsoid"
        }
        let pm = try primeMeridian(p)
        var datum = GeodeticDatum(name: datumName, identifier: datumID, ellipsoid: ellipsoid, primeMeridian: pm)
        datum.ensemble = ensemble
        for key in ["towgs84", "nadgrids", "geoidgrids"] {
            if let t = p[key], t.value == nil || t.value!.isEmpty {
                throw error("+\(key) needs a value", at: t.offset)
            }
        }
        if let t = p["towgs84"], let v = t.value {
            let parts = v.split(separator: ",")
            guard parts.count == 3 || parts.count == 7, parts.allSatisfy({ Double($0).map { $0.isFinite } ?? false }) else {
                throw error("+towgs84 needs 3 or 7 comma-separated numbers", at: t.offset)
            }
        }
        return GeodeticCRS(name: "unknown", kind: .geographic2D, datum: datum,
                           coordinateSystem: CRSResolve.ellipsoidal(latitudeFirst: false, unit: .degree))
    }

    func primeMeridian(_ p: [String: Token]) throws(GraticuleError) -> PrimeMeridian {
        guard let t = p["pm"] else { return .greenwich }
        guard let v = t.value else { throw error("+pm needs a value", at: t.offset) }
        var degrees: Double
        var name = v
        if let known = PROJNames.primeMeridians.first(where: { $0.name == v.lowercased() }) {
            degrees = known.degrees
            name = known.name.prefix(1).uppercased() + known.name.dropFirst()
        } else {
            degrees = try angle(t)
            name = "unknown"
        }
        guard abs(degrees) <= 360 else { throw error("+pm out of range: \(degrees)", at: t.offset) }
        if let reg = names.primeMeridian(named: name, degrees: degrees) { return reg }
        if let reg = names.primeMeridians.first(where: { abs($0.degrees - degrees) < 1e-8 }) { return reg.meridian }
        return PrimeMeridian(name: name, longitude: degrees, unit: .degree)
    }

    /// `+axis=enu` / `neu` for a geographic CRS.
    func geographicAxes(_ p: [String: Token]) throws(GraticuleError) -> CoordinateSystem {
        let axis = p["axis"]?.value ?? "enu"
        switch axis.prefix(2) {
        case "en": return CRSResolve.ellipsoidal(latitudeFirst: false, unit: .degree)
        case "ne": return CRSResolve.ellipsoidal(latitudeFirst: true, unit: .degree)
        default: throw error("unsupported +axis=\(axis) for a geographic CRS (enu and neu are)", at: p["axis"]!.offset)
        }
    }

    func unit(named v: String, token: Token) throws(GraticuleError) -> UnitOfMeasure {
        if let id = names.projUnitNames.first(where: { $0.value == v })?.key, let u = names.units[id] { return u }
        switch v {
        case "m": return .metre
        case "ft": return .foot
        case "us-ft": return .usSurveyFoot
        default: throw error("unknown unit \(v.brief)", at: token.offset)
        }
    }

    func linearUnit(_ p: [String: Token]) throws(GraticuleError) -> UnitOfMeasure? {
        if let t = p["units"] {
            guard let v = t.value else { throw error("+units needs a value", at: t.offset) }
            return try unit(named: v, token: t)
        }
        if let t = p["to_meter"] {
            var f: Double
            if let v = t.value, v.contains("/") {
                let parts = v.split(separator: "/")
                guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 else {
                    throw error("+to_meter: invalid ratio \(v)", at: t.offset)
                }
                f = a / b
            } else {
                f = try number(t)
            }
            guard f > 0, f.isFinite else { throw error("+to_meter must be positive, got \(f)", at: t.offset) }
            return names.unit(factor: f, kind: .length) ?? UnitOfMeasure(name: "unknown", kind: .length, factor: f)
        }
        return nil
    }

    func verticalUnit(_ p: [String: Token]) throws(GraticuleError) -> UnitOfMeasure {
        if let t = p["vunits"], let v = t.value { return try unit(named: v, token: t) }
        if let t = p["vto_meter"] {
            let f = try number(t)
            guard f > 0 else { throw error("+vto_meter must be positive", at: t.offset) }
            return names.unit(factor: f, kind: .length) ?? UnitOfMeasure(name: "unknown", kind: .length, factor: f)
        }
        return .metre
    }

    // MARK: Projected

    func has(_ p: [String: Token], _ key: String) -> Bool { p[key] != nil }

    func projected(_ op: String, _ opToken: Token, _ p: [String: Token], base: GeodeticCRS) throws(GraticuleError) -> ProjectedCRS {
        var crs = try projectedCRS(op, opToken, p, base: fixedEllipsoidBase(op, base))
        // `+over`: longitudes are not wrapped to ±180° (PROJ's `P->over`).
        if has(p, "over") { crs.wrapsLongitude = false }
        return crs
    }

    /// PROJ's `krovak`/`mod_krovak` and `nzmg` operations hard-code their ellipsoid whatever
    /// `+ellps`/`+a` say (krovak.cpp: Bessel 1841, a = 6377397.155, e² = 0.006674372230614;
    /// nzmg.cpp: a = 6378388, International 1924, whose flattening the NZMG series do not use):
    /// the CRS is given that ellipsoid (an unknown datum on it, the prime meridian kept) so that
    /// it computes what PROJ computes.
    func fixedEllipsoidBase(_ op: String, _ base: GeodeticCRS) -> GeodeticCRS {
        let name: String
        switch op {
        case "krovak", "mod_krovak": name = "bessel"
        case "nzmg": name = "intl"
        default: return base
        }
        guard let def = PROJNames.ellipsoid(named: name) else { return base }
        let figure = Ellipsoid(semiMajorAxis: def.a, inverseFlattening: def.inverseFlattening)
        if base.datum.ellipsoid.figure == figure { return base }
        var ellipsoid = ReferenceEllipsoid(name: def.name, figure: figure)
        if let code = def.epsg, let row = names.ellipsoids[Identifier("EPSG", code)] {
            ellipsoid = ReferenceEllipsoid(name: row.name, identifier: row.id, figure: figure)
        }
        var out = base
        out.datum = GeodeticDatum(name: "Unknown based on \(ellipsoid.name) ellipsoid", ellipsoid: ellipsoid,
                                  primeMeridian: base.datum.primeMeridian)
        return out
    }

    func projectedCRS(_ op: String, _ opToken: Token, _ p: [String: Token], base: GeodeticCRS) throws(GraticuleError) -> ProjectedCRS {
        let isSphere = base.datum.ellipsoid.figure.isSphere
        let unit = try linearUnit(p) ?? .metre
        func kValue() throws(GraticuleError) -> Double? {
            if let t = p["k"] ?? p["k_0"] { return try number(t) }
            return nil
        }
        func angleOf(_ key: String) throws(GraticuleError) -> Double? { try p[key].map { t throws(GraticuleError) in try angle(t) } }

        var spec: MethodSpec?
        var name = "unknown"
        var webMercator = false
        let candidates = MethodTable.methods(proj: op)
        if op == "utm" {
            guard let zt = p["zone"], let zv = zt.value, let zone = Int(zv), (1...60).contains(zone) else {
                throw error("+proj=utm needs +zone=1…60", at: p["zone"]?.offset ?? opToken.offset)
            }
            let south = has(p, "south")
            let conv = Conversion(name: "UTM zone \(zone)\(south ? "S" : "N")", identifier: Identifier("EPSG", 16000 + (south ? 100 : 0) + zone),
                                  method: OperationMethod(name: "Transverse Mercator", identifier: Identifier("EPSG", 9807)),
                                  parameters: [
                                    OperationParameter(name: "Latitude of natural origin", identifier: Identifier("EPSG", 8801), value: 0, unit: .degree),
                                    OperationParameter(name: "Longitude of natural origin", identifier: Identifier("EPSG", 8802),
                                                       value: Double(zone * 6 - 183), unit: .degree),
                                    OperationParameter(name: "Scale factor at natural origin", identifier: Identifier("EPSG", 8805), value: 0.9996, unit: .unity),
                                    OperationParameter(name: "False easting", identifier: Identifier("EPSG", 8806), value: 500_000 / unit.factor, unit: unit),
                                    OperationParameter(name: "False northing", identifier: Identifier("EPSG", 8807),
                                                       value: (south ? 10_000_000 : 0) / unit.factor, unit: unit),
                                  ])
            return ProjectedCRS(name: "unknown", base: base, conversion: conv, coordinateSystem: try projectedAxes(p, unit: unit, conversion: conv))
        }
        guard !candidates.isEmpty || op == "etmerc" || op == "somerc" else {
            throw error("unknown PROJ operation \(op.brief): Graticule maps \(PROJStringReader.knownOperations) "
                        + "to EPSG methods", at: opToken.offset)
        }
        // Pick by auxiliary flag (+f=0, +shape=, +sweep=, +guam, +hyperbolic, +axis=wsu, +no_uoff,
        // +R_A); a strict match is kept as is, otherwise the spherical or ellipsoidal form is
        // chosen by the figure.
        let strict = candidates.first { m in
            guard let aux = m.projAux else { return false }
            let parts = aux.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { return p[parts[0]]?.value == parts[1] }
            return has(p, aux)
        }
        spec = strict ?? candidates.first { $0.projAux == nil || $0.projAux == "R_A" || $0.projAux == "R_C" } ?? candidates.first
        if candidates.count >= 2, candidates.allSatisfy({ $0.projAux != nil }),
           !candidates.contains(where: { m in
               guard let aux = m.projAux else { return false }
               let parts = aux.split(separator: "=", maxSplits: 1).map(String.init)
               return parts.count == 2 ? p[parts[0]]?.value == parts[1] : has(p, aux)
           }) {
            spec = nil
        }
        if strict == nil, let s = spec { spec = MethodTable.selectSphericalOrEllipsoidal(s, isSphere: isSphere) }

        switch op {
        case "tmerc":
            if p["axis"]?.value == "wsu" { spec = MethodTable.method(epsg: 9808) } else { spec = MethodTable.method(epsg: 9807) }
        case "etmerc":
            spec = MethodTable.method(epsg: 9807)
        case "lcc":
            let lat0 = p["lat_0"], lat1 = p["lat_1"], lat2 = p["lat_2"]
            if lat2 == nil, let lat0, let lat1 {
                spec = MethodTable.method(epsg: try angle(lat0) == angle(lat1) ? 9801 : 1102)
            } else if let k = try kValue(), k != 1 {
                spec = MethodTable.method(epsg: 1051)
            } else {
                spec = MethodTable.method(epsg: 9802)
            }
        case "aeqd":
            spec = MethodTable.method(epsg: has(p, "guam") ? 9831 : 1125)
        case "geos":
            spec = MethodTable.method(named: p["sweep"]?.value == "x" ? "Geostationary Satellite (Sweep X)" : "Geostationary Satellite (Sweep Y)")
        case "omerc":
            if has(p, "no_rot") {
                throw error("+proj=omerc +no_rot has no EPSG equivalent", at: p["no_rot"]!.offset)
            } else if has(p, "no_uoff") || has(p, "no_off") {
                spec = MethodTable.method(epsg: 9812)
            } else if !has(p, "alpha") && !has(p, "gamma") && (has(p, "lon_1") || has(p, "lon_2")) {
                // PROJ's two-point omerc (no +alpha/+gamma; absent points default to 0) always
                // measures u from the projection centre (omerc.cpp sets u_0 unless +no_uoff, which
                // it reads only with +alpha/+gamma): the "Center" form, not the natural origin.
                spec = MethodTable.method(named: "Hotine Oblique Mercator Two Point Center")
            } else {
                spec = MethodTable.method(epsg: 9815)
            }
        case "somerc":
            spec = MethodTable.method(epsg: 9815)
        case "krovak", "mod_krovak":
            let south = p["axis"]?.value == "swu" || (has(p, "czech") && !has(p, "axis"))
            let modified = op == "mod_krovak"
            spec = MethodTable.method(epsg: modified ? (south ? 1042 : 1043) : (south ? 9819 : 1041))
        case "merc":
            let a = p["a"]?.value, b = p["b"]?.value
            let latTS = try angleOf("lat_ts")
            if let a, let b, a == b, (latTS ?? 0) == 0, (try kValue() ?? 1) == 1, p["nadgrids"]?.value == "@null" {
                spec = MethodTable.method(epsg: 1024)
                let lon0 = try angleOf("lon_0") ?? 0
                let x0 = try p["x_0"].map { t throws(GraticuleError) in try number(t) } ?? 0
                let y0 = try p["y_0"].map { t throws(GraticuleError) in try number(t) } ?? 0
                webMercator = Double(a) == 6_378_137 && lon0 == 0 && x0 == 0 && y0 == 0
            } else if latTS != nil {
                spec = MethodTable.method(epsg: 9805)
            } else if has(p, "R_C") {
                spec = MethodTable.method(epsg: (try kValue() ?? 1) != 1 ? 9804 : 1026)
            } else {
                spec = MethodTable.method(epsg: 9804)
            }
        case "stere":
            if let lat0 = try angleOf("lat_0"), abs(abs(lat0) - 90) < 1e-10 {
                let latTS = try angleOf("lat_ts")
                let k = try kValue()
                if let latTS, abs(latTS - lat0) > 1e-10, let k, abs(k - 1) > 1e-10 {
                    throw error("lat_ts != lat_0 and k != 1 not supported for Polar Stereographic", at: opToken.offset)
                }
                spec = MethodTable.method(epsg: latTS != nil && (k == nil || abs(k! - 1) < 1e-10) ? 9829 : 9810)
            } else {
                spec = MethodTable.method(named: "Stereographic")
            }
        case "ortho":
            if let k = try kValue(), k != 1 {
                spec = MethodTable.method(epsg: 1130)
            } else if let alpha = try angleOf("alpha"), alpha != 0 {
                spec = MethodTable.method(epsg: 1130)
            }
        default:
            break
        }
        guard let spec else {
            throw error("PROJ operation \(op.brief) with these options has no EPSG or WKT2 equivalent", at: opToken.offset)
        }
        var params: [OperationParameter] = []
        for ps in spec.params {
            var value: Double
            var present = true
            if let key = ps.proj, key == "k" || key == "k_0", let k = try kValue() {
                value = k
            } else if let key = ps.proj, let t = p[key] {
                value = ps.kind == .angle ? try angle(t) : try number(t)
            } else {
                present = false
                value = ps.kind == .scale ? 1 : 0
            }
            if !present {
                if op == "omerc" && ps.proj == "gamma", let a = try angleOf("alpha") {
                    value = a
                } else if op == "somerc" {
                    switch ps.epsg {
                    case 8812: value = try angleOf("lon_0") ?? 0
                    case 8813, 8814: value = 90
                    case 8815: value = try kValue() ?? 1
                    default: break
                    }
                } else if op == "krovak" || op == "mod_krovak" {
                    // PROJ's defaults (krovak.cpp): lat_0 49°30′, lon_0 42°30′ east of Ferro given
                    // as 24°50′ (Greenwich), k 0.9999, and its hard-coded cone axis (co-latitude
                    // 30°17′17.30311″) and pseudo standard parallel (78°30′). PROJ ignores +alpha;
                    // it is kept here when given (EPSG's S-JTSK/05 CRSs write 30°17′17.303″, which
                    // the Krovak kernel takes as the defining value).
                    switch ps.epsg {
                    case 8811: value = 49.5
                    case 8833: value = 24.833333333333333333
                    case 1036: value = 30.28813975277777776
                    case 8818: value = 78.5
                    case 8819: value = 0.9999
                    default: break
                    }
                } else if op == "cea" && ps.proj == "lat_ts", let k = try kValue() {
                    guard k >= 0 && k <= 1 else { throw error("+k for cea must be in [0, 1], got \(k)", at: opToken.offset) }
                    let es = base.datum.ellipsoid.figure.eccentricitySquared
                    value = acos(k * ((1 - es) / (1 - k * k * es)).squareRoot()) * Angle.degreesPerRadian
                } else if op == "peirce_q" && ps.proj == "lat_0" {
                    value = 90
                }
            }
            if op == "somerc" && ps.epsg == 8812, let t = p["lonc"] { value = try angle(t) }
            if op == "nzmg" {
                // PROJ's nzmg hard-codes its origin (nzmg.cpp) whatever the string says.
                switch ps.epsg {
                case 8801: value = -41
                case 8802: value = 173
                case 8806: value = 2_510_000
                case 8807: value = 6_023_150
                default: break
                }
            }
            var unitOut: UnitOfMeasure
            switch ps.kind {
            case .angle: unitOut = .degree
            case .scale: unitOut = .unity
            case .length:
                unitOut = unit
                value /= unit.factor
            }
            if abs(value - value.rounded()) < 1e-8 { value = value.rounded() }
            params.append(OperationParameter(name: ps.name, identifier: ps.epsg.map { Identifier("EPSG", $0) }, value: value, unit: unitOut))
        }
        if spec.epsg == 9805, let t = p["lat_0"], try angle(t) != 0 {
            throw error("+lat_0 must be 0 for Mercator with +lat_ts", at: t.offset)
        }
        let conv = Conversion(name: webMercator ? "Popular Visualisation Pseudo-Mercator" : "unknown",
                              method: OperationMethod(name: spec.name, identifier: spec.epsg.map { Identifier("EPSG", $0) }),
                              parameters: params)
        if webMercator { name = "WGS 84 / Pseudo-Mercator" }
        var base = base
        if webMercator {
            // PROJ's Web Mercator: WGS 84 (EPSG:4326) as the base.
            if case let .geodetic(wgs)? = try? resolve.registry.crs(Identifier("EPSG", 4326)) { base = wgs }
        }
        return ProjectedCRS(name: name, base: base, conversion: conv, coordinateSystem: try projectedAxes(p, unit: unit, conversion: conv))
    }

    static let knownOperations = "tmerc, utm, etmerc, merc, webmerc, lcc, aea, eqdc, stere, sterea, omerc, somerc, laea, aeqd, eqc, "
        + "cea, cass, poly, krovak, mod_krovak, nzmg, ortho, bonne, moll, robin, sinu, eck1…eck6, wintri, wink1, wink2, igh, igh_o, "
        + "goode, eqearth, gnom, geos, tpeqd, labrd, nsper, col_urban, peirce_q, natearth, natearth2, patterson, times, vandg, "
        + "wag1…wag7, aitoff, crast, loxim, qua_aut, tcea, gall, mill, comill, mbtfpq, qsc, imw_p, gstmerc, longlat, geocent"

    func projectedAxes(_ p: [String: Token], unit: UnitOfMeasure, conversion: Conversion) throws(GraticuleError) -> CoordinateSystem {
        if !has(p, "axis"), has(p, "czech"), conversion.method.epsgCode == 9819 || conversion.method.epsgCode == 1042 {
            // `+czech` without `+axis`: PROJ's krovak gives (westing, southing), positive in Czechia.
            return CoordinateSystem(kind: .cartesian, axes: [
                Axis(name: "Westing", abbreviation: "Y", direction: "west", unit: unit),
                Axis(name: "Southing", abbreviation: "X", direction: "south", unit: unit),
            ])
        }
        guard let t = p["axis"], let v = t.value else {
            if CRSResolve.isPolar(conversion) {
                return CRSResolve.implicitProjectedAxes(conversion: conversion, unit: unit)
            }
            return CRSResolve.eastingNorthing(unit: unit)
        }
        guard v.count == 3 else { throw error("+axis needs three letters (e.g. enu), got \(v)", at: t.offset) }
        var axes: [Axis] = []
        for c in v.prefix(2) {
            switch c {
            case "e": axes.append(Axis(name: "Easting", abbreviation: "E", direction: "east", unit: unit))
            case "w": axes.append(Axis(name: "Westing", abbreviation: "W", direction: "west", unit: unit))
            case "n": axes.append(Axis(name: "Northing", abbreviation: "N", direction: "north", unit: unit))
            case "s": axes.append(Axis(name: "Southing", abbreviation: "S", direction: "south", unit: unit))
            default: throw error("+axis: unsupported axis letter \(c)", at: t.offset)
            }
        }
        let dirs = Set(axes.map { $0.direction == "east" || $0.direction == "west" ? "ew" : "ns" })
        guard dirs.count == 2 else { throw error("+axis=\(v) names the same axis twice", at: t.offset) }
        if conversion.method.epsgCode == 9819 || conversion.method.epsgCode == 1042, v == "swu" {
            return CRSResolve.implicitProjectedAxes(conversion: Conversion(name: "", method: OperationMethod(name: "", identifier: Identifier("EPSG", 9819)), parameters: []), unit: unit)
        }
        if conversion.method.epsgCode == 9808, v == "wsu" {
            return CRSResolve.implicitProjectedAxes(conversion: conversion, unit: unit)
        }
        return CoordinateSystem(kind: .cartesian, axes: axes)
    }
}
