import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// Bad input: NaN and huge coordinates and degenerate rings are skipped with a warning, never a
/// crash or a flooded map; bad sizes, extents and layer names are errors; the SVG is well-formed.
@Suite struct RenderInputTests {
    static func layer(_ polygons: [[[SIMD2<Double>]]]) -> FeatureLayer {
        let schema = LayerSchema(fields: [], geometryType: .polygon, spatialReference: nil)
        return FeatureLayer(name: "input", schema: schema,
                            features: polygons.map { Feature(geometry: .polygon(Polygon(rings: $0)), attributes: []) })
    }

    /// World maps, registry CRSs drawn whole, and CRSs on other datums (OSGB 1936, NZGD49, NAD27,
    /// ED50, NTF (Paris): the input goes through a datum shift first).
    static let spatialReferences = worldSpatialReferences + registrySpatialReferences + ["EPSG:26710", "EPSG:23031", "EPSG:27572"]

    @Test(arguments: spatialReferences)
    func badCoordinatesAreSkipped(_ crs: String) throws {
        let good: [SIMD2<Double>] = [SIMD2(10, 10), SIMD2(20, 10), SIMD2(20, 20), SIMD2(10, 20), SIMD2(10, 10)]
        let polygons: [[[SIMD2<Double>]]] = [
            [[SIMD2(0, 0), SIMD2(.nan, 5), SIMD2(5, 5), SIMD2(5, 0), SIMD2(0, 0)]],
            [[SIMD2(0, 0), SIMD2(1e300, 5), SIMD2(5, 5), SIMD2(0, 0)]],
            [[SIMD2(0, 0), SIMD2(.infinity, -.infinity), SIMD2(0, 0)]],
            [[SIMD2(30, 30), SIMD2(31, 31), SIMD2(30, 30)]],
            [[SIMD2(40, 40), SIMD2(40, 40), SIMD2(40, 40), SIMD2(40, 40)]],
            [[SIMD2(0, 95), SIMD2(10, 95), SIMD2(10, 100), SIMD2(0, 95)]],
            [[]],
            // Collinear (zero area) and a ring of one repeated NaN.
            [[SIMD2(-20, 0), SIMD2(-10, 0), SIMD2(0, 0), SIMD2(-20, 0)]],
            [[SIMD2(.nan, .nan), SIMD2(.nan, .nan), SIMD2(.nan, .nan), SIMD2(.nan, .nan)]],
            // Huge but finite, and beyond the longitude limit.
            [[SIMD2(-1e308, -1e308), SIMD2(1e308, -1e308), SIMD2(1e308, 1e308), SIMD2(-1e308, -1e308)]],
            [[SIMD2(5000, 10), SIMD2(5010, 10), SIMD2(5010, 20), SIMD2(5000, 10)]],
            [good],
        ]
        let r = try MapRenderer(spatialReference: SpatialReference(text: crs), width: 400, height: 200,
                                layers: [.features(Self.layer(polygons)), .outline])
        let scene = try r.scene()
        #expect(scene.warnings.count >= 7, "\(crs): \(scene.warnings)")
        let filled = scene.items.filter { $0.layer == "input" }
        let total = filled.reduce(0.0) { $0 + abs(RenderTestSupport.area($1.paths)) }
        #expect(total < 0.05 * 400 * 200, "\(crs): bad input filled \(total) px²")
        // In pixels too: the painted map is not flooded (nothing but the good square is input).
        let canvas = MapRenderer.canvas(of: MapScene(width: scene.width, height: scene.height, background: scene.background,
                                                     items: filled, warnings: []))
        let fill = MapStyle.standard.countryFill.rgba
        var painted = 0
        let rgba = canvas.rgba
        for k in 0..<(400 * 200) where rgba[4 * k] == fill[0] && rgba[4 * k + 1] == fill[1] && rgba[4 * k + 2] == fill[2] {
            painted += 1
        }
        #expect(painted < 400 * 200 / 20, "\(crs): bad input painted \(painted) pixels")
        _ = try r.svg()
    }

    /// A ring without area in the data is reported; rings the map's resolution reduces to no area
    /// (islands under a pixel on a world map of the 1:10m countries, 25 of them in Web Mercator
    /// at 1024 × 512: the Maldives' atolls, Tuvalu) are dropped quietly, as rings simplified to
    /// fewer than three vertices are.
    @Test func zeroAreaIsReportedForTheDataNotForTheScale() throws {
        let sr = try SpatialReference(text: "EPSG:3857")
        let world = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.high)])
        let warnings = try world.scene().warnings
        #expect(!warnings.contains { $0.contains("zero area") }, "\(warnings.prefix(5))")
        let collinear: [[[SIMD2<Double>]]] = [[[SIMD2(-20, 0), SIMD2(-10, 0), SIMD2(0, 0), SIMD2(-20, 0)]]]
        let r = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.features(Self.layer(collinear))])
        #expect(try r.scene().warnings.contains { $0.contains("zero area") })
    }

    /// Lines and points with NaN, infinite or huge coordinates: skipped with a warning; the good
    /// ones still drawn.
    @Test(arguments: ["EPSG:4326", "ESRI:54052", "EPSG:27700", "EPSG:26710"])
    func badLinesAndPointsAreSkipped(_ crs: String) throws {
        let schema = LayerSchema(fields: [], geometryType: .polyline, spatialReference: nil)
        let lines: [[SIMD2<Double>]] = [
            [SIMD2(-100, 40), SIMD2(.nan, 41), SIMD2(-90, 42)],
            [SIMD2(.infinity, 0), SIMD2(-.infinity, 0)],
            [SIMD2(1e300, 1e300), SIMD2(-1e300, 0)],
            [SIMD2(-3, 52), SIMD2(-1, 53)],
        ]
        var features = lines.map { Feature(geometry: .polyline(Polyline(paths: [$0])), attributes: []) }
        features.append(Feature(geometry: .point(Point(x: .nan, y: 10)), attributes: []))
        features.append(Feature(geometry: .point(Point(x: 10, y: 1e300)), attributes: []))
        let layer = FeatureLayer(name: "input", schema: schema, features: features)
        let r = try MapRenderer(spatialReference: SpatialReference(text: crs), width: 400, height: 200, layers: [.features(layer)])
        let scene = try r.scene()
        #expect(scene.warnings.count >= 3, "\(crs): \(scene.warnings)")
        #expect(scene.items.filter { $0.layer == "points" }.isEmpty)
        for item in scene.items {
            for path in item.paths {
                #expect(path.allSatisfy { $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e7 && abs($0.y) < 1e7 })
            }
        }
        _ = try r.svg()
    }

    @Test func badArgumentsAreErrors() throws {
        let sr = try SpatialReference(text: "EPSG:4326")
        #expect(throws: GraticuleError.self) { try MapRenderer(spatialReference: sr, width: 0, height: 10) }
        #expect(throws: GraticuleError.self) { try MapRenderer(spatialReference: sr, width: 100_000, height: 10) }
        #expect(throws: GraticuleError.self) {
            try MapRenderer(spatialReference: sr, extent: Envelope(xMin: 10, yMin: 0, xMax: 0, yMax: 10), width: 10, height: 10)
        }
        #expect(throws: GraticuleError.self) {
            try MapRenderer(spatialReference: sr, extent: Envelope(xMin: .nan, yMin: 0, xMax: 0, yMax: 10), width: 10, height: 10)
        }
        #expect(throws: GraticuleError.self) { try MapLayer.parse("countries,lakes") }
        #expect(try MapLayer.parse("countries110, graticule:15,outline")
                == [.countries(.low), .graticule(stepDegrees: 15), .outline])
    }

    /// The SVG is well-formed XML (every element closed, attributes quoted, text escaped) with the
    /// layers in order.
    @Test func svgIsWellFormed() throws {
        var style = MapStyle.standard
        style.selectedCountries = ["FRA"]
        let r = try MapRenderer(spatialReference: SpatialReference(text: "ESRI:54052"), width: 800, height: 400,
                                layers: [.countries(.low), .graticule(stepDegrees: 30), .outline,
                                         .points([MapPoint(longitude: 2.35, latitude: 48.85, label: "Paris <&>")])],
                                style: style)
        let svg = try r.svg()
        try XMLCheck.wellFormed(svg)
        let order = ["class=\"sphere\"", "class=\"countries\"", "class=\"graticule\"", "class=\"outline\"", "class=\"points\""]
        let positions = try order.map { try #require(svg.range(of: $0)?.lowerBound, "\($0) missing") }
        #expect(positions == positions.sorted())
        #expect(svg.contains("<path id=\"FRA\"") && svg.contains("fill=\"\(style.selectionFill.svgHex)\""))
        #expect(svg.contains("Paris &lt;&amp;&gt;"))
        #expect(svg.contains("<title>France</title>"))
    }
}

/// A small XML well-formedness check (elements nest and close, attributes are quoted, no raw `<`
/// or `&` in text): enough for what the SVG writer emits.
enum XMLCheck {
    struct Malformed: Error, CustomStringConvertible { let description: String }

    static func wellFormed(_ text: String) throws {
        let b = Array(text.utf8)
        var stack: [String] = []
        var i = 0
        var roots = 0
        func fail(_ m: String) -> Malformed { Malformed(description: "\(m) at byte \(i)") }
        while i < b.count {
            if b[i] == UInt8(ascii: "<") {
                guard let end = b[i...].firstIndex(of: UInt8(ascii: ">")) else { throw fail("unclosed tag") }
                let tag = String(decoding: b[(i + 1)..<end], as: UTF8.self)
                if tag.hasPrefix("?") {
                    guard tag.hasSuffix("?") else { throw fail("bad declaration") }
                } else if tag.hasPrefix("/") {
                    guard stack.popLast() == String(tag.dropFirst()) else { throw fail("mismatched </\(tag.dropFirst())>") }
                } else {
                    let selfClosing = tag.hasSuffix("/")
                    let body = selfClosing ? String(tag.dropLast()) : tag
                    let name = String(body.prefix { !$0.isWhitespace })
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" }) else {
                        throw fail("bad element name \(name)")
                    }
                    // Attributes: name="value" pairs.
                    var rest = Substring(body.dropFirst(name.count))
                    while true {
                        rest = rest.drop { $0.isWhitespace }
                        if rest.isEmpty { break }
                        guard let eq = rest.firstIndex(of: "=") else { throw fail("attribute without value in <\(name)>") }
                        let after = rest[rest.index(after: eq)...]
                        guard after.first == "\"", let close = after.dropFirst().firstIndex(of: "\"") else {
                            throw fail("unquoted attribute in <\(name)>")
                        }
                        let value = after[after.index(after: after.startIndex)..<close]
                        if value.contains("<") { throw fail("< in attribute") }
                        rest = after[after.index(after: close)...]
                    }
                    if stack.isEmpty { roots += 1 }
                    if !selfClosing { stack.append(name) }
                }
                i = end + 1
            } else {
                if b[i] == UInt8(ascii: "&") {
                    let entity = String(decoding: b[i..<min(b.count, i + 6)], as: UTF8.self)
                    guard ["&amp;", "&lt;", "&gt;", "&quot;"].contains(where: { entity.hasPrefix($0) }) else {
                        throw fail("raw & in text")
                    }
                }
                i += 1
            }
        }
        guard stack.isEmpty else { throw Malformed(description: "unclosed elements \(stack)") }
        guard roots == 1 else { throw Malformed(description: "\(roots) root elements") }
    }
}
