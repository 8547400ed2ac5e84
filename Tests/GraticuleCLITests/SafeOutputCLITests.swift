import Foundation
import Testing

/// `convert` and `render --output` never lose a user's data: an existing output is refused
/// without `--overwrite`, a symbolic link without `--follow-symlinks`, and a file of coordinates
/// that overflow every computation is refused with its name instead of trapping.
@Suite struct SafeOutputCLITests {
    static let hugePolygon = """
        {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"huge"},"geometry":{"type":"Polygon",\
        "coordinates":[[[-9e307,-9e307],[9e307,-9e307],[9e307,9e307],[-9e307,9e307],[-9e307,-9e307]]]}}]}
        """

    /// The crafted file that trapped `convert --simplify 0.5 --preserve-topology`.
    @Test func hugeCoordinatesAreAnErrorNotATrap() throws {
        let dir = try ConvertCLITests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("huge.geojson")
        try Data(Self.hugePolygon.utf8).write(to: input)
        let r = try runGraticule(["convert", input.path, dir.appendingPathComponent("out.geojson").path,
                                  "--simplify", "0.5", "--preserve-topology"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.contains("huge.geojson") && r.err.contains("feature id 0"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.geojson").path))
    }

    @Test func convertRefusesAnExistingOutputUnlessOverwrite() throws {
        let dir = try ConvertCLITests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("c.geojson").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try runGraticule(["convert", "countries110", out])
        #expect(refused.status != 0)
        #expect(refused.err.contains("--overwrite"), "\(refused.err)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
        let replaced = try runGraticule(["convert", "countries110", out, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count > 100_000)
        let both = try runGraticule(["convert", "countries110", out, "--overwrite", "--append"])
        #expect(both.status != 0)
    }

    @Test func convertAddsGeoPackageLayersBesideTheOthers() throws {
        let dir = try ConvertCLITests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("two.gpkg").path
        #expect(try runGraticule(["convert", "countries110", out]).status == 0)
        #expect(try runGraticule(["convert", "countries110", out, "--where", "CONTINENT = 'Africa'"]).status == 1, "same layer: refused")
        let info = try runGraticule(["info", out])
        #expect(info.status == 0, "\(info.err)")
    }

    @Test func renderRefusesSymbolicLinksAndExistingFiles() throws {
        let dir = try ConvertCLITests.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("elsewhere.txt").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        let link = dir.appendingPathComponent("map.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let args = ["render", "--width", "64", "--height", "32", "--output", link]
        let refused = try runGraticule(args + ["--overwrite"])
        #expect(refused.status != 0)
        #expect(refused.err.contains("symbolic link"), "\(refused.err)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        let plain = dir.appendingPathComponent("plain.png").path
        #expect(try runGraticule(["render", "--width", "64", "--height", "32", "--output", plain]).status == 0)
        let again = try runGraticule(["render", "--width", "64", "--height", "32", "--output", plain])
        #expect(again.status != 0 && again.err.contains("--overwrite"), "\(again.err)")
        #expect(try runGraticule(["render", "--width", "64", "--height", "32", "--output", plain, "--overwrite"]).status == 0)
    }
}
