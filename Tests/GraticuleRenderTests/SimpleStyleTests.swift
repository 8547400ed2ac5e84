import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// A feature's own simplestyle-spec 1.1.0 properties (`fill`, `stroke`, `stroke-width`,
/// `fill-opacity`, `stroke-opacity`, `marker-color`, `marker-size`), as GitHub and geojson.io
/// draw a GeoJSON file's: they colour that feature over its layer's style, in a prepared layer
/// and a plain one, polygons, lines and points, with the pixel ratio; a bad value is a warning.
@Suite struct SimpleStyleTests {
    static let fields = ["fill", "fill-opacity", "stroke", "stroke-width", "marker-color", "marker-size"]

    /// Four squares side by side along the equator (A red, B unstyled, C green half opaque
    /// with a 2 px blue outline, D with a colour that is not one), a line in `#ff8800` 3 px wide,
    /// an unstyled line, a large black point and an unstyled point.
    static func layer() throws -> FeatureLayer {
        let schema = LayerSchema(fields: fields.map { FieldDefinition(name: $0, type: $0.contains("width") || $0.contains("opacity") ? .real : .string) },
                                 geometryType: .unknown, spatialReference: try SpatialReference(text: "EPSG:4326"))
        func square(_ x: Double) -> Geometry {
            .polygon(Polygon(rings: [[SIMD2(x, -10), SIMD2(x, 10), SIMD2(x + 20, 10), SIMD2(x + 20, -10)]]))
        }
        func attributes(_ values: [String: AttributeValue]) -> [AttributeValue] { fields.map { values[$0] ?? .null } }
        return FeatureLayer(name: "styled", schema: schema, features: [
            Feature(geometry: square(-40), attributes: attributes(["fill": .string("#ff0000")])),
            Feature(geometry: square(-20), attributes: attributes([:])),
            Feature(geometry: square(0), attributes: attributes(["fill": .string("00ff00"), "fill-opacity": .real(0.5),
                                                                 "stroke": .string("#00f"), "stroke-width": .real(2)])),
            Feature(geometry: square(20), attributes: attributes(["fill": .string("blue")])),
            Feature(geometry: .polyline(Polyline(paths: [[SIMD2(-100, 40), SIMD2(-60, 40)]])),
                    attributes: attributes(["stroke": .string("#ff8800"), "stroke-width": .integer(3)])),
            Feature(geometry: .polyline(Polyline(paths: [[SIMD2(-100, 50), SIMD2(-60, 50)]])), attributes: attributes([:])),
            Feature(geometry: .point(Point(x: 100, y: 40)), attributes: attributes(["marker-color": .string("#000000"),
                                                                                    "marker-size": .string("large")])),
            Feature(geometry: .point(Point(x: 120, y: 40)), attributes: attributes([:])),
        ])
    }

    @Test func valuesGoOverTheLayerStyle() throws {
        var s = SimpleStyle()
        try s.set("fill", text: "#336699", number: nil)
        try s.set("fill-opacity", text: nil, number: 0.5)
        try s.set("stroke-width", text: nil, number: 2)
        try s.set("marker-size", text: "small", number: nil)
        let base = FeatureStyle(fill: .white, stroke: MapColor(red: 1, green: 2, blue: 3, alpha: 200), strokeWidth: 1)
        let out = s.applied(to: base, ratio: 2)
        #expect(out.fill == MapColor(red: 0x33, green: 0x66, blue: 0x99, alpha: 128))  // 255 × 0.5 rounded
        #expect(out.stroke == base.stroke && out.strokeWidth == 4 && out.pointRadius == 4)
        var opacityOnly = SimpleStyle()
        try opacityOnly.set("stroke-opacity", text: nil, number: 0.5)
        #expect(opacityOnly.applied(to: base).stroke.alpha == 100)  // the layer colour's alpha, halved
        #expect(SimpleStyle().applied(to: base) == base && SimpleStyle().isEmpty)
        for (key, text, number, words) in [("fill", "blue", nil, "not a colour"), ("stroke-width", nil, 25.0, "0.0…20.0"),
                                           ("fill-opacity", "half", nil, "not a number"), ("marker-size", "huge", nil, "small, medium or large"),
                                           ("marker-symbol", "bus", nil, "not one of circle, square, triangle, star, cross"),
                                           ("marker-colour", "#000", nil, "unknown key")] as [(String, String?, Double?, String)] {
            var t = SimpleStyle()
            #expect(throws: GraticuleError.self) { try t.set(key, text: text, number: number) }
            do { try t.set(key, text: text, number: number) } catch {
                #expect(error.description.contains(key) && error.description.contains(words), "\(error)")
            }
        }
    }

    @Test(arguments: [false, true])
    func featuresTakeTheirOwnColours(_ prepared: Bool) throws {
        let layer = try Self.layer()
        let sr = try SpatialReference(text: "EPSG:4326")
        let mapLayer: MapLayer = prepared ? .preparedFeatures(BuiltInLayer(name: "styled", layer: layer, provenance: "")) : .features(layer)
        let r = try MapRenderer(spatialReference: sr, width: 720, height: 360, layers: [mapLayer], style: MapStyle.standard.scaled(by: 2))
        let scene = try r.scene()
        let base = FeatureStyle(MapStyle.standard)
        let polygons = scene.items.filter { $0.closed && $0.layer == "styled" }
        #expect(polygons.map(\.fill) == [MapColor(red: 255, green: 0, blue: 0), base.fill,
                                         MapColor(red: 0, green: 255, blue: 0, alpha: 128), base.fill])
        #expect(polygons.map(\.stroke) == [base.stroke, base.stroke, MapColor(red: 0, green: 0, blue: 255), base.stroke])
        #expect(polygons.map(\.strokeWidth) == [1.5, 1.5, 4, 1.5])  // the map's pixel ratio, 2
        let lines = scene.items.filter { !$0.closed }
        #expect(lines.map(\.stroke) == [MapColor(red: 255, green: 0x88, blue: 0), base.stroke] && lines.map(\.strokeWidth) == [6, 1.5])
        let dots = scene.items.filter { $0.layer == "points" }
        #expect(dots.map(\.fill) == [.black, MapStyle.standard.pointFill])
        let widths = dots.map { d in d.paths[0].map(\.x).max()! - d.paths[0].map(\.x).min()! }
        #expect(abs(widths[0] - 20) < 1e-9 && abs(widths[1] - 12) < 1e-9)  // radius 5 and 3, times 2
        #expect(scene.warnings.filter { $0.contains("styled feature 3: fill: blue is not a colour") }.count == 1, "\(scene.warnings)")
        // The PNG: the squares' middles in their colours over the white background (0.5° a
        // pixel: x = (lon + 180) × 2), and no seam of background between A and B.
        let canvas = MapRenderer.canvas(of: scene)
        #expect(canvas.pixel(x: 2 * (180 - 30), y: 180) == SIMD4(255, 0, 0, 255))
        let c = canvas.pixel(x: 2 * (180 + 10), y: 180)  // half green over white
        #expect((127...128).contains(c.x) && c.y == 255 && c.x == c.z && c.w == 255, "\(c)")
        let seam = (170...190).map { canvas.pixel(x: 2 * (180 - 20), y: $0) }
        #expect(!seam.contains(SIMD4(255, 255, 255, 255)), "\(seam)")
    }

    /// `marker-symbol` draws a point as that shape: the outlines follow from their definitions
    /// (a square of side 2r; a triangle and a star with their points on the circle of radius
    /// r, point up; a cross of bars 2r/3 wide), and on a map of 1 px per degree a large (r = 5)
    /// square at (0°, 0°) fills the pixel at its corner, (175, 85), which the disc leaves out.
    @Test func markerSymbols() throws {
        let c = SIMD2<Double>(10, 20)
        #expect(MarkerShape.square.outline(at: c, radius: 2) == [SIMD2(8, 18), SIMD2(12, 18), SIMD2(12, 22), SIMD2(8, 22)])
        let triangle = MarkerShape.triangle.outline(at: c, radius: 2)
        let expected: [SIMD2<Double>] = [SIMD2(10, 18), SIMD2(10 + 3.0.squareRoot(), 21), SIMD2(10 - 3.0.squareRoot(), 21)]
        #expect(zip(triangle, expected).allSatisfy { abs($0.x - $1.x) < 1e-12 && abs($0.y - $1.y) < 1e-12 } && triangle.count == 3)
        let star = MarkerShape.star.outline(at: c, radius: 2)
        #expect(star.count == 10 && abs(star[0].y - 18) < 1e-12 && abs(((star[1] - c) * (star[1] - c)).sum().squareRoot() - 0.8) < 1e-12)
        let cross = MarkerShape.cross.outline(at: c, radius: 3)
        #expect(cross.count == 12 && cross.contains(SIMD2(9, 17)) && cross.contains(SIMD2(13, 21)) && !cross.contains(SIMD2(13, 17)))

        var s = SimpleStyle()
        try s.set("marker-symbol", text: "square", number: nil)
        #expect(s.applied(to: FeatureStyle(MapStyle.standard)).pointShape == .square)
        let schema = LayerSchema(fields: [FieldDefinition(name: "marker-symbol", type: .string), FieldDefinition(name: "marker-size", type: .string),
                                          FieldDefinition(name: "marker-color", type: .string)],
                                 geometryType: .point, spatialReference: try SpatialReference(text: "EPSG:4326"))
        func pixel(_ symbol: String) throws -> SIMD4<UInt8> {
            let layer = FeatureLayer(name: "p", schema: schema, features: [
                Feature(geometry: .point(Point(x: 0, y: 0)), attributes: [.string(symbol), .string("large"), .string("#000000")]),
            ])
            let r = try MapRenderer(spatialReference: try SpatialReference(text: "EPSG:4326"), width: 360, height: 180,
                                    layers: [.features(layer)])
            return MapRenderer.canvas(of: try r.scene()).pixel(x: 175, y: 85)
        }
        #expect(try pixel("square") == SIMD4(0, 0, 0, 255))
        #expect(try pixel("circle") == MapStyle.standard.background.rgba)
    }
}
