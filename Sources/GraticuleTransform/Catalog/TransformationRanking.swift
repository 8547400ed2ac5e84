import Foundation
import GraticuleCore
import GraticuleCRS

/// A candidate of a ranked list with what the ranking looked at.
public struct RankedTransformation: Hashable, Sendable {
    public let transformation: GeographicTransformation
    /// Accuracy in metres (sum of the steps'), nil when unknown.
    public let accuracy: Double?
    /// The area of use (intersection of the steps' areas), nil for a ballpark.
    public let areaOfUse: AreaOfUse?
    /// Grid files that cannot be found in the data directories.
    public let missingGridFiles: [String]
    /// False when a grid is missing or a method is not implemented.
    public var isUsable: Bool { missingGridFiles.isEmpty && unsupportedReason == nil }
    /// Why the transformation cannot be computed by Graticule (an unimplemented method), if so.
    public let unsupportedReason: String?
}

extension TransformationCatalog {
    /// The datum transformations from `source` to `target`, most suitable first (ArcGIS
    /// `TransformationCatalog.transformations(from:to:areaOfInterest:ignoreVertical:)`).
    ///
    /// - Empty when no transformation is needed (the same datum by Graticule's datum rule).
    /// - Unusable candidates (grid files missing from the data directory) are included and flagged.
    /// - A ballpark comes last when PROJ would list one (no candidate covers the area of interest
    ///   without a grid), and is the only entry when no transformation is known.
    ///
    /// Ranking is PROJ 9.5's (`createOperations` with partial-intersection filtering and
    /// `SortFunction`). Deliberate difference: grid availability is judged in Graticule's data
    /// directories (PROJ's `--grid-check sort` judges PROJ's own search path), so a grid present
    /// here but absent for PROJ ranks higher here, and vice versa.
    /// - Parameters:
    ///   - areaOfInterest: longitude/latitude box in degrees (west, south, east, north); nil uses the
    ///     smaller of the two spatial references' areas of use, as PROJ does.
    ///   - ignoreVertical: vertical datums are not considered (the only mode implemented).
    public func transformations(from source: SpatialReference, to target: SpatialReference,
                                areaOfInterest: AreaOfUse? = nil,
                                ignoreVertical: Bool = true) throws(GraticuleError) -> [GeographicTransformation] {
        try rankedTransformations(from: source, to: target, areaOfInterest: areaOfInterest).map(\.transformation)
    }

    /// The transformation `project` uses by default: the first usable one of the ranked list
    /// (never one with missing grids); a ballpark when nothing else is usable; nil when none is
    /// needed (same datum).
    public func defaultTransformation(from source: SpatialReference, to target: SpatialReference,
                                      areaOfInterest: AreaOfUse? = nil) throws(GraticuleError) -> GeographicTransformation? {
        let ranked = try rankedTransformations(from: source, to: target, areaOfInterest: areaOfInterest)
        if ranked.isEmpty { return nil }
        if let best = ranked.first(where: \.isUsable) { return best.transformation }
        return ballpark(source, target)
    }

    /// The ranked list with each candidate's accuracy, area and missing grids.
    public func rankedTransformations(from source: SpatialReference, to target: SpatialReference,
                                      areaOfInterest: AreaOfUse? = nil) throws(GraticuleError) -> [RankedTransformation] {
        guard let sg = source.definition.geodetic, let tg = target.definition.geodetic else {
            throw .unsupported("datum transformations between \(source) and \(target): both must be geographic or projected")
        }
        let registry = try registry()
        if try registry.isSameDatum(sg.datum, tg.datum) { return [] }
        let ext1 = (source.areaOfUse ?? sg.identifier.flatMap { try? crsInfo($0).area }).map(GeoBox.init)
        let ext2 = (target.areaOfUse ?? tg.identifier.flatMap { try? crsInfo($0).area }).map(GeoBox.init)
        let userAOI = areaOfInterest.map(GeoBox.init)
        var aoi = userAOI
        if aoi == nil {
            if let e1 = ext1, let e2 = ext2 { aoi = e1.pseudoArea < e2.pseudoArea ? e1 : e2 } else { aoi = ext1 ?? ext2 }
        }
        // Every candidate gather finds has an operation touching the source CRS or its datum and
        // one touching the target CRS or its datum: when either side has none, only the ballpark
        // is left, known without loading the operations.
        var gathered: [Candidate] = []
        if try registry.hasOperations(crs: sg.identifier, datum: sg.datum.identifier),
           try registry.hasOperations(crs: tg.identifier, datum: tg.datum.identifier) {
            gathered = try gather(sg, tg, index: try loadIndex(), ext1: ext1, ext2: ext2, aoi: aoi)
        }
        gathered.append(Candidate(steps: [], ballpark: ballpark(source, target)))
        let filtered = filter(gathered, aoi: aoi)
        let sorted = sortAndPrune(filtered, aoi: aoi)
        return sorted.map { c in
            let t = c.transformation
            return RankedTransformation(transformation: t, accuracy: t.accuracy, areaOfUse: t.areaOfUse,
                                        missingGridFiles: c.missing, unsupportedReason: c.unsupported)
        }
    }

    func ballpark(_ source: SpatialReference, _ target: SpatialReference) -> GeographicTransformation {
        .ballpark(from: source.definition.geodetic?.name ?? source.name, to: target.definition.geodetic?.name ?? target.name)
    }

    // MARK: - Gathering (PROJ createOperationsFromDatabase)

    struct Candidate {
        var steps: [GeographicTransformationStep]
        var ballpark: GeographicTransformation?
        var extent: GeoBox?
        var missing: [String] = []
        var unsupported: String?
        var transformation: GeographicTransformation { ballpark ?? GeographicTransformation(steps: steps) }
        var isBallpark: Bool { ballpark != nil }

        init(steps: [GeographicTransformationStep], ballpark: GeographicTransformation? = nil) {
            self.steps = steps
            self.ballpark = ballpark
            if ballpark == nil {
                var box: GeoBox?
                var empty = false
                for s in steps {
                    guard let a = s.record.areas.first else { continue }
                    let b = GeoBox(a)
                    if let cur = box {
                        box = cur.intersection(b)
                        if box == nil { empty = true }
                    } else if !empty {
                        box = b
                    }
                }
                extent = empty ? nil : box
            } else {
                extent = GeoBox(west: -180, south: -90, east: 180, north: 90)
            }
        }
    }

    func gather(_ sg: GeodeticCRS, _ tg: GeodeticCRS, index: OperationIndex, ext1: GeoBox?, ext2: GeoBox?,
                aoi: GeoBox?) throws(GraticuleError) -> [Candidate] {
        var res: [Candidate] = []
        var nonEmptyBeforeFiltering = false
        if let s = sg.identifier, let t = tg.identifier {
            (res, nonEmptyBeforeFiltering) = direct(s, t, index: index, ext1: ext1, ext2: ext2, aoi: aoi)
        }
        if res.isEmpty, let sd = sg.datum.identifier, let td = tg.datum.identifier {
            // Datum pivot: operations between other CRSs on the same two datums.
            let sAuth = sg.identifier?.authority ?? "any", tAuth = tg.identifier?.authority ?? "any"
            res = byDatum(sd, td, sAuth: sAuth, tAuth: tAuth, index: index, ext1: ext1, ext2: ext2, aoi: aoi)
        }
        if res.isEmpty && !nonEmptyBeforeFiltering, let s = sg.identifier, let t = tg.identifier {
            res = intermediate(s, t, sDatum: sg.datum.identifier, tDatum: tg.datum.identifier, index: index,
                               ext1: ext1, ext2: ext2, aoi: aoi)
        }
        return res
    }

    /// Operations of `ids` in the direction from → to (others inverted).
    func steps(_ ids: [Identifier], index: OperationIndex, auth: String) -> [(GeographicTransformationStep, Identifier)] {
        ids.compactMap { id in
            guard let r = index.records[id], auth.isEmpty || r.identifier.authority == auth else { return nil }
            return (GeographicTransformationStep(record: r), id)
        }
    }

    /// PROJ's `findOpsInRegistryDirect`.
    func direct(_ s: Identifier, _ t: Identifier, index: OperationIndex, ext1: GeoBox?, ext2: GeoBox?,
                aoi: GeoBox?) -> ([Candidate], Bool) {
        var res: [Candidate] = []
        for auth in index.allowedAuthorities(s.authority, t.authority) {
            var found: [GeographicTransformationStep] = []
            for (step, _) in steps(index.byPair[.init(a: s, b: t)] ?? [], index: index, auth: auth) { found.append(step) }
            for (step, _) in steps(index.byPair[.init(a: t, b: s)] ?? [], index: index, auth: auth) {
                found.append(step.inverse!)
            }
            found = discardSuperseded(found, index: index)
            found = keepIntersecting(found, ext1: ext1, ext2: ext2)
            res += found.map { Candidate(steps: [$0]) }
            if auth == "PROJ" { continue }
            if !res.isEmpty { return (filter(res, aoi: aoi, restoreWhenEmpty: true), true) }
        }
        return ([], false)
    }

    /// Operations between any CRSs on the two datums (PROJ's `createOperationsWithDatumPivot`).
    func byDatum(_ sd: Identifier, _ td: Identifier, sAuth: String, tAuth: String, index: OperationIndex,
                 ext1: GeoBox?, ext2: GeoBox?, aoi: GeoBox?) -> [Candidate] {
        var res: [Candidate] = []
        for auth in index.allowedAuthorities(sAuth, tAuth) {
            var found: [GeographicTransformationStep] = []
            for (step, _) in steps(index.byDatums[.init(a: sd, b: td)] ?? [], index: index, auth: auth) {
                found.append(step)
            }
            for (step, _) in steps(index.byDatums[.init(a: td, b: sd)] ?? [], index: index, auth: auth) {
                found.append(step.inverse!)
            }
            found = discardSuperseded(found, index: index)
            found = keepIntersecting(found, ext1: ext1, ext2: ext2)
            res += found.map { Candidate(steps: [$0]) }
            if auth == "PROJ" { continue }
            if !res.isEmpty { return res }
        }
        return []
    }

    /// A → X → B through a CRS X that has operations to both (PROJ's
    /// `findsOpsInRegistryWithIntermediate`); the source and target sides match by datum.
    func intermediate(_ s: Identifier, _ t: Identifier, sDatum: Identifier?, tDatum: Identifier?,
                      index: OperationIndex, ext1: GeoBox?, ext2: GeoBox?, aoi: GeoBox?) -> [Candidate] {
        var res: [Candidate] = []
        for auth in index.allowedAuthorities(s.authority, t.authority) {
            var found: [Candidate] = []
            let firsts = (index.byCRS[s] ?? []).compactMap { index.records[$0] }
                .filter { auth.isEmpty || $0.identifier.authority == auth }
            for r1 in firsts {
                let step1 = r1.source == s ? GeographicTransformationStep(record: r1)
                    : GeographicTransformationStep(record: r1, isInverse: true)
                let x = step1.outputIdentifier
                guard x != t, x != s else { continue }
                for id2 in (index.byPair[.init(a: x, b: t)] ?? []) + (index.byPair[.init(a: t, b: x)] ?? []) {
                    guard let r2 = index.records[id2], auth.isEmpty || r2.identifier.authority == auth else { continue }
                    let step2 = GeographicTransformationStep(record: r2, isInverse: r2.source != x)
                    let c = Candidate(steps: [step1, step2])
                    if c.extent == nil { continue }  // disjoint areas: PROJ drops the chain
                    found.append(c)
                }
            }
            res += found
            if auth == "PROJ" { continue }
            if !res.isEmpty { return res }
        }
        return []
    }

    /// Drops operations superseded by another of the same list (unless the replacement needs a
    /// grid the registry does not know), as PROJ's `discardSuperseded`.
    func discardSuperseded(_ list: [GeographicTransformationStep], index: OperationIndex) -> [GeographicTransformationStep] {
        let ids = Set(list.map(\.identifier))
        return list.filter { s in
            !s.record.supersededBy.contains { rep in
                guard ids.contains(rep), let r = index.records[rep] else { return false }
                if r.kind == .grid, let g = r.gridNames.first, index.gridAlternatives[g] == nil { return false }
                return true
            }
        }
    }

    /// Keeps the operations whose area intersects both CRS extents, when any does.
    func keepIntersecting(_ list: [GeographicTransformationStep], ext1: GeoBox?, ext2: GeoBox?) -> [GeographicTransformationStep] {
        let hits = list.filter { s in
            guard let a = s.record.areas.first else { return true }
            let b = GeoBox(a)
            return (ext1.map { b.intersects($0) } ?? true) && (ext2.map { b.intersects($0) } ?? true)
        }
        return hits.isEmpty ? list : hits
    }

    // MARK: - Filtering and sorting (PROJ FilterResults)

    /// Partial-intersection filter against the area of interest; when nothing but ballparks
    /// survives, everything is kept (PROJ's fallback).
    func filter(_ list: [Candidate], aoi: GeoBox?, restoreWhenEmpty: Bool = true) -> [Candidate] {
        guard let aoi else { return list }
        var out: [Candidate] = []
        var hasNonBallparkWithExtent = false, hasNonBallparkWithoutExtent = false, onlyBallpark = true
        for c in list {
            guard let e = c.extent else {
                if !c.isBallpark { hasNonBallparkWithoutExtent = true }
                continue
            }
            if !c.isBallpark { hasNonBallparkWithExtent = true }
            guard e.intersects(aoi) else { continue }
            if !c.isBallpark { onlyBallpark = false }
            out.append(c)
        }
        if restoreWhenEmpty && ((out.isEmpty && !hasNonBallparkWithExtent) || (onlyBallpark && hasNonBallparkWithoutExtent)) {
            return list
        }
        return out
    }

    struct Features {
        var exportable: Bool
        var isApprox: Bool
        var isNull: Bool
        var gridsAvailable: Bool
        var gridsKnown: Bool
        var hasGrids: Bool
        var accuracy: Double
        var area: Double
        var stepCount: Int
        var projStepCount: Int
        var name: String
    }

    func features(_ c: inout Candidate, aoi: GeoBox?) -> Features {
        var hasGrids = false, available = true, known = true
        var missing: [String] = []
        var projSteps = 0
        var unsupported: String?
        for s in c.steps {
            let r = s.record
            var records = [r]
            if r.kind == .concatenated { records = r.steps.compactMap { record($0.operation) } }
            for rr in records {
                switch rr.kind {
                case .grid:
                    projSteps += 1
                    for g in rr.gridNames {
                        hasGrids = true
                        if !grids.isAvailable(g) {
                            available = false
                            missing.append(g)
                            let alt = gridAlternative(g)
                            if !(alt.map { $0.url != nil && $0.isOpenLicence } ?? false) { known = false }
                        }
                    }
                case .helmert:
                    projSteps += rr.methodName.lowercased().contains("molodensky") && !rr.methodName.contains("Badekas") ? 1 : 5
                case .other:
                    projSteps += 1
                    if ![9619, 9660, 9618, 9601, 9616].contains(rr.methodCode ?? 0) {
                        unsupported = "method \(rr.methodName) (\(rr.identifier)) is not implemented"
                    }
                case .concatenated:
                    break
                }
                if rr.kind == .grid, OperationBuilder.gridKind(rr, alternative: rr.gridNames.first.flatMap(gridAlternative)) == nil {
                    unsupported = "grid method \(rr.methodName) (\(rr.identifier)) is not implemented"
                }
            }
        }
        c.missing = missing
        c.unsupported = unsupported
        let t = c.transformation
        let area = c.extent.flatMap { e in aoi.map { e.intersection($0)?.pseudoArea ?? 0 } ?? e.pseudoArea } ?? 0
        let stepCount = c.steps.reduce(0) { $0 + max(1, $1.record.kind == .concatenated ? $1.record.steps.count : 1) }
        return Features(exportable: unsupported == nil, isApprox: c.isBallpark, isNull: c.isBallpark,
                        gridsAvailable: available, gridsKnown: known, hasGrids: hasGrids,
                        accuracy: t.accuracy ?? -1, area: area, stepCount: stepCount, projStepCount: projSteps,
                        name: t.projName)
    }

    /// PROJ's `SortFunction::compare`: true when a ranks before b.
    static func precedes(_ a: Features, _ b: Features) -> Bool {
        if a.exportable != b.exportable { return a.exportable }
        if a.isApprox != b.isApprox { return !a.isApprox }
        if a.isNull != b.isNull { return !a.isNull }
        if a.gridsAvailable != b.gridsAvailable { return a.gridsAvailable }
        if a.gridsKnown != b.gridsKnown { return a.gridsKnown }
        if (a.accuracy >= 0) != (b.accuracy >= 0) { return a.accuracy >= 0 }
        if a.accuracy < 0 && b.accuracy < 0 && a.hasGrids != b.hasGrids { return a.hasGrids }
        if a.area > 0 {
            if a.area > b.area { return true }
            if a.area < b.area { return false }
        } else if b.area > 0 {
            return false
        }
        if a.accuracy >= 0 && a.accuracy < b.accuracy { return true }
        if b.accuracy >= 0 && b.accuracy < a.accuracy { return false }
        if a.accuracy >= 0 && a.accuracy == b.accuracy && a.hasGrids != b.hasGrids { return !a.hasGrids }
        if a.stepCount != b.stepCount { return a.stepCount < b.stepCount }
        if a.projStepCount != 0 && b.projStepCount != 0 && a.projStepCount != b.projStepCount {
            return a.projStepCount < b.projStepCount
        }
        if a.name.utf8.count != b.name.utf8.count { return a.name.utf8.count < b.name.utf8.count }
        for (x, y) in [("NTF (Paris) to NTF (1)", "NTF (Paris) to NTF (2)"),
                       ("NTF (Paris) to ETRS89-FRA [RGF93 v1] (1)", "NTF (Paris) to ETRS89-FRA [RGF93 v1] (2)")] {
            if a.name.contains(x) && b.name.contains(y) { return true }
            if a.name.contains(y) && b.name.contains(x) { return false }
        }
        return a.name > b.name
    }

    func sortAndPrune(_ list: [Candidate], aoi: GeoBox?) -> [Candidate] {
        var items: [(Candidate, Features)] = list.map { c in
            var c = c
            let f = features(&c, aoi: aoi)
            return (c, f)
        }
        items.sort { TransformationCatalog.precedes($0.1, $1.1) }
        // removeSyntheticNullTransforms: drop a trailing ballpark when an operation without grids
        // contains the area of interest.
        let containsAOI = items.contains { c, _ in
            !c.isBallpark && !c.steps.contains { !$0.gridFileNames.isEmpty }
                && (aoi.map { a in c.extent?.contains(a) ?? false } ?? false)
        }
        if containsAOI, items.count > 1, items.last!.0.isBallpark { items.removeLast() }
        // removeUninterestingOps: same extent, no better accuracy and more steps than the previous one.
        var out: [(Candidate, Features)] = []
        for item in items {
            if let last = out.last {
                let (c, f) = item
                let (lc, lf) = last
                if c.transformation == lc.transformation { continue }
                let curSteps = c.steps.count, lastSteps = lc.steps.count
                let sameExtent = c.extent == nil && lc.extent == nil
                    || (c.extent != nil && lc.extent != nil && c.extent!.contains(lc.extent!) && lc.extent!.contains(c.extent!))
                if ((f.accuracy >= lf.accuracy && lf.accuracy >= 0) || (f.accuracy < 0 && lf.accuracy >= 0))
                    && sameExtent && curSteps > lastSteps {
                    continue
                }
            }
            out.append(item)
        }
        return out.map(\.0)
    }
}
