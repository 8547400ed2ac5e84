import Foundation
import Testing

/// Every command that reads the registry reports a missing, truncated or non-SQLite registry file
/// as one error naming the path (exit status 1, nothing on standard output, no trap), and an
/// installed binary finds its data on the documented search path or says where it looked.
@Suite struct RegistryCLITests {
    /// Every command that reads the registry, with arguments that would otherwise succeed.
    static func commands(_ dir: URL) throws -> [[String]] {
        let points = dir.appendingPathComponent("points.bin")
        try [SIMD2<Double>(2, 48)].withUnsafeBytes { Data($0) }.write(to: points)
        return [
            ["crs", "EPSG:4326"],
            ["crs", "4326", "--format", "esri"],
            ["crs", "+proj=utm +zone=31 +datum=WGS84"],
            ["crs", #"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]"#],
            ["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "--", "2", "48"],
            ["bench", "registry", "--iterations", "10"],
            ["bench", "projection", "--from", "EPSG:4326", "--to", "EPSG:3857", "--input", points.path, "--repeat", "1"],
        ]
    }

    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("graticule-cli-registry-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The shipped registry, where the build put it.
    static var shipped: URL {
        graticuleExecutable().deletingLastPathComponent()
            .appendingPathComponent("Graticule_GraticuleCRS.resources/registry.sqlite")
    }

    /// One broken registry file and the reason the error must give.
    static func brokenRegistries(in dir: URL) throws -> [(path: String, reason: String)] {
        let data = try Data(contentsOf: shipped)
        let truncated = dir.appendingPathComponent("truncated.sqlite")
        try data.prefix(1_000_000).write(to: truncated)
        let text = dir.appendingPathComponent("text.sqlite")
        try Data("this is not a database\n".utf8).write(to: text)
        return [
            (dir.appendingPathComponent("missing.sqlite").path, "file not found"),
            (truncated.path, "truncated: 1000000 bytes, its header says \(data.count)"),
            (text.path, "not an SQLite database"),
        ]
    }

    static func expectOneRegistryError(_ r: (status: Int32, out: String, err: String), path: String, reason: String,
                                       _ command: [String]) {
        #expect(r.status == 1, "\(command): status \(r.status)")
        #expect(r.out.isEmpty, "\(command): stdout \(r.out)")
        let lines = r.err.split(separator: "\n")
        #expect(lines.count == 1, "\(command): \(r.err)")
        #expect(r.err.contains("registry \(path): \(reason)"), "\(command): \(r.err)")
        #expect(!r.err.contains("Fatal error"), "\(command): \(r.err)")
    }

    @Test func everyCommandReportsABrokenRegistryFile() throws {
        let dir = try Self.scratch("broken")
        for (path, reason) in try Self.brokenRegistries(in: dir) {
            for command in try Self.commands(dir) {
                let r = try runGraticule(command, environment: ["GRATICULE_REGISTRY": path])
                Self.expectOneRegistryError(r, path: path, reason: reason, command)
            }
        }
    }

    /// `--transformation` accepts a WKID, AUTH:CODE or steps joined by + (~ inverts), default and none.
    @Test func transformationValues() throws {
        for value in ["ESRI:108055", "108055", "default", "none", "NONE"] {
            let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "--transformation", value,
                                      "--", "105", "47"])
            #expect(r.status == 0, "\(value): \(r.err)")
        }
        // Steps must chain from the source datum to the target datum.
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "--transformation",
                                  "~EPSG:1241+EPSG:1188", "--", "105", "47"])
        #expect(r.status != 0 && r.out.isEmpty && r.err.contains("NAD27 to NAD83 (1)"), "\(r.err)")
    }

    /// The README's install steps, in a scratch prefix: the binary alone (no bundle beside it)
    /// says where it looked; with `share/graticule/registry.sqlite` under its prefix, or
    /// `graticule-data/` beside it, or `GRATICULE_DATA`, it runs.
    @Test func installedBinaryFindsItsDataOrSaysWhereItLooked() throws {
        let prefix = try Self.scratch("prefix")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let exe = bin.appendingPathComponent("graticule")
        try FileManager.default.copyItem(at: graticuleExecutable(), to: exe)
        let clean: [String: String?] = ["GRATICULE_REGISTRY": nil, "GRATICULE_DATA": nil]

        let missing = try runGraticule(["crs", "EPSG:4326"], environment: clean, executable: exe)
        #expect(missing.status == 1)
        #expect(!missing.err.contains("Fatal error"), "\(missing.err)")
        #expect(missing.err.contains("registry registry.sqlite: not found; searched "), "\(missing.err)")
        #expect(missing.err.contains(prefix.appendingPathComponent("share/graticule/registry.sqlite").path), "\(missing.err)")
        #expect(missing.err.contains(bin.appendingPathComponent("graticule-data/registry.sqlite").path), "\(missing.err)")

        let share = prefix.appendingPathComponent("share/graticule")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.shipped, to: share.appendingPathComponent("registry.sqlite"))
        let installed = try runGraticule(["crs", "EPSG:4326"], environment: clean, executable: exe)
        #expect(installed.status == 0, "\(installed.err)")
        #expect(installed.out.contains("EPSG:4326  WGS 84"))

        // GRATICULE_DATA wins over the prefix; GRATICULE_REGISTRY names a file directly.
        let other = try Self.scratch("other-data")
        let viaData = try runGraticule(["crs", "EPSG:4326"], environment: ["GRATICULE_DATA": other.path, "GRATICULE_REGISTRY": nil],
                                       executable: exe)
        #expect(viaData.status == 0, "an empty GRATICULE_DATA directory falls through to the prefix: \(viaData.err)")
        try FileManager.default.removeItem(at: share.appendingPathComponent("registry.sqlite"))
        try FileManager.default.copyItem(at: Self.shipped, to: other.appendingPathComponent("registry.sqlite"))
        let onlyData = try runGraticule(["crs", "EPSG:4326"], environment: ["GRATICULE_DATA": other.path, "GRATICULE_REGISTRY": nil],
                                        executable: exe)
        #expect(onlyData.status == 0, "\(onlyData.err)")
        let direct = try runGraticule(["crs", "EPSG:4326"],
                                      environment: ["GRATICULE_REGISTRY": Self.shipped.path, "GRATICULE_DATA": nil],
                                      executable: exe)
        #expect(direct.status == 0, "\(direct.err)")
    }
}
