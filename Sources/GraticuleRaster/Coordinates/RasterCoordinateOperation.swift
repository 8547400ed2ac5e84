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
public struct RasterCoordinateOperation: Sendable {
    public let source: SpatialReference
    public let target: SpatialReference
    let transformer: Transformer

    /// Builds the operation.
    /// - Throws: `unsupported` when either spatial reference is not geographic or projected
    ///   (engineering, vertical) or uses a method the engine lacks; `invalidInput` when the
    ///   default transformation needs a grid file that is missing.
    public init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        guard source.definition.geodetic != nil, target.definition.geodetic != nil else {
            throw .unsupported("coordinates between \(source) and \(target): both must be geographic or projected")
        }
        try self.init(Transformer(from: source, to: target))
    }

    init(_ transformer: Transformer) {
        self.transformer = transformer
        source = transformer.source
        target = transformer.target
    }

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

    /// The reverse operation.
    public var inverse: RasterCoordinateOperation { RasterCoordinateOperation(transformer.inverse) }
}
