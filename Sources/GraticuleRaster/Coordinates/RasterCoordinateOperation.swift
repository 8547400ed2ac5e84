import GraticuleCore
import GraticuleCRS
import GraticuleTransform

/// The coordinate operation between a raster's spatial reference and another one: the single
/// place where identify and warping turn coordinates from one spatial reference into another.
///
/// On one datum it is the engine's `Transformer` (exact conversion). Across datums it is, until
/// the datum-transformation catalog lands, a *ballpark* operation as PROJ makes one when it knows
/// no transformation: geodetic longitude/latitude are carried over unchanged (no datum shift),
/// so positions can be wrong by the datum difference (from nothing, e.g. SIRGAS 2000 ↔ WGS 84,
/// to a few hundred metres for old local datums). `isBallpark` says so; the catalog will replace
/// this one initializer.
public struct RasterCoordinateOperation: Sendable {
    public let source: SpatialReference
    public let target: SpatialReference
    /// True when the datums differ and no datum shift is applied.
    public let isBallpark: Bool
    let first: Transformer
    let second: Transformer?

    /// Builds the operation.
    /// - Throws: `unsupported` when either spatial reference is not geographic or projected
    ///   (engineering, vertical) or uses a projection method the engine lacks.
    public init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        self.source = source
        self.target = target
        guard let sd = source.definition.geodetic, let td = target.definition.geodetic else {
            throw .unsupported("coordinates between \(source) and \(target): both must be geographic or projected")
        }
        if Transformer.sameDatum(sd.datum, td.datum) {
            first = try Transformer(from: source, to: target)
            second = nil
            isBallpark = false
        } else {
            first = try Transformer(from: source, to: RasterCoordinateOperation.greenwichLonLat(on: sd.datum))
            second = try Transformer(from: RasterCoordinateOperation.greenwichLonLat(on: td.datum), to: target)
            isBallpark = true
        }
    }

    /// A longitude/latitude CRS in degrees from Greenwich on a datum (its identity kept, so the
    /// engine sees the same datum).
    static func greenwichLonLat(on datum: GeodeticDatum) -> SpatialReference {
        var d = datum
        if d.primeMeridian.longitudeDegrees != 0 {
            // Same frame, longitudes counted from Greenwich: the Transformer applies the offset.
            d.primeMeridian = .greenwich
        }
        return SpatialReference(definition: .geodetic(GeodeticCRS(name: "\(datum.name) (lon/lat)", kind: .geographic2D,
                                                                   datum: d, coordinateSystem: .lonLatDegrees)))
    }

    /// Transforms x/y points in place; points that cannot be transformed become NaN.
    public func transform(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        first.transform(points)
        second?.transform(points)
    }

    /// Transforms one point.
    /// - Throws: `outOfDomain` when it cannot be transformed.
    public func transform(x: Double, y: Double) throws(GraticuleError) -> (x: Double, y: Double) {
        var p = SIMD2(x, y)
        withUnsafeMutablePointer(to: &p) { transform(UnsafeMutableBufferPointer(start: $0, count: 1)) }
        guard p.x.isFinite, p.y.isFinite else {
            throw .outOfDomain("(\(x), \(y)) cannot be transformed from \(source) to \(target)")
        }
        return (p.x, p.y)
    }

    /// The reverse operation.
    public var inverse: RasterCoordinateOperation {
        RasterCoordinateOperation(source: target, target: source, isBallpark: isBallpark,
                                  first: second?.inverse ?? first.inverse, second: second == nil ? nil : first.inverse)
    }

    init(source: SpatialReference, target: SpatialReference, isBallpark: Bool, first: Transformer, second: Transformer?) {
        self.source = source
        self.target = target
        self.isBallpark = isBallpark
        self.first = first
        self.second = second
    }
}
