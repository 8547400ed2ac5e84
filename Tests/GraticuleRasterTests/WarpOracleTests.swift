import Foundation
import GraticuleCRS
import GraticuleCore
import GraticuleIO
import GraticuleRaster
import Testing

/// Warping against gdalwarp (GDAL 3.6.2, PROJ 9.1.1) into EPSG:3857, EPSG:4326, ESRI:54024 (World
/// Bonne) and UTM, on the same output grid gdalwarp chose: at least 99.5 % of pixels agree
/// (nodata where GDAL has nodata, the same source cell's value elsewhere) for nearest; bilinear
/// agrees to 1e-3 relative on 99 % of pixels.
@Suite struct WarpOracleTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String, source: String, target: String, resampling: String
        let width: Int, height: Int
        let geoTransform: [Double]
        var description: String { name }
    }

    static let cases: [Case] = {
        guard let data = try? Data(contentsOf: RasterFixtures.url("warp/index.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = json["cases"] as? [[String: Any]], !list.isEmpty else { preconditionFailure("missing warp/index.json") }
        return list.map {
            let size = $0["size"] as! [Int]
            return Case(name: $0["case"] as! String, source: $0["source"] as! String, target: $0["target"] as! String,
                        resampling: $0["resampling"] as! String, width: size[0], height: size[1],
                        geoTransform: ($0["geoTransform"] as! [String]).map { Double($0)! })
        }
    }()

    static func source(_ path: String) throws -> Raster {
        if path.hasSuffix("Resources/ndvi.tif") { return try Raster.builtIn(named: "ndvi") }
        return try RasterFixtures.open(path.replacingOccurrences(of: "Tests/GraticuleRasterTests/Fixtures/rasters/", with: ""))
    }

    @Test(arguments: cases)
    func matchesGdalwarp(_ c: Case) throws {
        let raster = try Self.source(c.source)
        let expected = try RasterFixtures.open("warp/\(c.name).tif")
        #expect(expected.width == c.width && expected.height == c.height)
        let gt = c.geoTransform
        #expect(gt[2] == 0 && gt[4] == 0)
        let view = RasterView(spatialReference: try SpatialReference(text: c.target),
                              geoTransform: GeoTransform(gt[0], gt[1], gt[2], gt[3], gt[4], gt[5]), width: c.width, height: c.height)
        let options = WarpOptions(resampling: c.resampling == "bilinear" ? .bilinear : .nearest, overviews: .none, bands: [0])
        let warped = try raster.warp(to: view, options: options)
        var agree = 0, dataPixels = 0
        for y in 0..<c.height {
            for x in 0..<c.width {
                let e = try expected.double(band: 0, column: x, row: y)
                let g = warped.value(band: 0, x: x, y: y)
                if !e.isNaN { dataPixels += 1 }
                if e.isNaN || g.isNaN {
                    if e.isNaN == g.isNaN { agree += 1 }
                } else if c.resampling == "bilinear" {
                    if abs(e - g) <= 1e-3 * max(1, abs(e)) { agree += 1 }
                } else if Float(e) == Float(g) {
                    agree += 1
                }
            }
        }
        let total = c.width * c.height
        let fraction = Double(agree) / Double(total)
        #expect(dataPixels > total / 4, "\(c.name): the reference has too little data to test")
        #expect(fraction >= (c.resampling == "bilinear" ? 0.99 : 0.995), "\(c.name): \(agree) of \(total) pixels agree (\(fraction))")
        print("warp \(c.name): \(agree)/\(total) = \(String(format: "%.4f", fraction * 100)) % agree with gdalwarp; \(warped.exactTransforms) exact transforms")
    }

    /// The approximate transformer stays within its error bound: exact (threshold 0) and
    /// approximate warps pick the same cells almost everywhere.
    @Test func approximationIsCloseToExact() throws {
        let ndvi = try Raster.builtIn(named: "ndvi")
        let view = RasterView(spatialReference: try SpatialReference(text: "ESRI:54024"),
                              extent: RasterExtent(xMin: -3_700_000, yMin: -900_000, xMax: -3_600_000, yMax: -880_000),
                              width: 300, height: 200)
        let approx = try ndvi.warp(to: view, options: WarpOptions(errorThreshold: 0.125, overviews: .none))
        let exact = try ndvi.warp(to: view, options: WarpOptions(errorThreshold: 0, overviews: .none))
        #expect(exact.exactTransforms == 300 * 200)
        #expect(approx.exactTransforms < 300 * 200 / 10)
        let same = zip(approx.values[0], exact.values[0]).filter { $0.isNaN ? $1.isNaN : $0 == $1 }.count
        #expect(Double(same) / Double(300 * 200) >= 0.995)
    }

    @Test func overviewsAreUsedWhenZoomedOut() throws {
        let ndvi = try Raster.builtIn(named: "ndvi")
        #expect(ndvi.overviews.count == 2)
        let e = ndvi.extent
        let small = RasterView(spatialReference: ndvi.spatialReference!, extent: e, width: 80, height: 80)
        #expect(try ndvi.warp(to: small).overview == 1)
        let full = RasterView(spatialReference: ndvi.spatialReference!, extent: e, width: 349, height: 352)
        #expect(try ndvi.warp(to: full).overview == nil)
    }
}
