import Foundation
import GraticuleCRS
import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import GraticuleRaster
import Testing

/// The Raster API around identify: attribute names, nodata and scaled values, extents in both
/// spatial references, the spatial reference a Point carries, the bounded block cache, the
/// built-in raster, rendering. Expected values are gdallocationinfo's (GDAL 3.6.2) on the files.
@Suite struct RasterAPITests {
    @Test func attributesAsArcGISNamesThem() throws {
        let l7 = try RasterFixtures.open("real/L7_ETMs.tif")
        // gdallocationinfo -geoloc L7_ETMs.tif 290000 9115000 → (42P,202L) 75 61 67 52 108 92
        let cell = try #require(try l7.identify(at: Point(x: 290_000, y: 9_115_000)))
        #expect(cell.column == 42 && cell.row == 202)
        #expect(cell.attributes.map(\.name) == ["Band_0", "Band_1", "Band_2", "Band_3", "Band_4", "Band_5", "Pixel.Type"])
        #expect(cell.attributes.map { "\($0.value)" } == ["75", "61", "67", "52", "108", "92", "uint8"])
        #expect(!cell.isNoData)
        // The cell's extent: 28.5 m square whose corner is the geotransform at (42, 202).
        let g = l7.geoTransform
        #expect(cell.extent.xMin == g.c0 + 42 * g.c1 && cell.extent.yMax == g.c3 + 202 * g.c5)
        #expect(abs(cell.extent.width - 28.5) < 1e-6 && abs(cell.extent.height - 28.5) < 1e-6)
        #expect(cell.location.spatialReference?.wkid == 31985)
    }

    @Test func pointsCarryTheirSpatialReference() throws {
        let utm = try RasterFixtures.open("matrix/elev_utm_reassigned.tif")
        let wgs84 = try SpatialReference(wkid: 4326)
        // The UTM 31N grid of elev_utm_reassigned: (500475, 5599575) is cell (47, 42).
        let lonLat = try RasterCoordinateOperation(from: try SpatialReference(wkid: 32631), to: wgs84).transform(x: 500_475, y: 5_599_575)
        let cell = try #require(try utm.identify(at: Point(x: lonLat.x, y: lonLat.y, spatialReference: wgs84)))
        #expect(cell.column == 47 && cell.row == 42)
        let e = try #require(cell.requestedExtent)
        #expect(e.xMin < lonLat.x && lonLat.x < e.xMax && e.yMin < lonLat.y && lonLat.y < e.yMax)
        #expect(cell.requestedSpatialReference?.wkid == 4326 && !cell.isBallpark && cell.transformationName == nil)
        // An explicit spatial reference wins over the point's.
        let same = try utm.identify(at: Point(x: 500_475, y: 5_599_575, spatialReference: wgs84),
                                    spatialReference: try SpatialReference(wkid: 32631))
        #expect(same?.column == 47 && same?.row == 42)
    }

    @Test func nodataAndScaledValues() throws {
        let scaled = try RasterFixtures.open("matrix/elev_scale_offset.tif")
        // gdallocationinfo: raw 301 at (6.0, 49.8); scale 0.1, offset 100 → 130.1
        let cell = try #require(try scaled.identify(at: Point(x: 6.0, y: 49.8)))
        #expect(cell.values == [.integer(301)])
        #expect(abs(cell.scaledValues[0] - 130.1) < 1e-12)
        let elev = try RasterFixtures.open("real/elev.tif")
        let g = elev.geoTransform
        let nodata = try #require(try elev.identify(at: Point(x: g.c0 + 10.5 * g.c1, y: g.c3 + 20.5 * g.c5)))
        #expect(nodata.values == [.integer(-32768)] && nodata.isNoData && nodata.scaledValues[0].isNaN)
        let nan = try RasterFixtures.open("matrix/olinda_f64_nodata_nan.tif")
        #expect(nan.bands[0].noData?.isNaN == true)
        #expect(try nan.identify(at: Point(x: -1, y: -1)) == nil)  // outside
        let masked = try RasterFixtures.open("matrix/l7_rgb_internal_mask.tif")
        #expect(masked.hasMask)
    }

    @Test func theBlockCacheIsBounded() throws {
        let srtm = try Raster(contentsOf: RasterFixtures.url("real/srtm90_crop_cog.tif"), cacheBytes: 600_000)
        // 512 × 512 Int16 tiles are 512 KiB: the cache keeps one (plus the one being added).
        for r in stride(from: 0, to: srtm.height, by: 97) {
            for c in stride(from: 0, to: srtm.width, by: 89) { _ = try srtm.value(band: 0, column: c, row: r) }
        }
        #expect(srtm.cacheUsage.bytes <= 600_000 && srtm.cacheUsage.blocks == 1)
        // Copies share the cache.
        let copy = srtm
        #expect(copy.cacheUsage.blocks == 1)
    }

    @Test func builtInRasters() throws {
        let ndvi = try Raster.builtIn(named: "ndvi")
        #expect(ndvi.width == 349 && ndvi.height == 352 && ndvi.dataType == .float32)
        #expect(ndvi.spatialReference?.wkid == 31985 && ndvi.layout.isCOG && ndvi.bands[0].description == "NDVI")
        #expect(try Raster.open("NDVI").name == "ndvi")
        #expect(throws: GraticuleError.self) { try Raster.builtIn(named: "dem") }
    }

    @Test func renderedPNG() throws {
        let ndvi = try Raster.builtIn(named: "ndvi")
        let wm = try SpatialReference(wkid: 3857)
        let view = RasterView(spatialReference: wm, extent: RasterExtent(xMin: -3_885_000, yMin: -897_000, xMax: -3_873_000, yMax: -887_000),
                              width: 120, height: 100)
        let image = try ndvi.render(to: view, ramp: .ndvi)
        #expect(image.width == 120 && image.height == 100)
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 255 }.count
        #expect(opaque > 120 * 100 / 2)
        // The colour of a pixel is the ramp's colour of the warped value there.
        let warped = try ndvi.warp(to: view)
        #expect(image.pixel(x: 60, y: 50) == ColorRamp.ndvi.color(warped.value(band: 0, x: 60, y: 50)))
        let png = try image.png()
        #expect(Array(png.prefix(8)) == PNGWriter.signature)
        #expect(ColorRamp.ndvi.color(.nan).w == 0 && ColorRamp.ndvi.color(0.9) == ColorRamp.ndvi.color(0.9))
        #expect(ColorRamp.named("terrain:0,3000") != nil && ColorRamp.named("nope") == nil)
    }
}
