import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import GraticuleRender
import Testing

/// A raster as a map layer (`MapComposer` with a `RasterLayer`): the built-in NDVI raster drawn in
/// EPSG:3857 against gdalwarp -r near (GDAL 3.6.2, PROJ 9.1.1) on the same pixel grid coloured
/// with the same NDVI ramp (`Fixtures/raster-layer/ndvi_3857.tif`, written by
/// tools/oracle/raster/render_layer_fixture.py), and the errors of a bad raster.
@Suite struct RasterLayerTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/raster-layer/ndvi_3857.tif")

    @Test func ndviLayerMatchesGdalwarpWithTheRamp() throws {
        let expected = try Raster(contentsOf: Self.fixture)
        let meta = Dictionary(expected.metadata.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let e = try #require(meta["VIEW_EXTENT"]).split(separator: ",").compactMap { Double($0) }
        let size = try #require(meta["VIEW_SIZE"]).split(separator: ",").compactMap { Int($0) }
        try #require(e.count == 4 && size.count == 2 && expected.bands.count == 4)
        let sr = try SpatialReference(text: "EPSG:3857")
        var style = MapStyle.standard
        style.background = .transparent
        let layer = try RasterLayer.open("ndvi")
        #expect(layer.ramp == .ndvi)
        let map = try MapComposer.image(spatialReference: sr, extent: Envelope(xMin: e[0], yMin: e[1], xMax: e[2], yMax: e[3]),
                                        width: size[0], height: size[1], layers: [.raster(layer)], style: style)
        var agree = 0, data = 0
        for row in 0..<size[1] {
            for column in 0..<size[0] {
                let want = try (0..<4).map { b in UInt8(try expected.double(band: b, column: column, row: row)) }
                let got = map.image.pixel(x: column, y: row)
                if want[3] != 0 { data += 1 }
                if got == SIMD4(want[0], want[1], want[2], want[3]) { agree += 1 }
            }
        }
        let fraction = Double(agree) / Double(size[0] * size[1])
        print("raster layer ndvi EPSG:3857: \(agree)/\(size[0] * size[1]) = \(String(format: "%.4f", fraction * 100)) % agree with gdalwarp + ramp")
        #expect(data > size[0] * size[1] / 2, "the view holds the raster")
        #expect(fraction >= 0.995)
    }

    @Test func rasterIsDrawnUnderVectorLayers() throws {
        // Over Recife the NDVI raster fills the view; the graticule's and the outline's strokes are
        // drawn over it, and the background shows where the raster has no data.
        let sr = try SpatialReference(text: "EPSG:4326")
        let extent = Envelope(xMin: -35.0, yMin: -8.1, xMax: -34.7, yMax: -7.9)
        let base = try MapComposer.image(spatialReference: sr, extent: extent, width: 120, height: 80,
                                         layers: [.raster(try RasterLayer.open("ndvi"))])
        let withLines = try MapComposer.image(spatialReference: sr, extent: extent, width: 120, height: 80,
                                              layers: [.raster(try RasterLayer.open("ndvi")), .vector(.graticule(stepDegrees: 0.1))])
        #expect(base.image.pixels != withLines.image.pixels, "the graticule is drawn over the raster")
        let background = MapStyle.standard.background.rgba
        let centre = base.image.pixel(x: 40, y: 40)
        #expect(centre != background && centre.w == 255, "the raster covers the centre")
        #expect(base.image.pixel(x: 1, y: 78) == background, "no data in the south-west corner")
        // Countries over a raster: filled by default (as WMS draws them), outlined on request.
        let layers: [MapComposer.Layer] = [.raster(try RasterLayer.open("ndvi")), .vector(.countries(.high))]
        let filled = try MapComposer.image(spatialReference: sr, extent: extent, width: 120, height: 80, layers: layers)
        let outlined = try MapComposer.image(spatialReference: sr, extent: extent, width: 120, height: 80, layers: layers,
                                             outlineCountriesOverRasters: true)
        #expect(filled.image.pixel(x: 40, y: 40) == MapStyle.standard.countryFill.rgba, "Brazil's fill covers the raster")
        #expect(outlined.image.pixel(x: 40, y: 40) == centre, "the raster shows through Brazil's outline")
    }

    @Test func badRastersGiveClearErrors() throws {
        #expect {
            _ = try RasterLayer.open("/nonexistent/dem.tif")
        } throws: { error in
            (error as? GraticuleError)?.description.contains("/nonexistent/dem.tif") == true
        }
        // A file that is not a TIFF.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-not-a-tiff-\(getpid()).tif")
        try Data("not a tiff".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect {
            _ = try RasterLayer.open(path.path)
        } throws: { error in
            let text = (error as? GraticuleError)?.description ?? ""
            return text.contains("TIFF") || text.contains(path.lastPathComponent)
        }
    }

    @Test func otherRastersGetARampOverTheirRange() throws {
        // A single-band raster without a palette: stretched over its minimum and maximum.
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GraticuleRasterTests/Fixtures/rasters/real/elev.tif").path
        let layer = try RasterLayer.open(path)
        let ramp = try #require(layer.ramp)
        let range = try #require(try layer.raster.valueRange(band: 0))
        // gdalinfo -mm elev.tif (GDAL 3.6.2): Computed Min/Max=141.000,547.000 (nodata −32768 left out)
        #expect(range.min == 141 && range.max == 547)
        #expect(ramp.stops.first?.value == 141 && ramp.stops.last?.value == 547)
    }
}
