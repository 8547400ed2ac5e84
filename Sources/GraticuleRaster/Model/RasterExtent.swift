/// An axis-aligned rectangle in some spatial reference (x/y order: longitude/latitude or
/// easting/northing), in that spatial reference's units.
public struct RasterExtent: Sendable, Hashable, CustomStringConvertible {
    public var xMin: Double, yMin: Double, xMax: Double, yMax: Double

    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin; self.yMin = yMin; self.xMax = xMax; self.yMax = yMax
    }

    /// The bounding box of points (NaN points are skipped; all-NaN gives NaN bounds).
    public init(_ points: [SIMD2<Double>]) {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        xMin = finite.map(\.x).min() ?? .nan
        xMax = finite.map(\.x).max() ?? .nan
        yMin = finite.map(\.y).min() ?? .nan
        yMax = finite.map(\.y).max() ?? .nan
    }

    public var width: Double { xMax - xMin }
    public var height: Double { yMax - yMin }

    public var description: String { "\(xMin),\(yMin),\(xMax),\(yMax)" }
}

extension Raster {
    /// The raster's extent in its own spatial reference (the bounding box of its four corners).
    public var extent: RasterExtent {
        RasterExtent([(0.0, 0.0), (Double(width), 0), (Double(width), Double(height)), (0, Double(height))].map {
            let p = geoTransform.apply(pixel: $0.0, line: $0.1)
            return SIMD2(p.x, p.y)
        })
    }
}
