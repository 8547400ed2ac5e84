import Foundation
import Testing

/// `graticule convert` with datum transformations and topology-preserving simplification.
@Suite struct ConvertCLITests {
    static func temporary() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func firstPoint(_ url: URL) throws -> [Double] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let f = (json["features"] as! [[String: Any]])[0]
        return ((f["geometry"] as! [String: Any])["coordinates"] as! [NSNumber]).map(\.doubleValue)
    }

    /// Mongolia (workflow 1) through convert: ESRI:108055 gives PROJ's E 15,769,861.0040,
    /// N 5,661,991.6960 (within 1 mm); the default and none differ by metres; bad values are errors.
    @Test func transformationOption() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("p.geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"n":1},"geometry":{"type":"Point","coordinates":[105,47]}}]}"#.utf8).write(to: input)
        func convert(_ extra: [String]) throws -> [Double] {
            let out = dir.appendingPathComponent("o\(extra.joined()).geojson")
            let r = try runGraticule(["convert", input.path, out.path, "--to", "EPSG:28413"] + extra)
            #expect(r.status == 0, "\(r.err)")
            return try Self.firstPoint(out)
        }
        let esri = try convert(["--transformation", "108055"])
        #expect(abs(esri[0] - 15_769_861.0040) < 1e-3 && abs(esri[1] - 5_661_991.6960) < 1e-3, "\(esri)")
        let d = try convert([])
        #expect(abs(d[0] - 15_769_865.7597) < 1e-3 && abs(d[1] - 5_661_990.0337) < 1e-3, "\(d)")
        let none = try convert(["--transformation", "none"])
        #expect(abs(none[0] - esri[0]) > 1 && abs(none[0] - d[0]) > 1)
        let bad = try runGraticule(["convert", input.path, dir.appendingPathComponent("x.geojson").path, "--to", "EPSG:28413", "--transformation", "1314"])
        #expect(bad.status != 0 && (bad.err.contains("1314") || bad.err.contains("datum")), "\(bad.err)")
        let noTarget = try runGraticule(["convert", input.path, dir.appendingPathComponent("y.geojson").path, "--transformation", "108055"])
        #expect(noTarget.status != 0 && noTarget.err.contains("--to"))
        // No transformation known: a ballpark, said once on standard error.
        let ballpark = try runGraticule(["convert", input.path, dir.appendingPathComponent("z.geojson").path, "--to", "+proj=tmerc +ellps=krass +lon_0=105 +x_0=500000"])
        #expect(ballpark.status == 0 && ballpark.err.contains("ballpark"), "\(ballpark.err)")
    }

    /// `--where` takes CQL2 text, as ogr2ogr's -where takes OGR SQL: the countries that ogrinfo
    /// -where (GDAL 3.6.2) and shapely 2 find in Natural Earth's 1:110m Shapefile; FIELD=VALUE as
    /// before; an unknown property is named.
    @Test(arguments: [
        ("CONTINENT = 'Oceania' AND POP_EST > 5000000", ["Australia", "Papua New Guinea"]),
        ("S_INTERSECTS(geometry, LINESTRING(0 50, 30 50))", ["Belgium", "Czechia", "France", "Germany", "Luxembourg", "Poland", "Ukraine"]),
        ("ADM0_A3=FRA", ["France"]),
        ("NAME=Côte d'Ivoire", ["Ivory Coast"]),
    ])
    func whereCondition(_ condition: String, _ expected: [String]) throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("w.geojson")
        let r = try runGraticule(["convert", "countries110", out.path, "--where", condition])
        #expect(r.status == 0, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
        let names = (json["features"] as! [[String: Any]]).compactMap { ($0["properties"] as? [String: Any])?["ADMIN"] as? String }
        #expect(names.sorted() == expected)
    }

    @Test func whereErrors() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runGraticule(["convert", "countries110", dir.appendingPathComponent("e.geojson").path, "--where", "POPULATION > 5"])
        #expect(r.status != 0 && r.err.contains("unknown property \"POPULATION\"") && r.err.contains("POP_EST"), "\(r.err)")
        let syntax = try runGraticule(["convert", "countries110", dir.appendingPathComponent("f.geojson").path, "--where", "POP_EST >"])
        #expect(syntax.status != 0 && syntax.err.contains("offset 9"), "\(syntax.err)")
    }

    /// `--simplify TOL --preserve-topology` on the built-in countries: France and Spain keep the
    /// same simplified border vertices.
    @Test func preserveTopology() throws {
        let dir = try Self.temporary()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("s.geojson")
        let r = try runGraticule(["convert", "countries110", out.path, "--simplify", "0.5", "--preserve-topology"])
        #expect(r.status == 0, "\(r.err)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
        let features = json["features"] as! [[String: Any]]
        #expect(features.count == 177)
        func vertices(_ code: String) -> Set<[Double]> {
            guard let f = features.first(where: { ($0["properties"] as? [String: Any])?["ADM0_A3"] as? String == code }),
                  let g = f["geometry"] as? [String: Any] else { return [] }
            func walk(_ v: Any) -> [[Double]] {
                guard let a = v as? [Any] else { return [] }
                if let n = a as? [NSNumber], a.allSatisfy({ !($0 is [Any]) }) { return [n.map(\.doubleValue)] }
                return a.flatMap(walk)
            }
            return Set(walk(g["coordinates"]!))
        }
        let fra = vertices("FRA"), esp = vertices("ESP")
        #expect(fra.intersection(esp).count >= 2)
        let plain = dir.appendingPathComponent("p.geojson")
        #expect(try runGraticule(["convert", "countries110", plain.path, "--simplify", "0.5"]).status == 0)
    }
}
