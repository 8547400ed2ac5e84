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
        commandName: "identify",
        abstract: "Identify the raster cell under a point: column/row, values per band (Band_0 …), nodata, extent.")

    @Argument(help: "A GeoTIFF file, or a built-in raster's name (ndvi).")
    var raster: String

    @Argument(help: "x y (lon/lat or easting/northing in --crs); read lines of x y from standard input when absent.")
    var coordinates: [Double] = []

    @Option(name: .long, help: "Spatial reference of the coordinates (EPSG:n, ESRI:n, WKID, WKT, PROJ string); default: the raster's.")
    var crs: String?

    @Flag(name: .long, help: "JSON output: attributes under ArcGIS's names (Band_0 …, Pixel.Type), nodata flag, cell extents.")
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

    /// Many points: all of standard input read at once, transformed in one batch, one output line
    /// per input line, written in large chunks.
    func streamStandardInput(_ r: Raster, operation: RasterCoordinateOperation?) throws {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let parsed = Self.parsePoints(input)
        var points = parsed.0
        let lines = parsed.1
        let bad = lines.map(\.isBad)
        let original = points
        if let operation { points.withUnsafeMutableBufferPointer { operation.transform($0) } }
        var out = ""
        out.reserveCapacity(lines.count * 24)
        let stdout = FileHandle.standardOutput
        for (i, p) in points.enumerated() {
            if bad[i] {
                FileHandle.standardError.write(Data("line \(i + 1): expected x y, got \(String(decoding: input[lines[i].range], as: UTF8.self).debugDescription)\n".utf8))
                out += json ? "{\"error\":\"expected x y\"}\n" : "error\n"
            } else {
                do {
                    if !json {
                        // The lean path: the cell and its band values only (no RasterCell).
                        guard let (column, row) = r.cellIndex(x: p.x, y: p.y) else { out += "outside\n"; continue }
                        let valid = try r.isValidInMask(column: column, row: row)
                        out += "\(column) \(row)"
                        for b in r.bands.indices {
                            let v = try r.value(band: b, column: column, row: row)
                            out += !valid || r.bands[b].isNoData(v.doubleValue) ? " nodata" : " " + v.text(as: r.dataType)
                        }
                        out += "\n"
                        if out.utf8.count > 1 << 16 {
                            stdout.write(Data(out.utf8))
                            out.removeAll(keepingCapacity: true)
                        }
                        continue
                    }
                    let cell = try r.identify(at: Point(x: p.x, y: p.y), using: nil)
                    if json {
                        var j = Self.json(cell, x: original[i].x, y: original[i].y, raster: r)
                        if let operation, let cell, case var .object(members) = j {
                            members.append(("extent", Self.extent(Self.requestedExtent(cell, operation))))
                            j = .object(members)
                        }
                        out += j.render() + "\n"
                    } else if let cell {
                        out += "\(cell.column) \(cell.row)"
                        for (b, v) in cell.values.enumerated() { out += cell.noData[b] ? " nodata" : " " + v.text(as: cell.dataType) }
                        out += "\n"
                    } else {
                        out += "outside\n"
                    }
                } catch {
                    FileHandle.standardError.write(Data("line \(i + 1): \(error)\n".utf8))
                    out += json ? "{\"error\":\(JSONText.string(error.description).render())}\n" : "error\n"
                }
            }
            if out.utf8.count > 1 << 16 {
                stdout.write(Data(out.utf8))
                out.removeAll(keepingCapacity: true)
            }
        }
        stdout.write(Data(out.utf8))
    }

    /// One input line: its byte range in the input, and whether it failed to parse as `x y`.
    struct InputLine { var range: Range<Int>; var isBad: Bool }

    /// Parses lines of `x y` (separated by blanks, tabs or a comma; CR ignored) from raw bytes in
    /// one pass, with `strtod` on the bytes in place; a bad line is (NaN, NaN) and flagged.
    static func parsePoints(_ input: Data) -> ([SIMD2<Double>], [InputLine]) {
        var bytes = [UInt8](input)
        bytes.append(0)  // strtod stops at the terminator
        var points: [SIMD2<Double>] = [], lines: [InputLine] = []
        points.reserveCapacity(bytes.count / 16)
        lines.reserveCapacity(bytes.count / 16)
        bytes.withUnsafeMutableBufferPointer { b in
            let n = b.count - 1
            let base = UnsafeMutableRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self)
            func isSeparator(_ c: UInt8) -> Bool { c == 32 || c == 44 || c == 9 || c == 13 }
            var i = 0
            while i < n {
                var end = i
                while end < n && b[end] != 10 { end += 1 }
                var values: [Double] = []
                var k = i, ok = true
                while k < end {
                    if isSeparator(b[k]) { k += 1; continue }
                    var stop: UnsafeMutablePointer<CChar>? = nil
                    let v = strtod(base + k, &stop)
                    let next = stop.map { $0 - base } ?? k
                    if next == k || next > end || (next < end && !isSeparator(b[next])) { ok = false; break }
                    values.append(v)
                    k = next
                }
                ok = ok && values.count == 2
                points.append(ok ? SIMD2(values[0], values[1]) : SIMD2(.nan, .nan))
                lines.append(InputLine(range: i..<end, isBad: !ok))
                i = end + 1
            }
        }
        return (points, lines)
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
