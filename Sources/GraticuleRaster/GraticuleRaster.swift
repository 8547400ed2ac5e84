/// Rasters, identify and warping live here (later issues).
public enum GraticuleRaster {
    /// Pixel types supported today.
    public static let pixelTypes: [String] = []
}
