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

    /// Vector files as layers: a square (10–20° E, 40–50° N) as GeoJSON in WGS 84 and, through
    /// `convert --to EPSG:3857`, as a Web Mercator Shapefile, drawn on a plate carrée map of
    /// 0–40° E, 30–60° N at 10 px a degree: corners at x 100 and 200, y 100 and 200 (its
    /// parallels bow north between them: edges are great circles). A missing file is an error.
    @Test func vectorFileLayers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("graticule-render-vector-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let geojson = dir.appendingPathComponent("square.geojson").path, shp = dir.appendingPathComponent("square.shp").path
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"sq"},"geometry":{"type":"Polygon","coordinates":[[[10,40],[20,40],[20,50],[10,50],[10,40]]]}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: geojson))
        let converted = try runGraticule(["convert", geojson, shp, "--to", "EPSG:3857"])
        #expect(converted.status == 0, "\(converted.err)")
        for path in [geojson, shp] {
            let r = try runGraticule(["render", "--crs", "EPSG:4326", "--extent=0,30,40,60", "--width", "400", "--height", "300",
                                      "--layers", "countries," + path])
            #expect(r.status == 0, "\(path): \(r.err)")
            // The square's path: its vertices, whichever the ring starts at and turns.
            let group = r.out.components(separatedBy: "<g class=\"square\">").last ?? ""
            let d = group.components(separatedBy: "d=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
            let vertices = Set(d.split(whereSeparator: { "MLZ".contains($0) }).map(String.init))
            #expect(r.out.contains("<g class=\"square\">") && vertices.isSuperset(of: ["100,100", "200,100", "200,200", "100,200"]),
                    "\(path): \(d)")
        }
        let missing = try runGraticule(["render", "--layers", dir.appendingPathComponent("none.shp").path])
        #expect(missing.status != 0 && missing.err.contains("none.shp: no such file"), "\(missing.err)")
    }

    /// `--pixel-ratio` widens the lines: the countries' 0.5 px outline is 1 px at a ratio of 2,
    /// the map's 1 px outline 2 px; a ratio outside 0.25 … 4 is refused.
    @Test func pixelRatio() throws {
        let standard = try runGraticule(["render", "--width", "200", "--height", "100"])
        let doubled = try runGraticule(["render", "--width", "400", "--height", "200", "--pixel-ratio", "2"])
        #expect(standard.status == 0 && doubled.status == 0, "\(doubled.err)")
        #expect(standard.out.contains("stroke-width=\"0.5\"") && !doubled.out.contains("stroke-width=\"0.5\""))
        #expect(doubled.out.contains("stroke=\"#666666\" stroke-width=\"1\""), "\(doubled.out.prefix(600))")
        for bad in ["0", "9", "nan"] {
            let r = try runGraticule(["render", "--pixel-ratio", bad])
            #expect(r.status != 0 && r.err.contains("pixel-ratio"), "\(bad): \(r.err)")
        }
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
