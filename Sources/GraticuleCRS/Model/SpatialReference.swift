import GraticuleCore

/// A spatial reference: a CRS with its identifier and registry metadata, as the ArcGIS SDK's
/// `SpatialReference` exposes it.
///
/// A `Sendable`, `Hashable` value. Resolving by code reads a registry (cached after the first
/// lookup of a code); resolving text parses WKT1 (OGC and Esri), WKT2 (2015, 2019), PROJJSON or a
/// PROJ string and resolves its names against a registry. Every initialiser that consults the
/// registry takes one (`registry:`); the forms without it use `Registry.shared`, the default, and
/// throw its error when the registry file is missing or unreadable.
public struct SpatialReference: Hashable, Sendable, CustomStringConvertible {
    /// The CRS definition.
    public var definition: CRS
    /// The authority identifier (`EPSG:4326`), when known.
    public var identifier: Identifier?
    /// Area of use (WGS 84 degrees), when known.
    public var areaOfUse: AreaOfUse?
    /// True when the authority has deprecated the code.
    public var isDeprecated: Bool
    /// Replacements of a deprecated code, best first.
    public var replacedBy: [Identifier]
    /// Other names of the CRS (for EPSG CRSs these include the Esri name).
    public var aliases: [String]
    /// What the CRS is meant for (the scope of its first usage), when known.
    public var scope: String?

    /// Wraps a CRS definition (no registry lookup).
    public init(definition: CRS, areaOfUse: AreaOfUse? = nil, scope: String? = nil) {
        self.definition = definition
        self.identifier = definition.identifier
        self.areaOfUse = areaOfUse
        self.isDeprecated = false
        self.replacedBy = []
        self.aliases = []
        self.scope = scope
    }

    /// Resolves an authority code (`EPSG`, `ESRI`, `OGC`, `PROJ`, `NKG`) in `registry`.
    /// - Throws: `GraticuleError.unknownCode` naming the code when the registry does not hold it.
    public init(authority: String, code: String, registry: Registry) throws(GraticuleError) {
        let id = Identifier(authority, code)
        self.init(entry: try registry.entry(id), identifier: id)
    }

    /// Resolves an authority code in the shared registry (`Registry.shared`).
    /// - Throws: `unknownCode`, or the shared registry's error when it is missing or unreadable.
    public init(authority: String, code: String) throws(GraticuleError) {
        try self.init(authority: authority, code: code, registry: try Registry.shared)
    }

    /// Resolves an authority code with a numeric code in `registry`.
    public init(authority: String, code: Int, registry: Registry) throws(GraticuleError) {
        try self.init(authority: authority, code: String(code), registry: registry)
    }

    /// Resolves an authority code with a numeric code in the shared registry.
    public init(authority: String, code: Int) throws(GraticuleError) {
        try self.init(authority: authority, code: String(code))
    }

    /// Resolves a bare WKID in `registry` as ArcGIS does: the EPSG code when EPSG defines it,
    /// otherwise the Esri code (`102100` is Esri's Web Mercator, `4326` is EPSG's WGS 84).
    /// - Throws: `GraticuleError.unknownCode` (`unknown WKID 99999`).
    public init(wkid: Int, registry: Registry) throws(GraticuleError) {
        let id = try registry.identifier(forWKID: wkid)
        self.init(entry: try registry.entry(id), identifier: id)
    }

    /// Resolves a bare WKID in the shared registry (`Registry.shared`).
    /// - Throws: `unknownCode`, or the shared registry's error when it is missing or unreadable.
    public init(wkid: Int) throws(GraticuleError) {
        try self.init(wkid: wkid, registry: try Registry.shared)
    }

    /// Resolves text: `EPSG:4326`, `ESRI:102100`, a bare WKID, a `urn:ogc:def:crs:…` URN, an OGC
    /// URI (`http://www.opengis.net/def/crs/EPSG/0/4326`), a safe CURIE (`[EPSG:4326]`),
    /// WKT1 (OGC/GDAL or Esri), WKT2 (2015 or 2019), PROJJSON or a PROJ string. Codes, names,
    /// aliases and Esri projection names are resolved against `registry`.
    ///
    /// Text longer than 1 MiB (`CRSText.maximumLength` bytes of UTF-8) is rejected at once.
    /// An authority identifier in the text (`ID["EPSG",32631]`, `AUTHORITY`, PROJJSON `id`) is kept,
    /// and the registry's deprecation and aliases are attached to it.
    /// - Throws: `GraticuleError.parse` naming the problem and its character offset, or `unknownCode`.
    public init(text: String, registry: Registry) throws(GraticuleError) {
        guard text.utf8.count <= CRSText.maximumLength else { throw CRSText.tooLong(text.utf8.count) }
        let trimmed = text.trimmingWhitespace
        if let wkid = Int(trimmed) {
            try self.init(wkid: wkid, registry: registry)
            return
        }
        let curie = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") && !trimmed.dropFirst().contains("[")
        if trimmed.count < 256, curie || !trimmed.contains("["), !trimmed.contains("{"),
           let id = Identifier(parsing: trimmed), id.authority != "PROJ" || !trimmed.contains("+") {
            try self.init(authority: id.authority, code: id.code, registry: registry)
            return
        }
        try self.init(parsed: try CRSText.parse(text, registry: registry), registry: registry)
    }

    /// Resolves text with the shared registry (`Registry.shared`); see `init(text:registry:)`.
    /// - Throws: `parse`, `unknownCode`, or the shared registry's error when it is missing or unreadable.
    public init(text: String) throws(GraticuleError) {
        try self.init(text: text, registry: try Registry.shared)
    }

    /// Resolves CRS text given as UTF-8 bytes (a `.prj` file, an HTTP body) against `registry`.
    /// Invalid UTF-8 is rejected with the offset of the first bad byte; otherwise as `init(text:registry:)`.
    /// - Throws: `GraticuleError.parse`.
    public init(textData: some Sequence<UInt8>, registry: Registry) throws(GraticuleError) {
        var bytes: [UInt8] = []
        for b in textData {
            bytes.append(b)
            if bytes.count > CRSText.maximumLength { throw CRSText.tooLong(bytes.count) }
        }
        try self.init(parsed: try CRSText.parse(bytes: bytes, registry: registry), registry: registry)
    }

    /// Resolves CRS text given as UTF-8 bytes with the shared registry (`Registry.shared`).
    public init(textData: some Sequence<UInt8>) throws(GraticuleError) {
        try self.init(textData: textData, registry: try Registry.shared)
    }

    /// A parsed CRS with the registry's metadata (deprecation, aliases, area of use) of the
    /// identifier the text gave, when the registry holds it.
    init(parsed: ParsedCRS, registry: Registry) throws(GraticuleError) {
        self.init(definition: parsed.crs, areaOfUse: parsed.areaOfUse, scope: parsed.scope)
        guard let id = parsed.crs.identifier else { return }
        let entry: Registry.Entry
        do { entry = try registry.entry(id) } catch {
            if case .unknownCode = error { return }
            throw error
        }
        isDeprecated = entry.isDeprecated
        replacedBy = entry.replacedBy
        aliases = entry.aliases
        if areaOfUse == nil { areaOfUse = entry.areaOfUse }
        if scope == nil { scope = entry.scope }
    }

    init(entry: Registry.Entry, identifier: Identifier) {
        self.definition = entry.crs
        self.identifier = identifier
        self.areaOfUse = entry.areaOfUse
        self.isDeprecated = entry.isDeprecated
        self.replacedBy = entry.replacedBy
        self.aliases = entry.aliases
        self.scope = entry.scope
    }

    // MARK: - Properties

    /// The well-known ID: the numeric EPSG or Esri code, nil for other authorities and for text
    /// without an identifier.
    public var wkid: Int? {
        guard let identifier, identifier.authority == "EPSG" || identifier.authority == "ESRI" else { return nil }
        return identifier.number
    }

    /// The latest WKID: the replacement of a deprecated code (`102100` → `3857`), otherwise `wkid`.
    public var latestWKID: Int? {
        if isDeprecated, let r = replacedBy.first(where: { $0.authority == "EPSG" || $0.authority == "ESRI" }),
           let n = r.number { return n }
        return wkid
    }

    /// The CRS name.
    public var name: String { definition.name }

    /// Hashes the identifier and the name only; equality still compares the whole definition.
    /// Spatial references key the caches of built operations, transformers and images, looked
    /// up on every request, so hashing is O(1) in the definition's size.
    public func hash(into h: inout Hasher) {
        h.combine(identifier)
        h.combine(name)
    }

    /// True for a geographic (2D or 3D) CRS, or a compound CRS whose horizontal part is geographic.
    public var isGeographic: Bool {
        if case let .geodetic(g)? = definition.horizontal { return g.kind != .geocentric }
        return false
    }

    /// True for a projected CRS (or a compound CRS whose horizontal part is projected).
    public var isProjected: Bool { definition.projected != nil }

    /// The unit of the horizontal axes: an angular unit for geographic, a linear unit for projected.
    public var unit: UnitOfMeasure? { definition.horizontal?.coordinateSystem?.unit ?? definition.coordinateSystem?.unit }

    /// The geographic CRS underneath (the base of a projected CRS; itself when geographic), as
    /// the definition gives it, with its identifier. No registry lookup: the base's own area of
    /// use, aliases and deprecation come from `SpatialReference(authority:code:registry:)`.
    public var baseGeographic: SpatialReference? {
        guard let g = definition.geodetic else { return nil }
        if case let .geodetic(me) = definition, me == g { return self }
        return SpatialReference(definition: .geodetic(g))
    }

    /// The geodetic datum.
    public var datum: GeodeticDatum? { definition.geodetic?.datum }
    /// The ellipsoid of the datum.
    public var ellipsoid: ReferenceEllipsoid? { definition.geodetic?.datum.ellipsoid }
    /// The prime meridian of the datum.
    public var primeMeridian: PrimeMeridian? { definition.geodetic?.datum.primeMeridian }
    /// The axes in authority order (EPSG:4326 is latitude, longitude).
    public var axes: [Axis] {
        if case let .compound(c) = definition { return c.components.flatMap { $0.coordinateSystem?.axes ?? [] } }
        return definition.coordinateSystem?.axes ?? []
    }

    /// True when a map in this spatial reference wraps around horizontally (geographic CRSs and
    /// normal-aspect cylindrical projections such as Web Mercator), as ArcGIS's `isPannable`.
    public var isPannable: Bool {
        if isGeographic { return true }
        guard let p = definition.projected else { return false }
        if let code = p.conversion.method.epsgCode { return SpatialReference.pannableMethodCodes.contains(code) }
        return SpatialReference.pannableMethodNames.contains(p.conversion.method.name.lowercased())
    }

    static let pannableMethodCodes: Set<Int> = [1024, 1026, 1028, 1029, 9804, 9805, 9841, 9834, 9835, 9823, 9842]
    static let pannableMethodNames: Set<String> = [
        "miller cylindrical", "gall stereographic", "compact miller", "equidistant cylindrical",
        "plate_carree", "behrmann", "mercator",
    ]

    public var description: String {
        if let identifier { return "\(identifier) \(name)" }
        return name
    }
}
