import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleGeometry

func fixture(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
}

func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-io-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct VectorIOTests {
    /// Natural Earth 110m read from the Shapefile: counts, keys and a few values as ogrinfo reports them.
    @Test func readsNaturalEarthShapefile() throws {
        let layer = try ShapefileReader(url: try fixture("ne_110m_admin_0_countries.shp")).readLayer()
        #expect(layer.features.count == 177)
        #expect(layer.schema.fields.count == 94)
        #expect(layer.schema.spatialReference?.wkid == 4326)
        #expect(layer.features.reduce(0) { $0 + ($1.geometry?.pointCount ?? 0) } == 10_654)
        let fra = try #require(layer.feature(where: "ADM0_A3", equals: "FRA"))
        #expect(fra.value("ISO_A3", in: layer.schema) == .string("-99"))
        #expect(fra.value("NAME", in: layer.schema) == .string("France"))
        let civ = try #require(layer.feature(where: "ADM0_A3", equals: "CIV"))
        #expect(civ.value("NAME", in: layer.schema) == .string("Côte d'Ivoire"))
    }

    /// Every format written and read back gives the same features (coordinates exactly).
    @Test(arguments: ["geojson", "shp", "gpkg"])
    func roundTrip(ext: String) throws {
        let layer = try ShapefileReader(url: try fixture("ne_110m_admin_0_countries.shp")).readLayer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("countries.\(ext)").path
        try VectorDataset.write(layer, to: path)
        let back = try VectorDataset.read(path)
        #expect(back.features.count == layer.features.count)
        #expect(back.schema.fields.map(\.name) == layer.schema.fields.map(\.name))
        for (a, b) in zip(layer.features, back.features) {
            #expect(a.geometry?.coordinates?.xy == b.geometry?.coordinates?.xy)
            for (u, v) in zip(a.attributes, b.attributes) {
                if let x = u.doubleValue, let y = v.doubleValue { #expect(abs(x - y) <= 1e-12 * max(1, abs(x))) } else { #expect(u == v) }
            }
        }
    }

    /// Geodesic area and perimeter of every Natural Earth 110m country against pyproj 3.7.2
    /// (tools/oracle/geodesic_area.py), 1e-9 relative.
    @Test func geodesicAreaMatchesPyproj() throws {
        let layer = try ShapefileReader(url: try fixture("ne_110m_admin_0_countries.shp")).readLayer()
        let text = try String(contentsOf: try fixture("geodesic_area_110m.csv"), encoding: .utf8)
        var worstArea = 0.0, worstPerimeter = 0.0, n = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let p = line.split(separator: ",")
            let k = Int(p[0])!, area = Double(p[1])!, perimeter = Double(p[2])!
            let g = try #require(layer.features[k].geometry)
            worstArea = max(worstArea, abs(GeometryEngine.geodeticArea(of: g) - area) / area)
            worstPerimeter = max(worstPerimeter, abs(GeometryEngine.geodeticLength(of: g) - perimeter) / perimeter)
            n += 1
        }
        #expect(n == 177)
        #expect(worstArea < 1e-9, "worst relative area error \(worstArea)")
        #expect(worstPerimeter < 1e-9, "worst relative perimeter error \(worstPerimeter)")
    }
}

/// Damaged files give errors naming the file and the record, never a crash.
@Suite struct DamagedFileTests {
    func geojson(_ text: String) -> GraticuleError? {
        do { _ = try GeoJSONReader(data: Data(text.utf8), name: "bad.geojson").readLayer(); return nil } catch { return error }
    }

    @Test(arguments: [
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[NaN,1]}}]}", "NaN"),
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1e999,1]}}]}", "out of range"),
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}}]}", "not closed"),
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[0,0]]]}}]}", "at least 4"),
        ("{\"type\":\"FeatureCollection\",\"features\":[{\"type\":\"Feature\",\"properties\":{\"a\":1,}}]}", "expected"),
        ("{\"type\":\"FeatureCollection\",\"features\":[", "end"),
    ])
    func brokenGeoJSON(text: String, expected: String) throws {
        let error = try #require(geojson(text))
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.contains("bad.geojson"), "\(error)")
    }

    @Test func deepNestingIsRefused() throws {
        let deep = "{\"type\":\"Feature\",\"properties\":{\"a\":" + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "},\"geometry\":null}"
        let error = try #require(geojson(deep))
        #expect(error.description.contains("nesting"))
    }

    @Test func geoJSONSequence() throws {
        let seq = "\u{1E}{\"type\":\"Feature\",\"properties\":{\"n\":1},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}}\n\u{1E}{\"type\":\"Feature\",\"properties\":{\"n\":2.5},\"geometry\":null}\n"
        let layer = try GeoJSONReader(data: Data(seq.utf8), name: "s").readLayer()
        #expect(layer.features.count == 2)
        #expect(layer.schema.fields.first?.type == .real)
    }

    func copyShapefile(to dir: URL) throws -> URL {
        for ext in ["shp", "shx", "dbf", "prj", "cpg"] {
            try FileManager.default.copyItem(at: try fixture("ne_110m_admin_0_countries.\(ext)"), to: dir.appendingPathComponent("ne.\(ext)"))
        }
        return dir.appendingPathComponent("ne.shp")
    }

    @Test func truncatedShp() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shp = try copyShapefile(to: dir)
        let data = try Data(contentsOf: shp)
        try data.prefix(data.count / 2).write(to: shp)
        do { _ = try ShapefileReader(url: shp).readLayer(); Issue.record("no error") } catch {
            #expect(error.description.contains("ne.shp") && error.description.contains("record"), "\(error)")
        }
    }

    @Test func wrongRecordLength() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shp = try copyShapefile(to: dir)
        var data = try Data(contentsOf: shp)
        // Record 0's point count: far more points than its content holds.
        data[100 + 8 + 40] = 0xFF; data[100 + 8 + 41] = 0xFF; data[100 + 8 + 42] = 0xFF; data[100 + 8 + 43] = 0x0F
        try data.write(to: shp)
        do { _ = try ShapefileReader(url: shp).readLayer(); Issue.record("no error") } catch {
            #expect(error.description.contains("record 0"), "\(error)")
        }
    }

    @Test func shortDBF() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shp = try copyShapefile(to: dir)
        let dbf = dir.appendingPathComponent("ne.dbf")
        let data = try Data(contentsOf: dbf)
        try data.prefix(data.count - 5000).write(to: dbf)
        do { _ = try ShapefileReader(url: shp).readLayer(); Issue.record("no error") } catch {
            #expect(error.description.contains("ne.dbf") && error.description.contains("record"), "\(error)")
        }
    }

    @Test func geoPackageBlobs() throws {
        let g = Geometry.polygon(Polygon(polygons: [[[SIMD2(0, 0), SIMD2(0, 1), SIMD2(1, 1), SIMD2(1, 0), SIMD2(0, 0)]]]))
        var blob = GeoPackageBinary.encode(g, srsID: 4326)
        #expect(try GeoPackageBinary.decode(Data(blob))?.coordinates?.xy == g.coordinates?.xy)
        // A lying envelope: max x 0.5 while the geometry reaches 1.
        var lying = blob
        withUnsafeBytes(of: 0.5.bitPattern.littleEndian) { lying.replaceSubrange(16 ..< 24, with: $0) }
        #expect(throws: GraticuleError.self) { _ = try GeoPackageBinary.decode(Data(lying)) }
        // A corrupt blob: ring count far larger than the bytes.
        blob[8 + 32 + 5] = 0xFF; blob[8 + 32 + 6] = 0xFF
        #expect(throws: GraticuleError.self) { _ = try GeoPackageBinary.decode(Data(blob)) }
        #expect(throws: GraticuleError.self) { _ = try GeoPackageBinary.decode(Data([0x47, 0x50, 0, 1])) }
    }
}
