import ArgumentParser
import Foundation
import Graticule

/// `graticule convert INPUT OUTPUT [--layer NAME] [--to ID] [--transformation OP|default|none]
/// [--simplify TOL [--method dp|visvalingam] [--preserve-topology]] [--where CONDITION]
/// [--overwrite | --append] [--follow-symlinks]`, in the manner of ogr2ogr. The output is written
/// whole or not at all (`VectorDataset.write`): an existing one is refused unless `--overwrite`.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert", _superCommandName: "graticule",
        abstract: "Convert vector data between GeoJSON, Shapefile, GeoPackage and CSV, optionally reprojecting, simplifying and filtering.")

    @Argument(help: "Input file or built-in layer (\(NaturalEarth.layerNames.joined(separator: ", "))).")
    var input: String

    @Argument(help: "Output file; the format follows the extension (.geojson, .geojsonl, .shp, .gpkg, .csv).")
    var output: String

    @Option(name: .long, parsing: .unconditional, help: "Input layer (GeoPackage table).")
    var layer: String?

    @Option(name: .long, parsing: .unconditional, help: "Target spatial reference (EPSG:n, ESRI:n, WKID, WKT, PROJJSON, PROJ string).")
    var to: String?

    @Option(name: .long, parsing: .unconditional, help: "Datum transformation for --to: WKID or AUTH:CODE (steps joined by +, ~ inverts a step), default or none.")
    var transformation: String = "default"

    @Option(name: .long, parsing: .unconditional, help: "Directory of grid files (searched before the embedded grids).")
    var dataDir: String?

    @Option(name: .long, parsing: .unconditional, help: "Simplify with this tolerance (in the output's units; for visvalingam the minimum triangle area is TOL²).")
    var simplify: Double?

    @Option(name: .long, parsing: .unconditional, help: "Simplification method: dp (Douglas-Peucker, default) or visvalingam.")
    var method: String = "dp"

    @Flag(name: .long, help: "With --simplify: simplify all features together, borders they share once, without introducing crossings.")
    var preserveTopology = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Keep only the features for which a CQL2 text condition holds (\"POP_EST > 1e7 AND CONTINENT = 'Asia'\", LIKE, IN, BETWEEN, IS NULL, S_INTERSECTS(geometry, BBOX(…)), DWITHIN(geometry, POINT(2.35 48.85), 300, kilometers): metres on the ellipsoid for longitude/latitude data), or FIELD=VALUE (text; numbers as numbers).",
        valueName: "condition"))
    var `where`: String?

    @Flag(name: .long, help: "Replace an existing output (a GeoPackage: the layer of the same name; its other layers are kept).")
    var overwrite = false

    @Flag(name: .long, help: "GeoPackage output: add the features to the existing layer of the same name.")
    var append = false

    @Flag(name: .long, help: "Write to the file a symbolic link at OUTPUT points to (refused otherwise).")
    var followSymlinks = false

    func validate() throws {
        if overwrite && append { throw ValidationError("--overwrite and --append exclude each other") }
        if transformation.lowercased() != "default" && to == nil {
            throw ValidationError("--transformation needs --to")
        }
        guard ["dp", "visvalingam"].contains(method) else { throw ValidationError("--method must be dp or visvalingam") }
        if let simplify { guard simplify.isFinite && simplify >= 0 else { throw ValidationError("--simplify must be a non-negative number") } }
    }

    /// `--where`: a CQL2 text condition on the layer's fields (`CQL2Filter`; `geometry` is the
    /// feature's geometry, in the input's coordinates), or, when the text is no such condition,
    /// FIELD=VALUE (the field's text equal to VALUE, a number as a number, a boolean as
    /// true/false/1/0), as before CQL2.
    static func condition(_ text: String, _ schema: LayerSchema, input: String) throws -> (Feature) -> Bool {
        let cql: GraticuleError
        do { return try CQL2Filter(text: text, schema: schema).matches } catch { cql = error }
        guard let eq = text.firstIndex(of: "="), let i = schema.index(ofField: String(text[..<eq])) else {
            throw CLIError(message: "--where: \(cql)")
        }
        let value = String(text[text.index(after: eq)...])
        let number = Double(value)
        let flag = ["true": true, "false": false, "1": true, "0": false][value.lowercased()]
        return { f in
            let v = f.attributes[i]
            if let b = v.boolValue, let flag { return b == flag }
            if let number, let d = v.doubleValue { return d == number }
            return v.description == value
        }
    }

    func run() throws {
        do {
            var layer = try VectorDataset.read(input, layer: self.layer)
            if let w = `where` {
                layer.features = layer.features.filter(try Self.condition(w, layer.schema, input: input))
            }
            if let to {
                let catalog = TransformationCatalog.shared
                if let dataDir { try catalog.setDataDirectory(URL(fileURLWithPath: dataDir)) }
                let target = try SpatialReference(text: to)
                let choice = try TransformationOption.choice(transformation, catalog: catalog)
                let projected = try GeometryEngine.project(layer, into: target, transformation: choice, catalog: catalog)
                layer = projected.layer
                if let t = projected.transformer { TransformationOption.warnIfBallpark(t) }
            }
            if let tol = simplify, tol > 0 {
                let method: GeometryEngine.SimplificationMethod = method == "dp"
                    ? .douglasPeucker(maxDeviation: tol) : .visvalingam(minimumArea: tol * tol)
                if preserveTopology {
                    let out = GeometryEngine.simplifyPreservingTopology(layer.features.map(\.geometry), method: method)
                    for i in layer.features.indices { layer.features[i].geometry = out[i] }
                } else {
                    for i in layer.features.indices {
                        guard let g = layer.features[i].geometry else { continue }
                        switch method {
                        case let .douglasPeucker(d): layer.features[i].geometry = GeometryEngine.generalize(g, maxDeviation: d)
                        case let .visvalingam(a): layer.features[i].geometry = GeometryEngine.simplifyVisvalingam(g, minimumArea: a)
                        }
                    }
                }
            }
            try VectorDataset.write(layer, to: output,
                                    options: OutputOptions(overwrite: overwrite, append: append, followSymlinks: followSymlinks))
        } catch let e as GraticuleError {
            throw CLIError(message: e.description)
        }
    }
}
