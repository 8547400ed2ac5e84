import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// The vector formats Graticule reads and writes, chosen by file extension.
public enum VectorFormat: String, Sendable, CaseIterable {
    case geoJSON = "GeoJSON"
    case geoJSONSequence = "GeoJSONSeq"
    case shapefile = "ESRI Shapefile"
    case geoPackage = "GPKG"
    case csv = "CSV"
    /// One of the built-in Natural Earth layers, named instead of a path.
    case builtIn = "Built-in"

    /// The format of a path (by extension), or `.builtIn` for a built-in layer's name.
    public static func of(_ path: String) -> VectorFormat? {
        if NaturalEarth.layerNames.contains(path) { return .builtIn }
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "geojson", "json": return .geoJSON
        case "geojsonl", "geojsons", "geojsonseq", "ndjson": return .geoJSONSequence
        case "shp", "dbf": return .shapefile
        case "gpkg": return .geoPackage
        case "csv": return .csv
        default: return nil
        }
    }
}

/// Opens vector data by path (or built-in layer name) and writes layers by extension.
public enum VectorDataset {
    /// The layer names a source holds (one for every format but GeoPackage).
    public static func layerNames(_ path: String) throws(GraticuleError) -> [String] {
        switch try format(path) {
        case .geoPackage: return try GeoPackage(path: path).featureTables().map(\.name)
        case .builtIn: return [path]
        default: return [URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent]
        }
    }

    static func format(_ path: String) throws(GraticuleError) -> VectorFormat {
        guard let f = VectorFormat.of(path) else {
            throw .unsupported("\(path): unknown vector format (expected .geojson, .geojsonl, .shp, .gpkg, .csv or one of \(NaturalEarth.layerNames.joined(separator: ", ")))")
        }
        if f != .builtIn && !FileManager.default.fileExists(atPath: path) { throw .invalidInput("\(path): no such file") }
        return f
    }

    /// Reads a layer: `layer` names a GeoPackage table (default: the first); other formats have one.
    /// A file with a coordinate that is not finite, or outside longitude/latitude in a geographic
    /// layer, is refused (`FeatureLayer.checkCoordinates`).
    public static func read(_ path: String, layer: String? = nil) throws(GraticuleError) -> FeatureLayer {
        let url = URL(fileURLWithPath: path)
        let f = try format(path)
        if let layer, f != .geoPackage, try layerNames(path).first != layer {
            throw .invalidInput("\(path): no layer \(layer.debugDescription) (layers: \(try layerNames(path).joined(separator: ", ")))")
        }
        let read: FeatureLayer
        switch f {
        case .geoJSON, .geoJSONSequence: read = try GeoJSONReader(url: url).readLayer()
        case .shapefile: read = try ShapefileReader(url: url).readLayer()
        case .csv: read = try CSVLayer.read(url: url)
        case .geoPackage: read = try GeoPackage(path: path).read(layer: layer)
        case .builtIn: return try NaturalEarth.layer(named: path).layer
        }
        try read.checkCoordinates(source: path)
        return read
    }

    /// Writes a layer to a path; the format follows the extension (a GeoPackage gets the layer as a
    /// table named after it, other formats one layer per file).
    ///
    /// Nothing is lost: the output is written whole to a temporary file beside it and renamed
    /// over it when complete (a Shapefile's parts as a set; `OutputFile`), so a failure or a kill
    /// leaves what was there. An existing output is refused unless `options.overwrite`; a
    /// symbolic link unless `options.followSymlinks`. A GeoPackage that exists gets the layer
    /// added beside its other layers: a layer of the same name is refused unless
    /// `options.overwrite` (which replaces that layer only) or `options.append` (which adds the
    /// features to it).
    public static func write(_ layer: FeatureLayer, to path: String, options: OutputOptions = OutputOptions()) throws(GraticuleError) {
        let url = URL(fileURLWithPath: path)
        guard let f = VectorFormat.of(path), f != .builtIn else {
            throw .unsupported("\(path.clipped()): unknown output format (expected .geojson, .geojsonl, .shp, .gpkg or .csv)")
        }
        if options.append && f != .geoPackage {
            throw .unsupported("\(path.clipped()): adding features to an existing layer (append) is for GeoPackage outputs only")
        }
        switch f {
        case .geoJSON, .geoJSONSequence:
            let target = try OutputFile.destination(path, options: options)
            let temp = try OutputFile.temporary(beside: target)
            do {
                var w = try GeoJSONWriter(url: URL(fileURLWithPath: temp), name: layer.name, schema: layer.schema)
                for feature in layer.features { try w.write(feature) }
                try w.finish()
            } catch {
                OutputFile.discard(temp)
                throw error
            }
            try OutputFile.commit(temp, to: target)
        case .shapefile: try ShapefileWriter.write(layer, to: url, options: options)
        case .csv: try OutputFile.write(CSVLayer.text(of: layer), to: path, options: options)
        case .geoPackage: try GeoPackage.write(layer, to: path, options: options)
        case .builtIn: break
        }
    }
}
