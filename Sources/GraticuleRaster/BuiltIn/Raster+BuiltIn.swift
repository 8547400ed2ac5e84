import Foundation
import GraticuleCore

extension Raster {
    /// The rasters shipped with Graticule, by name.
    ///
    /// - `ndvi`: NDVI (Float32, −0.75 … 0.59, nodata NaN) of the Landsat 7 ETM+ sample
    ///   `L7_ETMs.tif` (Debian r-cran-stars), 349 × 352 cells of 28.5 m over Olinda/Recife,
    ///   Brazil, in SIRGAS 2000 / UTM zone 25S (EPSG:31985); a cloud-optimised GeoTIFF with two
    ///   overviews. Made by `tools/ndvi/make_ndvi.py` from bands 4 (NIR) and 3 (red).
    public static let builtInNames: [String: String] = ["ndvi": "ndvi.tif"]

    /// A built-in raster (see `builtInNames`), found with `DataFiles` (the `GRATICULE_DATA`
    /// directory, `graticule-data/` or `share/graticule/` beside the executable, or the
    /// GraticuleRaster resource bundle).
    /// - Throws: `invalidInput` for an unknown name or a missing file.
    public static func builtIn(named name: String) throws(GraticuleError) -> Raster {
        guard let file = builtInNames[name.lowercased()] else {
            throw .invalidInput("no built-in raster \"\(name)\"; built-in rasters: \(builtInNames.keys.sorted().joined(separator: ", "))")
        }
        let url = try DataFiles.locate(file, bundle: "Graticule_GraticuleRaster")
        let raster = try Raster(contentsOf: url)
        return raster.renamed(name.lowercased())
    }

    /// A raster by path, or a built-in raster by name when no file has that path (`ndvi`).
    public static func open(_ pathOrName: String) throws(GraticuleError) -> Raster {
        if !FileManager.default.fileExists(atPath: pathOrName), builtInNames[pathOrName.lowercased()] != nil {
            return try builtIn(named: pathOrName)
        }
        return try Raster(contentsOf: URL(fileURLWithPath: pathOrName))
    }
}
