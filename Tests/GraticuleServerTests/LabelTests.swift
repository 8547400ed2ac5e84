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

    /// A tile's labels are placed over its whole zoom level: a label across the edge of two
    /// tiles is written in both, each its own part, the parts together what a map of the whole
    /// level shows (before, each tile left it out as not fitting). WorldCRS84Quad level 0 is two
    /// tiles of 180°, 256 px each: the point (0°, 45°) is on their common edge, its label
    /// "Straddle" (48 px wide) spans x 232…280 of the level.
    @Test func labelsCrossTileEdges() throws {
        let schema = LayerSchema(fields: [FieldDefinition(name: "name", type: .string)], geometryType: .point)
        let layer = FeatureLayer(name: "p", schema: schema, features: [Feature(geometry: .point(Point(x: 0, y: 45)), attributes: [.string("Straddle")])])
        let sidecar = try VectorStyle.parse(Data(##"{"label": "name", "label-color": "#ff00ff"}"##.utf8))
        let file = VectorFile(name: "p", layer: layer, source: "test", style: sidecar.style, label: sidecar.label)
        let server = try GraticuleServer(configuration: ServerConfiguration())
        let crs84 = try SpatialReference(text: "OGC:CRS84")
        let set = WMTSMatrixSet.worldCRS84Quad
        func tile(_ column: Int, labelled: Bool = true) throws -> Canvas {
            var request = MapRequest(spatialReference: crs84, extent: set.extent(z: 0, row: 0, column: column), width: 256, height: 256,
                                     layers: [.features(file)])
            if labelled { request.labelCanvas = set.labelCanvas(z: 0, row: 0, column: column, pixelRatio: 1) }
            return try server.composeMap(request)
        }
        let whole = try server.composeMap(MapRequest(spatialReference: crs84, extent: RasterExtent(xMin: -180, yMin: -90, xMax: 180, yMax: 90),
                                                     width: 512, height: 256, layers: [.features(file)]))
        let magenta = SIMD4<UInt8>(255, 0, 255, 255)
        let (left, right) = (try tile(0), try tile(1))
        let leftInk = Self.inked(left, 228, 0, 256, 256, magenta), rightInk = Self.inked(right, 0, 0, 28, 256, magenta)
        #expect(leftInk > 10 && rightInk > 10)
        #expect(leftInk == Self.inked(whole, 228, 0, 256, 256, magenta) && rightInk == Self.inked(whole, 256, 0, 284, 256, magenta))
        #expect(Self.inked(left, 0, 0, 228, 256, magenta) == 0 && Self.inked(right, 28, 0, 256, 256, magenta) == 0)
        // Maps that are not tiles keep to themselves: neither half writes it.
        #expect(Self.inked(try tile(0, labelled: false), 0, 0, 256, 256, magenta) == 0)
    }

    /// SVG maps carry the same labels as `<text>`: centred where the bitmap font's box is
    /// centred ("Big", 18 × 13 px at the square's centre (100, 100): its box from (91, 94), the
    /// rounded top-left), text escaped.
    @Test func svgLabels() throws {
        let sidecar = try VectorStyle.parse(Data(##"{"label": "name", "label-color": "#ff00ff"}"##.utf8))
        let file = VectorFile(name: "l", layer: Self.squares(), source: "test", style: sidecar.style, label: sidecar.label)
        let server = try GraticuleServer(configuration: ServerConfiguration())
        let request = MapRequest(spatialReference: try SpatialReference(wkid: 4326), extent: RasterExtent(xMin: 0, yMin: 0, xMax: 40, yMax: 20),
                                 width: 400, height: 200, layers: [.features(file)])
        let labels = try server.labels(request)
        #expect(labels.map(\.text) == ["Big", "Small", "P"])
        #expect(labels.first.map { [$0.x, $0.y] } == [91, 94])
        let scene = try server.vectorRenderer([], request, background: .transparent).scene(pairingEdges: false)
        let svg = MapRenderer.svg(of: scene, labels: labels + [PlacedLabel(text: "a<b&c", x: 10, y: 10, color: SIMD4(0, 0, 0, 128))])
        #expect(svg.contains(##"<text x="100" y="100.5" fill="#ff00ff">Big</text>"##))
        #expect(svg.contains(##"<text x="25" y="16.5" fill="#000000" fill-opacity="0.502">a&lt;b&amp;c</text>"##))
        #expect(svg.contains(#"<g class="labels""#) && svg.hasSuffix("</g>\n</svg>\n"))
    }

    /// At a pixel ratio of 2 (HiDPI tiles, 192 dpi) labels are written twice as large, each bit
    /// of the font a 2 × 2 square: four times the ink, in a box twice as wide and high, on the
    /// same places of the map.
    @Test func hiDPILabelsScale() throws {
        let sidecar = try VectorStyle.parse(Data(##"{"label": "name", "label-color": "#ff00ff"}"##.utf8))
        let file = VectorFile(name: "l", layer: Self.squares(), source: "test", style: sidecar.style, label: sidecar.label)
        let server = try GraticuleServer(configuration: ServerConfiguration())
        func map(_ ratio: Double) throws -> Canvas {
            var request = MapRequest(spatialReference: try SpatialReference(wkid: 4326), extent: RasterExtent(xMin: 0, yMin: 0, xMax: 40, yMax: 20),
                                     width: Int(400 * ratio), height: Int(200 * ratio), layers: [.features(file)])
            request.pixelRatio = ratio
            return try server.composeMap(request)
        }
        let magenta = SIMD4<UInt8>(255, 0, 255, 255)
        let (one, two) = (try map(1), try map(2))
        // "Big": 18 × 13 px centred on (100, 100); at 2×, 36 × 26 centred on (200, 200).
        let ink1 = Self.inked(one, 85, 90, 115, 110, magenta), ink2 = Self.inked(two, 170, 180, 230, 220, magenta)
        #expect(ink1 > 20 && ink2 == 4 * ink1)
        var xs: [Int] = [], ys: [Int] = []
        for y in 170..<230 { for x in 170..<230 where two.pixel(x: x, y: y) == magenta { xs.append(x); ys.append(y) } }
        #expect(xs.min()! >= 182 && xs.max()! < 218 && ys.min()! >= 187 && ys.max()! < 213)
    }
}
