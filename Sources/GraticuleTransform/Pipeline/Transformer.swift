import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection

/// Transforms coordinates between two spatial references: conversions (geographic ↔
/// projected, units, prime meridian, axes) and, between different datums, a datum
/// transformation (the catalog's default, a chosen one, or none).
///
/// Coordinates are always x/y in the public API: longitude/latitude (in the CRS's angular unit,
/// usually degrees) for geographic CRSs, easting/northing (in the CRS's linear unit) for projected
/// ones, whatever the authority's axis order (EPSG:4326 is latitude-first in the registry, x/y
/// here). A third coordinate is the height in metres: it goes through the datum transformation
/// when both spatial references are three-dimensional, and is passed through unchanged
/// otherwise (as PROJ does for 2D CRSs).
///
/// The pipeline is built once (grid files opened then); `transform` runs it over buffers without
/// allocating. A point outside a projection's domain or outside every grid of a grid-based
/// transformation becomes `(nan, nan)` in batches and throws `GraticuleError.outOfDomain` with
/// the reason for single points.
public struct Transformer: Sendable {
    /// Which datum transformation a transformer applies between different datums.
    public enum Choice: Sendable, Hashable {
        /// No datum transformation: coordinates on one datum are taken as coordinates on the other.
        case none
        /// The catalog's default (`TransformationCatalog.defaultTransformation`).
        case `default`
        /// A given transformation; its steps must chain from the source datum to the target datum.
        case transformation(GeographicTransformation)
    }

    public let source: SpatialReference
    public let target: SpatialReference
    /// The datum transformation applied (nil for the same datum or `.none`); a ballpark
    /// transformation (`isBallpark`) applies no shift.
    public let transformation: GeographicTransformation?
    let from: End
    let to: End
    /// The datum operations between the two ends, in order.
    let steps: [PipelineStep]
    /// True when heights pass through unchanged (either end is two-dimensional).
    let preservesHeight: Bool

    /// One end of the pipeline: how to get to/from longitude/latitude radians on the datum, Greenwich-based.
    enum End: Sendable {
        /// Angular unit factor (radians per unit) and prime meridian offset (radians).
        case geographic(radiansPerUnit: Double, primeMeridian: Double)
        /// The projection, the linear unit factor (metres per unit), the base CRS's prime meridian
        /// (radians; projection longitudes are relative to it) and the map from the kernel's output
        /// axes to the CRS's x/y.
        case projected(any Projection, metresPerUnit: Double, primeMeridian: Double, axes: AxisMap)
    }

    /// Builds the pipeline with the default datum transformation of the shared catalog.
    /// - Throws: as `init(from:to:transformation:catalog:coordinateEpoch:)`, and the shared
    ///   registry's error when it is missing or unreadable.
    public init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        try self.init(from: source, to: target, transformation: .default)
    }

    /// Builds the pipeline with the default datum transformation of `registry`'s catalog
    /// (`TransformationCatalog.catalog(for:)`).
    public init(from source: SpatialReference, to target: SpatialReference, registry: Registry) throws(GraticuleError) {
        try self.init(from: source, to: target, transformation: .default, catalog: .catalog(for: registry))
    }

    /// Builds the pipeline.
    /// - Parameters:
    ///   - transformation: `.default` (the catalog's first usable transformation; a ballpark, with
    ///     `transformation.isBallpark`, when none is known), `.none`, or a given transformation.
    ///   - catalog: where transformations and grid files are found.
    ///   - coordinateEpoch: decimal year of the coordinates, for time-dependent transformations
    ///     (nil: the transformations' reference epochs).
    /// - Throws: `unsupported` when either CRS is not horizontal (vertical, engineering) or a
    ///   method is not implemented; `invalidInput` naming the file when a grid is missing or
    ///   unreadable, or when a given transformation does not connect the two datums.
    public init(from source: SpatialReference, to target: SpatialReference, transformation choice: Choice,
                catalog: TransformationCatalog = .shared, coordinateEpoch: Double? = nil) throws(GraticuleError) {
        self.source = source
        self.target = target
        guard let sg = source.definition.geodetic, let tg = target.definition.geodetic else {
            throw .unsupported("conversion between \(source) and \(target): both must be geographic or projected")
        }
        from = try Transformer.end(source)
        to = try Transformer.end(target)
        preservesHeight = (source.definition.horizontal?.coordinateSystem?.axes.count ?? 2) < 3
            || (target.definition.horizontal?.coordinateSystem?.axes.count ?? 2) < 3
        var chosen: GeographicTransformation?
        switch choice {
        case .none:
            chosen = nil
        case .default:
            chosen = try catalog.registry().isSameDatum(sg.datum, tg.datum) ? nil
                : try catalog.defaultTransformation(from: source, to: target)
        case let .transformation(t):
            try Transformer.check(t, from: sg, to: tg, catalog: catalog)
            chosen = t
        }
        transformation = chosen
        var steps: [PipelineStep] = []
        if let chosen, !chosen.isBallpark {
            let builder = OperationBuilder(catalog: catalog, grids: catalog.grids, coordinateEpoch: coordinateEpoch)
            for s in chosen.steps {
                let ops = try builder.operations(s.record)
                steps += s.isInverse
                    ? ops.reversed().map { PipelineStep(operation: $0.operation, isInverse: !$0.isInverse, name: $0.name) }
                    : ops
            }
        }
        self.steps = steps
    }

    /// Checks that a transformation's steps chain from the source datum to the target datum.
    static func check(_ t: GeographicTransformation, from sg: GeodeticCRS, to tg: GeodeticCRS,
                      catalog: TransformationCatalog) throws(GraticuleError) {
        guard !t.isBallpark else { return }
        var current = sg.datum.identifier
        var currentName = sg.datum.name
        for s in t.steps {
            let input = try catalog.crsInfo(s.inputIdentifier), output = try catalog.crsInfo(s.outputIdentifier)
            if let c = current, let d = input.datum, c != d {
                throw .invalidInput("transformation step \(s.code) \(s.name) starts on \(input.name) (datum \(d)), "
                                    + "not on datum \(currentName) (\(c))")
            }
            current = output.datum
            currentName = output.name
        }
        if let c = current, let d = tg.datum.identifier, c != d {
            throw .invalidInput("transformation \(t.name) ends on \(currentName) (datum \(c)), "
                                + "not on the target datum \(tg.datum.name) (\(d))")
        }
    }

    static func end(_ sr: SpatialReference) throws(GraticuleError) -> End {
        guard let horizontal = sr.definition.horizontal else {
            throw .unsupported("\(sr) is not a horizontal CRS")
        }
        switch horizontal {
        case let .projected(p):
            let unit = p.coordinateSystem.unit ?? .metre
            let pm = p.base.datum.primeMeridian.longitudeDegrees * Angle.radiansPerDegree
            let projection = try p.makeProjection()
            return .projected(projection, metresPerUnit: unit.exactFactor, primeMeridian: pm,
                              axes: AxisMap(from: projection.outputAxes, to: p.coordinateSystem))
        case let .geodetic(g):
            guard g.kind != .geocentric else { throw .unsupported("geocentric CRS \(sr) in a map conversion") }
            let unit = g.coordinateSystem.unit ?? .degree
            let pm = g.datum.primeMeridian.longitudeDegrees * Angle.radiansPerDegree
            return .geographic(radiansPerUnit: unit.kind == .angle ? unit.exactFactor : Angle.radiansPerDegree,
                               primeMeridian: pm)
        default:
            throw .unsupported("\(sr) is not a horizontal CRS")
        }
    }

    /// Transforms a buffer of x/y points in place. Points that cannot be transformed become NaN.
    public func transform(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        guard steps.isEmpty else {
            withScratch { scratch in
                var start = 0
                while start < points.count {
                    let n = min(scratch.count, points.count - start)
                    let chunk = UnsafeMutableBufferPointer(rebasing: points[start..<start + n])
                    toRadians(chunk)
                    for i in 0..<n { scratch[i] = SIMD3(chunk[i].x, chunk[i].y, 0) }
                    runSteps(UnsafeMutableBufferPointer(rebasing: scratch[0..<n]))
                    for i in 0..<n { chunk[i] = SIMD2(scratch[i].x, scratch[i].y) }
                    fromRadians(chunk)
                    start += n
                }
            }
            return
        }
        // Geographic ↔ projected with the kernel's own axes: one pass, the unit conversions folded
        // into the projection's batch loop (a ballpark or no transformation between prime
        // meridians is the longitude offset pmSource − pmTarget).
        switch (from, to) {
        case let (.geographic(k, pmSource), .projected(p, m, pmTarget, axes)) where axes.isIdentity:
            p.forward(points, inputScale: k, longitudeOffset: pmSource - pmTarget, outputScale: 1 / m)
            return
        case let (.projected(p, m, pmSource, axes), .geographic(k, pmTarget)) where axes.isIdentity:
            p.inverse(points, inputScale: m, longitudeOffset: pmSource - pmTarget, outputScale: 1 / k)
            return
        default:
            break
        }
        toRadians(points)
        fromRadians(points)
    }

    /// Transforms a buffer of x/y/z points in place (z: height in metres, see the type's
    /// documentation). Points that cannot be transformed become NaN.
    public func transform(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        withScratch { scratch in
            withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: scratch.count) { xy in
                var start = 0
                while start < points.count {
                    let n = min(scratch.count, points.count - start)
                    let chunk = UnsafeMutableBufferPointer(rebasing: xy[0..<n])
                    for i in 0..<n { chunk[i] = SIMD2(points[start + i].x, points[start + i].y) }
                    if steps.isEmpty {
                        transform(chunk)
                        for i in 0..<n {
                            points[start + i].x = chunk[i].x
                            points[start + i].y = chunk[i].y
                        }
                    } else {
                        toRadians(chunk)
                        for i in 0..<n { scratch[i] = SIMD3(chunk[i].x, chunk[i].y, points[start + i].z) }
                        runSteps(UnsafeMutableBufferPointer(rebasing: scratch[0..<n]))
                        for i in 0..<n { chunk[i] = SIMD2(scratch[i].x, scratch[i].y) }
                        fromRadians(chunk)
                        for i in 0..<n {
                            let z = preservesHeight ? points[start + i].z : scratch[i].z
                            let ok = chunk[i].x.isFinite && chunk[i].y.isFinite
                            points[start + i] = SIMD3(chunk[i].x, chunk[i].y, ok ? z : .nan)
                        }
                    }
                    start += n
                }
            }
        }
    }

    /// The number of points a datum pipeline processes at a time (a stack buffer).
    static let chunkSize = 256

    @inline(__always)
    func withScratch(_ body: (UnsafeMutableBufferPointer<SIMD3<Double>>) -> Void) {
        withUnsafeTemporaryAllocation(of: SIMD3<Double>.self, capacity: Transformer.chunkSize) { body($0) }
    }

    @inline(__always)
    func runSteps(_ p: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for s in steps { s.apply(p) }
    }

    /// Source x/y → longitude/latitude radians on the source datum, Greenwich-based.
    func toRadians(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        switch from {
        case let .geographic(k, pm):
            for i in points.indices { points[i] = SIMD2(points[i].x * k + pm, points[i].y * k) }
        case let .projected(p, m, pm, axes):
            if !axes.isIdentity { for i in points.indices { points[i] = axes.unapply(points[i]) } }
            if m != 1 { for i in points.indices { points[i] *= m } }
            p.inverse(points)
            if pm != 0 { for i in points.indices { points[i].x += pm } }
        }
    }

    /// Longitude/latitude radians on the target datum, Greenwich-based → target x/y.
    func fromRadians(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        switch to {
        case let .geographic(k, pm):
            let r = 1 / k
            for i in points.indices {
                let lon = points[i].x - pm
                points[i] = SIMD2(lon * r, points[i].y * r)
            }
        case let .projected(p, m, pm, axes):
            if pm != 0 { for i in points.indices { points[i].x -= pm } }
            p.forward(points)
            if m != 1 {
                let r = 1 / m
                for i in points.indices { points[i] *= r }
            }
            if !axes.isIdentity { for i in points.indices { points[i] = axes.apply(points[i]) } }
        }
    }

    /// Transforms separate x and y arrays in place (structure-of-arrays input, like PROJ's
    /// `proj_trans_generic`), in chunks through a stack buffer: no heap allocation.
    /// - Precondition: `x.count == y.count`.
    public func transform(x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>) {
        precondition(x.count == y.count, "x and y must have the same count (\(x.count) vs \(y.count))")
        let chunk = 512
        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: chunk) { buffer in
            var start = 0
            while start < x.count {
                let n = min(chunk, x.count - start)
                for i in 0..<n { buffer[i] = SIMD2(x[start + i], y[start + i]) }
                transform(UnsafeMutableBufferPointer(rebasing: buffer[0..<n]))
                for i in 0..<n { x[start + i] = buffer[i].x; y[start + i] = buffer[i].y }
                start += n
            }
        }
    }

    /// Transforms an array of points (a batch of `points.count`).
    public func transform(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var out = points
        out.withUnsafeMutableBufferPointer { transform($0) }
        return out
    }

    /// Transforms an array of x/y/z points.
    public func transform(_ points: [SIMD3<Double>]) -> [SIMD3<Double>] {
        var out = points
        out.withUnsafeMutableBufferPointer { transform($0) }
        return out
    }

    /// Transforms one point.
    /// - Throws: `outOfDomain` naming the point and the reason when it cannot be transformed.
    public func transform(x: Double, y: Double) throws(GraticuleError) -> (x: Double, y: Double) {
        let r = try transform(x: x, y: y, z: 0)
        return (r.x, r.y)
    }

    /// Transforms one point with a height (metres).
    /// - Throws: `outOfDomain` naming the point and the reason when it cannot be transformed.
    public func transform(x: Double, y: Double, z: Double) throws(GraticuleError) -> (x: Double, y: Double, z: Double) {
        var p = [SIMD3(x, y, z)]
        p.withUnsafeMutableBufferPointer { transform($0) }
        guard p[0].x.isFinite && p[0].y.isFinite else {
            throw .outOfDomain("(\(x), \(y)) cannot be transformed from \(source) to \(target): "
                               + failureReason(x: x, y: y, z: z))
        }
        return (p[0].x, p[0].y, p[0].z)
    }

    /// Why a point cannot be transformed: the first stage (source conversion, a datum step,
    /// target conversion) that gives NaN.
    public func failureReason(x: Double, y: Double, z: Double = 0) -> String {
        guard x.isFinite && y.isFinite else { return "the input is not a finite number" }
        var xy = [SIMD2(x, y)]
        xy.withUnsafeMutableBufferPointer { toRadians($0) }
        guard xy[0].x.isFinite && xy[0].y.isFinite else { return "outside the domain of \(source.name)" }
        var p = [SIMD3(xy[0].x, xy[0].y, z)]
        for s in steps {
            p.withUnsafeMutableBufferPointer { s.apply($0) }
            if !(p[0].x.isFinite && p[0].y.isFinite) {
                if let g = s.operation as? HorizontalGridShift {
                    return "outside the grid \(g.gridNames.joined(separator: ", ")) of \(s.name)"
                }
                if let g = s.operation as? VerticalGridShift {
                    return "outside the grid \(g.gridNames.joined(separator: ", ")) of \(s.name)"
                }
                return "\(s.name) cannot transform it"
            }
        }
        return "outside the domain of \(target.name)"
    }

    /// The inverse pipeline (target → source).
    public var inverse: Transformer {
        Transformer(source: target, target: source, from: to, to: from,
                    transformation: transformation?.inverse,
                    steps: steps.reversed().map { PipelineStep(operation: $0.operation, isInverse: !$0.isInverse, name: $0.name) },
                    preservesHeight: preservesHeight)
    }

    init(source: SpatialReference, target: SpatialReference, from: End, to: End,
         transformation: GeographicTransformation?, steps: [PipelineStep], preservesHeight: Bool) {
        self.source = source
        self.target = target
        self.from = from
        self.to = to
        self.transformation = transformation
        self.steps = steps
        self.preservesHeight = preservesHeight
    }

    /// The equivalent PROJ pipeline in radians between the two ends (the datum steps only):
    /// `+proj=pipeline +step …`. Empty steps give `+proj=noop`.
    public var datumPipeline: String {
        let parts = steps.flatMap { s in
            s.isInverse ? s.operation.projSteps.reversed().map { p in p.hasPrefix("+inv ") ? String(p.dropFirst(5)) : "+inv " + p }
                : s.operation.projSteps
        }
        if parts.isEmpty { return "+proj=noop" }
        return "+proj=pipeline " + parts.map { "+step " + $0 }.joined(separator: " ")
    }
}
