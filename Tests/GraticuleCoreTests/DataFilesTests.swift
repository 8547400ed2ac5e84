import Foundation
import Testing
@testable import GraticuleCore

@Suite struct DataFilesTests {
    @Test func missingFileNamesEveryPathSearched() {
        do {
            _ = try DataFiles.locate("no-such-file.bin", bundle: "Graticule_Nothing")
            Issue.record("a missing file was located")
        } catch {
            #expect(error.description.contains("no-such-file.bin"))
            #expect(error.description.contains("Graticule_Nothing.resources/no-such-file.bin"))
            #expect(error.description.contains("share/graticule/no-such-file.bin"))
        }
    }

    @Test func environmentDirectoryIsSearchedFirst() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-datafiles-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("probe.txt"))
        setenv(DataFiles.environmentVariable, dir.path, 1)
        defer { unsetenv(DataFiles.environmentVariable) }
        let url = try DataFiles.locate("probe.txt", bundle: "Graticule_Nothing")
        #expect(url.standardizedFileURL.path == dir.appendingPathComponent("probe.txt").standardizedFileURL.path)
        #expect(DataFiles.searchDirectories(bundle: "B").first?.standardizedFileURL.path == dir.standardizedFileURL.path)
    }

    @Test func theTestBundleDirectoryHoldsTheBuildsResourceBundles() {
        // swift test runs from the build directory, where SwiftPM puts every target's bundle.
        let dirs = DataFiles.searchDirectories(bundle: "Graticule_GraticuleCRS")
        #expect(dirs.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent("registry.sqlite").path) })
    }
}
