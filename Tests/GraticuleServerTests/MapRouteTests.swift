import Foundation
import Testing
@testable import GraticuleServer
import GraticuleRender

/// The raster oracle: `gdallocationinfo` on the embedded NDVI raster (tools/oracle/server_raster.py).
enum RasterOracle {
    struct Point: Sendable { var lon: Double, lat: Double, column: Int, row: Int, value: Double }
    static let points: [Point] = {
        let url = Bundle.module.url(forResource: "server_raster", withExtension: "json", subdirectory: "Fixtures")!
        let doc = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return (doc["points"] as! [[String: Any]]).map {
            Point(lon: ($0["lon"] as! NSNumber).doubleValue, lat: ($0["lat"] as! NSNumber).doubleValue,
                  column: $0["column"] as! Int, row: $0["row"] as! Int, value: ($0["value"] as! NSNumber).doubleValue)
        }
    }()
}

/// A PNG's width and height from its IHDR chunk (nil when the bytes are not a PNG).
func pngSize(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data)
    guard b.count > 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    return (be(16), be(20))
}

/// A JPEG file's (width, height) from its SOF0 segment (walking the segments from SOI).
func jpegSize(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data)
    guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8, b.suffix(2) == [0xFF, 0xD9] else { return nil }
    var i = 2
    while i + 9 < b.count, b[i] == 0xFF {
        let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
        if b[i + 1] == 0xC0 { return (Int(b[i + 7]) << 8 | Int(b[i + 8]), Int(b[i + 5]) << 8 | Int(b[i + 6])) }
        i += 2 + length
    }
    return nil
}

/// `/api/countries`, `/api/country`.
@Suite struct CountryRouteTests {
    @Test(arguments: [(2.35, 48.85, "FRA"), (13.4, 52.5, "DEU"), (-100.0, 40.0, "USA"), (151.2, -33.9, "AUS"),
                      (139.7, 35.7, "JPN")])
    func countryAtPoint(lon: Double, lat: Double, code: String) async throws {
        let r = try await LiveServer.request("/api/country?x=\(lon)&y=\(lat)")
        #expect(r.status == 200)
        let country = try r.json()["country"] as? [String: Any]
        #expect(country?["code"] as? String == code)
    }

    @Test func oceanAndProjectedPoint() async throws {
        let sea = try await LiveServer.request("/api/country?x=-30&y=0")
        #expect(sea.status == 200)
        #expect(try sea.json()["country"] is NSNull)
        // Paris in Web Mercator metres.
        let merc = try await LiveServer.request("/api/country?x=261600&y=6250600&sr=EPSG:3857")
        #expect((try merc.json()["country"] as? [String: Any])?["code"] as? String == "FRA")
    }

    @Test func extentAcrossTheAntimeridian() async throws {
        let r = try await LiveServer.request("/api/country/RUS?sr=EPSG:3857")
        #expect(r.status == 200)
        let j = try r.json()
        let e = try #require(j["extent"] as? [String: Double])
        #expect(e["west"]! > 0 && e["east"]! < 0, "Russia's extent should cross ±180°: \(e)")
        #expect(j["projectedExtent"] is [String: Any])
        let list = try await LiveServer.request("/api/countries")
        #expect((try list.json()["countries"] as? [Any])?.count == 177)
    }

    @Test(arguments: [
        ("/api/country?x=abc&y=1", 400, "x=abc"), ("/api/country?y=1", 400, "missing parameter x"),
        ("/api/country?x=1&y=100", 400, "not a longitude/latitude"), ("/api/country?x=1&y=1&layer=../etc", 400, "layer="),
        ("/api/country?x=1&y=1&sr=EPSG:99999", 400, "sr"), ("/api/country/XXX", 404, "XXX"),
        ("/api/country/%2E%2E%2Fetc", 404, "no country"),
    ])
    func badParameters(path: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == status, "\(path): \(r.text.prefix(200))")
        #expect(r.errorMessage?.contains(message) == true, "\(r.errorMessage ?? r.text)")
    }
}

/// `/api/rasters`, `/api/raster/{name}/identify`, `/api/raster/{name}/image`.
@Suite struct RasterRouteTests {
    @Test func list() async throws {
        let r = try await LiveServer.request("/api/rasters")
        let rasters = try #require(try r.json()["rasters"] as? [[String: Any]])
        let ndvi = try #require(rasters.first { $0["name"] as? String == "ndvi" })
        #expect(ndvi["width"] as? Int == 349 && ndvi["height"] as? Int == 352)
        #expect(ndvi["spatialReference"] as? String == "EPSG:31985")
    }

    @Test(arguments: RasterOracle.points.indices)
    func identifyMatchesGDAL(k: Int) async throws {
        let p = RasterOracle.points[k]
        let r = try await LiveServer.request("/api/raster/ndvi/identify?x=\(p.lon)&y=\(p.lat)")
        #expect(r.status == 200)
        let cell = try #require(try r.json()["cell"] as? [String: Any])
        #expect(cell["column"] as? Int == p.column && cell["row"] as? Int == p.row)
        let v = try #require((cell["scaledValues"] as? [Any])?.first as? Double)
        #expect(abs(v - p.value) < 1e-6)
    }

    @Test func identifyOutsideAndImage() async throws {
        let out = try await LiveServer.request("/api/raster/ndvi/identify?x=0&y=0")
        #expect(out.status == 200)
        #expect(try out.json()["cell"] is NSNull)
        let img = try await LiveServer.request("/api/raster/ndvi/image?sr=EPSG:4326&bbox=-34.92,-8.05,-34.82,-7.95&width=120&height=100")
        #expect(img.status == 200 && img.contentType == "image/png")
        #expect(pngSize(img.body)! == (120, 100))
        let jpeg = try await LiveServer.request("/api/raster/ndvi/image?sr=EPSG:4326&bbox=-34.92,-8.05,-34.82,-7.95&width=120&height=100&format=jpg")
        #expect(jpeg.status == 200 && jpeg.contentType == "image/jpeg")
        #expect(jpegSize(jpeg.body)! == (120, 100))
    }

    @Test(arguments: [
        ("/api/raster/nope/identify?x=1&y=1", 404, "no raster"), ("/api/raster/..%2F..%2Fetc%2Fpasswd/identify?x=1&y=1", 404, "no raster"),
        ("/api/raster/ndvi/identify?x=1", 400, "missing parameter y"), ("/api/raster/ndvi/identify?x=nan&y=1", 400, "x=nan"),
        ("/api/raster/ndvi/image?bbox=0,0,1", 400, "bbox="), ("/api/raster/ndvi/image?bbox=1,0,0,1", 400, "xmin < xmax"),
        ("/api/raster/ndvi/image?bbox=0,0,1,1&width=5000", 400, "width=5000"),
        ("/api/raster/ndvi/image?bbox=0,0,1,1&ramp=rainbow", 400, "ramp=rainbow"),
        ("/api/raster/ndvi/image?bbox=0,0,1,1&sr=EPSG:99999", 400, "sr"),
        ("/api/raster/ndvi/image?bbox=0,0,1,1&format=gif", 400, "format=gif"),
    ])
    func badParameters(path: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == status, "\(path): \(r.text.prefix(200))")
        #expect(r.errorMessage?.contains(message) == true, "\(r.errorMessage ?? r.text)")
    }
}

/// `/api/map` and the viewer's files.
@Suite struct MapAndViewerRouteTests {
    @Test func rasterMap() async throws {
        let r = try await LiveServer.request("/api/map?sr=EPSG:3857&bbox=-3886900,-898500,-3876900,-888500&width=200&height=150&layers=ndvi")
        #expect(r.status == 200 && r.contentType == "image/png")
        #expect(pngSize(r.body)! == (200, 150))
    }

    @Test func jpegMap() async throws {
        let r = try await LiveServer.request("/api/map?sr=EPSG:3857&bbox=-3886900,-898500,-3876900,-888500&width=200&height=150&layers=ndvi,countries&format=jpeg")
        #expect(r.status == 200 && r.contentType == "image/jpeg")
        #expect(jpegSize(r.body)! == (200, 150))
        let svg = try await LiveServer.request("/api/map?bbox=0,0,1,1&layers=ndvi&format=svg")
        #expect(svg.status == 400 && svg.errorMessage?.contains("ndvi is a raster: ask for PNG or JPEG") == true)
    }

    @Test(arguments: [
        ("/api/map?bbox=0,0,1,1&layers=nope", 400, "no layer"), ("/api/map?bbox=0,0,1,1&width=4097&layers=ndvi", 400, "width=4097"),
        ("/api/map?layers=ndvi", 400, "missing parameter bbox"), ("/api/map?bbox=0,0,1,1&layers=ndvi&format=gif", 400, "format=gif"),
        ("/api/map?bbox=0,0,1,1&layers=ndvi&background=red", 400, "background=red"),
        ("/api/map?bbox=0,0,1,1&layers=ndvi&sr=EPSG:99999", 400, "sr"),
        ("/api/map?bbox=0,0,1,1&layers=" + String(repeating: "ndvi,", count: 17) + "ndvi", 400, "1 to 16"),
    ])
    func badParameters(path: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == status, "\(path): \(r.text.prefix(200))")
        #expect(r.errorMessage?.contains(message) == true, "\(r.errorMessage ?? r.text)")
    }

    @Test func viewerFiles() async throws {
        let page = try await LiveServer.request("/")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        for id in ["sr-select", "sr-search", "tf-results", "country-select", "layer-ndvi", "callout", "map"] {
            #expect(page.text.contains("id=\"\(id)\""), "\(id)")
        }
        let js = try await LiveServer.request("/viewer/viewer.js")
        #expect(js.status == 200 && js.contentType.hasPrefix("text/javascript"))
        let etag = try #require(js.headers.value(forHTTPHeaderField: "ETag"))
        let again = try await LiveServer.request("/viewer/viewer.js", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
    }
}

/// `/wms` (1.3.0 and 1.1.1) and `/tiles`.
@Suite struct WMSRouteTests {
    static let ndviBox = (south: -8.05, west: -34.92, north: -7.95, east: -34.82)

    @Test func capabilitiesFollowTheHost() async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0",
                                             headers: ["Host": "maps.example.org:8443", "X-Forwarded-Proto": "https"])
        #expect(r.status == 200 && r.contentType.hasPrefix("text/xml"))
        #expect(r.text.contains("<WMS_Capabilities version=\"1.3.0\""))
        #expect(r.text.contains("xlink:href=\"https://maps.example.org:8443/wms?\""))
        for crs in ["<CRS>EPSG:4326</CRS>", "<CRS>CRS:84</CRS>", "<CRS>EPSG:3857</CRS>", "<CRS>EPSG:28413</CRS>", "<CRS>ESRI:54050</CRS>"] {
            #expect(r.text.contains(crs), "\(crs)")
        }
        // EPSG:4326 bounding boxes are latitude first in 1.3.0.
        #expect(r.text.contains("<BoundingBox CRS=\"EPSG:4326\" minx=\"-90.0\" miny=\"-180.0\""))
        let old = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1")
        #expect(old.text.contains("<WMT_MS_Capabilities version=\"1.1.1\">"))
        #expect(old.text.contains("<SRS>EPSG:4326</SRS>") && !old.text.contains("<SRS>CRS:84</SRS>"))
        #expect(old.text.contains("<BoundingBox SRS=\"EPSG:4326\" minx=\"-180.0\" miny=\"-90.0\""))
    }

    @Test func getMapAxisOrderPerVersion() async throws {
        let b = Self.ndviBox
        let v13 = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=ndvi&STYLES=&CRS=EPSG:4326"
            + "&BBOX=\(b.south),\(b.west),\(b.north),\(b.east)&WIDTH=64&HEIGHT=64&FORMAT=image/png")
        let v11 = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=ndvi&STYLES=&SRS=EPSG:4326"
            + "&BBOX=\(b.west),\(b.south),\(b.east),\(b.north)&WIDTH=64&HEIGHT=64&FORMAT=image/png")
        let crs84 = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=ndvi&STYLES=&CRS=CRS:84"
            + "&BBOX=\(b.west),\(b.south),\(b.east),\(b.north)&WIDTH=64&HEIGHT=64&FORMAT=image/png")
        #expect(v13.status == 200 && v13.contentType == "image/png")
        #expect(pngSize(v13.body)! == (64, 64))
        #expect(v13.body == v11.body && v13.body == crs84.body)
        // The raster is not empty white: somewhere the NDVI colours differ from the background.
        let swapped = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=ndvi&STYLES=&CRS=EPSG:4326"
            + "&BBOX=\(b.west),\(b.south),\(b.east),\(b.north)&WIDTH=64&HEIGHT=64&FORMAT=image/png")
        #expect(swapped.body != v13.body)
    }

    /// GDAL's WMS client asks for image/jpeg unless the URL names a format.
    @Test func getMapJPEG() async throws {
        let b = Self.ndviBox
        let base = "/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=ndvi&STYLES=&SRS=EPSG:4326"
            + "&BBOX=\(b.west - 0.05),\(b.south),\(b.east),\(b.north)&WIDTH=80&HEIGHT=64"
        let caps = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(caps.text.contains("<Format>image/png</Format><Format>image/png8</Format><Format>image/png; mode=8bit</Format><Format>image/jpeg</Format>"))
        for format in ["image/jpeg", "image/jpg", "jpeg"] {
            let r = try await LiveServer.request(base + "&FORMAT=\(format)")
            #expect(r.status == 200 && r.contentType == "image/jpeg", "\(format)")
            #expect(jpegSize(r.body).map { $0 == (80, 64) } == true, "\(format)")
        }
        // JPEG has no alpha: a transparent map (the raster's nodata, the area west of it) is
        // flattened over BGCOLOR, the same file as that colour drawn opaque.
        let flattened = try await LiveServer.request(base + "&FORMAT=image/jpeg&TRANSPARENT=TRUE&BGCOLOR=0x2040FF")
        let opaque = try await LiveServer.request(base + "&FORMAT=image/jpeg&TRANSPARENT=FALSE&BGCOLOR=0x2040FF")
        let white = try await LiveServer.request(base + "&FORMAT=image/jpeg&TRANSPARENT=TRUE")
        #expect(flattened.status == 200 && flattened.body == opaque.body)
        #expect(flattened.body != white.body)
        let png = try await LiveServer.request(base + "&FORMAT=image/png")
        #expect(png.contentType == "image/png" && png.body != flattened.body)
    }

    /// 8-bit PNG (`image/png8`, MapServer's `image/png; mode=8bit`, `format=png8`, `.png8`
    /// tiles): palette files (colour type 3) of the same map.
    @Test func getMapPNG8() async throws {
        let base = "/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES=&CRS=EPSG:4326"
            + "&BBOX=-90,-180,90,180&WIDTH=512&HEIGHT=256"
        func colourType(_ body: Data) -> UInt8? { body.count > 25 && pngSize(body) != nil ? body[25] : nil }
        let eight = try await LiveServer.request(base + "&FORMAT=image/png8")
        let mode = try await LiveServer.request(base + "&FORMAT=image/png;%20mode=8bit")
        let full = try await LiveServer.request(base + "&FORMAT=image/png")
        #expect(eight.status == 200 && eight.contentType == "image/png" && colourType(eight.body) == 3)
        #expect(mode.body == eight.body && eight.body.count < full.body.count && colourType(full.body) != 3)
        let api = try await LiveServer.request("/api/map?bbox=-180,-90,180,90&sr=EPSG:4326&width=256&height=128&layers=countries&format=png8")
        #expect(api.status == 200 && colourType(api.body) == 3)
        let tile = try await LiveServer.request("/tiles/1/0/0.png8")
        #expect(tile.status == 200 && tile.contentType == "image/png" && colourType(tile.body) == 3)
        let legend = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&LAYER=ndvi&FORMAT=image/png8")
        #expect(legend.status == 200 && colourType(legend.body) == 3)
        let caps = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(caps.text.contains("<GetMap><Format>image/png</Format><Format>image/png8</Format><Format>image/png; mode=8bit</Format><Format>image/jpeg</Format>"))
    }

    @Test(arguments: RasterOracle.points.indices)
    func featureInfoMatchesGDAL(k: Int) async throws {
        let p = RasterOracle.points[k]
        // A 101 × 101 map centred on the point: pixel (50, 50)'s centre is the point.
        let d = 0.005
        let bbox13 = "\(p.lat - d),\(p.lon - d),\(p.lat + d),\(p.lon + d)"
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=ndvi&QUERY_LAYERS=ndvi"
            + "&STYLES=&CRS=EPSG:4326&BBOX=\(bbox13)&WIDTH=101&HEIGHT=101&I=50&J=50&INFO_FORMAT=application/json")
        #expect(r.status == 200)
        let features = try #require(try r.json()["features"] as? [[String: Any]])
        let props = try #require(features.first?["properties"] as? [String: Any])
        #expect(props["column"] as? String == "\(p.column)" && props["row"] as? String == "\(p.row)")
        #expect(abs((Double(props["Band_0"] as? String ?? "") ?? .nan) - p.value) < 1e-6)
    }

    /// GetMap as SVG (image/svg+xml, listed in the capabilities; MapServer's and GeoServer's
    /// format): the countries as /api/map draws them, France among them in a view of western
    /// Europe, without /api/map's graticule and outline; a raster layer is InvalidFormat.
    @Test func getMapSVG() async throws {
        let base = "/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&STYLES=&CRS=EPSG:4326&BBOX=35,-10,60,30&WIDTH=400&HEIGHT=250"
        let r = try await LiveServer.request(base + "&LAYERS=countries&FORMAT=image/svg%2Bxml")
        #expect(r.status == 200 && r.contentType.hasPrefix("image/svg+xml"))
        #expect(r.text.contains("<svg") && r.text.contains("width=\"400\" height=\"250\"") && r.text.contains("id=\"FRA\""))
        #expect(!r.text.contains("class=\"graticule\"") && !r.text.contains("class=\"outline\""))
        let short = try await LiveServer.request(base + "&LAYERS=countries&FORMAT=image/svg")
        #expect(short.status == 200 && short.body == r.body)
        let raster = try await LiveServer.request(base + "&LAYERS=ndvi&FORMAT=image/svg%2Bxml")
        #expect(raster.status == 400 && raster.text.contains("<ServiceException code=\"InvalidFormat\">"))
        let caps = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(caps.text.contains("<Format>image/jpeg</Format><Format>image/svg+xml</Format>"))
    }

    @Test(arguments: ["text/plain", "application/json", "text/xml", "text/html", "application/vnd.ogc.gml"])
    func featureInfoCountries(format: String) async throws {
        // MapServer 8 answers ADMIN=Germany for this pixel of a 512 × 256 world map.
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetFeatureInfo&LAYERS=countries"
            + "&QUERY_LAYERS=countries&STYLES=&SRS=EPSG:4326&BBOX=-180,-90,180,90&WIDTH=512&HEIGHT=256&X=270&Y=60&INFO_FORMAT=\(format)")
        #expect(r.status == 200)
        #expect(r.contentType.hasPrefix(format))
        #expect(r.text.contains("Germany") && r.text.contains("DEU"))
    }

    @Test(arguments: [
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=nope&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1", "LayerNotDefined"),
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=ndvi&CRS=EPSG:99999&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1", "InvalidCRS"),
        ("REQUEST=GetMap&VERSION=1.1.1&LAYERS=ndvi&SRS=EPSG:99999&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1", "InvalidSRS"),
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=ndvi&CRS=EPSG:4326&BBOX=0,0,1&WIDTH=1&HEIGHT=1", "InvalidParameterValue"),
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=ndvi&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=99999&HEIGHT=1", "InvalidParameterValue"),
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=ndvi&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1&FORMAT=image/gif", "InvalidFormat"),
        ("REQUEST=GetMap&VERSION=1.3.0&LAYERS=ndvi&STYLES=fancy&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1", "StyleNotDefined"),
        ("REQUEST=GetMap&VERSION=1.3.0&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1", "MissingParameterValue"),
        ("REQUEST=GetFeatureInfo&VERSION=1.3.0&LAYERS=ndvi&QUERY_LAYERS=ndvi&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&I=10&J=0", "InvalidPoint"),
        ("REQUEST=GetFeatureInfo&VERSION=1.3.0&LAYERS=ndvi&QUERY_LAYERS=countries&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&I=1&J=1", "LayerNotDefined"),
        ("REQUEST=GetFeatureInfo&VERSION=1.3.0&LAYERS=ndvi&QUERY_LAYERS=ndvi&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&I=1&J=1&INFO_FORMAT=x/y", "InvalidFormat"),
        ("REQUEST=Transmogrify", "OperationNotSupported"), ("VERSION=1.3.0", "MissingParameterValue"),
    ])
    func serviceExceptions(query: String, code: String) async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&\(query)")
        #expect(r.status == 400)
        #expect(r.text.contains("<ServiceException code=\"\(code)\">"), "\(r.text)")
    }

    /// EXCEPTIONS=INIMAGE and BLANK (and 1.1.1's MIME-type names): an image of the requested
    /// size and format with HTTP 200; XML when no image can be made or EXCEPTIONS is unknown.
    @Test func exceptionsInImage() async throws {
        let bad = "/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=countries&STYLES=&BBOX=0,0,1,1&WIDTH=120&HEIGHT=40"
        let inImage = try await LiveServer.request(bad + "&VERSION=1.3.0&CRS=EPSG:99999&FORMAT=image/png&EXCEPTIONS=INIMAGE")
        #expect(inImage.status == 200 && inImage.contentType == "image/png" && pngSize(inImage.body)! == (120, 40))
        let blank = try await LiveServer.request(bad + "&VERSION=1.3.0&CRS=EPSG:99999&FORMAT=image/png&EXCEPTIONS=BLANK")
        let blankOther = try await LiveServer.request(bad.replacingOccurrences(of: "countries", with: "nope")
                                                      + "&VERSION=1.3.0&CRS=EPSG:4326&FORMAT=image/png&EXCEPTIONS=blank")
        #expect(blank.status == 200 && pngSize(blank.body)! == (120, 40))
        #expect(blank.body == blankOther.body && blank.body != inImage.body)
        let old = try await LiveServer.request(bad + "&VERSION=1.1.1&SRS=EPSG:99999&FORMAT=image/jpeg"
                                               + "&EXCEPTIONS=application/vnd.ogc.se_inimage")
        #expect(old.status == 200 && old.contentType == "image/jpeg" && jpegSize(old.body)! == (120, 40))
        // A good map is unaffected by EXCEPTIONS.
        let good = try await LiveServer.request(bad + "&VERSION=1.3.0&CRS=EPSG:4326&FORMAT=image/png")
        let goodInImage = try await LiveServer.request(bad + "&VERSION=1.3.0&CRS=EPSG:4326&FORMAT=image/png&EXCEPTIONS=INIMAGE")
        #expect(good.status == 200 && good.body == goodInImage.body)
        // An EXCEPTIONS value of a client's own is taken as XML (MapServer's behaviour).
        let own = try await LiveServer.request(bad + "&VERSION=1.3.0&CRS=EPSG:4326&FORMAT=image/png&EXCEPTIONS=PDF")
        #expect(own.status == 200 && own.body == good.body)
        for (query, code) in [("&VERSION=1.3.0&CRS=EPSG:4326&FORMAT=image/gif&EXCEPTIONS=INIMAGE", "InvalidFormat"),
                              ("&VERSION=1.3.0&CRS=EPSG:99999&EXCEPTIONS=se_pdf", "InvalidCRS")] {
            let r = try await LiveServer.request(bad + query)
            #expect(r.status == 400 && r.text.contains("<ServiceException code=\"\(code)\">"), "\(query): \(r.text)")
        }
        let huge = try await LiveServer.request(bad.replacingOccurrences(of: "WIDTH=120", with: "WIDTH=99999")
                                                + "&VERSION=1.3.0&CRS=EPSG:4326&EXCEPTIONS=INIMAGE")
        #expect(huge.status == 400 && huge.text.contains("<ServiceException"))
        let caps = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0")
        #expect(caps.text.contains("<Exception><Format>XML</Format><Format>INIMAGE</Format><Format>BLANK</Format></Exception>"))
        let caps11 = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.1.1")
        #expect(caps11.text.contains("<Format>application/vnd.ogc.se_inimage</Format>"))
    }

    /// INIMAGE's picture: the message wrapped to the width, one 13-pixel line each from y = 4,
    /// black on the background (here transparent), nothing below the last line.
    @Test func exceptionPicture() {
        let e = WMSException(.invalidCRS, "CRS=\"EPSG:99999\": unknown spatial reference")
        let canvas = GraticuleServer.exceptionCanvas(e, .inImage, width: 100, height: 80, background: SIMD4(0, 0, 0, 0))
        // 15 characters a line ((100 − 2 × 4) / 6): a word longer than that is cut.
        let lines = BitmapFont.fixed6x13.lines("InvalidCRS: CRS=\"EPSG:99999\": unknown spatial reference", maxWidth: 92)
        #expect(lines == ["InvalidCRS:", "CRS=\"EPSG:99999", "\": unknown", "spatial", "reference"])
        var inkRows = Set<Int>()
        for y in 0..<80 {
            for x in 0..<100 {
                let p = canvas.pixel(x: x, y: y)
                #expect(p == SIMD4(0, 0, 0, 0) || p == SIMD4(0, 0, 0, 255))
                if p.w != 0 { inkRows.insert(y); #expect(x >= 4 && x < 96) }
            }
        }
        // Five lines in rows 4 ..< 69; glyphs' ink is in rows 2–12 of their cell.
        #expect(inkRows.min() == 4 + 2 && inkRows.max()! < 4 + 5 * 13)
        #expect((0..<5).allSatisfy { k in inkRows.contains { $0 >= 4 + 13 * k && $0 < 4 + 13 * (k + 1) } })
        let blank = GraticuleServer.exceptionCanvas(e, .blank, width: 100, height: 60, background: SIMD4(1, 2, 3, 255))
        #expect(blank.pixel(x: 10, y: 10) == SIMD4(1, 2, 3, 255) && blank.pixel(x: 99, y: 59) == SIMD4(1, 2, 3, 255))
    }

    @Test func tiles() async throws {
        // z13 tile over Olinda/Recife holds NDVI cells.
        let r = try await LiveServer.request("/tiles/13/3302/4278.png?layers=ndvi")
        #expect(r.status == 200 && r.contentType == "image/png")
        #expect(pngSize(r.body)! == (256, 256))
        let jpeg = try await LiveServer.request("/tiles/13/3302/4278.jpg?layers=ndvi")
        #expect(jpeg.status == 200 && jpeg.contentType == "image/jpeg")
        #expect(jpegSize(jpeg.body)! == (256, 256))
        for (path, status) in [("/tiles/1/2/0.png?layers=ndvi", 400), ("/tiles/23/0/0.png", 400), ("/tiles/a/0/0.png", 400),
                               ("/tiles/0/0/0.gif", 404), ("/tiles/0/0/0", 404), ("/tiles/0/0/0.png?layers=../../x", 400)] {
            let bad = try await LiveServer.request(path)
            #expect(bad.status == status, "\(path): \(bad.text.prefix(200))")
        }
    }
}
