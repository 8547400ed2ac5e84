import Foundation
import GraticuleCRS
@testable import GraticuleServer
import GraticuleTransform
import Synchronization
import Testing

/// A vector directory looked at again while the server runs: files added, changed, broken,
/// styled and removed are picked up without a restart, and the server's caches are told.
@Suite struct VectorCatalogReloadTests {
    static func square(_ names: [String]) -> String {
        let features = names.enumerated().map { k, name in
            let w = Double(k * 10)
            return """
            {"type":"Feature","properties":{"name":"\(name)"},"geometry":{"type":"Polygon","coordinates":[[[\(w),0],[\(w + 5),0],[\(w + 5),5],[\(w),5],[\(w),0]]]}}
            """
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}"
    }

    @Test func filesComeAndGoWithoutARestart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        try write("a.geojson", Self.square(["A1"]))
        let changes = Atomic(0)
        let catalog = VectorCatalog(directories: [dir], taken: ["countries"],
                                    catalog: TransformationCatalog(registry: try Registry.shared, grids: GridStore()),
                                    refreshInterval: .zero) { changes.add(1, ordering: .relaxed) }
        #expect(catalog.names == ["a"] && catalog.files["a"]?.layer.features.count == 1)
        let firstReading = try #require(catalog.files["a"]).version
        #expect(changes.load(ordering: .relaxed) == 0)  // looking again at an unchanged directory

        // Added, and changed (another size).
        try write("b.geojson", Self.square(["B1"]))
        try write("a.geojson", Self.square(["A1", "A2"]))
        #expect(catalog.names == ["a", "b"])
        #expect(catalog.files["a"]?.layer.features.count == 2)
        #expect(try #require(catalog.files["a"]).version != firstReading)
        #expect(changes.load(ordering: .relaxed) == 1)

        // Broken while being written: the last good version stays.
        try write("a.geojson", "{\"type\":\"FeatureCollection\",\"features\":[")
        #expect(catalog.files["a"]?.layer.features.count == 2)

        // A style beside it, then the file removed.
        try write("b.style.json", "{\"fill\": \"#00ff00\"}")
        #expect(catalog.files["b"]?.style?.fill == .init(red: 0, green: 255, blue: 0))
        #expect(!catalog.names.contains("b.style"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("b.geojson"))
        #expect(catalog.names == ["a"])
        #expect(changes.load(ordering: .relaxed) == 4)
    }

    /// Without a look due, the last snapshot is served (no disk access per request).
    @Test func looksAtMostOncePerInterval() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = VectorCatalog(directories: [dir], taken: [],
                                    catalog: TransformationCatalog(registry: try Registry.shared, grids: GridStore()),
                                    refreshInterval: .seconds(3600))
        try Data(Self.square(["C"]).utf8).write(to: dir.appendingPathComponent("c.geojson"))
        #expect(catalog.names.isEmpty)
        catalog.refresh()
        #expect(catalog.names == ["c"])
    }
}
