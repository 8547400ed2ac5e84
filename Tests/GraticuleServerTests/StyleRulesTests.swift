import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRender
@testable import GraticuleServer
import GraticuleTransform
import Testing

/// Classes by attribute in a vector file's `.style.json` (`rules`, each with a CQL2 `filter`):
/// a feature takes the first rule that holds for it, over the file's style, under its own
/// properties. Expected colours follow from the rules as written.
@Suite struct StyleRulesTests {
    static let sidecar = """
    {"fill": "#eeeeee", "stroke": "#000000",
     "rules": [{"title": "Big", "filter": "n >= 3", "fill": "#ff0000"},
               {"title": "B", "filter": "name = 'B'", "fill": "#00ff00", "stroke-width": 4},
               {"title": "Others", "fill": "#0000ff"}]}
    """

    /// Squares A (n 1), B (n 2), C (n 3, its own fill #123456), D (n 4), 10° apart.
    static func layer() -> FeatureLayer {
        let rows: [(String, Int64, String?)] = [("A", 1, nil), ("B", 2, nil), ("C", 3, "#123456"), ("D", 4, nil)]
        let schema = LayerSchema(fields: [FieldDefinition(name: "name", type: .string), FieldDefinition(name: "n", type: .integer),
                                          FieldDefinition(name: "fill", type: .string)], geometryType: .polygon)
        return FeatureLayer(name: "sq", schema: schema, features: rows.enumerated().map { k, r in
            let w = Double(k * 10)
            return Feature(geometry: .polygon(Polygon(rings: [[SIMD2(w, 0), SIMD2(w + 5, 0), SIMD2(w + 5, 5), SIMD2(w, 5), SIMD2(w, 0)]])),
                           attributes: [.string(r.0), .integer(r.1), r.2.map { .string($0) } ?? .null])
        })
    }

    @Test func eachFeatureTakesTheFirstRuleThatHolds() throws {
        let sidecar = try VectorStyle.parse(Data(Self.sidecar.utf8))
        #expect(sidecar.rules.map(\.title) == ["Big", "B", "Others"])
        let file = VectorFile(name: "sq", layer: Self.layer(), source: "test", style: sidecar.style, rules: sidecar.rules)
        let values = try #require(file.style?.perFeature).values
        func hex(_ s: String) -> MapColor { var v = SimpleStyle(); try! v.set("fill", text: s, number: nil); return v.fill! }
        #expect(values.map(\.fill) == [hex("#0000ff"), hex("#00ff00"), hex("#123456"), hex("#ff0000")])
        #expect(values.map(\.strokeWidth) == [nil, 4, nil, nil])
        // Drawn so: the SVG names each class's colour, and the feature's own.
        let map = try MapRenderer(spatialReference: try SpatialReference(wkid: 4326),
                                  extent: Envelope(xMin: -5, yMin: -5, xMax: 40, yMax: 10), width: 450, height: 150,
                                  layers: [.preparedFeatures(file.prepared, style: file.style)]).svg()
        for colour in ["#0000ff", "#00ff00", "#123456", "#ff0000"] { #expect(map.contains("fill=\"\(colour)\""), "\(colour)") }
        #expect(!map.contains("fill=\"#eeeeee\""))
        // A filtered subset is classed afresh.
        let subset = VectorFile(name: "sq", layer: { var l = Self.layer(); l.features.removeFirst(); return l }(), source: "test",
                                style: file.style, rules: file.rules)
        #expect(subset.style?.perFeature?.values.map(\.fill) == [hex("#00ff00"), hex("#123456"), hex("#ff0000")])
    }

    @Test func legendShowsTheClasses() throws {
        let sidecar = try VectorStyle.parse(Data(Self.sidecar.utf8))
        let file = VectorFile(name: "sq", layer: Self.layer(), source: "test", style: sidecar.style, rules: sidecar.rules)
        let legend = try #require(GraticuleServer(configuration: ServerConfiguration()).legend(of: .features(file)))
        guard case let .classes(classes, _) = legend else { Issue.record("\(legend)"); return }
        #expect(classes.map(\.title) == ["Big", "B", "Others"])
        let image = GraticuleServer.legendImage(legend, width: 20, height: 20, labels: false)
        #expect(image.height == 3 * 20 + 2 * GraticuleServer.LegendLayout.gap)
        let row = 20 + GraticuleServer.LegendLayout.gap
        #expect(image.pixel(x: 10, y: 10) == SIMD4(255, 0, 0, 255))
        #expect(image.pixel(x: 10, y: row + 10) == SIMD4(0, 255, 0, 255))
        #expect(image.pixel(x: 10, y: 2 * row + 10) == SIMD4(0, 0, 255, 255))
        let labelled = GraticuleServer.legendImage(legend, width: 20, height: 20, labels: true)
        #expect(labelled.width > 20 + BitmapFont.fixed6x13.width(of: "Others"))
    }

    @Test(arguments: [
        (##"{"rules": [{"filter": "n >"}]}"##, "rule 1: CQL2 text parse error at offset 3"),
        (##"{"rules": [{"title": "x", "fill": "#ff0000"}, {"title": "bad", "fil": "#00ff00"}]}"##, "rule 2 (bad): unknown key fil"),
        (##"{"rules": {"filter": "n > 1"}}"##, "rules: expected a list"),
        (##"{"rules": [{"filter": 3}]}"##, "filter: expected CQL2 text"),
        // Labels (LabelTests).
        (##"{"label": 5}"##, "label: expected a property name"),
        (##"{"label": "name", "label-color": "pink-ish"}"##, "label-color: pink-ish is not a colour"),
        (##"{"label-color": "#000"}"##, "label-color without label"),
    ])
    func badStyles(_ json: String, _ message: String) {
        #expect {
            _ = try VectorStyle.parse(Data(json.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// Read by the catalog from a directory: the rules class the file's features; a rule naming
    /// a property the file lacks leaves the whole style out (the file in the map's colours).
    @Test func catalogReadsTheRules() throws {
        let (catalog, dir) = try Self.catalog([
            "s.geojson": VectorCatalogReloadTests.square(["A", "B"]),
            "s.style.json": ##"{"rules": [{"filter": "name = 'B'", "fill": "#00ff00"}]}"##,
            "t.geojson": VectorCatalogReloadTests.square(["C"]),
            "t.style.json": ##"{"fill": "#ff0000", "rules": [{"filter": "kind = 'x'"}]}"##,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let values = try #require(catalog.files["s"]?.style?.perFeature?.values)
        #expect(values.map { $0.fill == nil } == [true, false])
        #expect(catalog.files["t"] != nil && catalog.files["t"]?.style == nil)
    }

    /// A vector catalog over a new directory holding `files` (name → text); remove the directory after.
    static func catalog(_ files: [String: String]) throws -> (VectorCatalog, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return (VectorCatalog(directories: [dir], taken: [], catalog: TransformationCatalog(registry: try Registry.shared, grids: GridStore())), dir)
    }

    /// A rule naming a property the file does not have leaves the whole style out, with a warning.
    @Test func unknownPropertiesAreNamed() throws {
        let sidecar = try VectorStyle.parse(Data(##"{"rules": [{"title": "T", "filter": "population > 5", "fill": "#ff0000"}]}"##.utf8))
        #expect {
            _ = try VectorStyle.classes(sidecar.rules, Self.layer())
        } throws: { error in
            "\(error)".contains("rule 1 (T): unknown property \"population\"")
        }
    }
}
