/// GeoJSON, Shapefile, GeoPackage, CSV and GeoTIFF reading live here (later issues).
public enum GraticuleIO {
    /// The formats this module reads today.
    public static let formats: [String] = []
}
