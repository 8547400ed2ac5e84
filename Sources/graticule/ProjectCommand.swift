import ArgumentParser
import Foundation
import Graticule

/// `graticule project --from ID --to ID [--transformation OP|default|none] [--data-dir DIR] [x y [z]]`
///
/// With coordinates, prints one line `x y [z]`. Without, reads lines of `x y [z]` (spaces, tabs
/// or commas) from standard input and writes one line per input line; a point that cannot be
/// projected prints `nan nan` and its reason goes to standard error.
struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", _superCommandName: "graticule",
        abstract: "Project coordinates from one spatial reference to another (x/y order: lon/lat, easting/northing).")

    @Option(name: .long, parsing: .unconditional, help: "Source spatial reference (EPSG:n, ESRI:n, WKID, WKT, PROJJSON, PROJ string).")
    var from: String

    @Option(name: .long, parsing: .unconditional, help: "Target spatial reference.")
    var to: String

    @Option(name: .long, parsing: .unconditional, help: "Datum transformation: WKID or AUTH:CODE (steps joined by +, ~ inverts a step), default or none.")
    var transformation: String = "default"

    @Option(name: .long, parsing: .unconditional, help: "Directory of grid files (searched before the embedded grids).")
    var dataDir: String?

    @Option(name: .long, parsing: .unconditional, help: "Coordinate epoch (decimal year) for time-dependent transformations.")
    var epoch: Double?

    @Argument(parsing: .allUnrecognized, help: "x y [z] (negative numbers need no --); read from standard input when absent.")
    var coordinates: [String] = []

    func run() throws {
        let transformer: Transformer
        do {
            let registry = try Registry.shared
            let catalog = TransformationCatalog.shared
            if let dataDir { try catalog.setDataDirectory(URL(fileURLWithPath: dataDir)) }
            let source = try SpatialReference(text: from, registry: registry)
            let target = try SpatialReference(text: to, registry: registry)
            let choice = try TransformationOption.choice(transformation, catalog: catalog)
            transformer = try Transformer(from: source, to: target, transformation: choice, catalog: catalog,
                                          coordinateEpoch: epoch)
        } catch {
            throw CLIError(message: error.description)
        }
        TransformationOption.warnIfBallpark(transformer)
        if !coordinates.allSatisfy({ $0 == "--" }) {
            let numbers = try CoordinateArguments.numbers(coordinates, counts: [2, 3], usage: "x y [z]")
            do {
                let r = try transformer.transform(x: numbers[0], y: numbers[1], z: numbers.count == 3 ? numbers[2] : 0)
                let out = [r.x, r.y] + (numbers.count == 3 ? [r.z] : [])
                print(out.map { $0.isNaN ? "nan" : "\($0)" }.joined(separator: " "))
            } catch {
                throw CLIError(message: error.description)
            }
            return
        }
        ProjectCommand.stream(transformer)
    }

    /// Streams standard input to standard output in batches of 4,096 points.
    static func stream(_ transformer: Transformer) {
        var reader = LineReader(fd: 0)
        var out = ByteWriter(fd: 1)
        var err = ByteWriter(fd: 2, capacity: 1 << 16)
        defer {
            out.flush(); err.flush()
            reader.deallocate(); out.deallocate(); err.deallocate()
        }
        let batch = 4096
        var points = [SIMD3<Double>](repeating: .zero, count: batch)
        // Per line: number of values (2 or 3), 0 for a line that is not x y [z], −1 for a blank line.
        var kinds = [Int8](repeating: 0, count: batch)
        var lineNumber = 0
        var n = 0

        func flushBatch() {
            points.withUnsafeMutableBufferPointer { p in
                transformer.transform(UnsafeMutableBufferPointer(rebasing: p[0..<n]))
            }
            for i in 0..<n {
                let k = kinds[i]
                let p = points[i]
                if k < 0 { out.byte(0x0A); continue }
                if k == 0 {
                    out.bytes("nan nan\n")
                    continue
                }
                if !(p.x.isFinite && p.y.isFinite) {
                    let line = lineNumber - n + i + 1
                    err.bytes("line ")
                    err.integer(line)
                    err.bytes(": cannot be projected\n")
                }
                out.number(p.x)
                out.byte(0x20)
                out.number(p.y)
                if k == 3 {
                    out.byte(0x20)
                    out.number(p.z)
                }
                out.byte(0x0A)
            }
            n = 0
        }

        while reader.nextLine({ line in
            lineNumber += 1
            var values = SIMD3<Double>(0, 0, 0)
            var count = 0
            var i = 0
            let end = line.count
            var bad = false
            var blank = true
            while i < end {
                if NumberFormat.isSeparator(line[i]) { i += 1; continue }
                blank = false
                let (value, j) = NumberFormat.scan(line, i, end)
                if count < 3, let v = value {
                    values[count] = v
                    count += 1
                } else {
                    bad = true
                }
                i = j
            }
            if blank {
                kinds[n] = -1
            } else if bad || count < 2 {
                kinds[n] = 0
                err.bytes("line ")
                err.integer(lineNumber)
                err.bytes(": expected x y [z]\n")
            } else {
                kinds[n] = Int8(count)
            }
            points[n] = values
            n += 1
        }) {
            if n == batch { flushBatch() }
        }
        flushBatch()
    }
}
