import GraticuleIO
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

extension Raster {
    /// The cell under a point, or nil when the point falls outside the raster.
    ///
    /// The point is in `spatialReference` when given, else in the point's own spatial reference
    /// when it has one (transformed into the raster's with `RasterCoordinateOperation`), otherwise
    /// in the raster's own spatial reference; x/y order always (longitude/latitude,
    /// easting/northing). The cell is chosen as GDAL's
    /// `gdallocationinfo` chooses it: `floor` of the inverse geotransform, computed the same way,
    /// so both agree bit for bit (a point on a cell edge belongs to the cell to its right/below).
    /// Identify reads the full-resolution image, never an overview.
    /// - Throws: `invalidInput` when a spatial reference is given but the raster has none,
    ///   `outOfDomain` when the point cannot be transformed, decoding errors of the cell's block.
    public func identify(at point: Point, spatialReference requested: SpatialReference? = nil) throws(GraticuleError) -> RasterCell? {
        let operation = try coordinateOperation(from: requested ?? point.spatialReference)
        return try identify(at: point, using: operation)
    }

    /// The operation from `requested` to the raster's spatial reference; nil when none is needed.
    public func coordinateOperation(from requested: SpatialReference?) throws(GraticuleError) -> RasterCoordinateOperation? {
        guard let requested else { return nil }
        guard let own = spatialReference else {
            throw .invalidInput("\(name) has no spatial reference\(spatialReferenceProblem.map { " (\($0))" } ?? ""); give coordinates in its own space")
        }
        if requested == own { return nil }
        return try RasterCoordinateOperation(from: requested, to: own)
    }

    /// Identify with a prepared coordinate operation (from `coordinateOperation(from:)`): the fast
    /// path for many points in one spatial reference.
    public func identify(at point: Point, using operation: RasterCoordinateOperation?) throws(GraticuleError) -> RasterCell? {
        var x = point.x, y = point.y
        if let operation { (x, y) = try operation.transform(x: point.x, y: point.y) }
        guard let (column, row) = cellIndex(x: x, y: y) else { return nil }
        let valid = try isValidInMask(column: column, row: row)
        var values: [RasterValue] = []
        var scaled: [Double] = []
        var noData: [Bool] = []
        values.reserveCapacity(bands.count)
        for band in bands {
            let v = try store.value(image: 0, band: band.index, column: column, row: row, fill: band.noData ?? 0)
            let isNoData = !valid || band.isNoData(v.doubleValue)
            values.append(v)
            noData.append(isNoData)
            scaled.append(isNoData ? .nan : v.doubleValue * band.scale + band.offset)
        }
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { d -> SIMD2<Double> in
            let p = geoTransform.apply(pixel: Double(column) + d.0, line: Double(row) + d.1)
            return SIMD2(p.x, p.y)
        }
        var requestedExtent: RasterExtent?
        if let operation {
            var back = corners
            back.withUnsafeMutableBufferPointer { operation.inverse.transform($0) }
            requestedExtent = RasterExtent(back)
        }
        return RasterCell(column: column, row: row, location: Point(x: x, y: y, spatialReference: spatialReference),
                          values: values, scaledValues: scaled,
                          noData: noData, pixelType: dataType.arcGISPixelType(bits: layout.bitsPerSample), dataType: dataType,
                          footprint: corners.map { Point(x: $0.x, y: $0.y, spatialReference: spatialReference) },
                          extent: RasterExtent(corners),
                          spatialReference: spatialReference, requestedExtent: requestedExtent,
                          requestedSpatialReference: operation?.source, isBallpark: operation?.isBallpark ?? false,
                          transformationName: operation?.transformation?.name)
    }

    /// The cell (column, row) containing x/y in the raster's spatial reference, or nil outside.
    @inlinable
    public func cellIndex(x: Double, y: Double) -> (column: Int, row: Int)? {
        guard let inv = inverseGeoTransform else { return nil }
        let pixel = (inv.c0 + inv.c1 * x + inv.c2 * y).rounded(.down)
        let line = (inv.c3 + inv.c4 * x + inv.c5 * y).rounded(.down)
        guard pixel >= 0, line >= 0, pixel < Double(width), line < Double(height) else { return nil }
        return (Int(pixel), Int(line))
    }

    /// The inverse of `geoTransform` (x/y → pixel/line), as GDAL computes it.
    public var inverseGeoTransform: GeoTransform? { inverseTransform }
}
