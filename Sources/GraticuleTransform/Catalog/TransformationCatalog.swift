import Foundation
import GraticuleCore
import GraticuleCRS
import Synchronization

/// The datum transformations between two spatial references, ranked (ArcGIS
/// `TransformationCatalog`), and the data directory where grid files are looked for.
///
/// `transformations(from:to:areaOfInterest:)` gathers candidates as PROJ's
/// `createOperations` does (registry operations between the two CRSs in either direction, with
/// the authority preferences of the registry; else between any CRSs on the two datums; else
/// through an intermediate CRS; and a ballpark last), filters them by area (partial
/// intersection, as pyproj and `projinfo --spatial-test intersects`) and sorts them with PROJ's
/// comparator (see `TransformationRanking`). Operations whose grid files are missing stay in the
/// list, flagged. `defaultTransformation` is the first usable one.
///
/// The registry's operations are read once, on first use, and indexed by CRS pair and datum;
/// later queries cost microseconds. Thread-safe.
public final class TransformationCatalog: Sendable {
    /// The catalog of the shared registry and the shared grid store.
    public static let shared = TransformationCatalog(
        registry: { () throws(GraticuleError) -> Registry in try Registry.shared }, grids: .shared)

    /// The catalog of a registry: the shared catalog for the shared registry, else one catalog
    /// per registry instance, kept for the life of the process.
    public static func catalog(for registry: Registry) -> TransformationCatalog {
        if let shared = try? shared.registry(), shared === registry { return .shared }
        let key = ObjectIdentifier(registry)
        return others.withLock { map in
            if let c = map[key] { return c }
            let c = TransformationCatalog(registry: registry)
            map[key] = c
            return c
        }
    }

    private static let others = Mutex<[ObjectIdentifier: TransformationCatalog]>([:])

    private let registryProvider: @Sendable () throws(GraticuleError) -> Registry
    /// Where grid files are looked for.
    public let grids: GridStore
    private let index = Mutex<OperationIndex?>(nil)
    private let crsCache = Mutex<[Identifier: CRSInfo]>([:])

    /// A catalog over `registry`, looking for grids with `grids`.
    public convenience init(registry: Registry, grids: GridStore = .shared) {
        self.init(registry: { registry }, grids: grids)
    }

    init(registry: @escaping @Sendable () throws(GraticuleError) -> Registry, grids: GridStore) {
        registryProvider = registry
        self.grids = grids
    }

    /// The registry the catalog reads.
    public func registry() throws(GraticuleError) -> Registry { try registryProvider() }

    // MARK: Data directory

    /// The directory searched for grid files before the embedded ones (ArcGIS
    /// `projectionEngineDirectoryURL`); nil when none is set.
    public var dataDirectory: URL? { grids.dataDirectories.first }

    /// Sets the directory searched for grid files (its `geographic/` and `vertical/`
    /// subdirectories too); nil searches the embedded grids only. Can be changed at run time:
    /// transformations ranked or built afterwards see the new files.
    /// - Throws: `invalidInput` naming the directory when it does not exist or cannot be read.
    public func setDataDirectory(_ url: URL?) throws(GraticuleError) {
        try grids.setDataDirectories(url.map { [$0] } ?? [])
    }

    // MARK: Registry access

    func loadIndex() throws(GraticuleError) -> OperationIndex {
        if let i = index.withLock({ $0 }) { return i }
        let registry = try registryProvider()
        let built = try OperationIndex(registry: registry)
        grids.register(alternatives: built.gridAlternatives)
        index.withLock { if $0 == nil { $0 = built } }
        return index.withLock { $0! }
    }

    /// The registry record of an operation, nil when unknown.
    public func record(_ id: Identifier) -> OperationRecord? {
        guard let i = try? loadIndex() else { return nil }
        return i.records[id]
    }

    /// The grid alternative (PROJ-CDN and older names) of a grid, if the registry has one.
    public func gridAlternative(_ name: String) -> GridAlternative? {
        (try? loadIndex())?.gridAlternatives[name]
    }

    /// The step with this identifier.
    /// - Throws: `unknownCode` when the registry has no transformation with it.
    public func step(_ id: Identifier, inverse: Bool = false) throws(GraticuleError) -> GeographicTransformationStep {
        let i = try loadIndex()
        guard let r = i.records[id] else { throw .unknownCode(authority: id.authority, code: id.code) }
        return GeographicTransformationStep(record: r, isInverse: inverse)
    }

    /// The step with this WKID: the EPSG transformation with that code, else the Esri one.
    /// - Throws: `unknownCode` (`unknown transformation WKID 99999`) when neither exists.
    public func step(wkid: Int) throws(GraticuleError) -> GeographicTransformationStep {
        let i = try loadIndex()
        for auth in ["EPSG", "ESRI"] {
            if let r = i.records[Identifier(auth, wkid)] { return GeographicTransformationStep(record: r) }
        }
        throw .unknownCode(authority: "", code: String(wkid))
    }

    /// A transformation from text: a WKID or `AUTH:CODE`, or several joined by `+`, each
    /// optionally prefixed with `~` to apply it inverted (`108055`, `EPSG:1314`,
    /// `EPSG:15994+~EPSG:1626`).
    /// - Throws: `invalidInput` for empty or malformed text, `unknownCode` for an unknown step.
    public func transformation(parsing text: String) throws(GraticuleError) -> GeographicTransformation {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .invalidInput("transformation \"\(text)\": expected WKID, AUTH:CODE or steps joined by +")
        }
        var steps: [GeographicTransformationStep] = []
        for var p in parts {
            var inverse = false
            if p.hasPrefix("~") {
                inverse = true
                p.removeFirst()
                p = p.trimmingCharacters(in: .whitespaces)
            }
            if let wkid = Int(p) {
                let s = try step(wkid: wkid)
                steps.append(inverse ? s.inverse! : s)
            } else if let id = Identifier(parsing: p), id.number != nil || !id.code.isEmpty, p.contains(":") {
                steps.append(try step(id, inverse: inverse))
            } else {
                throw .invalidInput("transformation \"\(text)\": \"\(p)\" is not a WKID or AUTH:CODE")
            }
        }
        return GeographicTransformation(steps: steps)
    }

    /// What the catalog needs to know of a registry CRS.
    struct CRSInfo: Sendable {
        var name: String
        var datum: Identifier?
        var ellipsoid: Ellipsoid?
        var area: AreaOfUse?
        var kind: String
        /// Prime meridian of the datum, radians east of Greenwich (0 when not geodetic).
        var primeMeridian: Double = 0
    }

    func crsInfo(_ id: Identifier) throws(GraticuleError) -> CRSInfo {
        if let hit = crsCache.withLock({ $0[id] }) { return hit }
        let entry = try registryProvider().entry(id)
        let g = entry.crs.geodetic
        let kind: String
        switch entry.crs {
        case let .geodetic(gc): kind = gc.kind.rawValue
        case .projected: kind = "projected"
        case .vertical: kind = "vertical"
        case .compound: kind = "compound"
        default: kind = "other"
        }
        let info = CRSInfo(name: entry.crs.name, datum: g?.datum.identifier, ellipsoid: g?.datum.ellipsoid.figure,
                           area: entry.areaOfUse, kind: kind,
                           primeMeridian: (g?.datum.primeMeridian.longitudeDegrees ?? 0) * Angle.radiansPerDegree)
        crsCache.withLock { $0[id] = info }
        return info
    }

    /// The grid files of a record (concatenations included) that cannot be found.
    func missingGrids(of r: OperationRecord) -> [String] {
        var out: [String] = []
        var names = r.gridNames
        if r.kind == .concatenated {
            for s in r.steps { if let sr = record(s.operation) { names += sr.gridNames } }
        }
        // NADCON: the .los companion is found with the .las.
        for n in names where !grids.isAvailable(n) { out.append(n) }
        return out
    }
}

/// The registry's operations, indexed.
struct OperationIndex: Sendable {
    var records: [Identifier: OperationRecord] = [:]
    /// Operation identifiers by (source CRS, target CRS).
    var byPair: [CRSPair: [Identifier]] = [:]
    /// Operation identifiers by (source datum, target datum).
    var byDatums: [CRSPair: [Identifier]] = [:]
    /// Operation identifiers touching a CRS (as source or target).
    var byCRS: [Identifier: [Identifier]] = [:]
    var gridAlternatives: [String: GridAlternative] = [:]
    var preferences: [String: [String]] = [:]

    struct CRSPair: Hashable, Sendable {
        var a: Identifier
        var b: Identifier
    }

    init(registry: Registry) throws(GraticuleError) {
        for r in try registry.operationRecords() {
            records[r.identifier] = r
            guard !r.isDeprecated else { continue }
            byPair[CRSPair(a: r.source, b: r.target), default: []].append(r.identifier)
            byCRS[r.source, default: []].append(r.identifier)
            if r.target != r.source { byCRS[r.target, default: []].append(r.identifier) }
            if let sd = r.sourceDatum, let td = r.targetDatum {
                byDatums[CRSPair(a: sd, b: td), default: []].append(r.identifier)
            }
        }
        gridAlternatives = try registry.gridAlternatives()
        preferences = try registry.authorityPreferences()
    }

    /// PROJ's allowed authorities for a (source, target) authority pair ("" = any).
    func allowedAuthorities(_ source: String, _ target: String) -> [String] {
        let list = preferences["\(source)>\(target)"] ?? preferences["\(source)>any"]
            ?? preferences["any>\(target)"] ?? preferences["any>any"] ?? []
        let out = list.map { $0 == "any" ? "" : $0 }
        return out.isEmpty ? [""] : out
    }
}
