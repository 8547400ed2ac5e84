/// An affine map from pixel/line to georeferenced x/y, in GDAL's convention: pixel (column)
/// and line (row) are continuous coordinates whose integer values are the top-left corners of
/// cells, so cell (i, j) covers [i, i + 1) × [j, j + 1) and its centre is (i + 0.5, j + 0.5).
///
///     x = c0 + pixel · c1 + line · c2
///     y = c3 + pixel · c4 + line · c5
///
/// x/y are in the raster's spatial reference, always x/y order (longitude/latitude,
/// easting/northing).
public struct GeoTransform: Sendable, Hashable, CustomStringConvertible {
    /// The six coefficients c0 … c5 in GDAL's order.
    public var coefficients: (Double, Double, Double, Double, Double, Double) {
        (c0, c1, c2, c3, c4, c5)
    }
    public var c0: Double, c1: Double, c2: Double, c3: Double, c4: Double, c5: Double

    public init(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double) {
        self.c0 = c0; self.c1 = c1; self.c2 = c2; self.c3 = c3; self.c4 = c4; self.c5 = c5
    }

    /// The identity (pixel/line coordinates as x/y; what GDAL reports for an image without
    /// georeferencing, with y growing downwards).
    public static let identity = GeoTransform(0, 1, 0, 0, 0, 1)

    /// True when the image is north-up (no rotation or shear terms).
    public var isNorthUp: Bool { c2 == 0 && c4 == 0 }

    /// x/y of a pixel/line position.
    @inlinable
    public func apply(pixel: Double, line: Double) -> (x: Double, y: Double) {
        (c0 + pixel * c1 + line * c2, c3 + pixel * c4 + line * c5)
    }

    /// The inverse map (x/y → pixel/line), computed exactly as GDAL's `GDALInvGeoTransform`
    /// does, so that the cell chosen for a point is the one GDAL chooses, bit for bit; nil when
    /// the transform is degenerate.
    public var inverse: GeoTransform? {
        if c2 == 0 && c4 == 0 && c1 != 0 && c5 != 0 {
            return GeoTransform(-c0 / c1, 1 / c1, 0, -c3 / c5, 0, 1 / c5)
        }
        let det = c1 * c5 - c2 * c4
        let magnitude = max(max(abs(c1), abs(c2)), max(abs(c4), abs(c5)))
        if abs(det) <= 1e-10 * magnitude * magnitude { return nil }
        let r = 1 / det
        return GeoTransform((c2 * c3 - c0 * c5) * r, c5 * r, -c2 * r, (-c1 * c3 + c0 * c4) * r, -c4 * r, c1 * r)
    }

    public var description: String { "(\(c0), \(c1), \(c2), \(c3), \(c4), \(c5))" }

    public static func == (a: GeoTransform, b: GeoTransform) -> Bool {
        a.c0 == b.c0 && a.c1 == b.c1 && a.c2 == b.c2 && a.c3 == b.c3 && a.c4 == b.c4 && a.c5 == b.c5
    }

    public func hash(into h: inout Hasher) {
        for v in [c0, c1, c2, c3, c4, c5] { h.combine(v) }
    }
}
