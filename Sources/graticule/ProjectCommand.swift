import ArgumentParser
import Foundation
import Graticule

/// `graticule project --from ID --to ID [--transformation OP|default|none] [x y [z]]`
///
/// With coordinates, prints one line `x y [z]`. Without, reads lines of `x y [z]` (spaces or
/// commas) from standard input and writes one line per input line; a point that cannot be
/// projected prints `nan nan` and its reason goes to standard error.
struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Project coordinates from one spatial reference to another (x/y order: lon/lat, easting/northing).")

    @Option(name: .long, help: "Source spatial reference (EPSG:n, ESRI:n, WKID, WKT, PROJJSON, PROJ string).")
    var from: String

    @Option(name: .long, help: "Target spatial reference.")
    var to: String

    @Option(name: .long, help: """
        Datum transformation: default or none (until datum transformations land, both convert only \
        between spatial references on the same datum; an operation WKID or AUTH:CODE is an error).
        """)
    var transformation: String = "default"

    @Argument(help: "x y [z]; read from standard input when absent.")
    var coordinates: [Double] = []

    func validate() throws {
        guard ["default", "none"].contains(transformation.lowercased()) else {
            throw ValidationError("--transformation \(transformation): choosing a datum transformation is not "
                                  + "implemented yet; use default or none")
        }
    }

    func run() throws {
        let source: SpatialReference, target: SpatialReference, transformer: Transformer
        do {
            let registry = try Registry.shared
            source = try SpatialReference(text: from, registry: registry)
            target = try SpatialReference(text: to, registry: registry)
            transformer = try Transformer(from: source, to: target, registry: registry)
        } catch {
            throw CLIError(message: error.description)
        }
        if !coordinates.isEmpty {
            guard coordinates.count == 2 || coordinates.count == 3 else {
                throw CLIError(message: "expected x y [z], got \(coordinates.count) numbers")
            }
            do {
                let r = try transformer.transform(x: coordinates[0], y: coordinates[1])
                print(format([r.x, r.y] + coordinates.dropFirst(2)))
            } catch {
                throw CLIError(message: error.description)
            }
            return
        }
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            let numbers = fields.compactMap { Double($0) }
            guard numbers.count == fields.count, numbers.count == 2 || numbers.count == 3 else {
                FileHandle.standardError.write(Data("line \(lineNumber): expected x y [z], got \(line.debugDescription)\n".utf8))
                print("nan nan")
                continue
            }
            do {
                let r = try transformer.transform(x: numbers[0], y: numbers[1])
                print(format([r.x, r.y] + numbers.dropFirst(2)))
            } catch {
                FileHandle.standardError.write(Data("line \(lineNumber): \(error)\n".utf8))
                print(format([.nan, .nan] + numbers.dropFirst(2)))
            }
        }
    }

    /// Numbers in shortest round-trip form (`nan` for NaN).
    func format(_ values: [Double]) -> String {
        values.map { $0.isNaN ? "nan" : "\($0)" }.joined(separator: " ")
    }
}
