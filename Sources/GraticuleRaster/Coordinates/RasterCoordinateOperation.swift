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
    /// Degrees added to longitude between the two steps of a ballpark operation (the difference
    /// of the two datums' prime meridians).
    let longitudeShift: Double

    /// Builds the operation.
    /// - Throws: `unsupported` when either spatial reference is not geographic or projected
    ///   (engineering, vertical) or uses a projection method the engine lacks.
    public init(from source: SpatialReference, to target: SpatialReference) throws(GraticuleError) {
        self.source = source
        self.target = target
        guard let sd = source.definition.geodetic, let td = target.definition.geodetic else {
            throw .unsupported("coordinates between \(source) and \(target): both must be geographic or projected")
        }
        if try Registry.shared.isSameDatum(sd.datum, td.datum) {
            first = try Transformer(from: source, to: target)
            second = nil
            isBallpark = false
            longitudeShift = 0
        } else {
            first = try Transformer(from: source, to: RasterCoordinateOperation.lonLat(on: sd.datum))
            second = try Transformer(from: RasterCoordinateOperation.lonLat(on: td.datum), to: target)
            isBallpark = true
            longitudeShift = sd.datum.primeMeridian.longitudeDegrees - td.datum.primeMeridian.longitudeDegrees
        }
    }

    /// Longitude/latitude in degrees on a datum (longitudes from its prime meridian).
    static func lonLat(on datum: GeodeticDatum) -> SpatialReference {
        SpatialReference(definition: .geodetic(GeodeticCRS(name: "\(datum.name) (lon/lat)", kind: .geographic2D,
                                                            datum: datum, coordinateSystem: .lonLatDegrees)))
    }

    /// Transforms x/y points in place; points that cannot be transformed become NaN.
    public func transform(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        first.transform(points)
        guard let second else { return }
        if longitudeShift != 0 { for i in points.indices { points[i].x += longitudeShift } }
        second.transform(points)
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
                                  first: second?.inverse ?? first.inverse, second: second == nil ? nil : first.inverse,
                                  longitudeShift: -longitudeShift)
    }

    init(source: SpatialReference, target: SpatialReference, isBallpark: Bool, first: Transformer, second: Transformer?,
         longitudeShift: Double) {
        self.source = source
        self.target = target
        self.isBallpark = isBallpark
        self.first = first
        self.second = second
        self.longitudeShift = longitudeShift
    }
}
