import Foundation
import GRDB
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleGeometry
import GraticuleCRS

/// Writes that cannot lose data (`VectorDataset.write`, `OutputFile`): an existing output is
/// refused unless asked, a symbolic link is not written through unless asked, a GeoPackage keeps
/// its other layers, a failed write leaves the old bytes, and a Shapefile's parts change as a set.
@Suite struct SafeWriteTests {
    static func layer(_ name: String, _ values: [Int64], fields: [String] = ["n"]) -> FeatureLayer {
        FeatureLayer(name: name, schema: LayerSchema(fields: fields.map { FieldDefinition(name: $0, type: .integer) },
                                                     geometryType: .point, spatialReference: try? SpatialReference(wkid: 4326)),
                     features: values.map { v in
                         Feature(geometry: .point(Point(x: Double(v), y: 1, spatialReference: try? SpatialReference(wkid: 4326))),
                                 attributes: fields.map { _ in .integer(v) })
                     })
    }

    static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    @Test(arguments: ["geojson", "shp", "csv", "gpkg"])
    func existingOutputRefusedUnlessOverwrite(ext: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.\(ext)").path
        try VectorDataset.write(Self.layer("out", [1, 2]), to: path)
        let before = Self.bytes(path)
        let error = try #require(throws: GraticuleError.self) { try VectorDataset.write(Self.layer("out", [3]), to: path) }
        #expect(error.description.contains("--overwrite"), "\(error)")
        #expect(Self.bytes(path) == before)
        try VectorDataset.write(Self.layer("out", [3]), to: path, options: OutputOptions(overwrite: true))
        #expect(try VectorDataset.read(path).features.count == 1)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.contains("graticule-") })
    }

    /// A replaced file keeps its permissions.
    @Test func overwriteKeepsPermissions() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("p.geojson").path
        try VectorDataset.write(Self.layer("p", [1]), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try VectorDataset.write(Self.layer("p", [2]), to: path, options: OutputOptions(overwrite: true))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o640)
    }

    @Test func symbolicLinksAreNotWrittenThroughUnlessAsked() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.geojson").path, link = dir.appendingPathComponent("link.geojson").path
        try VectorDataset.write(Self.layer("real", [1]), to: real)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.geojson")
        let error = try #require(throws: GraticuleError.self) {
            try VectorDataset.write(Self.layer("x", [5, 6]), to: link, options: OutputOptions(overwrite: true))
        }
        #expect(error.description.contains("symbolic link"))
        #expect(try VectorDataset.read(real).features.count == 1)
        try VectorDataset.write(Self.layer("x", [5, 6]), to: link, options: OutputOptions(overwrite: true, followSymlinks: true))
        #expect(try VectorDataset.read(real).features.count == 2)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.geojson", "the link stays a link")
        // A dangling link is refused too (writing would create a file somewhere else).
        let dangling = dir.appendingPathComponent("dangling.csv").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "/nonexistent/x.csv")
        #expect(throws: GraticuleError.self) { try VectorDataset.write(Self.layer("d", [1]), to: dangling) }
    }

    static func tables(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "select table_name from gpkg_contents order by table_name") }
    }

    @Test func geoPackageKeepsItsOtherLayers() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("multi.gpkg").path
        try VectorDataset.write(Self.layer("a", [1, 2]), to: path)
        try VectorDataset.write(Self.layer("b", [3]), to: path)
        #expect(try Self.tables(path) == ["a", "b"])
        // The same layer again: refused, then replaced (b kept), then added to.
        let error = try #require(throws: GraticuleError.self) { try VectorDataset.write(Self.layer("a", [9]), to: path) }
        #expect(error.description.contains("--overwrite") && error.description.contains("--append"), "\(error)")
        try VectorDataset.write(Self.layer("a", [9]), to: path, options: OutputOptions(overwrite: true))
        #expect(try Self.tables(path) == ["a", "b"])
        #expect(try VectorDataset.read(path, layer: "a").features.map(\.attributes) == [[.integer(9)]])
        try VectorDataset.write(Self.layer("a", [10, 11]), to: path, options: OutputOptions(append: true))
        #expect(try VectorDataset.read(path, layer: "a").features.map(\.attributes) == [[.integer(9)], [.integer(10)], [.integer(11)]])
        #expect(try VectorDataset.read(path, layer: "b").features.count == 1)
    }

    /// A GeoPackage made by GDAL (R-tree triggers calling ST_MinX…, gpkg_ogr_contents): layers
    /// added, replaced and appended to through the triggers, the other layers intact.
    @Test func geoPackageMadeByGDAL() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("gdal.gpkg").path
        try FileManager.default.copyItem(atPath: try fixture("ne110_rtree.gpkg").path, toPath: path)
        let original = try Self.tables(path)
        let layerName = try #require(original.first)
        let count = try VectorDataset.read(path, layer: layerName).features.count
        try VectorDataset.write(Self.layer("added", [1]), to: path)
        #expect(try Self.tables(path) == (original + ["added"]).sorted())
        var sample = try VectorDataset.read(path, layer: layerName)
        sample.features = Array(sample.features.prefix(2))
        try VectorDataset.write(sample, to: path, options: OutputOptions(append: true))
        #expect(try VectorDataset.read(path, layer: layerName).features.count == count + 2)
        // The R-tree saw the rows (its triggers ran).
        let rtree = try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "select count(*) from sqlite_master where name like 'rtree_%' and type = 'table'") ?? 0
        }
        #expect(rtree >= 1)
    }

    /// A failed write leaves the old bytes, and its message quotes at most a few hundred bytes
    /// of what was given.
    @Test func failedGeoPackageWriteLeavesTheOldBytes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("keep.gpkg").path
        try VectorDataset.write(Self.layer("a", [1]), to: path)
        try VectorDataset.write(Self.layer("b", [2]), to: path)
        let before = Self.bytes(path)
        // Two fields SQLite takes for one column name (it compares them case-insensitively),
        // each 100 kB long: SQLite refuses the CREATE TABLE.
        let long = String(repeating: "x", count: 100_000)
        let error = try #require(throws: GraticuleError.self) {
            try VectorDataset.write(Self.layer("c", [3], fields: [long, long.uppercased()]), to: path)
        }
        #expect(error.description.utf8.count < 1000, "\(error.description.utf8.count) bytes")
        #expect(Self.bytes(path) == before)
        // Too many columns for SQLite: refused before anything is written.
        let wide = (0 ..< 2500).map { "f\($0)" }
        let tooWide = try #require(throws: GraticuleError.self) { try VectorDataset.write(Self.layer("w", [1], fields: wide), to: path) }
        #expect(tooWide.description.contains("at most"))
        #expect(Self.bytes(path) == before)
        // A name that is a table of the GeoPackage itself.
        #expect(throws: GraticuleError.self) { try VectorDataset.write(Self.layer("gpkg_contents", [1]), to: path) }
        #expect(Self.bytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.gpkg"])
    }

    /// A Shapefile replaced by one without a spatial reference loses its old `.prj` (which
    /// would describe the new coordinates wrongly) in the same commit.
    @Test func shapefileOverwriteRemovesStaleParts() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.shp").path
        try VectorDataset.write(Self.layer("s", [1]), to: path)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.prj").path))
        try Data("index".utf8).write(to: dir.appendingPathComponent("s.qix"))
        var plain = Self.layer("s", [1, 2])
        plain.schema.spatialReference = nil
        for i in plain.features.indices { plain.features[i].geometry?.spatialReference = nil }
        // Any part existing counts as the Shapefile existing.
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: GraticuleError.self) { try VectorDataset.write(plain, to: path) }
        try VectorDataset.write(plain, to: path, options: OutputOptions(overwrite: true))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["s.cpg", "s.dbf", "s.shp", "s.shx"])
        #expect(try VectorDataset.read(path).features.count == 2)
    }

    /// A set commit killed among its renames (some parts renamed, the journal left): the next
    /// read completes it, so the parts are all new.
    @Test func interruptedShapefileCommitIsCompletedByTheNextRead() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("j.shp").path
        try VectorDataset.write(Self.layer("j", [1]), to: path)
        let base = URL(fileURLWithPath: path).deletingPathExtension()
        let files = try ShapefileWriter.parts(Self.layer("j", [4, 5, 6]), URL(fileURLWithPath: path))
        var moves: [(temporary: String, target: String)] = []
        for (ext, bytes) in files {
            let target = base.path + "." + ext
            let temp = try OutputFile.temporary(beside: target)
            try OutputFile.writeBytes(bytes, to: temp)
            moves.append((temp, target))
        }
        var journal = ""
        for m in moves { journal += "\(m.temporary)\t\(m.target)\n" }
        try Data(journal.utf8).write(to: URL(fileURLWithPath: ShapefileWriter.journal(for: base)))
        // Killed after the first two renames: .shp new, .shx and .dbf old.
        for m in moves.prefix(2) { #expect(rename(m.temporary, m.target) == 0) }
        let layer = try VectorDataset.read(path)
        #expect(layer.features.map(\.attributes) == [[.integer(4)], [.integer(5)], [.integer(6)]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).allSatisfy { !$0.hasPrefix(".") })
    }

    /// Temporary files of a process that is gone are removed by the next write beside them.
    @Test func staleTemporaryFilesAreRemoved() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let stale = dir.appendingPathComponent(".t.geojson.graticule-\(child.processIdentifier)-1")
        try Data("{\"type\":".utf8).write(to: stale)
        try VectorDataset.write(Self.layer("t", [1]), to: dir.appendingPathComponent("t.geojson").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["t.geojson"])
    }
}
