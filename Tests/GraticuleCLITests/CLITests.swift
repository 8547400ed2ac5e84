import Foundation
import Testing

/// The built `graticule` executable (it sits next to the test bundle in the build folder).
func graticuleExecutable() -> URL {
    let bundle = Bundle(for: Marker.self).bundleURL
    var dir = bundle.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("graticule").path) {
        dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }
    return dir.appendingPathComponent("graticule")
}

/// Runs the built `graticule` executable (or `executable`), with `environment` changes applied to
/// this process's environment (a nil value removes the variable).
func runGraticule(_ arguments: [String], stdin: String? = nil, environment: [String: String?] = [:],
                  executable: URL? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = executable ?? graticuleExecutable()
    process.arguments = arguments
    if !environment.isEmpty {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
    }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
}

final class Marker {}

@Suite struct CRSCommandTests {
    @Test func summaryOfGaussKrugerZone13() throws {
        let r = try runGraticule(["crs", "EPSG:28413"])
        #expect(r.status == 0)
        #expect(r.out.contains("Pulkovo 1942 / Gauss-Kruger zone 13"))
        #expect(r.out.contains("Krassowsky 1940"))
        #expect(r.out.contains("13500000"))
    }

    @Test func bareWKIDResolvesEsriWebMercatorWithLatest() throws {
        let r = try runGraticule(["crs", "102100", "--format", "json"])
        #expect(r.status == 0)
        #expect(r.out.contains("\"wkid\" : 102100"))
        #expect(r.out.contains("\"latestWkid\" : 3857"))
    }

    @Test func unknownWKIDNamesTheCode() throws {
        let r = try runGraticule(["crs", "99999"])
        #expect(r.status != 0)
        #expect(r.err.contains("unknown WKID 99999"))
    }
}

@Suite struct ProjectCommandTests {
    /// EPSG:3857 golden value from PROJ 9.5.1 (rendering.md §3.8): (−123, 45) → (−13,692,297.368, 5,621,521.486).
    @Test func projectsOnePoint() throws {
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "--", "-123", "45"])
        #expect(r.status == 0)
        let v = r.out.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(v.count == 2)
        #expect(abs(v[0] - -13_692_297.368) < 1e-3 && abs(v[1] - 5_621_521.486) < 1e-3)
    }

    @Test func readsStandardInputLineByLine() throws {
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:3857"],
                                 stdin: "2.35 48.85\n0,90\nnot a point\n")
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let first = lines[0].split(separator: " ").compactMap { Double($0) }
        #expect(abs(first[0] - 261_600.803) < 1e-3 && abs(first[1] - 6_249_447.753) < 1e-3)
        #expect(lines[1] == "nan nan")  // the pole of Mercator
        #expect(lines[2] == "nan nan")
        #expect(r.err.contains("line 2"))
        #expect(r.err.contains("line 3"))
    }

    @Test func datumChangeIsAClearError() throws {
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "105", "47"])
        #expect(r.status != 0)
        #expect(r.err.contains("datum transformation"))
    }
}
