import Foundation
import GRDB
import GraticuleCore
import Testing

@testable import GraticuleCRS

/// The registry is a dependency with one clear error: a file that is missing, truncated, not
/// SQLite or not a Graticule registry fails at `Registry(path:)` with `GraticuleError.registry`
/// naming the path; a registry opened from any path is used wherever it is passed.
@Suite struct RegistryFileTests {
    static let shipped = TestRegistry.shared.path

    /// A scratch directory of its own for each test.
    func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("graticule-registry-tests-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The error `Registry(path:)` throws, which must be `.registry` naming `path`.
    func openingError(_ path: String) -> (reason: String, text: String)? {
        do {
            _ = try Registry(path: path)
            Issue.record("\(path) opened")
            return nil
        } catch {
            guard case let .registry(p, reason) = error else {
                Issue.record("expected a registry error, got \(error)")
                return nil
            }
            #expect(p == path)
            #expect(error.description.contains(path))
            return (reason, error.description)
        }
    }

    @Test func missingFile() throws {
        let path = try scratch("missing").appendingPathComponent("registry.sqlite").path
        let e = try #require(openingError(path))
        #expect(e.text == "registry \(path): file not found")
    }

    @Test func truncatedFile() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.shipped))
        let url = try scratch("truncated").appendingPathComponent("registry.sqlite")
        try data.prefix(data.count / 2).write(to: url)
        let e = try #require(openingError(url.path))
        #expect(e.reason == "truncated: \(data.count / 2) bytes, its header says \(data.count)")
        // Cut inside the 100-byte header: not even an SQLite header.
        try data.prefix(40).write(to: url)
        #expect(try #require(openingError(url.path)).reason == "truncated: 40 bytes, shorter than the 100-byte SQLite header")
        try Data().write(to: url)
        #expect(try #require(openingError(url.path)).reason == "not an SQLite database (empty file)")
    }

    @Test func notSQLite() throws {
        let url = try scratch("text").appendingPathComponent("registry.sqlite")
        try Data(String(repeating: "PROJCS[\"not a database\"]\n", count: 20).utf8).write(to: url)
        let e = try #require(openingError(url.path))
        #expect(e.reason == "not an SQLite database (no SQLite 3 header)")
    }

    @Test func sqliteWithoutTheRegistryTables() throws {
        let url = try scratch("other").appendingPathComponent("other.sqlite")
        let db = try DatabaseQueue(path: url.path)
        try db.write { try $0.execute(sql: "create table meta(key text, value text); create table unit(auth text)") }
        try db.close()
        let e = try #require(openingError(url.path))
        #expect(e.reason.hasPrefix("not a Graticule registry: no table ellipsoid, prime_meridian, datum"))
    }

    @Test func directoryInsteadOfAFile() throws {
        let dir = try scratch("dir")
        let e = try #require(openingError(dir.path))
        #expect(e.reason.contains("not an SQLite database") || e.reason.contains("not readable"), "\(e.reason)")
    }

    /// A registry opened from another path is the one every API given it reads: codes, text,
    /// equivalence, datum identity, export and `Transformer` (the shared registry is only a default).
    @Test func aRegistryFromAPathIsUsedWhereItIsPassed() throws {
        let url = try scratch("copy").appendingPathComponent("my-epsg.sqlite")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.shipped), to: url)
        let registry = try Registry(path: url.path)
        #expect(registry.path == url.path)
        #expect(registry !== TestRegistry.shared)
        let utm = try SpatialReference(wkid: 32631, registry: registry)
        let text = try utm.export("esri", registry: registry)
        #expect(text.contains("GCS_WGS_1984"))
        let back = try SpatialReference(text: text, registry: registry)
        #expect(try back.isEquivalent(to: utm, options: [.ignoreAxisOrder], registry: registry))
        #expect(try registry.isSameDatum(try #require(back.datum), try #require(utm.datum)))
        #expect(try SpatialReference(authority: "ESRI", code: 102100, registry: registry).latestWKID == 3857)
        #expect(try SpatialReference(textData: Array("+proj=longlat +datum=WGS84".utf8), registry: registry).datum?.identifier
                == Identifier("EPSG", 6326))
        #expect(try registry.metadata()["source.epsg_version"] == "v11.022")
    }

    /// Its search path: `GRATICULE_REGISTRY` first, then `DataFiles`' directories; the test run finds
    /// the shipped file in the SwiftPM bundle.
    @Test func defaultPathIsTheShippedFile() throws {
        #expect(Registry.environmentVariable == "GRATICULE_REGISTRY")
        if ProcessInfo.processInfo.environment["GRATICULE_REGISTRY"] == nil {
            #expect(try Registry.defaultPath().hasSuffix("/registry.sqlite"))
            #expect(try Registry.defaultPath() == Self.shipped)
        }
    }
}
