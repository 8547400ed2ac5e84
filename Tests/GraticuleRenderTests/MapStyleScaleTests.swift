import GraticuleCore
import GraticuleCRS
@testable import GraticuleRender
import Testing

/// `MapStyle.scaled(by:)` is for maps with more device pixels per reference pixel: a map twice
/// as large each way, its lines twice as wide, holds four times the ink of the standard one,
/// since a line's ink is its length times its width and both double. With the standard widths
/// the larger map's borders hold only twice the ink.
@Suite struct MapStyleScaleTests {
    /// The darkness of the countries' borders alone (no fill, white background): Σ (255 − red).
    func borderInk(width: Int, height: Int, style: MapStyle) throws -> Double {
        var s = style
        s.countryFill = .transparent
        let r = try MapRenderer(spatialReference: SpatialReference(text: "EPSG:4326"), width: width, height: height,
                                layers: [.countries(.low)], style: s)
        let canvas = MapRenderer.canvas(of: try r.scene())
        var ink = 0.0
        for y in 0..<height {
            for x in 0..<width { ink += 255 - Double(canvas.pixel(x: x, y: y).x) }
        }
        return ink
    }

    @Test func linesScaleWithThePixelRatio() throws {
        let standard = try borderInk(width: 512, height: 256, style: .standard)
        let scaled = try borderInk(width: 1024, height: 512, style: MapStyle.standard.scaled(by: 2))
        let unscaled = try borderInk(width: 1024, height: 512, style: .standard)
        #expect(abs(scaled / standard - 4) < 0.2, "scaled: \(scaled / standard)")
        #expect(abs(unscaled / standard - 2) < 0.1, "unscaled: \(unscaled / standard)")
    }

    @Test func widthsAndRadiiScaleColoursDoNot() {
        let s = MapStyle.standard.scaled(by: 1.5)
        let t = MapStyle.standard
        #expect(s.countryStrokeWidth == 1.5 * t.countryStrokeWidth && s.graticuleStrokeWidth == 1.5 * t.graticuleStrokeWidth)
        #expect(s.outlineStrokeWidth == 1.5 * t.outlineStrokeWidth && s.pointRadius == 1.5 * t.pointRadius)
        #expect(s.countryFill == t.countryFill && s.countryStroke == t.countryStroke && s.background == t.background)
    }
}
