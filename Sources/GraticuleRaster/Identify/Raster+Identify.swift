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
    /// Built once per pair of spatial references in a process (`RasterCoordinateOperation.cached`).
    public func coordinateOperation(from requested: SpatialReference?) throws(GraticuleError) -> RasterCoordinateOperation? {
        guard let requested else { return nil }
        guard let own = spatialReference else {
            throw .invalidInput("\(name) has no spatial reference\(spatialReferenceProblem.map { " (\($0))" } ?? ""); give coordinates in its own space")
        }
        if requested == own { return nil }
        return try RasterCoordinateOperation.cached(from: requested, to: own)
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
        let c = Double(column), r = Double(row)
        let corners = [SIMD2(c, r), SIMD2(c + 1, r), SIMD2(c + 1, r + 1), SIMD2(c, r + 1)].map { d -> SIMD2<Double> in
            let p = geoTransform.apply(pixel: d.x, line: d.y)
            return SIMD2(p.x, p.y)
        }
        let own = spatialReference
        var requestedExtent: RasterExtent?
        var requested: SpatialReference?
        var ballpark = false
        var transformationName: String?
        if let operation {
            var back = corners
            back.withUnsafeMutableBufferPointer { operation.inverseTransformer.transform($0) }
            requestedExtent = RasterExtent(back)
            requested = operation.source
            ballpark = operation.isBallpark
            transformationName = operation.transformation?.name
        }
        return RasterCell(column: column, row: row, location: Point(x: x, y: y, spatialReference: own),
                          values: values, scaledValues: scaled,
                          noData: noData, pixelType: dataType.arcGISPixelType(bits: layout.bitsPerSample), dataType: dataType,
                          footprint: corners.map { Point(x: $0.x, y: $0.y, spatialReference: own) },
                          extent: RasterExtent(corners),
                          spatialReference: own, requestedExtent: requestedExtent,
                          requestedSpatialReference: requested, isBallpark: ballpark,
                          transformationName: transformationName)
    }

    /// The cell (column, row) containing x/y in the raster's spatial reference, or nil outside.
    @inlinable
    public func cellIndex(x: Double, y: Double) -> (column: Int, row: Int)? {
        guard let inv = inverseGeoTransform else { return nil }
        let pixel = inv.c0 + inv.c1 * x + inv.c2 * y
        let line = inv.c3 + inv.c4 * x + inv.c5 * y
        // floor(v) ≥ 0 ⇔ v ≥ 0 and floor(v) < n ⇔ v < n for a whole n, and on [0, n) the
        // conversion to Int truncates, which is floor (GDAL's rule): no floor call. NaN fails.
        guard pixel >= 0, line >= 0, pixel < Double(width), line < Double(height) else { return nil }
        return (Int(pixel), Int(line))
    }

    /// The inverse of `geoTransform` (x/y → pixel/line), as GDAL computes it.
    public var inverseGeoTransform: GeoTransform? { inverseTransform }
}
