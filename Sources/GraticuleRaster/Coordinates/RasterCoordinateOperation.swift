import GraticuleCore
import GraticuleCRS
import GraticuleTransform

/// The coordinate operation between a raster's spatial reference and another one: the single
/// place where identify and warping turn coordinates from one spatial reference into another.
///
/// It is the engine's `Transformer` with the catalog's default datum transformation
/// (`TransformationCatalog.defaultTransformation`, as `graticule project` uses): conversions on
/// one datum; across datums the first usable transformation for the pair (a Helmert, a grid
/// shift …), or a ballpark (no datum shift, flagged `isBallpark`) when the catalog knows none.
///
/// Building one queries the registry and the catalog (tens of microseconds to milliseconds);
/// `cached(from:to:)` keeps the operations built in a process (a bounded cache keyed by the two
/// spatial references), which `Raster.identify` and `Raster.warp` use, so a repeated identify or
/// warp between the same pair pays only for its points. The inverse is built once with it.
///
/// A class: warping and identify pass it along per row and per batch, and copying a value with
/// two spatial references and two transformers retained a dozen references each time.
public final class RasterCoordinateOperation: Sendable {
    public let source: SpatialReference
    public let target: SpatialReference
    let transformer: Transformer
    let inverseTransformer: Transformer

    /// Builds the operation.
    /// - Throws: `unsupported` when either spatial reference is not geographic or projected
    ///   (engineering, vertical) or uses a method the engine lacks; `invalidInput` when the
    ///   default transformation needs a grid file that is missing.
    public convenience init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        guard source.definition.geodetic != nil, target.definition.geodetic != nil else {
            throw .unsupported("coordinates between \(source) and \(target): both must be geographic or projected")
        }
        self.init(try Transformer(from: source, to: target))
    }

    init(_ transformer: Transformer, inverse: Transformer? = nil) {
        self.transformer = transformer
        inverseTransformer = inverse ?? transformer.inverse
        source = transformer.source
        target = transformer.target
    }

    /// The operations built so far in this process, by (source, target).
    static let cache = BoundedCache<Pair, RasterCoordinateOperation>(capacity: 64)

    struct Pair: Hashable, Sendable {
        let source: SpatialReference
        let target: SpatialReference
    }

    /// The operation from `source` to `target`, built once per pair and kept (a process-wide
    /// cache of at most 64 pairs, emptied when full).
    /// - Throws: as `init(from:to:)`.
    public static func cached(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) -> RasterCoordinateOperation {
        let key = Pair(source: source, target: target)
        if let hit = cache.value(for: key) { return hit }
        let built = try RasterCoordinateOperation(from: source, to: target)
        cache.insert(built, for: key)
        return built
    }

    /// Forgets the operations `cached(from:to:)` kept (for benchmarks and tests that measure
    /// building them).
    public static func removeCachedOperations() { cache.removeAll() }

    /// The datum transformation applied (nil on one datum).
    public var transformation: GeographicTransformation? { transformer.transformation }

    /// True when the datums differ and no datum shift is applied (the catalog knows no
    /// transformation between them).
    public var isBallpark: Bool { transformer.transformation?.isBallpark ?? false }

    /// Transforms x/y points in place; points that cannot be transformed become NaN.
    public func transform(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        transformer.transform(points)
    }

    /// Transforms one point.
    /// - Throws: `outOfDomain` when it cannot be transformed.
    public func transform(x: Double, y: Double) throws(GraticuleError) -> (x: Double, y: Double) {
        try transformer.transform(x: x, y: y)
    }

    /// The reverse operation (built with this one: free to take).
    public var inverse: RasterCoordinateOperation {
        RasterCoordinateOperation(inverseTransformer, inverse: transformer)
    }
}
