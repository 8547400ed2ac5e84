import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// Common borders of a polygon layer: paired once per scale (`SharedBorders`), left out when a
/// paint group is painted in one pass (`EdgeSkips`, `Canvas.fillAndHairline`), and kept the
/// same along both rings by the simplification (`SphereInput`).
@Suite struct SharedBordersTests {
    /// Two unit squares side by side, both counter-clockwise (y up): the left one's right side
    /// runs up, the right one's left side down.
    static let squares: [[[SIMD2<Double>]]] = [
        [[SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]],
        [[SIMD2(1, 0), SIMD2(2, 0), SIMD2(2, 1), SIMD2(1, 1)]],
    ]

    @Test func reversedEdgesArePairedOnce() {
        let shared = SharedBorders(rings: Self.squares)
        #expect(shared.ringCount == 2)
        // The left square's edge ending at (1, 1) is point 2's; the right one's edge from (1, 1)
        // to (1, 0) is its closing edge, point 0's. The first met keeps its stroke.
        #expect(Array(shared.twins(ofRing: 0)) == [0, 0, 2 << 1, 0])
        #expect(Array(shared.twins(ofRing: 1)) == [1 << 1 | 1, 0, 0, 0])
    }

    @Test func edgesWithoutOneReverseStayUnpaired() {
        let p = SIMD2(0.0, 0.0), q = SIMD2(4.0, 0.0)
        // The same direction twice (overlapping rings): no pair.
        let same = SharedBorders(rings: [[[p, q, SIMD2(2, 3)]], [[p, q, SIMD2(2, -3)]]])
        #expect(same.twins(ofRing: 0).allSatisfy { $0 == 0 } && same.twins(ofRing: 1).allSatisfy { $0 == 0 })
        // One edge and two reverses: one pair, the third edge stays drawn.
        let three = SharedBorders(rings: [[[p, q, SIMD2(2, 3)]], [[q, p, SIMD2(2, -3)]], [[q, p, SIMD2(2, -5)]]])
        let paired = (0..<3).map { three.twins(ofRing: $0).filter { $0 != 0 }.count }
        #expect(paired == [1, 1, 0])
    }

    @Test func skipsNeedTheTwinWholeInTheSameGroup() {
        let shared = SharedBorders(rings: Self.squares)
        let left = Self.squares[0], right = Self.squares[1]
        #expect(shared.skips(rings: [0], pathCounts: left.map(\.count), group: [0, 0]) == [0, 0, EdgeSkips.fill, 0])
        #expect(shared.skips(rings: [1], pathCounts: right.map(\.count), group: [0, 0])
            == [EdgeSkips.fill | EdgeSkips.stroke, 0, 0, 0])
        // Another group, or the twin's ring not drawn whole (−1): nothing is left out.
        #expect(shared.skips(rings: [0], pathCounts: left.map(\.count), group: [0, 1]) == [0, 0, 0, 0])
        #expect(shared.skips(rings: [0], pathCounts: left.map(\.count), group: [0, -1]) == [0, 0, 0, 0])
        // A path that is not the whole ring gets no flags.
        let clipped = [[SIMD2(0.0, 0), SIMD2(0.5, 0), SIMD2(0.5, 1)]]
        #expect(shared.skips(rings: [-1], pathCounts: clipped.map(\.count), group: [0, 0]) == [0, 0, 0])
    }

    /// Two rectangles meeting at x = 10.5 (mid-pixel), painted as one group.
    static func rectangles(stroke: MapColor?, skips: Bool) -> MapScene {
        let a = [SIMD2(2.25, 2.25), SIMD2(10.5, 2.25), SIMD2(10.5, 8.75), SIMD2(2.25, 8.75)]
        let b = [SIMD2(10.5, 2.25), SIMD2(18.75, 2.25), SIMD2(18.75, 8.75), SIMD2(10.5, 8.75)]
        let shared = SharedBorders(rings: [[a], [b]])
        let fill = MapColor(red: 200, green: 150, blue: 100)
        let items = [(a, 0), (b, 1)].map { ring, k in
            var item = MapScene.Item(layer: "countries", paths: [ring], closed: true, fill: fill, stroke: stroke,
                                     strokeWidth: stroke == nil ? 0 : 0.5, id: nil, title: nil)
            if skips {
                item.edgeSkips = EdgeSkips(group: 0, flags: shared.skips(rings: [k], pathCounts: [ring].map(\.count), group: [0, 0]),
                                           groupSize: 2)
            }
            return item
        }
        return MapScene(width: 21, height: 11, background: MapColor(red: 255, green: 255, blue: 255), items: items,
                        warnings: [])
    }

    static func pixel(_ canvas: Canvas, _ x: Int, _ y: Int) -> SIMD4<UInt8> {
        let rgba = canvas.rgba, i = 4 * (y * canvas.width + x)
        return SIMD4(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    @Test func aGroupIsFilledWithoutASeam() {
        let fill = SIMD4<UInt8>(200, 150, 100, 255)
        let grouped = MapRenderer.canvas(of: Self.rectangles(stroke: nil, skips: true))
        // Rows 3…7 lie wholly inside: columns 3…17 are the fill, the border's column too.
        for y in 3...7 {
            for x in 3...17 { #expect(Self.pixel(grouped, x, y) == fill, "pixel (\(x), \(y))") }
        }
        // One by one, the border column shows the background through two half-covered edges.
        let single = MapRenderer.canvas(of: Self.rectangles(stroke: nil, skips: false))
        #expect(Self.pixel(single, 10, 5) != fill)
        #expect(Self.pixel(single, 9, 5) == fill)
    }

    /// A scene changed after it was made is painted item by item: with one of the group left
    /// out, or its paths moved, leaving the pair out on one side only would open the fill.
    @Test func changedScenesPaintItemByItem() {
        let grouped = Self.rectangles(stroke: nil, skips: true), single = Self.rectangles(stroke: nil, skips: false)
        var alone = grouped
        alone.items.removeLast()
        var aloneReference = single
        aloneReference.items.removeLast()
        #expect(MapRenderer.canvas(of: alone).rgba == MapRenderer.canvas(of: aloneReference).rgba)
        var moved = grouped, movedReference = single
        moved.items[1].paths[0][0].x += 0.25
        movedReference.items[1].paths[0][0].x += 0.25
        #expect(MapRenderer.canvas(of: moved).rgba == MapRenderer.canvas(of: movedReference).rgba)
        // Unchanged, the group is painted in one pass (no seam: not item by item).
        #expect(MapRenderer.canvas(of: grouped).rgba != MapRenderer.canvas(of: single).rgba)
    }

    @Test func aCommonBorderIsStrokedOnce() {
        let grey = MapColor(red: 0x66, green: 0x66, blue: 0x66)
        let grouped = MapRenderer.canvas(of: Self.rectangles(stroke: grey, skips: true))
        // The reference: the union filled, then the border alone as a hairline over it.
        var reference = Canvas(width: 21, height: 11, background: [255, 255, 255, 255])
        var union = Path()
        union.move(to: 2.25, 2.25); union.line(to: 18.75, 2.25); union.line(to: 18.75, 8.75); union.line(to: 2.25, 8.75)
        union.close()
        reference.fill(union, color: [200, 150, 100, 255])
        var border = Path()
        border.move(to: 10.5, 2.25); border.line(to: 10.5, 8.75)
        reference.stroke(border, color: grey.rgba, width: 0.5, miterLimit: 4, geometry: .hairlineBelowOnePixel)
        for y in 3...7 {
            #expect(Self.pixel(grouped, 10, y) == Self.pixel(reference, 10, y), "border pixel row \(y)")
        }
        // Painted one by one the border is darker: two strokes, each over the other's fill.
        let single = MapRenderer.canvas(of: Self.rectangles(stroke: grey, skips: false))
        #expect(Self.pixel(single, 10, 5).x < Self.pixel(grouped, 10, 5).x)
    }

    /// Per country: how many edges its item leaves out of the fill.
    static func filledOut(_ scene: MapScene) -> [String: Int] {
        var out: [String: Int] = [:]
        for item in scene.items where item.layer == "countries" {
            out[item.id ?? "", default: 0] += item.edgeSkips?.flags.filter { $0 & EdgeSkips.fill != 0 }.count ?? 0
        }
        return out
    }

    /// The world map pairs nearly all of the common borders of Natural Earth's 1:110m countries
    /// (2,663 pairs in the data, 5,326 edges), and a selected country, painted in its own group,
    /// leaves none of its borders out, nor do its neighbours along them.
    @Test func theWorldMapLeavesOutItsCommonBorders() throws {
        let sr = try SpatialReference(text: "EPSG:4326")
        let plain = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)]).scene()
        let flags = plain.items.flatMap { $0.edgeSkips?.flags ?? [] }
        let fill = flags.filter { $0 & EdgeSkips.fill != 0 }.count, stroke = flags.filter { $0 & EdgeSkips.stroke != 0 }.count
        #expect(fill >= 5_000 && fill <= 5_326, "\(fill) edges left out of the fill")
        #expect(stroke * 2 == fill)
        var style = MapStyle.standard
        style.selectedCountries = ["FRA"]
        let selected = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)],
                                       style: style).scene()
        let before = Self.filledOut(plain), after = Self.filledOut(selected)
        #expect(before["FRA", default: 0] > 0 && after["FRA"] == 0)
        #expect(after["ESP", default: 0] < before["ESP", default: 0])
        #expect(after["PRT"] == before["PRT"])
    }

    /// In a view that clips countries, every pair of reversed edges among the items (counted
    /// here by brute force) is left out, whether its rings are whole or clipped: a border
    /// between a clipped country and its neighbour is stroked once like the rest.
    @Test(arguments: [(20.0, -10.0, 110.0, 35.0), (-20.0, 30.0, 40.0, 60.0), (-130.0, 10.0, -60.0, 55.0)])
    func pannedViewsPairClippedRingsToo(_ e: (Double, Double, Double, Double)) throws {
        let sr = try SpatialReference(text: "EPSG:4326")
        let extent = Envelope(xMin: e.0, yMin: e.1, xMax: e.2, yMax: e.3, spatialReference: sr)
        let scene = try MapRenderer(spatialReference: sr, extent: extent, width: 1024, height: 512,
                                    layers: [.countries(.low)]).scene()
        var edges: [SIMD4<UInt64>: Int] = [:]
        for item in scene.items {
            for path in item.paths {
                var previous = path.last!
                for p in path {
                    if p != previous {
                        edges[SIMD4(previous.x.bitPattern, previous.y.bitPattern, p.x.bitPattern, p.y.bitPattern), default: 0] += 1
                    }
                    previous = p
                }
            }
        }
        var pairs = 0
        for (e, n) in edges { pairs += min(n, edges[SIMD4(e[2], e[3], e[0], e[1])] ?? 0) }  // each pair twice
        let flags = scene.items.flatMap { $0.edgeSkips?.flags ?? [] }
        #expect(flags.filter { $0 & EdgeSkips.fill != 0 }.count == pairs)
        #expect(flags.filter { $0 & EdgeSkips.stroke != 0 }.count * 2 == pairs)
        #expect(pairs > 100)
        // Some rings reach past the view: they were clipped.
        let clipped = scene.items.flatMap(\.paths).filter { $0.contains { $0.x < 0 || $0.x > 1024 || $0.y < 0 || $0.y > 512 } }
        #expect(clipped.count > 3)
    }

    /// A feature layer's polygons are paired in the view as the countries are: two squares
    /// sharing a side leave it out of the fill (both sides) and of one stroke.
    @Test func featureLayersLeaveOutTheirCommonBorders() throws {
        let left: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 10), SIMD2(0, 0)]
        let right: [SIMD2<Double>] = [SIMD2(10, 0), SIMD2(20, 0), SIMD2(20, 10), SIMD2(10, 10), SIMD2(10, 0)]
        let sr = try SpatialReference(text: "EPSG:4326")
        let map = try MapRenderer(spatialReference: sr, extent: Envelope(xMin: -5, yMin: -5, xMax: 25, yMax: 15, spatialReference: sr),
                                  width: 300, height: 200, layers: [.features(RenderInputTests.layer([[left], [right]]))])
        let items = try map.scene().items.filter { $0.layer == "input" && $0.closed }
        #expect(items.count == 2)
        let flags = items.flatMap { $0.edgeSkips?.flags ?? [] }
        // The common side, resampled into as many edges in each square.
        let fill = flags.filter { $0 & EdgeSkips.fill != 0 }.count, stroke = flags.filter { $0 & EdgeSkips.stroke != 0 }.count
        #expect(fill >= 2 && fill == 2 * stroke)
        // Painted, the common side (x = 10°, on the boundary of pixels 149 and 150) is one hairline
        // over land on both sides, as the outer side at x = 0° (pixels 49 | 50) is over land on
        // its inner pixel: no seam, no second stroke.
        let canvas = MapRenderer.canvas(of: try map.scene())
        // Inside: the translucent feature fill over the white background (source-over, ±1).
        let f = MapStyle.standard.featureFill, inside = Self.pixel(canvas, 100, 100)
        for (got, c) in [(inside.x, f.red), (inside.y, f.green), (inside.z, f.blue)] {
            let over = (Double(c) * Double(f.alpha) + 255 * (255 - Double(f.alpha))) / 255
            #expect(abs(Double(got) - over) <= 1, "\(inside) vs \(f) over white")
        }
        #expect(Self.pixel(canvas, 149, 100) == Self.pixel(canvas, 50, 100))
        #expect(Self.pixel(canvas, 150, 100) == Self.pixel(canvas, 50, 100))
    }

    /// Simplified, a border keeps the same vertices whichever way it is walked, and with the
    /// layer's cells learnt, whichever ring walks it: near-duplicate points that only one of two
    /// rings has (Natural Earth's 1:110m Bosnia has 19.00548° 44.86023° beside Croatia's and
    /// Serbia's 19.0054846° 44.8602345°) merge into the same vertex in both.
    @Test func simplificationKeepsBordersCommon() {
        let border = [SIMD2(18.5532141, 45.0815897), SIMD2(19.0054846, 44.8602345), SIMD2(19.3904757, 45.2365156)]
        // Bosnia walks the border the other way, with a point of its own beside the junction.
        let bosnia = [SIMD2(19.3904757, 45.2365156), SIMD2(19.00548, 44.86023), SIMD2(19.0054846, 44.8602345),
                      SIMD2(18.5532141, 45.0815897), SIMD2(18.6, 44.0)]
        let croatia = border + [SIMD2(18.9, 46.0)]
        let tolerance = 0.0001  // radians: cells of 0.003°, both junction points in one
        var input = SphereInput(primeMeridianDegrees: 0, tolerance: tolerance)
        let line = input.path(border[...], closed: false, name: "line")!.map(\.ll)
        let back = input.path(border.reversed()[...], closed: false, name: "line")!.map(\.ll)
        #expect(line == Array(back.reversed()))
        input.learnCells([Polygon(polygons: [[bosnia + [bosnia[0]]], [croatia + [croatia[0]]]])])
        let b = input.path(bosnia[...], closed: true, name: "Bosnia")!.map(\.ll)
        let c = input.path(croatia[...], closed: true, name: "Croatia")!.map(\.ll)
        // Croatia's first three vertices are Bosnia's first three, reversed.
        #expect(b.count == 4 && c.count == 4)
        #expect(Array(c[0..<3]) == Array(b[0..<3].reversed()))
    }

    /// SVG draws item by item, so its scene is made without pairing the shared edges (the pairing
    /// is most of a cold 1:10m map's extra time): the document is the same, and such a scene,
    /// painted, is painted item by item.
    @Test func svgScenesArePairedNot() throws {
        let r = try MapRenderer(spatialReference: SpatialReference(text: "ESRI:54030"), width: 512, height: 256,
                                layers: [.countries(.low), .outline])
        let plain = try r.scene(pairingEdges: false), paired = try r.scene()
        #expect(plain.items.allSatisfy { $0.edgeSkips == nil })
        #expect(paired.items.contains { $0.edgeSkips != nil })
        #expect(try r.svg() == MapRenderer.svg(of: paired))
        var itemByItem = paired
        itemByItem.items = paired.items  // a changed scene paints item by item
        #expect(MapRenderer.canvas(of: plain).rgba == MapRenderer.canvas(of: itemByItem).rgba)
        #expect(MapRenderer.canvas(of: plain).rgba != MapRenderer.canvas(of: paired).rgba, "one pass differs along borders")
    }
}
