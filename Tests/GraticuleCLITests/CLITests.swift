import Foundation
import Testing

/// Runs the built `graticule` executable (it sits next to the test bundle in the build folder).
func runGraticule(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
    let bundle = Bundle(for: Marker.self).bundleURL
    var dir = bundle.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("graticule").path) {
        dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }
    let process = Process()
    process.executableURL = dir.appendingPathComponent("graticule")
    process.arguments = arguments
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
