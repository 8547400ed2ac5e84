import GraticuleCore

/// The georeferencing tags of a GeoTIFF image: the GeoKey directory, `ModelPixelScale`,
/// `ModelTiepoint` and `ModelTransformation`.
public struct GeoTIFFGeoreference: Sendable {
    /// The GeoKeys, when the file has them.
    public let keys: GeoKeyDirectory?
    /// `ModelPixelScale` (ScaleX, ScaleY, ScaleZ).
    public let pixelScale: [Double]?
    /// `ModelTiepoint` (I, J, K, X, Y, Z per tie point).
    public let tiepoints: [Double]?
    /// `ModelTransformation` (a 4 × 4 matrix, row by row).
    public let transformation: [Double]?

    /// Reads the tags of a directory (any of them may be absent).
    public init(directory dir: TIFFDirectory) throws(GraticuleError) {
        keys = try GeoKeyDirectory(directory: dir)
        pixelScale = try dir.doubles(TIFFTag.modelPixelScale)
        tiepoints = try dir.doubles(TIFFTag.modelTiepoint)
        transformation = try dir.doubles(TIFFTag.modelTransformation)
    }

    /// True when `GTRasterTypeGeoKey` is `RasterPixelIsPoint` (2): the model coordinates of a
    /// tie point name the centre of the pixel, not its top-left corner.
    public var isPixelIsPoint: Bool { keys?.short(GeoKey.rasterType) == 2 }

    /// The pixel/line → x/y transform as GDAL computes it: `ModelPixelScale` with the first tie
    /// point when the scale is usable (a negative ScaleY is taken as north-up, as GDAL does unless
    /// `GTIFF_HONOUR_NEGATIVE_SCALEY` is set), otherwise a 16-value `ModelTransformation`. With
    /// PixelIsPoint the transform is moved by half a pixel so that it names cell corners, as
    /// GDAL does by default (`GTIFF_POINT_GEO_IGNORE=FALSE`); pass `ignorePixelIsPoint: true` for
    /// GDAL's `GTIFF_POINT_GEO_IGNORE=TRUE` behaviour.
    /// - Returns: nil when the file has no affine georeferencing (no tags, or only ground control
    ///   points).
    public func geoTransform(ignorePixelIsPoint: Bool = false) -> GeoTransform? {
        var gt: GeoTransform
        if let s = pixelScale, s.count >= 2, s[0] != 0, s[1] != 0, let t = tiepoints, t.count >= 6 {
            gt = GeoTransform(0, s[0], 0, 0, 0, -abs(s[1]))
            gt.c0 = t[3] - t[0] * gt.c1
            gt.c3 = t[4] - t[1] * gt.c5
        } else if let m = transformation, m.count == 16 {
            gt = GeoTransform(m[3], m[0], m[1], m[7], m[4], m[5])
        } else {
            return nil
        }
        if isPixelIsPoint && !ignorePixelIsPoint {
            gt.c0 -= gt.c1 * 0.5 + gt.c2 * 0.5
            gt.c3 -= gt.c4 * 0.5 + gt.c5 * 0.5
        }
        return gt
    }

    /// Ground control points (pixel, line → x, y, z) when the file has tie points but no affine
    /// georeferencing.
    public var groundControlPoints: [(pixel: Double, line: Double, x: Double, y: Double, z: Double)] {
        guard geoTransform() == nil, let t = tiepoints, t.count >= 6 else { return [] }
        return stride(from: 0, to: t.count - 5, by: 6).map { (t[$0], t[$0 + 1], t[$0 + 3], t[$0 + 4], t[$0 + 5]) }
    }
}
