import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection

/// Converts coordinates between two spatial references on the same geodetic datum:
/// geographic ↔ projected and projected ↔ projected (units, prime meridian, map projection).
///
/// Coordinates are always x/y in the public API: longitude/latitude (in the CRS's angular unit,
/// usually degrees) for geographic CRSs, easting/northing (in the CRS's linear unit) for projected
/// ones, whatever the authority's axis order (EPSG:4326 is latitude-first in the registry, x/y
/// here). The pipeline is built once; `transform` runs it over buffers without allocating.
///
/// A point outside a projection's domain becomes `(nan, nan)` in batches and throws
/// `GraticuleError.outOfDomain` for single points.
public struct Transformer: Sendable {
    public let source: SpatialReference
    public let target: SpatialReference
    let from: End
    let to: End

    /// One end of the pipeline: how to get to/from longitude/latitude radians on the datum, Greenwich-based.
    enum End: Sendable {
        /// Angular unit factor (radians per unit) and prime meridian offset (radians).
        case geographic(radiansPerUnit: Double, primeMeridian: Double)
        /// The projection, the linear unit factor (metres per unit), the base CRS's prime meridian
        /// (radians; projection longitudes are relative to it) and the map from the kernel's output
        /// axes to the CRS's x/y.
        case projected(any Projection, metresPerUnit: Double, primeMeridian: Double, axes: AxisMap)
    }

    /// Builds the pipeline, deciding "same datum" with the shared registry (`Registry.shared`).
    /// - Throws: as `init(from:to:registry:)`, and the shared registry's error when it is missing
    ///   or unreadable.
    public init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        try self.init(from: source, to: target, registry: try Registry.shared)
    }

    /// Builds the pipeline.
    ///
    /// The two CRSs must be on the same geodetic datum by Graticule's one datum-identity rule
    /// (`Registry.isSameDatum`, see `DatumIdentity`), decided with `registry`.
    /// - Throws: `unsupported` when the two CRSs are on different datums (a datum transformation is
    ///   needed: EPSG:21781 CH1903 / LV03 → EPSG:2056 CH1903+ / LV95 is one), when either is not
    ///   horizontal (vertical, engineering), or when a projection method is not implemented.
    public init(from source: SpatialReference, to target: SpatialReference, registry: Registry) throws(GraticuleError) {
        self.source = source
        self.target = target
        guard let sg = source.definition.geodetic, let tg = target.definition.geodetic else {
            throw .unsupported("conversion between \(source) and \(target): both must be geographic or projected")
        }
        if try !registry.isSameDatum(sg.datum, tg.datum) {
            throw .unsupported("\(source) → \(target) needs a datum transformation (\(sg.datum.name) → "
                               + "\(tg.datum.name)); datum transformations are not implemented yet")
        }
        from = try Transformer.end(source)
        to = try Transformer.end(target)
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
        // Geographic ↔ projected with the kernel's own axes: one pass, the unit conversions folded
        // into the projection's batch loop (the same datum, so the same prime meridian: the offset
        // is pm − pm = 0 and adds nothing).
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
        // source → lon/lat radians (Greenwich)
        switch from {
        case let .geographic(k, pm):
            for i in points.indices { points[i] = SIMD2(points[i].x * k + pm, points[i].y * k) }
        case let .projected(p, m, pm, axes):
            if !axes.isIdentity { for i in points.indices { points[i] = axes.unapply(points[i]) } }
            if m != 1 { for i in points.indices { points[i] *= m } }
            p.inverse(points)
            if pm != 0 { for i in points.indices { points[i].x += pm } }
        }
        // lon/lat radians → target
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

    /// Transforms one point.
    /// - Throws: `outOfDomain` naming the point when it cannot be transformed.
    public func transform(x: Double, y: Double) throws(GraticuleError) -> (x: Double, y: Double) {
        var p = [SIMD2(x, y)]
        p.withUnsafeMutableBufferPointer { transform($0) }
        guard p[0].x.isFinite && p[0].y.isFinite else {
            throw .outOfDomain("(\(x), \(y)) cannot be transformed from \(source) to \(target)")
        }
        return (p[0].x, p[0].y)
    }

    /// The inverse pipeline (target → source).
    public var inverse: Transformer {
        Transformer(source: target, target: source, from: to, to: from)
    }

    init(source: SpatialReference, target: SpatialReference, from: End, to: End) {
        self.source = source
        self.target = target
        self.from = from
        self.to = to
    }
}
