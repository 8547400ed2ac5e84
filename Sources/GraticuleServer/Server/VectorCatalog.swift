import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleIO
import GraticuleRender
import GraticuleTransform

/// A vector file served as a map layer: its features in WGS 84 longitude/latitude, prepared for
/// maps and for finding the polygon at a point (`BuiltInLayer`: stitched polygons, a spherical
/// index), and its extent.
final class VectorFile: Sendable {
    /// The name requests use: the file name without its extension.
    let name: String
    /// The features, prepared (its `layer`: in WGS 84, x/y = longitude/latitude, degrees).
    let prepared: BuiltInLayer
    /// West, south, east, north (degrees); the whole world for a layer without geometry.
    let lonLatExtent: [Double]
    /// Its own colours (`VectorStyle`: a `NAME.style.json` beside it), nil for the map style's.
    let style: FeatureStyle?
    /// How capabilities documents and the OGC API name it.
    var title: String { "Vector file \(name) (\(layer.features.count) features)" }

    /// The features in WGS 84.
    var layer: FeatureLayer { prepared.layer }
    /// Over the polygon features, in their order (built on first use).
    var index: SphericalIndex { prepared.index }

    init(name: String, layer: FeatureLayer, source: String, style: FeatureStyle? = nil) {
        self.name = name
        self.style = style
        prepared = BuiltInLayer(name: name, layer: layer, provenance: source)
        let e = layer.extent
        lonLatExtent = e.isEmpty ? [-180, -90, 180, 90]
            : [max(e.xMin, -180), max(e.yMin, -90), min(e.xMax, 180), min(e.yMax, 90)]
    }
}

/// The vector files a server offers as map layers (WMS, WMTS, tiles, `/api/map`): the files
/// directly inside the configured vector directories whose extension names a format Graticule
/// reads (`.geojson`, `.json`, `.geojsonl`, `.shp`, `.gpkg` (its first table), `.csv`),
/// addressed by file name without extension. A request names a layer only by one of these names,
/// so no request reaches any other file.
///
/// Every file is read when the server starts and projected to WGS 84 longitude/latitude with the
/// default transformation (the server's default data directory's grids): maps draw from memory,
/// and a file that cannot be read is left out with a warning on standard error instead of failing
/// requests. A name that a built-in layer or a raster already has is left out the same way.
/// A file's `NAME.style.json` beside it gives its colours (`VectorStyle`); one that cannot be
/// read leaves the file in the map style's colours, with a warning.
final class VectorCatalog: Sendable {
    let files: [String: VectorFile]

    init(directories: [URL], taken: Set<String>, catalog: TransformationCatalog) {
        var files: [String: VectorFile] = [:]
        var warnings: [String] = []
        for dir in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            if entries.isEmpty { warnings.append("vector directory \(dir.path): no files") }
            for e in entries.sorted() {
                // A shapefile's .dbf names the same format as its .shp: the .shp is the layer.
                guard let format = VectorFormat.of(e), format != .builtIn, !e.lowercased().hasSuffix(".dbf"),
                      !VectorStyle.isSidecar(e) else { continue }
                let name = (e as NSString).deletingPathExtension
                guard RasterCatalog.isValidName(name) else {
                    warnings.append("vector file \(e): left out (a layer name is letters, digits, _, - and . only)")
                    continue
                }
                guard !taken.contains(name), files[name] == nil else {
                    warnings.append("vector file \(e): left out (the name \(name) is already a layer)")
                    continue
                }
                let path = dir.appendingPathComponent(e).path
                do {
                    let layer = try GeometryEngine.geographic(try VectorDataset.read(path), catalog: catalog).layer
                    var style: FeatureStyle?
                    let sidecar = dir.appendingPathComponent(VectorStyle.sidecarName(of: name))
                    if let data = FileManager.default.contents(atPath: sidecar.path) {
                        do { style = try VectorStyle.parse(data) } catch {
                            warnings.append("style \(sidecar.path): not used (\(error.description)); \(name) drawn in the map style's colours")
                        }
                    }
                    files[name] = VectorFile(name: name, layer: layer, source: path, style: style)
                } catch {
                    warnings.append("vector file \(path): left out: \(error.description)")
                }
            }
        }
        self.files = files
        for w in warnings { FileHandle.standardError.write(Data("graticule serve: \(w)\n".utf8)) }
    }

    var names: [String] { files.keys.sorted() }
}
