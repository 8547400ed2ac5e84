import ArgumentParser
import Foundation
import Testing
@testable import graticule

/// The command line speaks as cs2cs, ogr2ogr and the gdal tools do: a value that begins with `-`
/// (a negative number, a comma list) is an option's value, and every error says what was given
/// and what was expected, in Graticule's words (never Foundation's error domains).
@Suite struct CLIMessageTests {
    /// Every option of every command takes the next argument as its value, whatever it begins
    /// with (`parsing: .unconditional`): parsing `--NAME -1` never fails with ArgumentParser's
    /// "Missing value" or "Unknown option". A new option declared without it fails here.
    @Test func everyOptionTakesAValueBeginningWithADash() throws {
        for command in GraticuleCommand.configuration.subcommands {
            for name in try Self.optionNames(of: command) {
                for value in ["-1", "-180,-90,180,90"] {
                    do {
                        _ = try command.parse(["--\(name)", value])
                    } catch {
                        let message = command.message(for: error)
                        #expect(!message.contains("Missing value") && !message.contains("Unknown option"),
                                "\(command._commandName) --\(name) \(value): \(message)")
                    }
                }
            }
        }
    }

    /// The long names of a command's options that take a value (not flags), from its help dump.
    static func optionNames(of command: any ParsableCommand.Type) throws -> [String] {
        let dump = try #require(JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any])
        let info = try #require(dump["command"] as? [String: Any])
        let arguments = info["arguments"] as? [[String: Any]] ?? []
        return arguments.compactMap { argument -> String? in
            guard argument["kind"] as? String == "option" else { return nil }
            let names = argument["names"] as? [[String: Any]] ?? []
            return names.first { $0["kind"] as? String == "long" }?["name"] as? String
        }.filter { $0 != "help" }
    }

    @Test func negativeExtentIsAValue() throws {
        let r = try runGraticule(["render", "--crs", "EPSG:4326", "--extent", "-180,-90,180,90", "--width", "360", "--height", "180"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("<svg") && r.out.contains("width=\"360\""), "\(r.out.prefix(300))")
        let area = try runGraticule(["transformations", "--from", "EPSG:4326", "--to", "EPSG:28413", "--area", "-10,40,5,50"])
        #expect(!area.err.contains("Missing value"), "\(area.err)")
    }

    @Test func negativeSizeIsAValueAndRefusedByName() throws {
        for option in ["--width", "--height"] {
            let r = try runGraticule(["render", option, "-5"])
            #expect(r.status != 0 && r.out.isEmpty)
            #expect(r.err.contains("\(option) -5: expected 1…16384 pixels"), "\(r.err)")
            #expect(!r.err.contains("Missing value"), "\(r.err)")
        }
    }

    @Test func negativeCoordinatesNeedNoSeparator() throws {
        let project = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "-123", "45"])
        #expect(project.status == 0 && project.out.hasPrefix("-13692297.36757265 "), "\(project.err)")
        let identify = try runGraticule(["identify", "ndvi", "--crs", "EPSG:4326", "-34.87", "-8.0"])
        #expect(identify.status == 0 && identify.out.contains("Band_0"), "\(identify.err)")
        let short = try runGraticule(["identify", "ndvi", "-34.87"])
        #expect(short.status != 0 && short.err.contains("expected x y, got 1 number"), "\(short.err)")
    }

    @Test func unknownOutputExtensionIsRefusedWithTheKnownOnes() throws {
        let dir = try Self.scratch()
        let gif = dir.appendingPathComponent("x.gif").path
        let r = try runGraticule(["render", "--output", gif])
        #expect(r.status != 0)
        #expect(r.err.contains("unknown extension; known: .svg, .png, .jpg, .jpeg"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: gif))
        let chosen = try runGraticule(["render", "--format", "png", "--output", gif, "--width", "64", "--height", "32"])
        #expect(chosen.status == 0, "\(chosen.err)")
    }

    @Test func unrecognisedCRSTextNamesTheFormsTried() throws {
        let r = try runGraticule(["crs", "foo"])
        #expect(r.status != 0)
        for form in ["WKID", "AUTH:CODE", "WKT", "PROJJSON", "PROJ string"] {
            #expect(r.err.contains(form), "\(form): \(r.err)")
        }
        #expect(r.err.contains("\"foo\""), "\(r.err)")
        #expect(!r.err.contains("expected '['"), "\(r.err)")
    }

    /// A directory where a file is expected, and a file that is not there: the message names the
    /// path, what is there and what was expected, never Foundation's error domain or code.
    @Test(arguments: [
        (["info", "DIR"], "DIR: is a directory (expected a vector file"),
        (["info", "DIR/d.geojson"], "DIR/d.geojson: is a directory (expected a GeoJSON file)"),
        (["info", "DIR/missing.tif"], "DIR/missing.tif: no such file or built-in dataset"),
        (["identify", "DIR/d.tif", "1", "2"], "DIR/d.tif: is a directory (expected a TIFF or GeoTIFF file)"),
        (["identify", "DIR/missing.tif", "1", "2"], "DIR/missing.tif: no such file (expected a TIFF or GeoTIFF file)"),
        (["convert", "DIR/d.geojson", "DIR/o.geojson"], "DIR/d.geojson: is a directory (expected a GeoJSON file)"),
        (["convert", "DIR/d.shp", "DIR/o.geojson"], "DIR/d.shp: is a directory (expected a Shapefile .shp)"),
        (["convert", "DIR/d.gpkg", "DIR/o.geojson"], "DIR/d.gpkg: is a directory (expected a GeoPackage (.gpkg))"),
        (["convert", "DIR/d.csv", "DIR/o.geojson"], "DIR/d.csv: is a directory (expected a CSV file)"),
        (["render", "--layers", "DIR/d.geojson"], "DIR/d.geojson: is a directory (expected a GeoJSON file)"),
        (["render", "--layers", "DIR/d.tif", "--format", "png"], "DIR/d.tif: is a directory (expected a TIFF or GeoTIFF file)"),
    ])
    func fileErrorsSayWhatThePathIs(arguments: [String], expected: String) throws {
        let dir = try Self.scratch()
        for name in ["d.geojson", "d.shp", "d.gpkg", "d.csv", "d.tif"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let r = try runGraticule(arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
        #expect(r.status != 0)
        #expect(r.err.contains(expected.replacingOccurrences(of: "DIR", with: dir.path)), "\(r.err)")
        #expect(!r.err.contains("NSCocoaErrorDomain") && !r.err.contains("The operation could not be completed"), "\(r.err)")
    }

    /// A fresh scratch directory for one test.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("graticule-cli-messages-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
