import GraticuleCore

/// Reads PROJ GeoTIFF grids (the PROJ-CDN profile).
enum GeoTIFFGridReader {
    static func read(_ file: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        throw .unsupported("PROJ GeoTIFF grid \(file.path): not read yet")
    }
}
