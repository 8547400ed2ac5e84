import Foundation
import Testing
@testable import GraticuleGeometry

@Suite struct NaturalEarthTests {
    @Test(arguments: [("countries110", 177, 94, 10_654), ("countries10m", 250, 168, 547_488)])
    func builtInLayerMatchesItsSource(name: String, features: Int, fields: Int, vertices: Int) throws {
        let layer = try NaturalEarth.layer(named: name)
        #expect(layer.layer.features.count == features)
        #expect(layer.layer.schema.fields.count == fields)
        #expect(layer.layer.features.reduce(0) { $0 + ($1.geometry?.pointCount ?? 0) } == vertices)
        #expect(layer.layer.schema.spatialReference?.wkid == 4326)
        #expect(layer.provenance.contains("Natural Earth"))
        #expect(layer.stitchReports.allSatisfy { !$0.failed })
    }

    @Test(arguments: ["countries110", "countries10m"])
    func stitchingKnowsTheCuts(name: String) throws {
        let layer = try NaturalEarth.layer(named: name)
        func report(_ code: String) throws -> Stitch.Report {
            let i = try #require(layer.layer.features.firstIndex { $0.value("ADM0_A3", in: layer.layer.schema)?.description == code })
            return layer.stitchReports[i]
        }
        let ata = try report("ATA")
        #expect(ata.enclosedPole == -1)
        #expect(ata.polarEdgesRemoved >= 1)
        #expect(try report("FJI").ringsJoined >= 1)
        #expect(try report("RUS").ringsJoined >= 1)
        #expect(try report("FRA").changed == false)
        // The stitched Antarctica has no vertex left on the pole and still contains it.
        let i = try #require(layer.layer.features.firstIndex { $0.value("ADM0_A3", in: layer.layer.schema)?.description == "ATA" })
        let s = try #require(layer.stitched[i])
        #expect(!s.coordinates.xy.contains { abs($0.y) == 90 })
        #expect(SphericalPolygon.contains(s, lon: 0, lat: -89.9))
        #expect(SphericalPolygon.contains(s, lon: 123, lat: -80))
        #expect(!SphericalPolygon.contains(s, lon: 0, lat: -50))
    }

    @Test func citiesFallInTheirCountries() throws {
        for name in NaturalEarth.layerNames {
            let layer = try NaturalEarth.layer(named: name)
            let cases: [(Double, Double, String?)] = [(2.35, 48.85, "FRA"), (-123.1, 49.25, "CAN"), (178.44, -18.14, "FJI"),
                                                      (-179.9, 68.0, "RUS"), (177.0, 64.7, "RUS"), (0, -89.99, "ATA"),
                                                      (139.7, 35.7, "JPN"), (-0.1, 51.5, "GBR"), (28.0, -29.5, "LSO"),
                                                      (0, 0, nil), (-150, 89.9, nil), (10.0, 51.0, "DEU")]
            for (lon, lat, code) in cases {
                let got = layer.feature(containingLon: lon, lat: lat)?.value("ADM0_A3", in: layer.layer.schema)?.description
                #expect(got == code, "\(name) (\(lon), \(lat))")
            }
        }
    }

    /// Spherical containment (the index and the direct test) against shapely on great-circle-densified
    /// Natural Earth 110m, 106,000 points (tools/oracle/point_in_country.py).
    @Test func sphericalContainsMatchesTheOracle() throws {
        let layer = try NaturalEarth.layer(named: "countries110")
        let schema = layer.layer.schema
        let codes = layer.layer.features.map { $0.value("ADM0_A3", in: schema)!.description }
        let points = OraclePoints.make()
        var expected = [String?](repeating: nil, count: points.count)
        var skip = Set<Int>()
        for line in try OraclePoints.fixture("point_in_country_110m.csv").split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ",")
            let i = Int(parts[0])!
            if parts[1] == "edge" { skip.insert(i) } else { expected[i] = String(parts[1]) }
        }
        #expect(skip.count < 100)
        #expect(expected.compactMap { $0 }.count > 30_000)
        let index = layer.index
        var mismatches: [String] = []
        var directChecked = 0
        for (i, p) in points.enumerated() where !skip.contains(i) {
            let got = index.firstContaining(lon: p.x, lat: p.y).map { codes[$0] }
            if got != expected[i] { mismatches.append("#\(i) (\(p.x), \(p.y)): index \(got ?? "-") oracle \(expected[i] ?? "-")") }
            if i % 50 == 0 || i >= 100_000 {
                directChecked += 1
                let direct = layer.layer.features.indices.first { k in
                    if case let .polygon(g)? = layer.layer.features[k].geometry { return SphericalPolygon.contains(g, lon: p.x, lat: p.y) }
                    return false
                }.map { codes[$0] }
                if direct != expected[i] { mismatches.append("#\(i) (\(p.x), \(p.y)): direct \(direct ?? "-") oracle \(expected[i] ?? "-")") }
            }
        }
        #expect(directChecked > 7_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20).joined(separator: "; "))")
    }

    /// The 10m index answers as the direct spherical test does.
    @Test func index10mMatchesDirectTest() throws {
        // 400 points, the antimeridian and polar boxes included (the direct test on 10m is slow in debug builds).
        let layer = try NaturalEarth.layer(named: "countries10m")
        let index = layer.index
        let points = OraclePoints.make()
        var mismatches = 0
        for (i, p) in points.enumerated() where i % 400 == 0 || (i >= 100_000 && i % 40 == 0) {
            let got = index.firstContaining(lon: p.x, lat: p.y)
            let direct = layer.layer.features.indices.first { k in
                guard case let .polygon(g)? = layer.layer.features[k].geometry,
                      Geometry.polygon(g).extent.contains(x: p.x, y: p.y) else { return false }   // NE is cut at ±180°
                return SphericalPolygon.contains(g, lon: p.x, lat: p.y)
            }
            if got != direct { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func damagedCompactLayerIsAnError() throws {
        let url = try DataFilesForTests.builtIn("countries110.grl")
        let data = try Data(contentsOf: url)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for cut in [0, 5, 8, 100, 5000, data.count / 2, data.count - 1] {
            let f = dir.appendingPathComponent("cut\(cut).grl")
            try data.prefix(cut).write(to: f)
            #expect(throws: GraticuleError.self) { _ = try CompactLayer.read(f, name: "x", spatialReference: nil) }
        }
        var bad = data
        bad[8] = 0xFF; bad[9] = 0xFF; bad[10] = 0xFF; bad[11] = 0x7F
        let f = dir.appendingPathComponent("count.grl")
        try bad.write(to: f)
        #expect(throws: GraticuleError.self) { _ = try CompactLayer.read(f, name: "x", spatialReference: nil) }
    }
}

import GraticuleCore

enum DataFilesForTests {
    static func builtIn(_ name: String) throws -> URL {
        try DataFiles.locate(name, bundle: "Graticule_GraticuleGeometry")
    }
}
