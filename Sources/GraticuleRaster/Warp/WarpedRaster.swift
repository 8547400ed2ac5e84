/// The result of a warp: the raster's values on a view's pixels.
public struct WarpedRaster: Sendable {
    public let view: RasterView
    /// The source bands warped (0-based), in the order of `values`.
    public let bands: [Int]
    /// Per band, `width × height` values row by row from the top left; NaN where the pixel has no
    /// data (outside the raster, nodata, masked, or not transformable). Raw cell values: no scale
    /// or offset applied.
    public let values: [[Double]]
    /// The overview read (0-based), or nil for the full-resolution image.
    public let overview: Int?
    /// How many points were transformed exactly (the rest were interpolated).
    public let exactTransforms: Int

    public var width: Int { view.width }
    public var height: Int { view.height }

    /// The value of the `band`-th warped band at pixel (x, y).
    public func value(band: Int, x: Int, y: Int) -> Double { values[band][y * view.width + x] }
}
