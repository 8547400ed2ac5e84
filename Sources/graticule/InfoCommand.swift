import ArgumentParser
import Foundation
import Graticule

/// `graticule info FILE [--layer NAME] [--json]`: what gdalinfo (rasters) or ogrinfo (vector
/// files) tell about a file. Rasters: GeoTIFF files and built-in raster names (`ndvi`), see
/// `RasterInfo.swift`.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a data file: size, bands, types, blocks, compression, nodata, georeferencing, spatial reference, overviews.")

    @Argument(help: "A GeoTIFF file, or a built-in raster's name (ndvi).")
    var file: String

    @Option(name: .long, help: "Layer of a multi-layer vector file.")
    var layer: String?

    @Flag(name: .long, help: "JSON output (gdalinfo -json's keys for rasters).")
    var json = false

    func run() throws {
        if RasterInfo.isRaster(file) {
            let raster: Raster
            do { raster = try Raster.open(file) } catch { throw CLIError(message: error.description) }
            print(json ? RasterInfo.json(raster).render(pretty: true) : RasterInfo.text(raster))
            return
        }
        throw CLIError(message: "\(file): not a raster this build reads (GeoTIFF); vector formats are not implemented yet")
    }
}
