import Foundation
@testable import GraticuleServer
import GraticuleRaster
import GraticuleRender
import Testing

/// WMS GetLegendGraphic: the route (sizes, formats, ServiceExceptions), the capabilities'
/// LegendURLs, and the legends' pixels against the colours they stand for (the NDVI ramp's end
/// stops, −1 → (5, 24, 82) and 1 → (0, 69, 41); the map style's country fill E8E4D8 and border 666666).
@Suite struct LegendGraphicTests {
    static func close(_ a: SIMD4<UInt8>, _ b: (Int, Int, Int), within d: Int) -> Bool {
        abs(Int(a.x) - b.0) <= d && abs(Int(a.y) - b.1) <= d && abs(Int(a.z) - b.2) <= d && a.w == 255
    }

    static let ndvi = GraticuleServer.Legend.ramp(.ndvi, ticks: [.init(value: -1, label: "-1"), .init(value: 1, label: "1"),
                                                                 .init(value: 0, label: "0")])

    @Test func rampBarRunsFromHighToLow() {
        let bar = GraticuleServer.legendImage(Self.ndvi, width: 20, height: 100)
        #expect(bar.width == 20 && bar.height == 100)
        // Row 0 shows 0.99, the last row −0.99: the ramp's ends within a level or two.
        #expect(Self.close(bar.pixel(x: 10, y: 0), (0, 69, 41), within: 2), "\(bar.pixel(x: 10, y: 0))")
        #expect(Self.close(bar.pixel(x: 10, y: 99), (5, 24, 82), within: 2), "\(bar.pixel(x: 10, y: 99))")
        #expect(bar.pixel(x: 0, y: 40) == bar.pixel(x: 19, y: 40))
        let wide = GraticuleServer.legendImage(Self.ndvi, width: 100, height: 20)
        #expect(Self.close(wide.pixel(x: 0, y: 10), (5, 24, 82), within: 2) && Self.close(wide.pixel(x: 99, y: 10), (0, 69, 41), within: 2))
    }

    @Test func swatchIsFillInsideBorder() {
        let swatch = GraticuleServer.legendImage(.swatch(label: "countries"), width: 20, height: 20)
        #expect(Self.close(swatch.pixel(x: 10, y: 10), (0xE8, 0xE4, 0xD8), within: 0))
        #expect(swatch.pixel(x: 0, y: 0).w == 0)  // transparent around the box
        #expect(Self.close(swatch.pixel(x: 2, y: 10), (0x66, 0x66, 0x66), within: 0), "\(swatch.pixel(x: 2, y: 10))")
    }

    /// The rows (vertical bar) or columns (horizontal) of a labelled legend that have ink of
    /// the label colour (the map's border colour, 666666) right of or below the bar.
    static func inkSpans(_ image: GraticuleRaster.RGBAImage, from start: Int, vertical: Bool) -> [ClosedRange<Int>] {
        var spans: [ClosedRange<Int>] = []
        for k in 0..<(vertical ? image.height : image.width) {
            var ink = false
            for j in start..<(vertical ? image.width : image.height) {
                let p = vertical ? image.pixel(x: j, y: k) : image.pixel(x: k, y: j)
                if p == SIMD4(0x66, 0x66, 0x66, 255) { ink = true } else if p.w != 0 { return [] }  // only ink or nothing
            }
            guard ink else { continue }
            if let last = spans.last, last.upperBound == k - 1 { spans[spans.count - 1] = last.lowerBound...k } else { spans.append(k...k) }
        }
        return spans
    }

    /// Labels: the NDVI bar's ends and 0, beside a vertical bar (the glyphs' ink rows: "1" and
    /// "-1" within the top and bottom cells, "0" in the cell centred on the bar's middle), below
    /// a horizontal one (left, centred and right-aligned); the bar itself as without labels.
    @Test func rampLabels() {
        let bare = GraticuleServer.legendImage(Self.ndvi, width: 20, height: 100)
        let tall = GraticuleServer.legendImage(Self.ndvi, width: 20, height: 100, labels: true)
        #expect(tall.width == 20 + 3 + 12 && tall.height == 100)
        for y in 0..<100 { #expect(tall.pixel(x: 5, y: y) == bare.pixel(x: 5, y: y)) }
        // The font's digits have ink in rows 2…10 of their cell, the minus sign in row 6:
        // cells at rows 0, 44 (50 − 6.5, rounded) and 87.
        #expect(Self.inkSpans(tall, from: 23, vertical: true) == [2...10, 46...54, 89...97])
        let wide = GraticuleServer.legendImage(Self.ndvi, width: 160, height: 12, labels: true)
        #expect(wide.width == 160 && wide.height == 12 + 3 + 13)
        // "-1" at x 0…11, "0" centred on 80 (cell 77…82), "1" right-aligned (cell 154…159);
        // ink within the cells: '-' x 0–4, '1' x 7–11 (cell x 1–5), '0' x 78–82, '1' x 155–159.
        let columns = Self.inkSpans(wide, from: 15, vertical: false)
        #expect(columns.first?.lowerBound == 0 && columns.last?.upperBound ?? 0 <= 159 && columns.count >= 3, "\(columns)")
        #expect(columns.contains { $0.lowerBound >= 77 && $0.upperBound <= 82 }, "\(columns)")
        // Too short a bar for three labels keeps the ends only.
        let short = GraticuleServer.legendImage(Self.ndvi, width: 12, height: 30, labels: true)
        #expect(Self.inkSpans(short, from: 15, vertical: true).count == 2)
    }

    /// A vector file's swatch: its fill (translucent: over transparent, the colour itself at
    /// that alpha) inside its outline.
    @Test func vectorSwatchTakesTheFeatureColours() {
        let swatch = GraticuleServer.legendImage(.swatch(label: "squares", features: FeatureStyle(.standard)), width: 20, height: 20)
        let fill = MapStyle.standard.featureFill, stroke = MapStyle.standard.featureStroke
        #expect(swatch.pixel(x: 10, y: 10) == SIMD4(fill.red, fill.green, fill.blue, fill.alpha), "\(swatch.pixel(x: 10, y: 10))")
        #expect(Self.close(swatch.pixel(x: 2, y: 10), (Int(stroke.red), Int(stroke.green), Int(stroke.blue)), within: 0),
                "\(swatch.pixel(x: 2, y: 10))")
    }

    /// A file of points shows its point symbol in the swatch's box (20 × 20: radius 7.5 about
    /// (10, 10)): a disc leaves the box's corner pixel (3, 3) empty, a square (`marker-symbol`)
    /// fills it; both fill the centre in the point colour.
    @Test func pointLayersShowTheirSymbol() {
        var style = FeatureStyle(.standard)
        style.pointFill = MapColor(red: 0, green: 0, blue: 0)
        let disc = GraticuleServer.legendImage(.swatch(label: "p", features: style, points: true), width: 20, height: 20)
        style.pointShape = .square
        let square = GraticuleServer.legendImage(.swatch(label: "p", features: style, points: true), width: 20, height: 20)
        #expect(disc.pixel(x: 10, y: 10) == SIMD4(0, 0, 0, 255) && square.pixel(x: 10, y: 10) == SIMD4(0, 0, 0, 255))
        #expect(disc.pixel(x: 3, y: 3).w == 0 && square.pixel(x: 3, y: 3) == SIMD4(0, 0, 0, 255))
        let classes = GraticuleServer.legendImage(.classes([("a", style)], points: true), width: 20, height: 20)
        #expect(classes.pixel(x: 3, y: 3) == SIMD4(0, 0, 0, 255))
    }

    @Test func swatchLabelWhenForced() {
        let swatch = GraticuleServer.legendImage(.swatch(label: "countries"), width: 20, height: 20, labels: true)
        #expect(swatch.width == 20 + 3 + 54 && swatch.height == 20)
        #expect(Self.close(swatch.pixel(x: 10, y: 10), (0xE8, 0xE4, 0xD8), within: 0))
        #expect(!Self.inkSpans(swatch, from: 23, vertical: true).isEmpty)
    }

    @Test func legendOptions() throws {
        #expect(try GraticuleServer.forceLabels(nil) == nil)
        #expect(try GraticuleServer.forceLabels("fontSize:12;forceLabels:off") == false)
        #expect(try GraticuleServer.forceLabels("FORCELABELS: on") == true)
        #expect(try GraticuleServer.forceLabels("dx:0.2") == nil)
        #expect(throws: WMSException.self) { try GraticuleServer.forceLabels("forceLabels:maybe") }
    }

    @Test func route() async throws {
        let base = "/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0"
        let countries = try await LiveServer.request(base + "&LAYER=countries&FORMAT=image/png")
        #expect(countries.status == 200 && countries.contentType == "image/png")
        #expect(pngSize(countries.body)! == (20, 20))
        let ndvi = try await LiveServer.request(base + "&LAYER=ndvi&FORMAT=image/jpeg&WIDTH=120&HEIGHT=16&STYLE=default")
        #expect(ndvi.status == 200 && ndvi.contentType == "image/jpeg")
        #expect(jpegSize(ndvi.body)! == (120, 16 + 3 + 13))
        let bare = try await LiveServer.request(base + "&LAYER=ndvi&WIDTH=160&HEIGHT=12&LEGEND_OPTIONS=forceLabels:off")
        #expect(bare.status == 200 && pngSize(bare.body)! == (160, 12))
        let labelled = try await LiveServer.request(base + "&LAYER=countries&LEGEND_OPTIONS=forceLabels:on")
        #expect(labelled.status == 200 && pngSize(labelled.body)! == (77, 20))
        for (query, code) in [("", "MissingParameterValue"), ("&LAYER=nope", "LayerNotDefined"),
                              ("&LAYER=ndvi&STYLE=fancy", "StyleNotDefined"), ("&LAYER=ndvi&FORMAT=image/gif", "InvalidFormat"),
                              ("&LAYER=ndvi&WIDTH=0", "InvalidParameterValue"),
                              ("&LAYER=ndvi&LEGEND_OPTIONS=forceLabels:maybe", "InvalidParameterValue"), ("&LAYER=ndvi&HEIGHT=513", "InvalidParameterValue")] {
            let r = try await LiveServer.request(base + query)
            #expect(r.status == 400 && r.text.contains("<ServiceException code=\"\(code)\">"), "\(query): \(r.text.prefix(300))")
        }
    }

    @Test func capabilitiesNameTheLegends() async throws {
        let v13 = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(v13.text.contains("xmlns:sld=\"http://www.opengis.net/sld\""))
        #expect(v13.text.contains("<sld:GetLegendGraphic><Format>image/png</Format><Format>image/png8</Format><Format>image/png; mode=8bit</Format><Format>image/jpeg</Format>"))
        #expect(v13.text.contains("<LegendURL width=\"35\" height=\"100\"><Format>image/png</Format>"))
        #expect(v13.text.contains("REQUEST=GetLegendGraphic&amp;VERSION=1.3.0&amp;FORMAT=image/png&amp;LAYER=ndvi\""))
        let v11 = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1")
        #expect(v11.text.contains("<LegendURL width=\"20\" height=\"20\">") && !v11.text.contains("sld:"))
        // 1.1.1's DTD: GetLegendGraphic is an optional request after GetFeatureInfo.
        #expect(v11.text.contains("</GetFeatureInfo>\n    <GetLegendGraphic><Format>image/png</Format>"))
    }
}
