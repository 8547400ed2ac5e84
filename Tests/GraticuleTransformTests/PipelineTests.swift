import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleTransform
import Testing

/// Same-datum conversion pipelines against PROJ 9.5.1 (Fixtures/pipeline_pairs.json from
/// tools/oracle/pipeline_pairs.py): units (US survey feet, grads), prime meridians (Paris),
/// north-first axes (Gauss-Krüger), projected ↔ projected, geographic 2D → 3D.
@Suite struct PipelineTests {
    struct Point: Decodable, Sendable { var x, y, out_x, out_y: Double }
    struct Pair: Decodable, Sendable, CustomTestStringConvertible {
        var source: String
        var target: String
        var proj_operation: String
        var points: [Point]
        var testDescription: String { "\(source) → \(target)" }
    }
    struct Fixture: Decodable { var pyproj: String; var pairs: [Pair] }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "pipeline_pairs", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: fixture.pairs)
    func agreesWithPROJ(_ pair: Pair) throws {
        let source = try SpatialReference(text: pair.source)
        let target = try SpatialReference(text: pair.target)
        let t = try Transformer(from: source, to: target)
        let angular = target.isGeographic
        let tolerance = angular ? 1e-9 : 1e-3 / (target.unit?.factor ?? 1)
        for p in pair.points {
            let r = try t.transform(x: p.x, y: p.y)
            #expect(abs(r.x - p.out_x) <= tolerance && abs(r.y - p.out_y) <= tolerance,
                    "(\(p.x), \(p.y)) → (\(r.x), \(r.y)), PROJ (\(p.out_x), \(p.out_y))")
            // and back
            let b = try t.inverse.transform(x: r.x, y: r.y)
            let back = source.isGeographic ? 1e-9 : 1e-3 / (source.unit?.factor ?? 1)
            #expect(abs(b.x - p.x) <= back && abs(b.y - p.y) <= back)
        }
    }

    /// Datum transformations to CRSs on a non-Greenwich prime meridian: the registry chains a
    /// longitude rotation (NTF (Paris) → NTF) with the datum shift; the prime meridian is applied
    /// once. Expected: pyproj 3.7.2 (PROJ 9.5.1) `Transformer.from_crs("EPSG:4326", target,
    /// always_xy=True).transform(lon, lat)`.
    @Test(arguments: [
        ("EPSG:27572", 2.35, 48.85, 600990.8924227752, 2427961.511741954),
        ("EPSG:5331", 120.0, -4.0, 5009477.553259639, 458520.6947021267),
    ])
    func primeMeridianAppliedOnce(_ target: String, _ lon: Double, _ lat: Double, _ x: Double, _ y: Double) throws {
        let t = try Transformer(from: SpatialReference(wkid: 4326), to: SpatialReference(text: target))
        let r = try t.transform(x: lon, y: lat)
        #expect(abs(r.x - x) < 0.01 && abs(r.y - y) < 0.01, "\(target): (\(r.x), \(r.y)), PROJ (\(x), \(y))")
        let b = try t.inverse.transform(x: r.x, y: r.y)
        #expect(abs(b.x - lon) < 1e-8 && abs(b.y - lat) < 1e-8, "\(target): back to (\(b.x), \(b.y))")
    }

    @Test func differentDatumsGetTheDefaultTransformation() throws {
        let t = try Transformer(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 27700))
        #expect(t.transformation?.code == "~EPSG:1314")
        #expect(t.inverse.transformation?.code == "EPSG:1314")
    }

    /// CH1903 / LV03 → CH1903+ / LV95: both on Bessel 1841 and Greenwich, but different datums
    /// (the `+` matters), so the pipeline has a datum step — never a result that silently skips the
    /// datum shift (before datum transformations landed this pair was refused). Each to its own
    /// base GCS converts.
    @Test func lv03ToLv95NeedsADatumTransformation() throws {
        // CH1903 → CH1903+ is a datum change: its only registry transformation needs the CHENyx06
        // grid, so without a data directory holding it the default is a (flagged) ballpark, and
        // asking for EPSG:15486 names the missing file.
        let catalog = TransformationCatalog(registry: try Registry.shared, grids: GridStore())
        let t = try Transformer(from: SpatialReference(wkid: 21781), to: SpatialReference(wkid: 2056),
                                transformation: .default, catalog: catalog)
        #expect(t.transformation?.isBallpark == true)
        #expect(t.transformation?.name == "Ballpark geographic offset from CH1903 to CH1903+")
        let error = #expect(throws: GraticuleError.self) {
            try Transformer(from: SpatialReference(wkid: 21781), to: SpatialReference(wkid: 2056),
                            transformation: .transformation(try catalog.transformation(parsing: "EPSG:15486")), catalog: catalog)
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("CHENyx06a.gsb"), "\(message)")
        let lv95 = try Transformer(from: SpatialReference(wkid: 4150), to: SpatialReference(wkid: 2056))
        // The projection centre (Bern, 46°57′08.66″ N 7°26′22.50″ E) is (2,600,000, 1,200,000) by definition.
        let bern = try lv95.transform(x: 7 + 26 / 60.0 + 22.5 / 3600, y: 46 + 57 / 60.0 + 8.66 / 3600)
        #expect(abs(bern.x - 2_600_000) < 0.01 && abs(bern.y - 1_200_000) < 0.01)
        _ = try Transformer(from: SpatialReference(wkid: 4149), to: SpatialReference(wkid: 21781))
        _ = try Transformer(from: SpatialReference(wkid: 21781), to: SpatialReference(wkid: 21781), registry: Registry.shared)
    }

    @Test func batchOfNaNAndSinglePointError() throws {
        let t = try Transformer(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 3857))
        let out = t.transform([SIMD2(0, 90), SIMD2(10, 20), SIMD2(.nan, 0)])
        #expect(out[0].x.isNaN && out[0].y.isNaN)
        #expect(out[1].x.isFinite)
        #expect(out[2].x.isNaN)
        #expect(throws: GraticuleError.self) { try t.transform(x: 0, y: 90) }
    }

    @Test func stridedArraysMatchTheBufferAPI() throws {
        let t = try Transformer(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 3857))
        var xs = (0..<1000).map { Double($0) * 0.3 - 150 }
        var ys = (0..<1000).map { Double($0) * 0.15 - 75 }
        let expected = t.transform(zip(xs, ys).map { SIMD2($0, $1) })
        xs.withUnsafeMutableBufferPointer { x in ys.withUnsafeMutableBufferPointer { y in t.transform(x: x, y: y) } }
        #expect(zip(xs, expected).allSatisfy { $0 == $1.x })
        #expect(zip(ys, expected).allSatisfy { $0 == $1.y })
    }
}
