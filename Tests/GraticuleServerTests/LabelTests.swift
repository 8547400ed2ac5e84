import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import GraticuleRender
@testable import GraticuleServer
import GraticuleTransform
import Testing

/// Labels of vector files (`label` in the style file): written at each feature's label point,
/// larger polygons first, overlapping ones left out. Places follow from the definitions: on a
/// 400 × 200 map of 0…40° × 0…20° (EPSG:4326, 10 px per degree), longitude λ is pixel x 10λ and
/// latitude φ pixel y 200 − 10φ.
@Suite struct LabelTests {
    @Test func placerLeavesOutWhatMeetsOrDoesNotFit() {
        var placer = LabelPlacer(gap: 2)
        // "AB" is 12 × 13 px: centred on (50, 50) its text spans x 44…56, y 43…56 (rounded).
        #expect(placer.place(MapLabel(text: "AB", x: 50, y: 50), width: 100, height: 100)! == (44, 44))
        #expect(placer.place(MapLabel(text: "CD", x: 60, y: 52), width: 100, height: 100) == nil)  // meets it
        #expect(placer.place(MapLabel(text: "CD", x: 50, y: 68), width: 100, height: 100) != nil)  // below it, 2 px apart
        #expect(placer.place(MapLabel(text: "EF", x: 3, y: 50), width: 100, height: 100) == nil)  // off the left side
        #expect(placer.place(MapLabel(text: "EF", x: 90, y: 95), width: 100, height: 100) == nil)  // off the bottom
        #expect(placer.place(MapLabel(text: "", x: 20, y: 20), width: 100, height: 100) == nil)
        #expect(placer.place(MapLabel(text: "x", x: .nan, y: 20), width: 100, height: 100) == nil)
    }

    static func squares() -> FeatureLayer {
        // A big square (0…20°) and a small one (22…26°, 2…6°), and a point at (35°, 15°).
        let schema = LayerSchema(fields: [FieldDefinition(name: "name", type: .string)], geometryType: .unknown)
        func square(_ x0: Double, _ y0: Double, _ s: Double) -> Geometry {
            .polygon(Polygon(rings: [[SIMD2(x0, y0), SIMD2(x0 + s, y0), SIMD2(x0 + s, y0 + s), SIMD2(x0, y0 + s), SIMD2(x0, y0)]]))
        }
        return FeatureLayer(name: "l", schema: schema, features: [
            Feature(geometry: square(22, 2, 4), attributes: [.string("Small")]),
            Feature(geometry: square(0, 0, 20), attributes: [.string("Big")]),
            Feature(geometry: .point(Point(x: 35, y: 15)), attributes: [.string("P")]),
        ])
    }

    static func map(_ file: VectorFile) throws -> Canvas {
        let server = try GraticuleServer(configuration: ServerConfiguration())
        let request = MapRequest(spatialReference: try SpatialReference(wkid: 4326), extent: RasterExtent(xMin: 0, yMin: 0, xMax: 40, yMax: 20),
                                 width: 400, height: 200, layers: [.features(file)])
        return try server.composeMap(request)
    }

    /// Pixels of the label colour within a box.
    static func inked(_ c: Canvas, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ colour: SIMD4<UInt8>) -> Int {
        var n = 0
        for y in y0..<y1 { for x in x0..<x1 where c.pixel(x: x, y: y) == colour { n += 1 } }
        return n
    }

    @Test func labelsAreWrittenAtTheirPoints() throws {
        let sidecar = try VectorStyle.parse(Data(##"{"label": "name", "label-color": "#ff00ff"}"##.utf8))
        let file = VectorFile(name: "l", layer: Self.squares(), source: "test", style: sidecar.style, label: sidecar.label)
        #expect(file.labelPoints.map(\.text) == ["Big", "Small", "P"])  // larger polygons first
        let labelled = try Self.map(file)
        let plain = try Self.map(VectorFile(name: "l", layer: Self.squares(), source: "test", style: sidecar.style))
        let magenta = SIMD4<UInt8>(255, 0, 255, 255)
        // "Big" (18 × 13 px) at the big square's inside point (10°, 10°): pixel (100, 100); "Small" (30 px wide) at
        // (24°, 4°): (240, 160); "P" above the point (35°, 15°), pixel (350, 50): its box's centre 6.5 + 3 (the dot's
        // radius) + 2 px higher, (350, 38.5), so its text spans y 32…45. Nowhere else.
        #expect(Self.inked(labelled, 85, 90, 115, 110, magenta) > 20)
        #expect(Self.inked(labelled, 223, 150, 257, 170, magenta) > 20)
        #expect(Self.inked(labelled, 343, 30, 357, 46, magenta) > 5)
        #expect(Self.inked(plain, 0, 0, 400, 200, magenta) == 0)
        #expect(Self.inked(labelled, 0, 0, 400, 200, magenta) == Self.inked(labelled, 85, 90, 115, 110, magenta)
                + Self.inked(labelled, 223, 150, 257, 170, magenta) + Self.inked(labelled, 343, 30, 357, 46, magenta))
        // A filtered subset keeps its labels.
        var subset = Self.squares()
        subset.features.removeFirst()
        let filtered = VectorFile(name: "l", layer: subset, source: "test", style: file.style, rules: file.rules, label: file.label)
        #expect(filtered.labelPoints.map(\.text) == ["Big", "P"])
    }

    /// A label naming a property the file lacks leaves the style out (the catalog warns).
    @Test func catalogChecksTheLabel() throws {
        let (catalog, dir) = try StyleRulesTests.catalog([
            "s.geojson": VectorCatalogReloadTests.square(["A"]), "s.style.json": ##"{"label": "name"}"##,
            "t.geojson": VectorCatalogReloadTests.square(["B"]), "t.style.json": ##"{"label": "title"}"##,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(catalog.files["s"]?.labelPoints.map(\.text) == ["A"])
        #expect(catalog.files["t"] != nil && catalog.files["t"]?.label == nil)
    }
}
