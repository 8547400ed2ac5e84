import ArgumentParser
import Foundation
import Graticule

/// `graticule convert INPUT OUTPUT [--layer NAME] [--to ID] [--transformation OP|default|none]
/// [--simplify TOL [--method dp|visvalingam]] [--where FIELD=VALUE]`, in the manner of ogr2ogr.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert vector data between GeoJSON, Shapefile, GeoPackage and CSV, optionally reprojecting, simplifying and filtering.")

    @Argument(help: "Input file or built-in layer (\(NaturalEarth.layerNames.joined(separator: ", "))).")
    var input: String

    @Argument(help: "Output file; the format follows the extension (.geojson, .geojsonl, .shp, .gpkg, .csv).")
    var output: String

    @Option(name: .long, help: "Input layer (GeoPackage table).")
    var layer: String?

    @Option(name: .long, help: "Target spatial reference (EPSG:n, ESRI:n, WKID, WKT, PROJJSON, PROJ string).")
    var to: String?

    @Option(name: .long, help: "Datum transformation: default or none (an operation WKID is an error until datum transformations land).")
    var transformation: String = "default"

    @Option(name: .long, help: "Simplify with this tolerance (in the output's units; for visvalingam the minimum triangle area is TOL²).")
    var simplify: Double?

    @Option(name: .long, help: "Simplification method: dp (Douglas-Peucker, default) or visvalingam.")
    var method: String = "dp"

    @Option(name: .long, help: "Keep only features whose FIELD equals VALUE (text comparison; numbers compared as numbers).")
    var `where`: String?

    func validate() throws {
        guard ["default", "none"].contains(transformation.lowercased()) else {
            throw ValidationError("--transformation \(transformation): choosing a datum transformation is not implemented yet; use default or none")
        }
        guard ["dp", "visvalingam"].contains(method) else { throw ValidationError("--method must be dp or visvalingam") }
        if let simplify { guard simplify.isFinite && simplify >= 0 else { throw ValidationError("--simplify must be a non-negative number") } }
        if let w = `where` { guard w.contains("=") else { throw ValidationError("--where expects FIELD=VALUE") } }
    }

    func run() throws {
        do {
            var layer = try VectorDataset.read(input, layer: self.layer)
            if let w = `where` {
                let eq = w.firstIndex(of: "=")!
                let field = String(w[..<eq]), value = String(w[w.index(after: eq)...])
                guard let i = layer.schema.index(ofField: field) else {
                    throw CLIError(message: "--where: no field \(field.debugDescription) in \(input) (fields: \(layer.schema.fields.map(\.name).joined(separator: ", ")))")
                }
                let number = Double(value)
                layer.features = layer.features.filter { f in
                    let v = f.attributes[i]
                    if let number, let d = v.doubleValue { return d == number }
                    return v.description == value
                }
            }
            if let to {
                let target = try SpatialReference(text: to)
                layer = try GeometryEngine.project(layer, into: target)
            }
            if let tol = simplify, tol > 0 {
                layer.features = layer.features.map { f in
                    var f = f
                    if let g = f.geometry {
                        f.geometry = method == "dp" ? GeometryEngine.generalize(g, maxDeviation: tol)
                            : GeometryEngine.simplifyVisvalingam(g, minimumArea: tol * tol)
                    }
                    return f
                }
            }
            try VectorDataset.write(layer, to: output)
        } catch let e as GraticuleError {
            throw CLIError(message: e.description)
        }
    }
}
