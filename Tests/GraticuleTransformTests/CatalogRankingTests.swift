import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleTransform
import Testing

/// The catalog's ranked lists against PROJ 9.5.1's (pyproj 3.7.2 TransformerGroup,
/// Fixtures/transformation_lists.json from tools/oracle/transformation_lists.py).
///
/// pyproj partitions PROJ's sorted list into instantiable transformers and unavailable
/// operations, sorting without regard to grid availability. The catalog sorts as `projinfo`'s
/// default (`--grid-check sort`): operations whose grids are missing come after every usable
/// one, before the ballpark. So the test compares (1) the set of candidates, (2) the order of
/// the candidates usable in both, and (3) which are unavailable: PROJ (pyproj ships no grids)
/// misses every grid; Graticule has its embedded grids (nzgd2kgrid0005, BETA2007, ntf_r93), so
/// operations on those grids are usable here and unavailable there — the only allowed difference.
@Suite struct CatalogRankingTests {
    struct Pair: Decodable, Sendable, CustomTestStringConvertible {
        var source: String
        var target: String
        var area: [Double]?
        var transformers: [String]
        var unavailable: [String]
        var testDescription: String { "\(source) → \(target)" + (area.map { " in \($0)" } ?? "") }
    }
    struct Fixture: Decodable { var pyproj: String; var pairs: [Pair] }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "transformation_lists", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static let embeddedGrids: Set<String> = ["nzgd2kgrid0005.gsb", "BETA2007.gsb", "ntf_r93.gsb"]

    /// The index of the PROJ description that names this transformation (its steps in order,
    /// with PROJ's "Inverse of").
    static func matches(_ description: String, _ t: GeographicTransformation) -> Bool {
        let parts = description.components(separatedBy: " + ").map { $0.trimmingCharacters(in: .whitespaces) }
        let mine = t.projName.components(separatedBy: " + ")
        guard let start = parts.firstIndex(of: mine[0]) else { return false }
        return Array(parts[start..<min(parts.count, start + mine.count)]) == mine
    }

    /// Candidates PROJ synthesises and Graticule does not: for ED50 → WGS 84, PROJ 9.5 also
    /// chains ED50 to ETRS89 (1) + ETRS89 to WGS 84 (1) through ETRS89 although 35 direct
    /// operations exist (a heuristic of `createOperationsFromDatabase` for operations whose areas
    /// are small against the CRS's); Graticule searches intermediate CRSs only when no direct or
    /// datum-pivot operation exists.
    static let onlyInPROJ: [String: [String]] = [
        "EPSG:4230 → EPSG:4326": ["axis order change (2D) + ED50 to ETRS89 (1) + ETRS89 to WGS 84 (1) + axis order change (2D)"],
    ]

    @Test(arguments: fixture.pairs)
    func agreesWithPROJ(_ pair: Pair) throws {
        let catalog = TransformationCatalog.shared
        let aoi = pair.area.map { AreaOfUse(name: "aoi", west: $0[0], south: $0[1], east: $0[2], north: $0[3]) }
        let ranked = try catalog.rankedTransformations(from: SpatialReference(text: pair.source),
                                                       to: SpatialReference(text: pair.target), areaOfInterest: aoi)
        if pair.transformers.count == 1 && pair.transformers[0].contains("UTM zone") {
            // The same datum: PROJ's only operation is the map projection; no transformation here.
            #expect(ranked.isEmpty)
            return
        }
        let skip = CatalogRankingTests.onlyInPROJ["\(pair.source) → \(pair.target)"] ?? []
        let projAll = (pair.transformers + pair.unavailable).filter { !skip.contains($0) }
        // (1) The same candidates.
        for r in ranked {
            #expect(projAll.contains { CatalogRankingTests.matches($0, r.transformation) },
                    "Graticule lists \(r.transformation.projName), PROJ does not")
        }
        for d in projAll {
            #expect(ranked.contains { CatalogRankingTests.matches(d, $0.transformation) }, "PROJ lists \(d), Graticule does not")
        }
        // (2) The order of the candidates usable in both.
        let bothUsable = ranked.filter { r in r.isUsable && pair.transformers.contains { CatalogRankingTests.matches($0, r.transformation) } }
        let projUsable = pair.transformers.filter { d in !skip.contains(d) && bothUsable.contains { CatalogRankingTests.matches(d, $0.transformation) } }
        #expect(bothUsable.count == projUsable.count)
        for (r, d) in zip(bothUsable, projUsable) {
            #expect(CatalogRankingTests.matches(d, r.transformation), "order: Graticule \(r.transformation.projName), PROJ \(d)")
        }
        // (3) Availability differs only through the embedded grids.
        for r in ranked where !r.transformation.isBallpark {
            let unavailableInPROJ = pair.unavailable.contains { CatalogRankingTests.matches($0, r.transformation) }
            if unavailableInPROJ && r.isUsable {
                // (through the registry's grid alternatives: rgf93_ntf.gsb is ntf_r93.gsb, inverted)
                let files = r.transformation.gridFileNames.compactMap { catalog.grids.locate($0)?.lastPathComponent }
                #expect(!files.isEmpty && files.allSatisfy(CatalogRankingTests.embeddedGrids.contains),
                        "\(r.transformation.name) usable here, not in PROJ")
            } else {
                let inPROJ = unavailableInPROJ ? "unavailable" : "available"
                let why = "\(r.missingGridFiles) \(r.unsupportedReason ?? "")"
                #expect(unavailableInPROJ == !r.isUsable, "\(r.transformation.name): usable \(r.isUsable), PROJ \(inPROJ) \(why)")
            }
        }
        // Missing grids always come after every usable candidate (but before the ballpark).
        if let firstMissing = ranked.firstIndex(where: { !$0.isUsable }) {
            #expect(ranked[firstMissing...].allSatisfy { !$0.isUsable || $0.transformation.isBallpark })
        }
    }

    /// 27700 → 3857: the OSTN15 NTv2 operation is listed, flagged missing with its file, after the
    /// usable Helmert operations; pyproj's TransformerGroup puts it first (as "best, unavailable").
    @Test func britishNationalGridToWebMercator() throws {
        let catalog = TransformationCatalog.shared
        let ranked = try catalog.rankedTransformations(from: SpatialReference(wkid: 27700), to: SpatialReference(wkid: 3857))
        #expect(ranked.map { $0.transformation.code } == [
            "EPSG:1314", "EPSG:1195", "EPSG:1196", "EPSG:1197", "EPSG:1198", "EPSG:1199", "EPSG:5622", "EPSG:7710", "ballpark"])
        let ostn = ranked[7]
        #expect(ostn.missingGridFiles == ["OSTN15_NTv2_OSGBtoETRS.gsb"])
        #expect(ostn.accuracy == 1)
        #expect(!ostn.isUsable)
        #expect(ranked.last!.transformation.isBallpark && ranked.last!.accuracy == nil)
        // The default is the first usable operation: OSGB36 to WGS 84 (6), 2 m.
        let d = try #require(try catalog.defaultTransformation(from: SpatialReference(wkid: 27700), to: SpatialReference(wkid: 3857)))
        #expect(d.code == "EPSG:1314")
        let t = try Transformer(from: SpatialReference(wkid: 27700), to: SpatialReference(wkid: 3857))
        // PROJ 9.5.1 default (Helmert (6)): (530000, 180000) → (−14288.295, 6710932.763), (326000, 673000) → (−354706.118, 7547339.764).
        let a = try t.transform(x: 530_000, y: 180_000), b = try t.transform(x: 326_000, y: 673_000)
        #expect(abs(a.x - -14288.295) < 1e-3 && abs(a.y - 6_710_932.763) < 1e-3)
        #expect(abs(b.x - -354_706.118) < 1e-3 && abs(b.y - 7_547_339.764) < 1e-3)
    }

    /// With an area of interest the candidates are those whose area partly intersects it, as
    /// `projinfo --spatial-test intersects` lists them (pyproj's TransformerGroup, the fixture of
    /// `agreesWithPROJ`, sets PROJ_SPATIAL_CRITERION_PARTIAL_INTERSECTION: the same test). Sets
    /// below from `projinfo -s S -t T --bbox W,S,E,N --spatial-test intersects --summary` (PROJ
    /// 9.1.1; pyproj 3.7.2 / PROJ 9.5.1 gives the same sets), in projinfo's order (grid-check sort:
    /// the operation on the missing OSTN15 grid last); the catalog adds only its ballpark.
    @Test(arguments: [
        ("EPSG:27700", "EPSG:3857", [-1.0, 51.0, 0.5, 52.0], ["EPSG:1314", "EPSG:1196", "EPSG:1197", "EPSG:1195", "EPSG:7710"]),
        ("EPSG:27700", "EPSG:3857", [-6.0, 56.0, -3.0, 58.0], ["EPSG:1314", "EPSG:1198", "EPSG:1195", "EPSG:7710"]),
        ("EPSG:4326", "EPSG:28413", [104.9, 46.9, 105.1, 47.1], ["~EPSG:5044", "~EPSG:15865", "~EPSG:1254"]),
    ])
    func areaOfInterestMatchesProjinfoIntersects(source: String, target: String, box: [Double], expected: [String]) throws {
        let aoi = AreaOfUse(name: "aoi", west: box[0], south: box[1], east: box[2], north: box[3])
        let ranked = try TransformationCatalog.shared.rankedTransformations(from: SpatialReference(text: source),
                                                                            to: SpatialReference(text: target), areaOfInterest: aoi)
        let codes = ranked.filter { !$0.transformation.isBallpark }.map(\.transformation.code)
        #expect(codes == expected, "\(ranked.map(\.transformation.name))")
    }

    /// Workflow 1 (Mongolia): lon 105, lat 47 (WGS 84) into EPSG:28413.
    @Test func mongolia() throws {
        let catalog = TransformationCatalog.shared
        let wgs84 = try SpatialReference(wkid: 4326), gk13 = try SpatialReference(wkid: 28413)
        // With ESRI:108055 (WGS 84 → MSK 1942, Coordinate Frame): PROJ E 15,769,861.0040, N 5,661,991.6960.
        let step = try #require(GeographicTransformationStep(wkid: 108055))
        #expect(step.name == "WGS_1984_To_MSK_1942" && !step.isInverse && step.gridFileNames.isEmpty)
        #expect(step.inverse?.description == "~WGS_1984_To_MSK_1942")
        let esri = try Transformer(from: wgs84, to: gk13, transformation: .transformation(GeographicTransformation(step: step)))
        let e = try esri.transform(x: 105, y: 47)
        #expect(abs(e.x - 15_769_861.0040) < 1e-3 && abs(e.y - 5_661_991.6960) < 1e-3)
        // The default is explained by the list: its first entry, Pulkovo 1942 to WGS 84 (16) inverted,
        // which PROJ forced to the same operation puts at E 15,769,865.7597, N 5,661,990.0337.
        let list = try catalog.transformations(from: wgs84, to: gk13)
        #expect(list.first?.name == "~Pulkovo 1942 to WGS 84 (16)")
        let d = try Transformer(from: wgs84, to: gk13)
        #expect(d.transformation == list.first)
        let p = try d.transform(x: 105, y: 47)
        #expect(abs(p.x - 15_769_865.7597) < 1e-3 && abs(p.y - 5_661_990.0337) < 1e-3)
        // Metres apart.
        let apart = ((p.x - e.x) * (p.x - e.x) + (p.y - e.y) * (p.y - e.y)).squareRoot()
        #expect(apart > 2 && apart < 10)
        // Unprojected (no datum transformation).
        let none = try Transformer(from: wgs84, to: gk13, transformation: .none).transform(x: 105, y: 47)
        #expect(abs(none.x - p.x) > 1)
        // With a Mongolian area of interest PROJ ranks (20) first; so does the catalog.
        let aoi = AreaOfUse(name: "Mongolia", west: 104.9, south: 46.9, east: 105.1, north: 47.1)
        #expect(try catalog.defaultTransformation(from: wgs84, to: gk13, areaOfInterest: aoi)?.name == "~Pulkovo 1942 to WGS 84 (20)")
    }

    @Test func parsingAndNames() throws {
        let catalog = TransformationCatalog.shared
        let t = try catalog.transformation(parsing: "EPSG:15994 + ~1626")
        #expect(t.steps.map(\.code) == ["EPSG:15994", "~EPSG:1626"])
        #expect(t.name == "Pulkovo 1942(58) to ETRS89 (4) + ~ED50 to ETRS89 (4)")
        #expect(t.projName == "Pulkovo 1942(58) to ETRS89 (4) + Inverse of ED50 to ETRS89 (4)")
        #expect(t.inverse?.code == "EPSG:1626+~EPSG:15994")
        #expect(GeographicTransformationStep(wkid: 99_999_999) == nil)
        for bad in ["", "+", "EPSG:", "abc", "1314+", "~"] {
            #expect(throws: GraticuleError.self, "\(bad)") { try catalog.transformation(parsing: bad) }
        }
        #expect(throws: GraticuleError.self) { try catalog.transformation(parsing: "99999999") }
        // A transformation that does not connect the datums is refused with the reason.
        let error = #expect(throws: GraticuleError.self) {
            try Transformer(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 27700),
                            transformation: .transformation(try catalog.transformation(parsing: "108055")))
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("not on the target datum"))
    }

    @Test func sameDatumNeedsNoTransformation() throws {
        let catalog = TransformationCatalog.shared
        #expect(try catalog.transformations(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 32631)).isEmpty)
        #expect(try catalog.defaultTransformation(from: SpatialReference(wkid: 4326), to: SpatialReference(wkid: 3857)) == nil)
    }

    /// No transformation known: a ballpark, listed, never silent.
    @Test func ballparkWhenNothingIsKnown() throws {
        let catalog = TransformationCatalog.shared
        let target = try SpatialReference(text: "+proj=tmerc +ellps=WGS84 +lon_0=10")
        let list = try catalog.transformations(from: SpatialReference(wkid: 4326), to: target)
        #expect(list.count == 1 && list[0].isBallpark && list[0].accuracy == nil)
        let t = try Transformer(from: SpatialReference(wkid: 4326), to: target)
        #expect(t.transformation?.isBallpark == true)
        #expect(abs(try t.transform(x: 10, y: 50).x) < 1e-6)
    }

    /// The ranked list of a registry pair is cheap once the registry is indexed.
    @Test func rankingIsCached() throws {
        let catalog = TransformationCatalog.shared
        let s = try SpatialReference(wkid: 27700), t = try SpatialReference(wkid: 3857)
        _ = try catalog.transformations(from: s, to: t)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { for _ in 0..<20 { _ = try catalog.transformations(from: s, to: t) } }
        #expect(elapsed < .milliseconds(200), "\(elapsed / 20) per list (debug build)")
    }
}
