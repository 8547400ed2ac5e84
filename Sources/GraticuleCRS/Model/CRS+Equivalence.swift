import Foundation
import GraticuleCore

/// What `isEquivalent(to:options:)` may disregard.
public struct CRSEquivalenceOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Compare axes as a set of directions, ignoring their order (Esri WKT and PROJ strings do not
    /// carry the authority's order).
    public static let ignoreAxisOrder = CRSEquivalenceOptions(rawValue: 1)
    /// Do not compare datum names or identifiers, only the ellipsoid and prime meridian (PROJ
    /// strings name no datum).
    public static let ignoreDatumIdentity = CRSEquivalenceOptions(rawValue: 2)
    /// Compare only the horizontal part: a geographic 3D CRS matches the geographic 2D one on the
    /// same datum (PROJ strings cannot say a CRS is 3D).
    public static let ignoreHeight = CRSEquivalenceOptions(rawValue: 4)
    /// Compare axis directions but not axis units (a PROJ string gives geographic coordinates in
    /// degrees whatever the CRS's unit).
    public static let ignoreAxisUnits = CRSEquivalenceOptions(rawValue: 8)
}

extension CRS {
    /// True when both CRSs describe the same coordinates: the same kind; the same datum by
    /// Graticule's datum-identity rule (`DatumIdentity`: ellipsoid and prime meridian, then
    /// registry identity, so Esri's `D_WGS_1984` is `World Geodetic System 1984`); the same
    /// units; the same method (by EPSG code, or by name through the Esri and WKT1 mappings);
    /// every parameter value equal in SI units to 1e-12 relative (a parameter one side omits
    /// counts as 0, or 1 for a scale factor); and the same axis directions. Names and aliases are
    /// resolved against `registry`.
    ///
    /// Names of CRSs, conversions and axes are not compared.
    /// - Throws: the registry's error when its name index cannot be read.
    public func isEquivalent(to other: CRS, options: CRSEquivalenceOptions = [],
                             registry: Registry) throws(GraticuleError) -> Bool {
        CRSEquivalence.equivalent(self, other, options: options, names: try registry.names())
    }

    /// `isEquivalent(to:options:registry:)` with the shared registry (`Registry.shared`).
    /// - Throws: the shared registry's error when it is missing or unreadable.
    public func isEquivalent(to other: CRS, options: CRSEquivalenceOptions = []) throws(GraticuleError) -> Bool {
        try isEquivalent(to: other, options: options, registry: try Registry.shared)
    }
}

extension SpatialReference {
    /// True when both definitions are equivalent (see `CRS.isEquivalent(to:options:registry:)`).
    public func isEquivalent(to other: SpatialReference, options: CRSEquivalenceOptions = [],
                             registry: Registry) throws(GraticuleError) -> Bool {
        try definition.isEquivalent(to: other.definition, options: options, registry: registry)
    }

    /// True when both definitions are equivalent, with the shared registry.
    public func isEquivalent(to other: SpatialReference, options: CRSEquivalenceOptions = []) throws(GraticuleError) -> Bool {
        try definition.isEquivalent(to: other.definition, options: options)
    }
}

enum CRSEquivalence {
    static func equivalent(_ a: CRS, _ b: CRS, options: CRSEquivalenceOptions, names: RegistryNames) -> Bool {
        switch (a, b) {
        case let (.geodetic(x), .geodetic(y)): return geodeticEquivalent(x, y, options: options, names: names)
        case let (.projected(x), .projected(y)): return projectedEquivalent(x, y, options: options, names: names)
        case let (.vertical(x), .vertical(y)):
            return (options.contains(.ignoreDatumIdentity) || verticalDatumsEquivalent(x.datum, y.datum))
                && axesEquivalent(x.coordinateSystem, y.coordinateSystem, options: options)
        case let (.compound(x), .compound(y)):
            guard x.components.count == y.components.count else { return false }
            return zip(x.components, y.components).allSatisfy { equivalent($0, $1, options: options, names: names) }
        case let (.engineering(x), .engineering(y)):
            return RegistryNames.key(x.datumName) == RegistryNames.key(y.datumName)
                && axesEquivalent(x.coordinateSystem, y.coordinateSystem, options: options)
        default:
            return false
        }
    }

    static func geodeticEquivalent(_ a: GeodeticCRS, _ b: GeodeticCRS, options: CRSEquivalenceOptions,
                                   names: RegistryNames) -> Bool {
        var (a, b) = (a, b)
        if options.contains(.ignoreHeight) {
            if a.kind == .geographic3D { a.kind = .geographic2D; a.coordinateSystem.axes = Array(a.coordinateSystem.axes.prefix(2)) }
            if b.kind == .geographic3D { b.kind = .geographic2D; b.coordinateSystem.axes = Array(b.coordinateSystem.axes.prefix(2)) }
        }
        return a.kind == b.kind && datumsEquivalent(a.datum, b.datum, options: options, names: names)
            && axesEquivalent(a.coordinateSystem, b.coordinateSystem, options: options)
    }

    static func projectedEquivalent(_ a: ProjectedCRS, _ b: ProjectedCRS, options: CRSEquivalenceOptions,
                                    names: RegistryNames) -> Bool {
        var (a, b) = (a, b)
        if options.contains(.ignoreHeight) {
            for i in 0..<2 {
                var p = i == 0 ? a : b
                p.coordinateSystem.axes = Array(p.coordinateSystem.axes.prefix(2))
                p.base.coordinateSystem.axes = Array(p.base.coordinateSystem.axes.prefix(2))
                if p.base.kind == .geographic3D { p.base.kind = .geographic2D }
                if i == 0 { a = p } else { b = p }
            }
        }
        guard datumsEquivalent(a.base.datum, b.base.datum, options: options, names: names),
              axesEquivalent(a.base.coordinateSystem, b.base.coordinateSystem, options: options.union([.ignoreAxisOrder, .ignoreAxisUnits])),
              axesEquivalent(a.coordinateSystem, b.coordinateSystem, options: options) else { return false }
        return conversionsEquivalent(a.conversion, b.conversion, ellipsoid: a.base.datum.ellipsoid.figure, names: names)
    }

    // MARK: Datum

    /// Datum identity (`DatumIdentity`); with `ignoreDatumIdentity`, only the ellipsoid and prime meridian.
    static func datumsEquivalent(_ a: GeodeticDatum, _ b: GeodeticDatum, options: CRSEquivalenceOptions,
                                 names: RegistryNames) -> Bool {
        if options.contains(.ignoreDatumIdentity) { return DatumIdentity.sameFigure(a, b) }
        return DatumIdentity.same(a, b, names: names)
    }

    static func verticalDatumsEquivalent(_ a: VerticalDatum, _ b: VerticalDatum) -> Bool {
        if let ia = a.identifier, let ib = b.identifier { return ia == ib }
        return DatumIdentity.nameKey(a.name) == DatumIdentity.nameKey(b.name)
    }

    // MARK: Axes

    static func axesEquivalent(_ a: CoordinateSystem, _ b: CoordinateSystem, options: CRSEquivalenceOptions) -> Bool {
        guard a.axes.count == b.axes.count else { return false }
        func key(_ x: Axis) -> String {
            let (dir, meridian) = CRSResolve.splitDirection(x.direction)
            guard let meridian else { return RegistryNames.key(x.direction) }
            var m = Angle.normalizeDegrees(meridian)
            if m == -180 { m = 180 }
            return RegistryNames.key(dir) + "@" + String(Int((m * 1e6).rounded()))
        }
        if !options.contains(.ignoreAxisUnits) {
            for (x, y) in zip(a.axes, b.axes) where !close(x.unit.factor, y.unit.factor, 1e-9) && !(x.unit.factor.isNaN && y.unit.factor.isNaN) {
                return false
            }
        }
        if options.contains(.ignoreAxisOrder) { return a.axes.map(key).sorted() == b.axes.map(key).sorted() }
        return a.axes.map(key) == b.axes.map(key)
    }

    // MARK: Conversions

    static func conversionsEquivalent(_ a: Conversion, _ b: Conversion, ellipsoid: Ellipsoid, names: RegistryNames) -> Bool {
        let isSphere = ellipsoid.isSphere
        var ca = a.canonicalized(isSphere: isSphere, names: names), cb = b.canonicalized(isSphere: isSphere, names: names)
        // Mercator (variant A) with k ≤ 1 is variant B with the matching standard parallel (Esri
        // writes it so).
        if ca.method.epsgCode == 9804, cb.method.epsgCode == 9805, let m = mercatorAsVariantB(ca, ellipsoid: ellipsoid) { ca = m }
        if cb.method.epsgCode == 9804, ca.method.epsgCode == 9805, let m = mercatorAsVariantB(cb, ellipsoid: ellipsoid) { cb = m }
        // Polar stereographic (variant B) with its standard parallel at the pole is variant A with k = 1.
        ca = polarVariantA(ca)
        cb = polarVariantA(cb)
        guard methodKey(ca.method, isSphere: isSphere) == methodKey(cb.method, isSphere: isSphere) else { return false }
        let pa = parameterValues(ca), pb = parameterValues(cb)
        for key in Set(pa.keys).union(pb.keys) {
            let d = key.hasPrefix("scale") ? 1.0 : 0.0
            let va = pa[key]?.value ?? d, vb = pb[key]?.value ?? d
            if close(va, vb, 1e-12) || abs(va - vb) <= 1e-13 { continue }
            // Angles are equal modulo a full turn (an azimuth of 323° is −37°).
            if key.hasPrefix("angle") {
                let r = abs(remainder(va - vb, 2 * Double.pi))
                if r <= 1e-12 * max(abs(va), abs(vb), 1) { continue }
            }
            return false
        }
        return true
    }

    static func polarVariantA(_ c: Conversion) -> Conversion {
        guard c.method.epsgCode == 9829, let lat = c.parameter(epsg: 8832)?.normalizedValue, abs(abs(lat) - 90) < 1e-10 else { return c }
        var params: [OperationParameter] = [
            OperationParameter(name: "Latitude of natural origin", identifier: Identifier("EPSG", 8801), value: lat, unit: .degree),
            OperationParameter(name: "Longitude of natural origin", identifier: Identifier("EPSG", 8802),
                               value: c.parameter(epsg: 8833)?.normalizedValue ?? 0, unit: .degree),
            OperationParameter(name: "Scale factor at natural origin", identifier: Identifier("EPSG", 8805), value: 1, unit: .unity),
        ]
        params += c.parameters.filter { $0.epsgCode == 8806 || $0.epsgCode == 8807 }
        return Conversion(name: c.name, method: OperationMethod(name: "Polar Stereographic (variant A)", identifier: Identifier("EPSG", 9810)),
                          parameters: params)
    }

    /// Mercator (variant A) as the equivalent variant B; nil when k > 1.
    static func mercatorAsVariantB(_ c: Conversion, ellipsoid: Ellipsoid) -> Conversion? {
        guard c.method.epsgCode == 9804, let k = c.parameter(epsg: 8805)?.siValue, k > 0, k <= 1,
              (c.parameter(epsg: 8801)?.siValue ?? 0) == 0 else { return nil }
        let e2 = ellipsoid.eccentricitySquared
        let s2 = (1 - k * k) / (1 - k * k * e2)
        guard s2 >= 0, s2 <= 1 else { return nil }
        var params = c.parameters.filter { $0.epsgCode != 8805 && $0.epsgCode != 8801 }
        params.insert(OperationParameter(name: "Latitude of 1st standard parallel", identifier: Identifier("EPSG", 8823),
                                         value: asin(s2.squareRoot()) * Angle.degreesPerRadian, unit: .degree), at: 0)
        return Conversion(name: c.name, method: OperationMethod(name: "Mercator (variant B)", identifier: Identifier("EPSG", 9805)),
                          parameters: params)
    }



    static func methodKey(_ m: OperationMethod, isSphere: Bool) -> String {
        if var code = m.epsgCode {
            code = MethodTable.supersededCodes[code] ?? code
            if isSphere, let ell = MethodTable.sphericalForms[code] { code = ell }
            // PROJ implements both equidistant cylindrical methods with `eqc` on the ellipsoid.
            if code == 1029 { code = 1028 }
            // PROJ (and GDAL's WKT1) implement modified azimuthal equidistant as the exact one, and
            // Transverse Mercator 3D is Transverse Mercator with heights passed through.
            if code == 9832 { code = 1125 }
            if code == 1111 { code = 9807 }
            return "epsg:\(code)"
        }
        let key = RegistryNames.key(m.name)
        // Orthographic (Spherical) on a sphere is Orthographic.
        if isSphere && key == "orthographicspherical" { return "epsg:9840" }
        return "name:" + key
    }

    /// Parameter values in SI units, keyed by EPSG code (or normalised name) with the kind first.
    static func parameterValues(_ c: Conversion) -> [String: (value: Double, kind: String)] {
        var out: [String: (Double, String)] = [:]
        for p in c.parameters {
            let kind = p.unit?.kind == .scale ? "scale" : p.unit?.kind == .length ? "length" : "angle"
            let id = p.epsgCode.map { "epsg:\($0)" } ?? "name:" + RegistryNames.key(p.name)
            out["\(kind)|\(id)"] = (p.siValue, kind)
        }
        return out
    }

    static func close(_ a: Double, _ b: Double, _ rel: Double) -> Bool {
        a == b || abs(a - b) <= rel * max(abs(a), abs(b))
    }
}

extension Conversion {
    /// The conversion with its method and parameters named as EPSG (or PROJ's WKT2 names where
    /// EPSG has none): Esri projection names and parameter names are mapped through the registry's
    /// Esri tables, WKT1 names through GDAL's, deprecated EPSG method codes to current ones.
    /// Parameters that match no known name are kept as they are.
    func canonicalized(isSphere: Bool, names: RegistryNames) -> Conversion {
        var spec = MethodTable.spec(for: method)
        if spec == nil {
            // An Esri (or WKT1) projection name with Esri parameter names.
            let raw = parameters.map { WKTReader.RawParameter(name: $0.name, value: $0.value, unit: $0.unit) }
            if let c = WKTReader.esriConversion(method.name, raw, crsName: "", isSphere: isSphere, linear: .metre,
                                                angular: .degree, maybe: false, names: names) {
                var c = c
                c.name = name
                c.identifier = identifier
                return c
            }
            if let c = WKTReader.standardConversion(method.name, raw, isSphere: isSphere, linear: .metre, angular: .degree) {
                var c = c
                c.name = name
                c.identifier = identifier
                return c
            }
            spec = MethodTable.method(wkt1: method.name)
        }
        guard var spec else { return self }
        var out = self
        // Stereographic centred on a pole is polar stereographic (variant A), as PROJ reads Esri's.
        if spec.epsg == nil, spec.name == "Stereographic",
           let lat0 = parameters.first(where: { $0.epsgCode == 8801 || RegistryNames.key($0.name) == "latitudeofnaturalorigin" })?.normalizedValue,
           abs(abs(lat0) - 90) < 1e-10, let ps = MethodTable.method(epsg: 9810) {
            spec = ps
        }
        out.method = OperationMethod(name: spec.name, identifier: spec.epsg.map { Identifier("EPSG", $0) } ?? method.identifier)
        // Parameters in the method's order (EPSG's), unknown ones after.
        func rank(_ p: OperationParameter) -> Int {
            spec.params.firstIndex { ps in (p.epsgCode != nil && ps.epsg == p.epsgCode) || RegistryNames.key(ps.name) == RegistryNames.key(p.name)
                || ps.wkt1.map(RegistryNames.key) == RegistryNames.key(p.name) } ?? spec.params.count
        }
        let ordered = parameters.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        out.parameters = ordered.map { p in
            var p = p
            let k = RegistryNames.key(p.name)
            let match = spec.params.first { ps in
                if let c = p.epsgCode { return ps.epsg == c }
                return RegistryNames.key(ps.name) == k || ps.wkt1.map(RegistryNames.key) == k
            }
            if let match {
                p.name = match.name
                if let c = match.epsg { p.identifier = Identifier("EPSG", c) }
            }
            return p
        }
        return out
    }
}
