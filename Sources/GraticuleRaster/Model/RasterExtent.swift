/// An axis-aligned rectangle in some spatial reference (x/y order: longitude/latitude or
/// easting/northing), in that spatial reference's units.
public struct RasterExtent: Sendable, Hashable, CustomStringConvertible {
    public var xMin: Double, yMin: Double, xMax: Double, yMax: Double

    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double) {
        self.xMin = xMin; self.yMin = yMin; self.xMax = xMax; self.yMax = yMax
    }

    /// The bounding box of points (NaN points are skipped; all-NaN gives NaN bounds).
    public init(_ points: [SIMD2<Double>]) {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in points where p.x.isFinite && p.y.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let any = lo.x <= hi.x
        xMin = any ? lo.x : .nan; yMin = any ? lo.y : .nan
        xMax = any ? hi.x : .nan; yMax = any ? hi.y : .nan
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
