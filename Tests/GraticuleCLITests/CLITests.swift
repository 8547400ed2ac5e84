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
    /// EPSG:3857 value from PROJ 9.5.1 via pyproj 3.7.2 (EPSG:4326, `always_xy`): (−123, 45) →
    /// (−13,692,297.368, 5,621,521.486).
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

    /// Numbers with zero digits print whole: Swift 6.3's shortest-form formatter skips the bytes
    /// of '0' digits, which came out as NUL or as the previous number's bytes ("-52.\0", "-n.998…").
    @Test func zeroDigitsAreWritten() throws {
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:4326"],
                                 stdin: "-52 90\n0,90\n-0.9989004000100666 10.25\n100 -0.5\n")
        #expect(r.status == 0)
        #expect(r.out == "-52.0 90.0\n0.0 90.0\n-0.9989004000100666 10.25\n100.0 -0.5\n")
    }

    /// Workflow 1 from the command line: default, a chosen step (negative numbers need no `--`),
    /// none; PROJ 9.5.1 values.
    @Test func datumTransformations() throws {
        func xy(_ r: (status: Int32, out: String, err: String)) -> [Double] {
            r.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        }
        let d = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "105", "47"])
        #expect(d.status == 0, "\(d.err)")
        let p = xy(d)
        #expect(abs(p[0] - 15_769_865.7597) < 1e-3 && abs(p[1] - 5_661_990.0337) < 1e-3)
        let e = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "--transformation", "108055",
                                  "105", "47"])
        let q = xy(e)
        #expect(abs(q[0] - 15_769_861.0040) < 1e-3 && abs(q[1] - 5_661_991.6960) < 1e-3)
        let w = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:3857", "-123", "45"])
        #expect(w.status == 0 && xy(w).count == 2 && abs(xy(w)[0] - -13_692_297.367_572_65) < 1e-6, "\(w.err)")
        for bad in ["banana", "99999999", "EPSG:", "1314+"] {
            let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "--transformation", bad,
                                      "105", "47"])
            #expect(r.status != 0 && r.out.isEmpty && !r.err.isEmpty, "\(bad)")
        }
        // A transformation between other datums is refused, naming both.
        let wrong = try runGraticule(["project", "--from", "EPSG:4326", "--to", "EPSG:28413", "--transformation",
                                      "EPSG:1314", "105", "47"])
        #expect(wrong.status != 0 && wrong.err.contains("OSGB36"), "\(wrong.err)")
    }

    /// No transformation known: a ballpark, said once on standard error.
    @Test func ballparkIsNeverSilent() throws {
        let r = try runGraticule(["project", "--from", "EPSG:4326", "--to", "+proj=tmerc +ellps=WGS84 +lon_0=10"],
                                 stdin: "10 50\n11 50\n")
        #expect(r.status == 0)
        #expect(r.out.split(separator: "\n").count == 2)
        #expect(r.err.components(separatedBy: "ballpark").count == 2, "\(r.err)")
    }

    @Test func transformationsCommand() throws {
        let r = try runGraticule(["transformations", "--from", "EPSG:27700", "--to", "EPSG:3857"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.first == "1. OSGB36 to WGS 84 (6)")
        #expect(r.out.contains("missing grid files: OSTN15_NTv2_OSGBtoETRS.gsb"))
        #expect(r.out.contains("9. Ballpark geographic offset from OSGB36 to WGS 84"))
        let j = try runGraticule(["transformations", "--from", "EPSG:4326", "--to", "EPSG:28413", "--area", "104.9,46.9,105.1,47.1", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(j.out.utf8)) as? [String: Any]
        let list = json?["transformations"] as? [[String: Any]] ?? []
        #expect(list.map { $0["code"] as? String } == ["~EPSG:5044", "~EPSG:15865", "~EPSG:1254"])
        let bad = try runGraticule(["transformations", "--from", "EPSG:4326", "--to", "EPSG:28413", "--area", "1,2,3"])
        #expect(bad.status != 0)
    }
}
