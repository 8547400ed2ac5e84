import Foundation
import GraticuleCore
import GraticuleCRS

/// One registry transformation applied in a chosen direction: the step of a
/// `GeographicTransformation`, named as in the ArcGIS Maps SDK.
///
/// `GeographicTransformationStep(wkid: 108055)` is ESRI:108055 `WGS_1984_To_MSK_1942` as the
/// registry defines it (WGS 84 → MSK 1942); its `inverse` runs MSK 1942 → WGS 84 and is shown
/// with a leading `~`. Steps are immutable values; whether their grid files are present is asked
/// of a catalog (its data directory) at the time of the question.
public struct GeographicTransformationStep: Hashable, Sendable, CustomStringConvertible {
    /// The registry record of the transformation (parameters, area, accuracy, grids).
    public let record: OperationRecord
    /// True when the step is applied target → source of the registry definition.
    public let isInverse: Bool

    /// A step from its registry record.
    public init(record: OperationRecord, isInverse: Bool = false) {
        self.record = record
        self.isInverse = isInverse
    }

    /// The step with this WKID (EPSG code, else Esri code) from the shared catalog, or nil when
    /// the registry has no transformation with that code (ArcGIS: a failable initializer).
    public init?(wkid: Int, catalog: TransformationCatalog = .shared) {
        guard let s = try? catalog.step(wkid: wkid) else { return nil }
        self = s
    }

    /// The identifier (`EPSG:1314`, `ESRI:108055`).
    public var identifier: Identifier { record.identifier }
    /// The WKID: the EPSG or Esri code, nil for other authorities (PROJ, NKG).
    public var wkid: Int? {
        record.identifier.authority == "EPSG" || record.identifier.authority == "ESRI" ? record.identifier.number : nil
    }
    /// The registry name (`OSGB36 to WGS 84 (6)`, `WGS_1984_To_MSK_1942`).
    public var name: String { record.name }
    /// The step in the opposite direction. Every operation Graticule implements is invertible.
    public var inverse: GeographicTransformationStep? { GeographicTransformationStep(record: record, isInverse: !isInverse) }
    /// The input and output CRSs of the step (registry identifiers), in the step's direction.
    public var inputIdentifier: Identifier { isInverse ? record.target : record.source }
    public var outputIdentifier: Identifier { isInverse ? record.source : record.target }
    /// Accuracy in metres as the registry gives it, nil when unknown.
    public var accuracy: Double? { record.accuracy }
    /// The first area of use.
    public var areaOfUse: AreaOfUse? { record.areas.first }
    /// The grid files the step needs, as the registry names them (Esri path-style names such as
    /// `uk/OSTN15_NTv2` for Esri transformations). Empty for equation-based steps.
    public var gridFileNames: [String] { record.gridNames }
    /// ArcGIS's name for `gridFileNames`.
    public var projectionEngineFilenames: [String] { gridFileNames }
    /// The grid files that cannot be found in the catalog's data directories.
    public func missingGridFiles(in catalog: TransformationCatalog = .shared) -> [String] {
        catalog.missingGrids(of: record)
    }
    /// True when a grid file the step needs is missing from the catalog's data directories.
    public func isMissingGridFiles(in catalog: TransformationCatalog = .shared) -> Bool {
        !missingGridFiles(in: catalog).isEmpty
    }
    /// ArcGIS's name for `isMissingGridFiles()` with the shared catalog.
    public var isMissingProjectionEngineFiles: Bool { isMissingGridFiles() }

    /// The readable name: the registry name, prefixed with `~` when inverted.
    public var description: String { (isInverse ? "~" : "") + name }

    /// `EPSG:1314` or `~ESRI:108055`: the text `GeographicTransformation(parsing:)` reads.
    public var code: String { (isInverse ? "~" : "") + identifier.description }
}

/// A datum transformation between two geographic coordinate systems: an ordered list of steps
/// (ArcGIS `GeographicTransformation`), or a ballpark when no transformation is known.
///
/// The name joins the steps' names with " + " and marks inverted steps with "~"
/// (`OSGB36 to WGS 84 (6)`, `~Pulkovo 1942 to WGS 84 (16)`). `projString(...)` gives the
/// equivalent PROJ pipeline.
public struct GeographicTransformation: Hashable, Sendable, CustomStringConvertible {
    public let steps: [GeographicTransformationStep]
    /// Set for a ballpark transformation (no steps): the source and target datum names.
    public let ballpark: (source: String, target: String)?

    /// A transformation of one or more steps, applied in order.
    public init(steps: [GeographicTransformationStep]) {
        self.steps = steps
        ballpark = nil
    }

    public init(step: GeographicTransformationStep) { self.init(steps: [step]) }

    /// A ballpark transformation: coordinates are kept as they are (only the ellipsoid and prime
    /// meridian change), as PROJ's "Ballpark geographic offset". Its error can be hundreds of metres.
    public static func ballpark(from source: String, to target: String) -> GeographicTransformation {
        GeographicTransformation(ballparkFrom: source, to: target)
    }

    private init(ballparkFrom source: String, to target: String) {
        steps = []
        ballpark = (source, target)
    }

    /// True for a ballpark transformation (no datum shift is known).
    public var isBallpark: Bool { ballpark != nil }

    /// The readable name: steps joined with " + ", inverted steps prefixed with "~".
    public var name: String {
        if let b = ballpark { return "Ballpark geographic offset from \(b.source) to \(b.target)" }
        return steps.map(\.description).joined(separator: " + ")
    }

    /// PROJ's name for the same operation: inverted steps are "Inverse of …". The catalog ranks
    /// ties by this name, as PROJ does.
    public var projName: String {
        if let b = ballpark { return "Ballpark geographic offset from \(b.source) to \(b.target)" }
        return steps.map { ($0.isInverse ? "Inverse of " : "") + $0.name }.joined(separator: " + ")
    }

    public var description: String { name }

    /// The steps' codes joined with "+" (`EPSG:1314`, `EPSG:15994+~EPSG:1626`), the text
    /// `TransformationCatalog.transformation(parsing:)` reads back.
    public var code: String { isBallpark ? "ballpark" : steps.map(\.code).joined(separator: "+") }

    /// The WKIDs of the steps (nil entries for steps of other authorities).
    public var wkids: [Int?] { steps.map(\.wkid) }

    /// The transformation in the opposite direction.
    public var inverse: GeographicTransformation? {
        if let b = ballpark { return .ballpark(from: b.target, to: b.source) }
        var inv: [GeographicTransformationStep] = []
        for s in steps.reversed() {
            guard let i = s.inverse else { return nil }
            inv.append(i)
        }
        return GeographicTransformation(steps: inv)
    }

    /// Accuracy in metres: the sum of the steps' accuracies, nil when any is unknown (and for a
    /// ballpark).
    public var accuracy: Double? {
        if isBallpark || steps.isEmpty { return nil }
        var sum = 0.0
        for s in steps {
            guard let a = s.accuracy else { return nil }
            sum += a
        }
        return sum
    }

    /// The grid files of all steps.
    public var gridFileNames: [String] { steps.flatMap(\.gridFileNames) }

    /// The grid files missing from the catalog's data directories.
    public func missingGridFiles(in catalog: TransformationCatalog = .shared) -> [String] {
        steps.flatMap { $0.missingGridFiles(in: catalog) }
    }

    /// True when a grid file of a step is missing (the transformation cannot be used until the
    /// file is put in the data directory).
    public func isMissingGridFiles(in catalog: TransformationCatalog = .shared) -> Bool {
        steps.contains { $0.isMissingGridFiles(in: catalog) }
    }

    /// ArcGIS's name for `isMissingGridFiles()` with the shared catalog.
    public var isMissingProjectionEngineFiles: Bool { isMissingGridFiles() }

    /// The area of use: the intersection of the steps' first areas (nil when unknown or empty).
    public var areaOfUse: AreaOfUse? {
        var box: GeoBox?
        for s in steps {
            guard let a = s.areaOfUse else { continue }
            let b = GeoBox(a)
            box = box.map { $0.intersection(b) } ?? b
            if box == nil { return nil }
        }
        guard let box else { return nil }
        let names = steps.compactMap { $0.areaOfUse?.name }
        return AreaOfUse(name: steps.count == 1 ? (names.first ?? "") : names.joined(separator: " ∩ "),
                         west: box.west, south: box.south, east: box.east, north: box.north,
                         identifier: steps.count == 1 ? steps[0].areaOfUse?.identifier : nil)
    }

    public static func == (a: GeographicTransformation, b: GeographicTransformation) -> Bool {
        a.steps == b.steps && a.ballpark?.source == b.ballpark?.source && a.ballpark?.target == b.ballpark?.target
    }

    public func hash(into h: inout Hasher) {
        h.combine(steps)
        h.combine(ballpark?.source)
        h.combine(ballpark?.target)
    }
}
