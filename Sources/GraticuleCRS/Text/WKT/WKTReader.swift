import GraticuleCore

/// Reads WKT into the CRS model: WKT1 in its OGC/GDAL flavour (`PROJCS`, `GEOGCS`, `GEOCCS`,
/// `VERT_CS`, `COMPD_CS`, `LOCAL_CS`, `AUTHORITY`, `AXIS`, `TOWGS84`), Esri's WKT1 (Esri projection
/// and parameter names mapped through the registry's Esri tables as PROJ maps them), and WKT2
/// 2015 and 2019 (`PROJCRS`, `GEOGCRS`, `GEODCRS`, `VERTCRS`, `COMPOUNDCRS`, `ENGCRS`, `BOUNDCRS`,
/// `ENSEMBLE`, `DYNAMIC`, `USAGE`, `BBOX`, `ID`, `CS`, `AXIS`, `ORDER`, …).
///
/// The reader is a set of functions over the node tree `WKTLexer` built; the tree is at most
/// `WKTLexer.maximumDepth` deep, so the recursion here is bounded.
struct WKTReader {
    let bytes: [UInt8]
    let format = "WKT"
    /// Set when the text looks like Esri WKT1 (`GCS_…` / `D_…` names, a root `VERTCS`).
    var esri = false
    /// Set for WKT1 without `AXIS` and `AUTHORITY`: Esri projection names are tried first.
    var maybeEsri = false
    /// True while reading WKT1 (as opposed to WKT2).
    var wkt1 = false
    /// Names, units and datums are resolved against this registry.
    let resolve: CRSResolve
    var registry: Registry { resolve.registry }
    var names: RegistryNames { resolve.names }

    init(bytes: [UInt8], resolve: CRSResolve) {
        self.bytes = bytes
        self.resolve = resolve
    }

    // MARK: Entry

    /// Parses WKT text (one node, or Esri's `PROJCS[…],VERTCS[…]` pair).
    static func read(_ bytes: [UInt8], resolve: CRSResolve) throws(GraticuleError) -> ParsedCRS {
        let roots = try WKTLexer.parseDocument(bytes)
        var reader = WKTReader(bytes: bytes, resolve: resolve)
        return try reader.read(roots)
    }

    mutating func read(_ roots: [WKTNode]) throws(GraticuleError) -> ParsedCRS {
        let root = roots[0]
        wkt1 = WKTReader.wkt1Keywords.contains(root.key)
        if wkt1 { detectEsri(roots) }
        if roots.count == 2 {
            // Esri writes a compound CRS as two top-level nodes.
            let h = try crs(roots[0])
            let v = try crs(roots[1])
            guard case .vertical = v, h.horizontal != nil else {
                throw error("a second top-level node is only allowed for a horizontal CRS followed by a vertical one",
                            at: roots[1].offset)
            }
            return ParsedCRS(crs: .compound(CompoundCRS(name: "\(h.name) + \(v.name)", components: [h, v])))
        }
        var parsed = ParsedCRS(crs: try crs(root))
        // A BOUNDCRS carries the usage of its source CRS.
        let holder = WKTReader.kind(of: root) == .bound ? (root.child("SOURCECRS")?.children.first ?? root) : root
        (parsed.areaOfUse, parsed.scope) = try usage(holder)
        return parsed
    }

    static let wkt1Keywords: Set<String> = ["PROJCS", "GEOGCS", "GEOCCS", "VERT_CS", "VERTCS", "COMPD_CS", "LOCAL_CS"]

    /// Esri WKT is recognised as PROJ recognises it: a `GCS_` or `D_` name, a root `VERTCS`, an Esri
    /// selector parameter; WKT1 without `AXIS` and `AUTHORITY` is "maybe Esri".
    mutating func detectEsri(_ roots: [WKTNode]) {
        var hasAxisOrAuthority = false
        var hasRectifiedGridAngle = false
        var stack = roots
        if roots[0].key == "VERTCS" { esri = true }
        while let n = stack.popLast() {
            switch n.key {
            case "GEOGCS":
                if case let .string(s, _)? = n.values.first, s.hasPrefix("GCS_") { esri = true }
            case "DATUM":
                if case let .string(s, _)? = n.values.first, s.hasPrefix("D_") { esri = true }
            case "AXIS", "AUTHORITY":
                hasAxisOrAuthority = true
            case "PARAMETER":
                if case let .string(s, _)? = n.values.first {
                    if s == "X_Scale" { esri = true }
                    if s.lowercased().hasPrefix("rectified_grid_angle") { hasRectifiedGridAngle = true }
                }
            default: break
            }
            stack.append(contentsOf: n.children)
        }
        if !esri && !hasAxisOrAuthority && !hasRectifiedGridAngle && roots[0].key != "LOCAL_CS" { maybeEsri = true }
    }

    // MARK: Errors and small accessors

    func error(_ message: String, at offset: Int) -> GraticuleError {
        .parse(format: format, message: message, offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
    }

    /// The name (first value, a string) of a node.
    func name(_ node: WKTNode) throws(GraticuleError) -> String {
        guard case let .string(s, _)? = node.values.first else {
            throw error("\(node.keyword) must start with a quoted name", at: node.values.first?.offset ?? node.offset)
        }
        return s
    }

    /// The number at position `index` of a node.
    func number(_ node: WKTNode, _ index: Int, what: String) throws(GraticuleError) -> Double {
        guard index < node.values.count else {
            throw error("\(node.keyword) lacks its \(what)", at: node.offset)
        }
        guard case let .number(v, _, _) = node.values[index] else {
            throw error("\(node.keyword): \(what) must be a number, found \(node.values[index].summary)",
                        at: node.values[index].offset)
        }
        return v
    }

    /// The identifier of a node (`ID["EPSG",4326]` or `AUTHORITY["EPSG","4326"]`).
    func identifier(_ node: WKTNode) throws(GraticuleError) -> Identifier? {
        guard let id = node.child("ID", "AUTHORITY") else { return nil }
        guard id.values.count >= 2, case let .string(auth, _) = id.values[0] else {
            throw error("\(id.keyword) needs an authority name and a code", at: id.offset)
        }
        switch id.values[1] {
        case let .string(code, _): return Identifier(auth, code.trimmingSpaces)
        case let .number(v, text, _):
            if v == v.rounded(), abs(v) < 1e15 { return Identifier(auth, String(Int(v))) }
            return Identifier(auth, text)
        default:
            throw error("\(id.keyword): the code must be a string or a number", at: id.values[1].offset)
        }
    }

    enum Kind { case geodetic, projected, vertical, compound, engineering, bound, other }

    static func kind(of node: WKTNode) -> Kind {
        switch node.key {
        case "GEOGCRS", "GEOGRAPHICCRS", "GEODCRS", "GEODETICCRS", "BASEGEOGCRS", "BASEGEODCRS", "GEOGCS", "GEOCCS":
            .geodetic
        case "PROJCRS", "PROJECTEDCRS", "PROJCS": .projected
        case "VERTCRS", "VERTICALCRS", "VERT_CS", "VERTCS": .vertical
        case "COMPOUNDCRS", "COMPD_CS": .compound
        case "ENGCRS", "ENGINEERINGCRS", "LOCAL_CS": .engineering
        case "BOUNDCRS": .bound
        default: .other
        }
    }

    // MARK: CRS dispatch

    mutating func crs(_ node: WKTNode) throws(GraticuleError) -> CRS {
        switch WKTReader.kind(of: node) {
        case .geodetic: return .geodetic(try geodetic(node))
        case .projected: return .projected(try projected(node))
        case .vertical: return .vertical(try vertical(node))
        case .compound: return .compound(try compound(node))
        case .engineering: return .engineering(try engineering(node))
        case .bound: return try bound(node)
        case .other:
            let known: Set<String> = ["PARAMETRICCRS", "TIMECRS", "TIMECRS", "DERIVEDPROJCRS", "IMAGECRS",
                                      "COORDINATEOPERATION", "CONVERSION", "DATUM", "ELLIPSOID", "CONCATENATEDOPERATION",
                                      "POINTMOTIONOPERATION", "COORDINATEMETADATA", "FITTED_CS"]
            if known.contains(node.key) {
                throw error("\(node.keyword) is valid WKT but not a CRS kind Graticule reads "
                            + "(geographic, geocentric, projected, vertical, compound, engineering, bound)", at: node.offset)
            }
            throw error("unknown WKT keyword \(node.keyword.brief): expected a CRS such as PROJCRS, GEOGCRS, "
                        + "PROJCS or GEOGCS", at: node.offset)
        }
    }

    // MARK: Units

    /// A unit node (`UNIT`, `ANGLEUNIT`, `LENGTHUNIT`, `SCALEUNIT`, …) of the expected kind.
    func unit(_ node: WKTNode, expected: UnitOfMeasure.Kind?) throws(GraticuleError) -> UnitOfMeasure {
        let kind: UnitOfMeasure.Kind
        switch node.key {
        case "ANGLEUNIT": kind = .angle
        case "LENGTHUNIT": kind = .length
        case "SCALEUNIT": kind = .scale
        case "TIMEUNIT", "TEMPORALQUANTITY": kind = .time
        case "PARAMETRICUNIT": kind = .parametric
        default: kind = expected ?? .length
        }
        if let expected, kind != expected, expected != .parametric {
            throw error("\(node.keyword) is not a \(expected.rawValue) unit", at: node.offset)
        }
        let unitName = try name(node)
        var factor: Double?
        if node.values.count >= 2, case let .number(v, _, o) = node.values[1] {
            guard v > 0 else { throw error("unit \(unitName.brief) must have a positive conversion factor, got \(v)", at: o) }
            factor = v
        }
        return resolve.unit(name: unitName, factor: factor, kind: kind, identifier: try identifier(node))
    }

    /// The first unit child of a node, if any.
    func unitChild(_ node: WKTNode, expected: UnitOfMeasure.Kind?) throws(GraticuleError) -> UnitOfMeasure? {
        guard let u = node.child("UNIT", "ANGLEUNIT", "LENGTHUNIT", "SCALEUNIT", "TIMEUNIT", "PARAMETRICUNIT") else {
            return nil
        }
        return try unit(u, expected: expected)
    }

    // MARK: Geodetic

    func ellipsoid(_ node: WKTNode) throws(GraticuleError) -> ReferenceEllipsoid {
        let n = try name(node)
        let a = try number(node, 1, what: "semi-major axis")
        let rf = try number(node, 2, what: "inverse flattening")
        let u = try unitChild(node, expected: .length) ?? .metre
        return try resolve.ellipsoid(name: n, semiMajorAxis: a, inverseFlattening: rf, unit: u,
                                        identifier: try identifier(node), offset: node.offset, format: format, bytes: bytes)
    }

    /// A prime meridian. WKT1 gives the longitude in the GEOGCS unit, Esri always in degrees, and
    /// some files use EPSG's sexagesimal DDD.MMSSsss: the interpretation that names a registry
    /// prime meridian wins, the text's unit otherwise.
    func primeMeridian(_ node: WKTNode?, angularUnit: UnitOfMeasure) throws(GraticuleError) -> PrimeMeridian {
        guard let node else { return .greenwich }
        let n = try name(node)
        let lon = try number(node, 1, what: "longitude")
        let own = try unitChild(node, expected: .angle)
        let u = own ?? (esri ? .degree : angularUnit)
        let factor = u.factor.isNaN ? Angle.radiansPerDegree : u.factor
        guard abs(lon * factor) <= 2 * Double.pi + 1e-9 else {
            throw error("prime meridian longitude \(lon) is out of range", at: node.values[1].offset)
        }
        let id = try identifier(node)
        var candidates: [UnitOfMeasure] = [u]
        if own == nil && wkt1 {
            // GDAL and PROJ write WKT1 prime meridians in degrees whatever the GEOGCS unit; older
            // files use the GEOGCS unit or EPSG's DDD.MMSSsss.
            candidates += [.degree, angularUnit]
            if let dms = names.units[Identifier("EPSG", "9110")] { candidates.append(dms) }
        }
        for c in candidates {
            if let pm = resolve.registryPrimeMeridian(name: n, longitude: lon, unit: c, identifier: id) { return pm }
        }
        return resolve.primeMeridian(name: n, longitude: lon, unit: u, identifier: id)
    }

    /// The datum (or ensemble) of a geodetic CRS node.
    func geodeticDatum(_ crsNode: WKTNode, primeMeridian pm: PrimeMeridian) throws(GraticuleError) -> GeodeticDatum {
        if let d = crsNode.child("DATUM", "GEODETICDATUM", "TRF") {
            guard let e = d.child("ELLIPSOID", "SPHEROID") else {
                throw error("\(d.keyword) lacks an ELLIPSOID", at: d.offset)
            }
            let ell = try ellipsoid(e)
            var datum = resolve.geodeticDatum(name: try name(d), identifier: try identifier(d), ellipsoid: ell,
                                                 primeMeridian: pm, adoptRegistryDefinition: wkt1)
            if let anchor = d.child("ANCHOR"), case let .string(s, _)? = anchor.values.first { datum.anchor = s }
            if let t = d.child("TOWGS84") {
                var values: [Double] = []
                for (i, _) in t.values.enumerated() { values.append(try number(t, i, what: "value \(i + 1)")) }
                guard values.count == 3 || values.count == 7 else {
                    throw error("TOWGS84 needs 3 or 7 values, found \(values.count)", at: t.offset)
                }
                if values.count == 3 { values += [0, 0, 0, 0] }
                if values.contains(where: { $0 != 0 }) || wkt1 { datum.towgs84 = values }
            }
            if let dyn = crsNode.child("DYNAMIC"), let fe = dyn.child("FRAMEEPOCH") {
                datum.frameReferenceEpoch = try number(fe, 0, what: "frame epoch")
            }
            return datum
        }
        if let en = crsNode.child("ENSEMBLE") {
            guard let e = en.child("ELLIPSOID", "SPHEROID") else {
                throw error("geodetic ENSEMBLE lacks an ELLIPSOID", at: en.offset)
            }
            var members: [DatumEnsemble.Member] = []
            for m in en.children("MEMBER") {
                members.append(DatumEnsemble.Member(name: try name(m), identifier: try identifier(m)))
            }
            var accuracy: Double?
            if let acc = en.child("ENSEMBLEACCURACY") { accuracy = try number(acc, 0, what: "accuracy") }
            return GeodeticDatum(name: try name(en), identifier: try identifier(en), ellipsoid: try ellipsoid(e),
                                 primeMeridian: pm, ensemble: DatumEnsemble(members: members, accuracy: accuracy))
        }
        throw error("\(crsNode.keyword) lacks a DATUM or ENSEMBLE", at: crsNode.offset)
    }

    mutating func geodetic(_ node: WKTNode) throws(GraticuleError) -> GeodeticCRS {
        let crsName = try name(node)
        let id = try identifier(node)
        let isWKT1 = node.key == "GEOGCS" || node.key == "GEOCCS"
        // Angular unit: WKT1 GEOGCS UNIT; WKT2 CS-level unit, or the prime meridian's.
        var angular = UnitOfMeasure.degree
        var csUnit: UnitOfMeasure?
        if isWKT1 {
            if node.key == "GEOGCS" {
                guard let u = try unitChild(node, expected: .angle) else {
                    throw error("GEOGCS \(crsName.brief) lacks its angular UNIT", at: node.offset)
                }
                angular = u
            } else {
                csUnit = try unitChild(node, expected: .length) ?? .metre
            }
        } else {
            if let u = try unitChild(node, expected: nil) {
                csUnit = u
                if u.kind == .angle { angular = u }
            }
            if let pmNode = node.child("PRIMEM", "PRIMEMERIDIAN"), let u = try unitChild(pmNode, expected: .angle),
               csUnit == nil {
                angular = u
            }
        }
        let pm = try primeMeridian(node.child("PRIMEM", "PRIMEMERIDIAN"), angularUnit: angular)
        let datum = try geodeticDatum(node, primeMeridian: pm)

        var cs: CoordinateSystem
        var implicit = false
        let geocentric = node.key == "GEOCCS"
        if let explicit = try statedCoordinateSystem(node, defaultUnit: csUnit ?? angular,
                                                     wkt1Kind: geocentric ? .cartesian : .ellipsoidal,
                                                     wkt1Unit: geocentric ? (csUnit ?? .metre) : angular) {
            cs = explicit
        } else {
            implicit = true
            switch node.key {
            case "GEOCCS": cs = CRSResolve.geocentric(unit: csUnit ?? .metre)
            case "GEOGCS":
                let lin = try node.child("LINUNIT").map { n throws(GraticuleError) in try unit(n, expected: .length) }
                cs = CRSResolve.ellipsoidal(latitudeFirst: false, unit: angular, height: lin)
            case "BASEGEOGCRS", "BASEGEODCRS":
                cs = CRSResolve.ellipsoidal(latitudeFirst: true, unit: angular)
            default:
                throw error("\(node.keyword) \(crsName.brief) lacks its CS", at: node.offset)
            }
        }
        guard let kind = GeodeticCRS.Kind(coordinateSystem: cs) else {
            throw error("\(node.keyword) \(crsName.brief) has a \(cs.kind.rawValue) CS with "
                        + "\(cs.axes.count) axes; a geodetic CRS needs an ellipsoidal (2D/3D) or 3D Cartesian one",
                        at: node.offset)
        }
        if node.key == "GEOCCS" && cs.kind == .ellipsoidal {
            throw error("GEOCCS cannot have an ellipsoidal CS", at: node.offset)
        }
        if ["GEOGCRS", "GEOGRAPHICCRS", "BASEGEOGCRS"].contains(node.key) && cs.kind != .ellipsoidal {
            throw error("\(node.keyword) needs an ellipsoidal CS, found \(cs.kind.rawValue)", at: node.offset)
        }
        var g = GeodeticCRS(name: crsName, identifier: id, kind: kind, datum: datum, coordinateSystem: cs)
        g = resolveGeodetic(g, implicitAxes: implicit, wkt1Node: isWKT1)
        return g
    }

    /// WKT1 / Esri: a GEOGCS with an identifier and no AXIS takes the registry's axes; an Esri
    /// `GCS_…` name that the registry knows becomes the registry's CRS (with its identifier).
    func resolveGeodetic(_ g: GeodeticCRS, implicitAxes: Bool, wkt1Node: Bool) -> GeodeticCRS {
        guard wkt1Node || implicitAxes else { return g }
        var g = g
        if let id = g.identifier, case let .geodetic(reg)? = try? registry.crs(id) {
            if implicitAxes && reg.kind == g.kind && CRSEquivalence.datumsEquivalent(reg.datum, g.datum, options: [], names: names) {
                g.coordinateSystem = reg.coordinateSystem
            }
            return g
        }
        guard (esri || maybeEsri) && wkt1Node && g.kind == .geographic2D else { return g }
        let candidates = (try? registry.crsIdentifiers(named: g.name, types: [.geographic2D])) ?? []
        for c in candidates {
            // Substituted only when the figure is the registry's to the last digits written (a
            // rounded 1/f such as Esri's 294.9786982 for Clarke 1866 stays as written).
            if case var .geodetic(reg)? = try? registry.crs(c),
               CRSEquivalence.geodeticEquivalent(reg, g, options: [.ignoreAxisOrder], names: names),
               CRSEquivalence.close(reg.datum.ellipsoid.semiMajorAxis, g.datum.ellipsoid.semiMajorAxis, 1e-12),
               CRSEquivalence.close(reg.datum.ellipsoid.inverseFlattening, g.datum.ellipsoid.inverseFlattening, 1e-12) {
                reg.datum.towgs84 = g.datum.towgs84
                return reg
            }
        }
        return g
    }

    // MARK: Coordinate systems

    func coordinateSystem(_ csNode: WKTNode, axes: [WKTNode], defaultUnit: UnitOfMeasure?) throws(GraticuleError) -> CoordinateSystem {
        guard case let .word(type, typeOffset)? = csNode.values.first else {
            throw error("CS needs a type (ellipsoidal, Cartesian, vertical, …)", at: csNode.offset)
        }
        let dim = try number(csNode, 1, what: "dimension")
        guard dim == dim.rounded(), dim >= 1, dim <= 3 else {
            throw error("CS dimension must be 1, 2 or 3, got \(dim)", at: csNode.values[1].offset)
        }
        let kind: CoordinateSystem.Kind
        switch type.lowercased() {
        case "ellipsoidal": kind = .ellipsoidal
        case "cartesian": kind = .cartesian
        case "vertical": kind = .vertical
        case "spherical": kind = .spherical
        case "ordinal": kind = .ordinal
        default:
            throw error("unsupported CS type \(type) (expected ellipsoidal, Cartesian, vertical, spherical or ordinal)",
                        at: typeOffset)
        }
        var cs = try coordinateSystem(kind: kind, dimension: Int(dim), axes: axes, defaultUnit: defaultUnit, at: csNode.offset)
        cs.identifier = try identifier(csNode)
        return cs
    }

    func coordinateSystem(kind: CoordinateSystem.Kind, dimension: Int, axes axisNodes: [WKTNode],
                          defaultUnit: UnitOfMeasure?, at offset: Int) throws(GraticuleError) -> CoordinateSystem {
        guard axisNodes.count == dimension else {
            throw error("the CS declares \(dimension) axes but \(axisNodes.count) AXIS \(axisNodes.count == 1 ? "is" : "are") given",
                        at: axisNodes.first?.offset ?? offset)
        }
        var axes: [(order: Int?, axis: Axis)] = []
        for (i, a) in axisNodes.enumerated() {
            let designation = try name(a)
            guard a.values.count >= 2, case let .word(dirWord, _) = a.values[1] else {
                throw error("AXIS \(designation.brief) lacks its direction", at: a.offset)
            }
            var direction = wkt1 ? dirWord.lowercased() : dirWord
            if direction.uppercased() == direction { direction = direction.lowercased() }
            if wkt1 && kind == .cartesian && dimension == 3 && direction == "other" {
                direction = i == 0 ? "geocentricX" : "geocentricY"
            } else if wkt1 && kind == .cartesian && dimension == 3 && i == 2 && direction == "north" {
                direction = "geocentricZ"
            }
            if let m = a.child("MERIDIAN") {
                let v = try number(m, 0, what: "longitude")
                let u = try unitChild(m, expected: .angle) ?? .degree
                direction = CRSResolve.direction(direction, meridianDegrees: v * u.factor / Angle.radiansPerDegree)
            }
            var axisUnit = try unitChild(a, expected: nil)
            if axisUnit == nil, kind == .ellipsoidal, i == 2, defaultUnit?.kind == .angle { axisUnit = .metre }
            if axisUnit == nil { axisUnit = defaultUnit }
            if axisUnit == nil {
                axisUnit = kind == .ellipsoidal && !(i == 2) ? .degree : .metre
            }
            var (n, abbr) = CRSResolve.axisNameAndAbbreviation(designation, direction: direction, csKind: kind)
            if wkt1 {
                // WKT1 names: Lat/Long, Easting/Northing, X/Y, "Geocentric X".
                switch n {
                case "Lat": (n, abbr) = ("Geodetic latitude", "Lat")
                case "Long", "Lon": (n, abbr) = ("Geodetic longitude", "Lon")
                case "X" where direction == "geocentricX": (n, abbr) = ("Geocentric X", "X")
                case "Y" where direction == "geocentricY": (n, abbr) = ("Geocentric Y", "Y")
                case "Z" where direction == "geocentricZ": (n, abbr) = ("Geocentric Z", "Z")
                default: break
                }
            }
            var order: Int?
            if let o = a.child("ORDER") {
                let v = try number(o, 0, what: "order")
                guard v == v.rounded(), v >= 1, v <= Double(dimension) else {
                    throw error("AXIS ORDER must be between 1 and \(dimension), got \(v)", at: o.offset)
                }
                order = Int(v)
            }
            axes.append((order, Axis(name: n, abbreviation: abbr, direction: direction, unit: axisUnit!)))
        }
        if axes.allSatisfy({ $0.order != nil }) {
            let orders = axes.map { $0.order! }
            guard Set(orders).count == orders.count else {
                throw error("AXIS ORDER values repeat", at: axisNodes[0].offset)
            }
            axes.sort { $0.order! < $1.order! }
        }
        return CoordinateSystem(kind: kind, axes: axes.map(\.axis))
    }

    // MARK: Projected

    mutating func projected(_ node: WKTNode) throws(GraticuleError) -> ProjectedCRS {
        let crsName = try name(node)
        let id = try identifier(node)
        guard let baseNode = node.child("BASEGEOGCRS", "BASEGEODCRS", "GEOGCS", "GEOGCRS", "GEODCRS") else {
            throw error("\(node.keyword) \(crsName.brief) lacks its base geographic CRS", at: node.offset)
        }
        var base = try geodetic(baseNode)
        let isWKT1 = node.key == "PROJCS"
        let linear: UnitOfMeasure
        if isWKT1 {
            linear = try unitChild(node, expected: .length) ?? .metre
        } else {
            linear = try unitChild(node, expected: nil).flatMap { $0.kind == .length ? $0 : nil } ?? .metre
        }
        var conversion: Conversion
        if let conv = node.child("CONVERSION") {
            conversion = try wkt2Conversion(conv)
        } else if let proj = node.child("PROJECTION") {
            conversion = try wkt1Projection(proj, in: node, base: base, linearUnit: linear)
            // GDAL's EXTENSION["PROJ4", …] says what the WKT1 method cannot (Web Mercator written
            // as Mercator_1SP, spherical forms on an ellipsoid): its conversion wins.
            if let ext = node.child("EXTENSION"), ext.values.count >= 2, case let .string(kind, _) = ext.values[0],
               kind.uppercased() == "PROJ4", case let .string(projString, _) = ext.values[1],
               projString.hasPrefix("+proj="), projString.utf8.count < 4096,
               let parsed = try? PROJStringReader.read(Array(projString.utf8), resolve: resolve),
               case let .projected(pm) = parsed.crs {
                conversion = pm.conversion
                conversion.parameters = conversion.parameters.map { p in
                    var p = p
                    if p.unit?.kind == .length { p.value = p.siValue / linear.factor; p.unit = linear }
                    return p
                }
            }
        } else {
            throw error("\(node.keyword) \(crsName.brief) lacks a CONVERSION or PROJECTION", at: node.offset)
        }
        var cs: CoordinateSystem
        var implicit = false
        if let explicit = try statedCoordinateSystem(node, defaultUnit: linear, wkt1Kind: .cartesian) {
            cs = explicit
        } else {
            implicit = true
            cs = CRSResolve.implicitProjectedAxes(conversion: conversion, unit: linear)
        }
        // WKT1 cannot give the meridian of polar axes (AXIS["Easting",SOUTH],AXIS["Northing",SOUTH]).
        if isWKT1, cs.axes.count == 2, cs.axes[0].direction == cs.axes[1].direction,
           cs.axes[0].direction == "north" || cs.axes[0].direction == "south", CRSResolve.isPolar(conversion) {
            var polar = CRSResolve.implicitProjectedAxes(conversion: conversion, unit: linear)
            // Keep the text's order (EPSG:5482 is northing, easting).
            if cs.axes[0].name.lowercased().hasPrefix("northing") || cs.axes[0].abbreviation == "N" {
                polar.axes.reverse()
            }
            cs = polar
        }
        guard cs.kind == .cartesian, cs.axes.count == 2 || cs.axes.count == 3 else {
            throw error("\(node.keyword) \(crsName.brief) needs a 2D or 3D Cartesian CS, found "
                        + "\(cs.kind.rawValue) with \(cs.axes.count) axes", at: node.offset)
        }
        // A 3D projected CRS on a base given without its CS: the base is geographic 3D.
        if cs.axes.count == 3, base.kind == .geographic2D, base.coordinateSystem.axes.count == 2 {
            base.kind = .geographic3D
            base.coordinateSystem.axes.append(Axis(name: "Ellipsoidal height", abbreviation: "h", direction: "up",
                                                   unit: cs.axes[2].unit))
        }
        if isWKT1, let krovak = conversion.method.epsgCode, krovak == 1041,
           cs.axes.count == 2, cs.axes[0].direction == "south", cs.axes[1].direction == "west" {
            conversion.method = OperationMethod(name: "Krovak", identifier: Identifier("EPSG", 9819))
        }
        if conversion.name == "unnamed", let utm = Conversion.utmName(conversion) { conversion.name = utm }
        var p = ProjectedCRS(name: crsName, identifier: id, base: base, conversion: conversion, coordinateSystem: cs)
        p = resolveProjected(p, implicitAxes: implicit, wkt1Node: isWKT1)
        return p
    }

    /// WKT1: an identified PROJCS without AXIS takes the registry's axes and conversion name; an Esri
    /// PROJCS whose name the registry knows (as name or Esri alias) becomes the registry's CRS.
    func resolveProjected(_ p: ProjectedCRS, implicitAxes: Bool, wkt1Node: Bool) -> ProjectedCRS {
        guard wkt1Node else { return p }
        var p = p
        if let id = p.identifier, case let .projected(reg)? = try? registry.crs(id) {
            if CRSEquivalence.projectedEquivalent(reg, p, options: implicitAxes ? [.ignoreAxisOrder] : [], names: names) {
                if implicitAxes { p.coordinateSystem = reg.coordinateSystem }
                p.conversion.name = reg.conversion.name
                p.conversion.identifier = reg.conversion.identifier
            }
            return p
        }
        guard esri || maybeEsri else { return p }
        var crsNames = [p.name]
        if p.name.contains("_FIPS_") && !p.name.contains("_Feet"),
           let f = p.coordinateSystem.unit?.factor, abs(f - 1200.0 / 3937.0) < 1e-10 {
            crsNames.insert(p.name + "_Feet", at: 0)
        }
        for n in crsNames {
            let candidates = (try? registry.crsIdentifiers(named: n, types: [.projected])) ?? []
            for c in candidates {
                // Esri WKT states no axes: implicit ones are not compared.
                var candidate = p
                if implicitAxes, case let .projected(reg)? = try? registry.crs(c) { candidate.coordinateSystem = reg.coordinateSystem }
                if case var .projected(reg)? = try? registry.crs(c),
                   CRSEquivalence.projectedEquivalent(reg, candidate, options: [.ignoreAxisOrder], names: names) {
                    reg.base.datum.towgs84 = p.base.datum.towgs84
                    return reg
                }
            }
        }
        return p
    }

    /// A WKT2 `CONVERSION[name, METHOD[…], PARAMETER[…]…, ID]`.
    func wkt2Conversion(_ node: WKTNode) throws(GraticuleError) -> Conversion {
        let convName = try name(node)
        guard let m = node.child("METHOD", "PROJECTION") else {
            throw error("CONVERSION \(convName.brief) lacks its METHOD", at: node.offset)
        }
        var method = OperationMethod(name: try name(m), identifier: try identifier(m))
        let spec = MethodTable.spec(for: method)
        if method.identifier == nil, let code = spec?.epsg { method.identifier = Identifier("EPSG", code) }
        var params: [OperationParameter] = []
        for p in node.children("PARAMETER", "PARAMETERFILE") {
            if p.key == "PARAMETERFILE" { continue }
            let pName = try name(p)
            let value = try number(p, 1, what: "value")
            params.append(MethodTable.parameter(pName, identifier: try identifier(p), value: value,
                                                unit: try unitChild(p, expected: nil), of: spec))
        }
        return Conversion(name: convName, identifier: try identifier(node), method: method, parameters: params)
    }

    // MARK: Vertical, compound, engineering, bound

    mutating func vertical(_ node: WKTNode) throws(GraticuleError) -> VerticalCRS {
        let crsName = try name(node)
        let id = try identifier(node)
        var datum: VerticalDatum
        if let d = node.child("VDATUM", "VERTICALDATUM", "VRF", "VERT_DATUM", "DATUM") {
            let dn = try name(d)
            datum = wkt1 ? resolve.verticalDatum(name: dn, identifier: try identifier(d))
                : VerticalDatum(name: dn, identifier: try identifier(d))
        } else if let en = node.child("ENSEMBLE") {
            var members: [DatumEnsemble.Member] = []
            for m in en.children("MEMBER") { members.append(.init(name: try name(m), identifier: try identifier(m))) }
            var accuracy: Double?
            if let acc = en.child("ENSEMBLEACCURACY") { accuracy = try number(acc, 0, what: "accuracy") }
            datum = VerticalDatum(name: try name(en), identifier: try identifier(en),
                                  ensemble: DatumEnsemble(members: members, accuracy: accuracy))
        } else {
            throw error("\(node.keyword) \(crsName.brief) lacks its vertical datum", at: node.offset)
        }
        let unit = try unitChild(node, expected: nil).flatMap { $0.kind == .length ? $0 : nil } ?? .metre
        var cs: CoordinateSystem
        if let explicit = try statedCoordinateSystem(node, defaultUnit: unit, wkt1Kind: .vertical) {
            cs = explicit
        } else {
            var down = false
            for p in node.children("PARAMETER") {
                if case let .string(s, _)? = p.values.first, s == "Direction", (try? number(p, 1, what: "value")) == -1 {
                    down = true
                }
            }
            cs = CRSResolve.height(unit: unit, down: down)
        }
        guard cs.axes.count == 1 else {
            throw error("\(node.keyword) needs exactly one axis, found \(cs.axes.count)", at: node.offset)
        }
        if cs.kind != .vertical { cs.kind = .vertical }
        var v = VerticalCRS(name: crsName, identifier: id, datum: datum, coordinateSystem: cs)
        if wkt1, esri || maybeEsri, id == nil {
            for c in (try? registry.crsIdentifiers(named: crsName, types: [.vertical])) ?? [] {
                if case let .vertical(reg)? = try? registry.crs(c), reg.datum.name == v.datum.name
                    || RegistryNames.key(reg.datum.name) == RegistryNames.key(v.datum.name) {
                    v = reg
                    break
                }
            }
        }
        return v
    }

    mutating func compound(_ node: WKTNode) throws(GraticuleError) -> CompoundCRS {
        let crsName = try name(node)
        var components: [CRS] = []
        for c in node.children {
            switch WKTReader.kind(of: c) {
            case .geodetic, .projected, .vertical, .engineering, .bound, .compound:
                components.append(try crs(c))
            default:
                continue
            }
        }
        guard components.count >= 2 else {
            throw error("\(node.keyword) \(crsName.brief) needs at least two component CRSs, found \(components.count)",
                        at: node.offset)
        }
        // Flatten nested compounds.
        var flat: [CRS] = []
        for c in components {
            if case let .compound(inner) = c { flat.append(contentsOf: inner.components) } else { flat.append(c) }
        }
        return CompoundCRS(name: crsName, identifier: try identifier(node), components: flat)
    }

    /// The coordinate system a CRS node states: WKT2's CS with its AXIS children (units defaulting
    /// to `defaultUnit`), or WKT1's bare AXIS nodes as a CS of `wkt1Kind` (units `wkt1Unit`, by
    /// default `defaultUnit`); nil when it states none and the caller supplies the implicit one.
    func statedCoordinateSystem(_ node: WKTNode, defaultUnit: UnitOfMeasure,
                                         wkt1Kind: CoordinateSystem.Kind,
                                         wkt1Unit: UnitOfMeasure? = nil) throws(GraticuleError) -> CoordinateSystem? {
        let axisNodes = node.children("AXIS")
        if let csNode = node.child("CS") {
            return try coordinateSystem(csNode, axes: axisNodes, defaultUnit: defaultUnit)
        }
        guard !axisNodes.isEmpty else { return nil }
        return try coordinateSystem(kind: wkt1Kind, dimension: axisNodes.count, axes: axisNodes,
                                    defaultUnit: wkt1Unit ?? defaultUnit, at: node.offset)
    }

    mutating func engineering(_ node: WKTNode) throws(GraticuleError) -> EngineeringCRS {
        let crsName = try name(node)
        guard let d = node.child("EDATUM", "ENGINEERINGDATUM", "LOCAL_DATUM") else {
            throw error("\(node.keyword) \(crsName.brief) lacks its datum", at: node.offset)
        }
        let unit = try unitChild(node, expected: nil) ?? .metre
        let cs = try statedCoordinateSystem(node, defaultUnit: unit, wkt1Kind: .cartesian)
            ?? CRSResolve.eastingNorthing(unit: unit)
        return EngineeringCRS(name: crsName, identifier: try identifier(node), datumName: try name(d), coordinateSystem: cs)
    }

    /// A `BOUNDCRS`: its source CRS, with the transformation to WGS 84 kept as `towgs84` when it is a
    /// Helmert transformation.
    mutating func bound(_ node: WKTNode) throws(GraticuleError) -> CRS {
        guard let src = node.child("SOURCECRS"), let inner = src.children.first else {
            throw error("BOUNDCRS lacks its SOURCECRS", at: node.offset)
        }
        var source = try crs(inner)
        guard let target = node.child("TARGETCRS"), let targetCRS = target.children.first else {
            throw error("BOUNDCRS lacks its TARGETCRS", at: node.offset)
        }
        _ = try crs(targetCRS)
        guard let t = node.child("ABRIDGEDTRANSFORMATION") else {
            throw error("BOUNDCRS lacks its ABRIDGEDTRANSFORMATION", at: node.offset)
        }
        var values: [Int: Double] = [:]
        for p in t.children("PARAMETER") {
            if let pid = try identifier(p), let c = pid.number {
                var v = try number(p, 1, what: "value")
                if let u = try unitChild(p, expected: nil) {
                    if u.kind == .angle { v = v * u.factor / Angle.radiansPerArcSecond }
                    if u.kind == .scale { v = v * u.factor / 1e-6 }
                    if u.kind == .length { v *= u.factor }
                }
                values[c] = v
            }
        }
        var methodCode = 0
        if let m = t.child("METHOD"), let mid = try identifier(m), let c = mid.number { methodCode = c }
        let tx = [values[8605] ?? 0, values[8606] ?? 0, values[8607] ?? 0]
        var rot = [values[8608] ?? 0, values[8609] ?? 0, values[8610] ?? 0]
        if [9607, 1032, 1038].contains(methodCode) { rot = rot.map { -$0 } }
        let towgs84 = tx + rot + [values[8611] ?? 0]
        func apply(_ g: inout GeodeticCRS) { g.datum.towgs84 = towgs84 }
        switch source {
        case var .geodetic(g): apply(&g); source = .geodetic(g)
        case var .projected(p): apply(&p.base); source = .projected(p)
        default: break
        }
        return source
    }

    // MARK: Usage

    /// The area of use and scope: WKT2 2019 `USAGE[SCOPE, AREA, BBOX]`, or WKT2 2015 `SCOPE`,
    /// `AREA`, `BBOX` directly under the CRS.
    func usage(_ node: WKTNode) throws(GraticuleError) -> (AreaOfUse?, String?) {
        let holder = node.child("USAGE") ?? node
        var scope: String?
        if let s = holder.child("SCOPE") { scope = try name(s) }
        var areaName: String?
        if let a = holder.child("AREA") { areaName = try name(a) }
        guard let b = holder.child("BBOX") else {
            if let areaName { return (AreaOfUse(name: areaName, west: -180, south: -90, east: 180, north: 90), scope) }
            return (nil, scope)
        }
        let s = try number(b, 0, what: "south latitude"), w = try number(b, 1, what: "west longitude")
        let n = try number(b, 2, what: "north latitude"), e = try number(b, 3, what: "east longitude")
        guard (-90...90).contains(s), (-90...90).contains(n), s <= n else {
            throw error("BBOX latitudes must lie in [-90, 90] with south <= north, got \(s), \(n)", at: b.offset)
        }
        guard (-180...180).contains(w), (-180...180).contains(e) else {
            throw error("BBOX longitudes must lie in [-180, 180], got \(w), \(e)", at: b.offset)
        }
        return (AreaOfUse(name: areaName ?? "", west: w, south: s, east: e, north: n, identifier: try identifier(holder.child("AREA") ?? b)), scope)
    }
}

extension ParameterKind {
    /// The unit a parameter of this kind is in when its text gives none (WKT2 and PROJJSON default
    /// angles to degrees, lengths to metres and scales to unity).
    var defaultUnit: UnitOfMeasure {
        switch self {
        case .angle: .degree
        case .length: .metre
        case .scale: .unity
        }
    }

    /// The kind of a parameter from its name, as PROJ guesses it for unknown parameters.
    static func guess(_ name: String) -> ParameterKind {
        let n = name.lowercased()
        if n.contains("scale") || n.contains("scaling factor") || n == "option" { return .scale }
        if ["latitude", "longitude", "meridian", "parallel", "azimuth", "angle", "heading", "rotation"]
            .contains(where: { n.contains($0) }) { return .angle }
        if n.contains("easting") || n.contains("northing") || n.contains("height") { return .length }
        return .angle
    }
}

extension WKTLexer {
    /// Parses one WKT node, or two separated by a comma (Esri's horizontal + vertical pair).
    static func parseDocument(_ bytes: [UInt8]) throws(GraticuleError) -> [WKTNode] {
        var lexer = WKTLexer(bytes: bytes)
        // Find the end of the first node by parsing it on a prefix-aware lexer.
        var roots: [WKTNode] = []
        roots.append(try lexer.parseNode(allowTrailingComma: true))
        if lexer.position < bytes.count {
            roots.append(try lexer.parseNode(allowTrailingComma: false))
        }
        return roots
    }
}
