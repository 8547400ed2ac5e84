import Foundation
import Testing

/// HiDPI and print maps: `/api/map?pixelRatio=`, WMS GetMap's DPI vendor parameters (as QGIS
/// sends them: DPI, MAP_RESOLUTION, FORMAT_OPTIONS=dpi:N; 96 dpi is a ratio of 1) and `@2x`
/// tiles all draw the same map for the same ratio, and refuse ratios outside 0.25 … 4.
@Suite struct PixelRatioRouteTests {
    static let wms = "/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES=&CRS=CRS:84"
        + "&BBOX=-10,35,30,60&WIDTH=800&HEIGHT=500&FORMAT=image/png"

    @Test func apiMapAndWMSAgree() async throws {
        let api = try await LiveServer.request("/api/map?sr=EPSG:4326&bbox=-10,35,30,60&width=800&height=500&layers=countries&pixelRatio=2")
        #expect(api.status == 200 && api.contentType == "image/png" && pngSize(api.body)! == (800, 500))
        let standard = try await LiveServer.request("/api/map?sr=EPSG:4326&bbox=-10,35,30,60&width=800&height=500&layers=countries")
        #expect(standard.status == 200 && standard.body != api.body, "pixelRatio=2 draws wider lines")
        for parameter in ["DPI=192", "MAP_RESOLUTION=192", "FORMAT_OPTIONS=antialias:full;dpi:192", "format_options=DPI:192"] {
            let r = try await LiveServer.request(Self.wms + "&" + parameter)
            #expect(r.status == 200 && r.body == api.body, "\(parameter)")
        }
        for parameter in ["DPI=96", "MAP_RESOLUTION=96"] {
            let r = try await LiveServer.request(Self.wms + "&" + parameter)
            #expect(r.status == 200 && r.body == standard.body, "\(parameter) is the standard map")
        }
    }

    @Test(arguments: ["DPI=abc", "DPI=1000", "DPI=10", "MAP_RESOLUTION=-96", "FORMAT_OPTIONS=dpi:nan", "DPI=inf"])
    func badDPI(_ parameter: String) async throws {
        let r = try await LiveServer.request(Self.wms + "&" + parameter)
        #expect(r.status == 400 && r.text.contains("InvalidParameterValue") && r.text.contains("dots per inch"), "\(r.text)")
    }

    @Test(arguments: ["9", "0", "-1", "x", "0.1"])
    func badPixelRatio(_ value: String) async throws {
        let r = try await LiveServer.request("/api/map?sr=EPSG:4326&bbox=-10,35,30,60&width=80&height=50&pixelRatio=\(value)")
        #expect(r.status == 400 && r.errorMessage?.contains("pixelRatio") == true, "\(r.text)")
    }

    /// `{y}@2x.png` is the tile's box drawn at 512 × 512 with a pixel ratio of 2: the WMS map of
    /// the box Web Mercator's grid gives (level z: 2π · 6378137 m / 2^z per tile).
    @Test(arguments: [(1, 0, 0, "png"), (3, 4, 2, "png"), (2, 1, 1, "jpg")])
    func retinaTiles(z: Int, x: Int, y: Int, ext: String) async throws {
        // Each corner from the top-left one in whole tiles, as the grid defines them (the same
        // bits as the server's box: maps of boxes a bit apart may differ in a few pixels).
        let half = 20037508.342789244, size = 2 * half / Double(1 << z)
        let (west, east) = (-half + Double(x) * size, -half + Double(x + 1) * size)
        let (south, north) = (half - Double(y + 1) * size, half - Double(y) * size)
        let tile = try await LiveServer.request("/tiles/\(z)/\(x)/\(y)@2x.\(ext)")
        let format = ext == "jpg" ? "image/jpeg" : "image/png"
        let wms = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES=&CRS=EPSG:3857"
            + "&BBOX=\(west),\(south),\(east),\(north)&WIDTH=512&HEIGHT=512&FORMAT=\(format)&DPI=192"
            + "&TRANSPARENT=TRUE&BGCOLOR=" + (ext == "jpg" ? "0xFFFFFF" : "0x000000"))
        #expect(tile.status == 200 && tile.contentType == format && wms.status == 200)
        #expect(tile.body == wms.body, "\(tile.body.count) B vs \(wms.body.count) B")
        if ext == "png" { #expect(pngSize(tile.body)! == (512, 512)) }
        let plain = try await LiveServer.request("/tiles/\(z)/\(x)/\(y)@1x.\(ext)")
        let standard = try await LiveServer.request("/tiles/\(z)/\(x)/\(y).\(ext)")
        #expect(plain.status == 200 && plain.body == standard.body)
    }

    @Test(arguments: ["0@5x.png", "0@x.png", "0@2.png", "0@2x2x.png", "@2x.png"])
    func badRetinaSuffix(_ name: String) async throws {
        let r = try await LiveServer.request("/tiles/1/0/\(name)")
        #expect(r.status == 400 || r.status == 404, "\(name): \(r.status)")
    }
}
