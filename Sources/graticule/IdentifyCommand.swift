import ArgumentParser
import Foundation
import Graticule

/// `graticule identify RASTER [X Y] [--crs ID] [--json]`
///
/// The cell of a raster under a point: its column and row, the value of every band, the nodata
/// flag and the cell's extent. RASTER is a GeoTIFF path or a built-in raster's name (`ndvi`).
/// With X Y, prints a report (or one JSON object with `--json`); without, reads lines of `x y`
/// from standard input and writes one line per input line, as gdallocationinfo does:
/// `PIXEL LINE VALUE…` (a nodata band prints `nodata`), `outside` for a point off the raster.
struct IdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify", _superCommandName: "graticule",
        abstract: "Identify the raster cell under a point: column/row, values per band (Band_0 …), nodata, extent.")

    @Argument(help: "A GeoTIFF file, or a built-in raster's name (ndvi).")
    var raster: String

    @Argument(parsing: .allUnrecognized,
              help: "x y (lon/lat or easting/northing in --crs; negative numbers need no --); read lines of x y from standard input when absent.")
    var coordinates: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Spatial reference of the coordinates (EPSG:n, ESRI:n, WKID, WKT, PROJ string); default: the raster's.")
    var crs: String?

    @Flag(name: .long, help: "JSON output: attributes under ArcGIS's names (Band_0 …, Pixel.Type), nodata flag, cell extents.")
    var json = false

    func run() throws {
        let numbers = coordinates.allSatisfy { $0 == "--" } ? []
            : try CoordinateArguments.numbers(coordinates, counts: [2], usage: "x y")
        try Identify(raster: raster, coordinates: numbers, crs: crs, json: json).run()
    }
}

/// What `graticule identify` does, apart from its argument parsing: `IdentifyCommand` runs it
/// with the parsed arguments, `GraticuleMain` with the one argument of `graticule identify
/// RASTER` (building an `IdentifyCommand` instantiates its argument declarations' name tables,
/// 0.1–0.2 ms of a 4 ms start).
struct Identify {
    /// A GeoTIFF file, or a built-in raster's name.
    var raster: String
    /// x y, or empty: points from standard input.
    var coordinates: [Double] = []
    /// Spatial reference of the coordinates (nil: the raster's).
    var crs: String?
    /// JSON output.
    var json = false

    func run() throws {
        let r: Raster
        let operation: RasterCoordinateOperation?
        var requested: SpatialReference?
        do {
            r = try Raster.open(raster)
            if let crs { requested = try SpatialReference(text: crs) }
            operation = try r.coordinateOperation(from: requested)
        } catch {
            throw CLIError(message: error.description)
        }
        if operation?.isBallpark == true {
            FileHandle.standardError.write(Data(("note: no datum transformation is known between \(requested!.name) and "
                + "\(r.spatialReference!.name); no datum shift is applied (ballpark)\n").utf8))
        }
        if !coordinates.isEmpty {
            guard coordinates.count == 2 else { throw CLIError(message: "expected x y, got \(coordinates.count) numbers") }
            let cell: RasterCell?
            do { cell = try r.identify(at: Point(x: coordinates[0], y: coordinates[1]), using: operation) } catch {
                throw CLIError(message: error.description)
            }
            if json {
                print(Self.json(cell, x: coordinates[0], y: coordinates[1], raster: r).render(pretty: true))
            } else if let cell {
                print(Self.report(cell, raster: r))
            } else {
                throw CLIError(message: "(\(coordinates[0]), \(coordinates[1])) is outside \(r.name)")
            }
            return
        }
        try streamStandardInput(r, operation: operation)
    }

    static func requestedExtent(_ cell: RasterCell, _ operation: RasterCoordinateOperation) -> RasterExtent {
        var corners = cell.footprint.map { SIMD2($0.x, $0.y) }
        corners.withUnsafeMutableBufferPointer { operation.inverse.transform($0) }
        return RasterExtent(corners)
    }

    static func report(_ cell: RasterCell, raster: Raster) -> String {
        var lines = ["Location: (\(cell.column)P, \(cell.row)L) of \(raster.name)"]
        for (name, value) in cell.attributes { lines.append("  \(name): \(value)") }
        for (b, band) in raster.bands.enumerated() {
            if cell.noData[b] { lines.append("  Band_\(b) is nodata") }
            if band.scale != 1 || band.offset != 0 {
                lines.append("  Band_\(b) scaled (× \(band.scale) + \(band.offset)): \(cell.scaledValues[b])")
            }
            if !band.description.isEmpty { lines.append("  Band_\(b) description: \(band.description)") }
        }
        let e = cell.extent
        lines.append("  Cell extent: \(e.xMin), \(e.yMin), \(e.xMax), \(e.yMax)\(raster.spatialReference.map { " (\($0))" } ?? "")")
        if let re = cell.requestedExtent, let sr = cell.requestedSpatialReference {
            lines.append("  Cell extent in \(sr): \(re.xMin), \(re.yMin), \(re.xMax), \(re.yMax)")
        }
        if cell.isBallpark { lines.append("  (no datum shift applied: ballpark)") }
        if let t = cell.transformationName, !cell.isBallpark { lines.append("  Datum transformation: \(t)") }
        return lines.joined(separator: "\n")
    }

    static func extent(_ e: RasterExtent, _ sr: SpatialReference? = nil) -> JSONText {
        var members: [(String, JSONText)] = [("xmin", .number(e.xMin)), ("ymin", .number(e.yMin)),
                                             ("xmax", .number(e.xMax)), ("ymax", .number(e.yMax))]
        if let sr { members.append(("spatialReference", spatialReference(sr))) }
        return .object(members)
    }

    static func spatialReference(_ sr: SpatialReference) -> JSONText {
        if let wkid = sr.wkid {
            var m: [(String, JSONText)] = [("wkid", .integer(Int64(wkid)))]
            if let latest = sr.latestWKID, latest != wkid { m.append(("latestWkid", .integer(Int64(latest)))) }
            return .object(m)
        }
        return .object([("wkt", .string((try? sr.export("wkt2")) ?? sr.name))])
    }

    static func value(_ v: RasterValue, _ type: RasterDataType) -> JSONText {
        switch v {
        case let .integer(i): .integer(i)
        case let .unsigned(u): .unsigned(u)
        case let .float(d): d.isFinite ? .number(d) : .string(v.text(as: type))
        case .complex: .string(v.text(as: type))
        }
    }

    static func json(_ cell: RasterCell?, x: Double, y: Double, raster: Raster) -> JSONText {
        guard let cell else { return .object([("x", .number(x)), ("y", .number(y)), ("outside", .bool(true))]) }
        var attributes: [(String, JSONText)] = []
        for (name, a) in cell.attributes {
            switch a {
            case let .value(v, t): attributes.append((name, value(v, t)))
            case let .text(s): attributes.append((name, .string(s)))
            }
        }
        var members: [(String, JSONText)] = [
            ("x", .number(x)), ("y", .number(y)), ("pixel", .integer(Int64(cell.column))), ("line", .integer(Int64(cell.row))),
            ("attributes", .object(attributes)), ("nodata", .bool(cell.isNoData)),
            ("bandNodata", .array(cell.noData.map { .bool($0) })),
        ]
        if raster.bands.contains(where: { $0.scale != 1 || $0.offset != 0 }) {
            members.append(("scaled", .array(cell.scaledValues.map { .number($0) })))
        }
        members.append(("cellExtent", extent(cell.extent, cell.spatialReference)))
        if let re = cell.requestedExtent, let sr = cell.requestedSpatialReference {
            members.append(("extent", extent(re, sr)))
        }
        if cell.isBallpark { members.append(("ballpark", .bool(true))) }
        if let t = cell.transformationName, !cell.isBallpark { members.append(("transformation", .string(t))) }
        return .object(members)
    }
}
