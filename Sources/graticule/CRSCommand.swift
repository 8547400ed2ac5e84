import ArgumentParser
import Foundation
import Graticule

/// `graticule crs ID [--format summary|json|wkt1|esri|wkt2|projjson|proj]`
struct CRSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crs", _superCommandName: "graticule",
        abstract: "Describe a spatial reference (EPSG:n, ESRI:n, a bare WKID, WKT, PROJJSON or a PROJ string).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case summary, json, wkt1, esri, wkt2, projjson, proj
    }

    @Argument(help: "EPSG:n, ESRI:n, a bare WKID (resolved as ArcGIS does), WKT, PROJJSON or a PROJ string.")
    var id: String

    @Option(name: .long, parsing: .unconditional, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: "|")).")
    var format: Format = .summary

    func run() throws {
        let registry: Registry, sr: SpatialReference
        do {
            registry = try Registry.shared
            sr = try SpatialReference(text: id, registry: registry)
        } catch {
            throw CLIError(message: error.description)
        }
        switch format {
        case .summary: print(sr.summary)
        case .json: print(sr.jsonDescription)
        default:
            do { print(try sr.export(format.rawValue, registry: registry)) } catch { throw CLIError(message: error.description) }
        }
    }
}

/// An error printed as `error: message` with exit code 1.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
