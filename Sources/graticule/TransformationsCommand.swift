import ArgumentParser
import Foundation
import Graticule

/// `graticule transformations --from ID --to ID [--area W,S,E,N] [--data-dir DIR] [--json]`
///
/// The ranked datum transformations between two spatial references: rank, name, WKID(s),
/// accuracy, area of use, and whether each is usable or which grid files it misses.
struct TransformationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transformations", _superCommandName: "graticule",
        abstract: "List the datum transformations between two spatial references, most suitable first.")

    @Option(name: .long, parsing: .unconditional, help: "Source spatial reference.")
    var from: String

    @Option(name: .long, parsing: .unconditional, help: "Target spatial reference.")
    var to: String

    @Option(name: .long, parsing: .unconditional, help: "Area of interest: west,south,east,north in degrees.")
    var area: String?

    @Option(name: .long, parsing: .unconditional, help: "Directory of grid files (searched before the embedded grids).")
    var dataDir: String?

    @Flag(name: .long, help: "JSON output.")
    var json = false

    func run() throws {
        let catalog = TransformationCatalog.shared
        let ranked: [RankedTransformation]
        let source: SpatialReference, target: SpatialReference
        do {
            let registry = try Registry.shared
            if let dataDir { try catalog.setDataDirectory(URL(fileURLWithPath: dataDir)) }
            source = try SpatialReference(text: from, registry: registry)
            target = try SpatialReference(text: to, registry: registry)
            var aoi: AreaOfUse?
            if let area {
                let v = area.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard v.count == 4, let w = v[0], let s = v[1], let e = v[2], let n = v[3], s <= n,
                      (-180...180).contains(w), (-180...180).contains(e), (-90...90).contains(s), (-90...90).contains(n) else {
                    throw CLIError(message: "--area \(area): expected west,south,east,north in degrees")
                }
                aoi = AreaOfUse(name: "area of interest", west: w, south: s, east: e, north: n)
            }
            ranked = try catalog.rankedTransformations(from: source, to: target, areaOfInterest: aoi)
        } catch let e as CLIError {
            throw e
        } catch let e as GraticuleError {
            throw CLIError(message: e.description)
        }
        if json {
            print(TransformationReport(ranked: ranked, source: source, target: target).json)
            return
        }
        if ranked.isEmpty {
            print("No transformation needed: \(source.name) and \(target.name) are on the same datum.")
            return
        }
        for (i, r) in ranked.enumerated() {
            let t = r.transformation
            let ids = t.isBallpark ? "-" : t.steps.map(\.code).joined(separator: " + ")
            let acc = r.accuracy.map { "\(format($0)) m" } ?? "unknown accuracy"
            let status: String
            if !r.missingGridFiles.isEmpty {
                status = "missing grid files: " + r.missingGridFiles.joined(separator: ", ")
            } else if let why = r.unsupportedReason {
                status = "not usable: \(why)"
            } else {
                status = t.isBallpark ? "usable (ballpark: no datum shift)" : "usable"
            }
            print("\(i + 1). \(t.name)")
            print("   \(ids) | \(acc) | \(r.areaOfUse.map { areaText($0) } ?? "world") | \(status)")
        }
    }

    func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : "\(v)" }

    func areaText(_ a: AreaOfUse) -> String {
        "\(a.name) (\(format(a.west)), \(format(a.south)), \(format(a.east)), \(format(a.north)))"
    }
}
