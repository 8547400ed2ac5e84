import Foundation
import Testing

/// `graticule render`: SVG to standard output and to a file, PNG by extension, extents, layers
/// and errors.
@Suite struct RenderCLITests {
    @Test func svgToStandardOutput() throws {
        let r = try runGraticule(["render", "--crs", "ESRI:54052", "--width", "400", "--height", "200"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("<?xml") && r.out.contains("<svg") && r.out.contains("id=\"FRA\""))
        #expect(r.out.contains("width=\"400\" height=\"200\""))
    }

    @Test func extentAndLayers() throws {
        // France in Web Mercator, 10m countries by scale, a 5° graticule.
        let r = try runGraticule(["render", "--crs", "EPSG:3857", "--extent=-600000,5000000,1100000,6700000",
                                  "--width", "300", "--height", "300", "--layers", "countries,graticule:5"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("id=\"FRA\"") && r.out.contains("class=\"graticule\"") && !r.out.contains("class=\"outline\""))
        #expect(!r.out.contains("id=\"AUS\""), "Australia is not in the view")
    }

    @Test func pngFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-render-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try runGraticule(["render", "--crs", "ESRI:102038", "--width", "256", "--height", "256", "--output", path])
        #expect(r.status == 0, "\(r.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func errors() throws {
        for args in [["render", "--crs", "EPSG:99999"], ["render", "--extent", "1,2,3"], ["render", "--layers", "lakes"],
                     ["render", "--width", "0"], ["render", "--extent", "10,0,0,10"]] {
            let r = try runGraticule(args)
            #expect(r.status != 0 && r.err.contains("rror"), "\(args): \(r.status) \(r.err)")
        }
    }
}

/// `graticule render` with raster layers (the built-in NDVI raster by name, a GeoTIFF by path).
@Suite struct RenderRasterLayerCLITests {
    @Test func ndviUnderCountries() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-render-ndvi-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try runGraticule(["render", "--crs", "EPSG:3857", "--extent=-3890000,-900000,-3870000,-884000",
                                  "--width", "200", "--height", "160", "--layers", "ndvi,countries10m", "--output", path])
        #expect(r.status == 0, "\(r.err)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func badRasterPathsAreClear() throws {
        let r = try runGraticule(["render", "--layers", "/nonexistent/dem.tif,countries", "--format", "png"])
        #expect(r.status != 0 && r.err.contains("raster layer /nonexistent/dem.tif"), "\(r.err)")
        let svg = try runGraticule(["render", "--layers", "ndvi"])
        #expect(svg.status != 0 && svg.err.contains("PNG"), "\(svg.err)")
    }
}
