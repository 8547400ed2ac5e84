import ArgumentParser
import Foundation
import Graticule

/// `graticule info FILE [--layer NAME] [--json]`: what ogrinfo (vector) or gdalinfo (raster)
/// tell about a file. Each kind of data is described by an `InfoSource` in its own file; the
/// first whose `handles` accepts the path describes it (raster: `RasterInfo`, vector: `VectorInfo`).
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", _superCommandName: "graticule",
        abstract: "Describe a data file or built-in dataset: vector layers (geometry type, feature count, fields, extent, "
            + "spatial reference) or a raster (size, bands, types, blocks, compression, nodata, georeferencing, overviews).")

    @Argument(help: "A file (.geojson, .geojsonl, .shp, .gpkg, .csv, GeoTIFF) or a built-in layer (\(NaturalEarth.layerNames.joined(separator: ", "))) or raster (\(Raster.builtInNames.keys.sorted().joined(separator: ", "))).")
    var file: String

    @Option(name: .long, parsing: .unconditional, help: "Describe only this layer (GeoPackage table).")
    var layer: String?

    @Flag(name: .long, help: "Print JSON (for rasters, gdalinfo -json's keys).")
    var json = false

    /// The describers, tried in order.
    static var sources: [any InfoSource.Type] { [RasterInfo.self, VectorInfo.self] }

    func run() throws {
        guard let source = InfoCommand.sources.first(where: { $0.handles(file) }) else {
            let expected = "expected a vector file (.geojson, .geojsonl, .shp, .gpkg, .csv), a GeoTIFF, or a built-in dataset ("
                + (NaturalEarth.layerNames + Raster.builtInNames.keys.sorted()).joined(separator: ", ") + ")"
            switch InputFile.kind(of: file) {
            case .missing: throw CLIError(message: "\(file): no such file or built-in dataset (\(expected))")
            case .directory: throw CLIError(message: "\(file): is a directory (\(expected))")
            case .file, .other: throw CLIError(message: "\(file): not a format Graticule reads (\(expected))")
            }
        }
        let text: String
        do {
            text = try source.describe(file, layer: layer, json: json)
        } catch let e as GraticuleError {
            throw CLIError(message: e.description)
        }
        print(text)
    }
}

/// A kind of data `graticule info` can describe.
protocol InfoSource {
    /// True when this source reads `path` (by extension or name).
    static func handles(_ path: String) -> Bool
    /// The description as text or JSON.
    static func describe(_ path: String, layer: String?, json: Bool) throws -> String
}
