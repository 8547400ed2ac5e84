import Foundation
import Testing

/// WMTS 1.0.0 (`/wmts`, KVP and RESTful): the capabilities against the standard's
/// GoogleMapsCompatible scale set (OGC 07-057r7, Annex E.4: level 0 at 1 : 559,082,264.0287178,
/// each level half the one before, top-left corner (−20,037,508.3427892, 20,037,508.3427892)),
/// tiles identical to the XYZ route's, and the OWS exceptions of Table 28.
@Suite struct WMTSRouteTests {
    @Test func capabilities() async throws {
        let kvp = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetCapabilities&VERSION=1.0.0",
                                               headers: ["Host": "tiles.example.org"])
        #expect(kvp.status == 200 && kvp.contentType.hasPrefix("application/xml"))
        let text = kvp.text
        #expect(text.contains("<Capabilities xmlns=\"http://www.opengis.net/wmts/1.0\""))
        for layer in ["countries", "countries10m", "ndvi"] { #expect(text.contains("<ows:Identifier>\(layer)</ows:Identifier>")) }
        #expect(text.contains("<WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>"))
        let sets = text.components(separatedBy: "<ows:Identifier>WorldCRS84Quad</ows:Identifier>")
        try #require(sets.count == 2)
        #expect(sets[0].components(separatedBy: "<TileMatrix>").count - 1 == 23)
        // Annex E.4's scale denominators and corner, levels 0 and 2 (to the digits published).
        let levels = sets[0].components(separatedBy: "<TileMatrix><ows:Identifier>")
        for (z, published) in [(0, 559_082_264.0287178), (2, 139_770_566.0071794), (18, 2132.7295838497840)] {
            let entry = levels[z + 1]
            let value = try #require(Double(entry.components(separatedBy: "<ScaleDenominator>")[1].components(separatedBy: "<")[0]))
            #expect(abs(value - published) < 1e-6, "level \(z): \(value)")
            #expect(entry.contains("<MatrixWidth>\(1 << z)</MatrixWidth><MatrixHeight>\(1 << z)</MatrixHeight>"))
        }
        #expect(text.contains("<TopLeftCorner>-20037508.342789244 20037508.342789244</TopLeftCorner>"))
        // WorldCRS84Quad (OGC 17-083r2, Annex D.2): 2 × 1 tiles at level 0, each level doubling
        // both, from (−180°, 90°), longitude first.
        #expect(sets[1].contains("<ows:SupportedCRS>urn:ogc:def:crs:OGC:1.3:CRS84</ows:SupportedCRS>"))
        let crs84 = sets[1].components(separatedBy: "<TileMatrix><ows:Identifier>")
        #expect(crs84.count - 1 == 22)
        for (z, published) in [(0, 279_541_132.014_358_9), (1, 139_770_566.007_179_4)] {
            let entry = crs84[z + 1]
            let value = try #require(Double(entry.components(separatedBy: "<ScaleDenominator>")[1].components(separatedBy: "<")[0]))
            #expect(abs(value - published) < 1e-6, "level \(z): \(value)")
            #expect(entry.contains("<TopLeftCorner>-180 90</TopLeftCorner>"))
            #expect(entry.contains("<MatrixWidth>\(2 << z)</MatrixWidth><MatrixHeight>\(1 << z)</MatrixHeight>"))
        }
        for layer in ["countries", "ndvi"] {
            let links = text.components(separatedBy: "<ows:Identifier>\(layer)</ows:Identifier>")[1].components(separatedBy: "</Layer>")[0]
            #expect(links.contains("<TileMatrixSet>WebMercatorQuad</TileMatrixSet>") && links.contains("<TileMatrixSet>WorldCRS84Quad</TileMatrixSet>"))
        }
        // The layers' whole extent in WGS 84, and the part Web Mercator shows in its metres.
        #expect(text.contains("<ows:WGS84BoundingBox><ows:LowerCorner>-180.0 -90.0</ows:LowerCorner><ows:UpperCorner>180.0 90.0</ows:UpperCorner>"))
        #expect(text.contains("<ows:BoundingBox crs=\"urn:ogc:def:crs:EPSG::3857\"><ows:LowerCorner>-20037508.342789244 -20037508.342789244</ows:LowerCorner>"))
        #expect(text.contains("template=\"http://tiles.example.org/wmts/1.0.0/countries/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png\""))
        #expect(text.contains("<ows:Get xlink:href=\"http://tiles.example.org/wmts?\">"))
        #expect(text.contains("REQUEST=GetLegendGraphic&amp;VERSION=1.3.0&amp;FORMAT=image/png&amp;LAYER=ndvi\" width=\"35\" height=\"100\""))
        let rest = try await LiveServer.request("/wmts/1.0.0/WMTSCapabilities.xml", headers: ["Host": "tiles.example.org"])
        #expect(rest.status == 200 && rest.text == text)
    }

    /// KVP and RESTful GetTile give the XYZ route's tile (y is the row, x the column).
    @Test(arguments: [("countries", 0, 0, 0, "png", "image/png"), ("countries", 3, 2, 5, "jpg", "image/jpeg"),
                      ("countries", 2, 1, 2, "png8", "image/png8"), ("ndvi", 12, 2162, 1605, "png", "image/png")])
    func tilesAreTheXYZTiles(layer: String, z: Int, row: Int, column: Int, ext: String, format: String) async throws {
        let xyz = try await LiveServer.request("/tiles/\(z)/\(column)/\(row).\(ext)?layers=\(layer)")
        #expect(xyz.status == 200)
        let kvp = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=\(layer)&STYLE=default"
            + "&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=\(z)&TILEROW=\(row)&TILECOL=\(column)&FORMAT=\(format)")
        let rest = try await LiveServer.request("/wmts/1.0.0/\(layer)/default/WebMercatorQuad/\(z)/\(row)/\(column).\(ext)")
        #expect(kvp.status == 200 && kvp.body == xyz.body && kvp.contentType == xyz.contentType)
        #expect(rest.status == 200 && rest.body == xyz.body)
    }

    /// WorldCRS84Quad tiles are the CRS:84 maps of the boxes the standard's grid gives (level z:
    /// 180° / 2^z per tile from (−180°, 90°)), by KVP and RESTful; GetFeatureInfo reads the same
    /// map: Kansas (100° W, 40° N) is in the United States, the Pacific west of California is
    /// no country.
    @Test(arguments: [(0, 0, 1, "png", "image/png"), (1, 0, 0, "png", "image/png"), (3, 2, 9, "jpg", "image/jpeg")])
    func worldCRS84QuadTiles(z: Int, row: Int, column: Int, ext: String, format: String) async throws {
        let size = 180 / Double(1 << z)
        let (west, east) = (-180 + Double(column) * size, -180 + Double(column + 1) * size)
        let (south, north) = (90 - Double(row + 1) * size, 90 - Double(row) * size)
        let wms = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES=&CRS=CRS:84"
            + "&BBOX=\(west),\(south),\(east),\(north)&WIDTH=256&HEIGHT=256&FORMAT=\(format)"
            + "&TRANSPARENT=TRUE&BGCOLOR=" + (ext == "jpg" ? "0xFFFFFF" : "0x000000"))
        #expect(wms.status == 200)
        let kvp = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=countries&STYLE=default"
            + "&TILEMATRIXSET=WorldCRS84Quad&TILEMATRIX=\(z)&TILEROW=\(row)&TILECOL=\(column)&FORMAT=\(format)")
        let rest = try await LiveServer.request("/wmts/1.0.0/countries/default/WorldCRS84Quad/\(z)/\(row)/\(column).\(ext)")
        #expect(kvp.status == 200 && kvp.contentType == format && pngOrJPEG(kvp.body) == ext)
        #expect(kvp.body == wms.body, "\(kvp.body.count) B vs the WMS map's \(wms.body.count) B")
        #expect(rest.status == 200 && rest.body == kvp.body)
    }

    @Test func worldCRS84QuadFeatureInfo() async throws {
        // Level 1, row 0, column 0: 180° W – 90° W, 0° – 90° N, 90/256° per pixel.
        func info(_ lon: Double, _ lat: Double) async throws -> String {
            let i = Int((lon + 180) / 90 * 256), j = Int((90 - lat) / 90 * 256)
            let r = try await LiveServer.request("/wmts/1.0.0/countries/default/WorldCRS84Quad/1/0/0/\(j)/\(i).json")
            #expect(r.status == 200)
            return r.text
        }
        #expect(try await info(-100, 40).contains("United States of America"))
        #expect(!(try await info(-140, 30)).contains("United States of America"))
    }

    func pngOrJPEG(_ body: Data) -> String {
        body.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "png" : body.starts(with: [0xFF, 0xD8]) ? "jpg" : "?"
    }

    @Test(arguments: [
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WorldCRS84Quad&TILEMATRIX=0&TILEROW=1&TILECOL=0&FORMAT=image/png",
         "TileOutOfRange", "TILEROW", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WorldCRS84Quad&TILEMATRIX=0&TILEROW=0&TILECOL=2&FORMAT=image/png",
         "TileOutOfRange", "TILECOL", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WorldCRS84Quad&TILEMATRIX=22&TILEROW=0&TILECOL=0&FORMAT=image/png",
         "InvalidParameterValue", "TILEMATRIX", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=0&FORMAT=image/png",
         "MissingParameterValue", "TILECOL", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=2&TILECOL=0&FORMAT=image/png",
         "TileOutOfRange", "TILEROW", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=nope&STYLE=default&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=0&TILECOL=0&FORMAT=image/png",
         "InvalidParameterValue", "LAYER", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=fancy&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=0&TILECOL=0&FORMAT=image/png",
         "InvalidParameterValue", "STYLE", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=EPSG:4326&TILEMATRIX=1&TILEROW=0&TILECOL=0&FORMAT=image/png",
         "InvalidParameterValue", "TILEMATRIXSET", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=23&TILEROW=0&TILECOL=0&FORMAT=image/png",
         "InvalidParameterValue", "TILEMATRIX", 400),
        ("SERVICE=WMTS&REQUEST=GetTile&LAYER=countries&STYLE=default&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=0&TILECOL=0&FORMAT=image/gif",
         "InvalidParameterValue", "FORMAT", 400),
        ("SERVICE=WMTS&REQUEST=DescribeDomains", "OperationNotSupported", "REQUEST", 400),
        ("SERVICE=WMTS", "MissingParameterValue", "REQUEST", 400),
    ])
    func exceptions(query: String, code: String, locator: String, status: Int) async throws {
        let r = try await LiveServer.request("/wmts?" + query)
        #expect(r.status == status && r.contentType.hasPrefix("application/xml"))
        #expect(r.text.contains("<ows:Exception exceptionCode=\"\(code)\" locator=\"\(locator)\">"), "\(r.text)")
    }

    @Test func restExceptions() async throws {
        let outside = try await LiveServer.request("/wmts/1.0.0/countries/default/WebMercatorQuad/1/0/5.png")
        #expect(outside.status == 400 && outside.text.contains("exceptionCode=\"TileOutOfRange\" locator=\"TILECOL\""))
        let format = try await LiveServer.request("/wmts/1.0.0/countries/default/WebMercatorQuad/1/0/0.gif")
        #expect(format.status == 400 && format.text.contains("locator=\"Format\""))
        let set = try await LiveServer.request("/wmts/1.0.0/countries/default/GoogleMapsCompatible/1/0/0.png")
        #expect(set.status == 200)
    }
}

/// WMTS GetFeatureInfo: the answer WMS gives for the same 256 × 256 EPSG:3857 map and pixel.
@Suite struct WMTSFeatureInfoTests {
    // Pixel (57, 182) of tile 3/4/2 is near 10° E, 50° N: in Germany.
    @Test(arguments: [("countries", 3, 2, 4, 57, 182, "text/plain"), ("countries", 3, 2, 4, 57, 182, "application/json"),
                      ("ndvi", 12, 2162, 1605, 30, 200, "application/json")])
    func sameAsWMS(layer: String, z: Int, row: Int, column: Int, i: Int, j: Int, format: String) async throws {
        let r = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo&VERSION=1.0.0&LAYER=\(layer)&STYLE=default"
            + "&FORMAT=image/png&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=\(z)&TILEROW=\(row)&TILECOL=\(column)&I=\(i)&J=\(j)"
            + "&INFOFORMAT=\(format)")
        // The tile's extent from the slippy-map formulas, written out here.
        let half = 20037508.342789244, size = 2 * half / Double(1 << z)
        let box = [-half + Double(column) * size, half - Double(row + 1) * size, -half + Double(column + 1) * size, half - Double(row) * size]
        let wms = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=\(layer)&QUERY_LAYERS=\(layer)"
            + "&STYLES=&CRS=EPSG:3857&BBOX=\(box.map { "\($0)" }.joined(separator: ","))&WIDTH=256&HEIGHT=256&I=\(i)&J=\(j)&INFO_FORMAT=\(format)")
        #expect(r.status == 200 && wms.status == 200 && r.contentType == wms.contentType)
        #expect(r.body == wms.body, "\(r.text.prefix(300)) vs \(wms.text.prefix(300))")
        if layer == "countries" { #expect(r.text.contains("Germany") && r.text.contains("DEU"), "\(r.text.prefix(200))") }
    }

    /// The RESTful template (`…/{TileCol}/{J}/{I}.json`) gives the KVP answer.
    @Test func restful() async throws {
        let kvp = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo&VERSION=1.0.0&LAYER=countries&STYLE=default"
            + "&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=3&TILEROW=2&TILECOL=4&I=57&J=182&INFOFORMAT=application/json")
        let rest = try await LiveServer.request("/wmts/1.0.0/countries/default/WebMercatorQuad/3/2/4/182/57.json")
        #expect(kvp.status == 200 && rest.status == 200 && rest.body == kvp.body && rest.text.contains("Germany"))
        let html = try await LiveServer.request("/wmts/1.0.0/countries/default/WebMercatorQuad/3/2/4/182/57.html")
        #expect(html.status == 200 && html.contentType.hasPrefix("text/html"))
        let bad = try await LiveServer.request("/wmts/1.0.0/countries/default/WebMercatorQuad/3/2/4/182/57.pdf")
        #expect(bad.status == 400 && bad.text.contains("locator=\"InfoFormat\""))
        let caps = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetCapabilities", headers: ["Host": "tiles.example.org"])
        #expect(caps.text.contains("<ResourceURL format=\"application/json\" resourceType=\"FeatureInfo\" "
            + "template=\"http://tiles.example.org/wmts/1.0.0/countries/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}/{J}/{I}.json\"/>"))
    }

    @Test func badPoint() async throws {
        let r = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetFeatureInfo&LAYER=countries&STYLE=default"
            + "&TILEMATRIXSET=WebMercatorQuad&TILEMATRIX=1&TILEROW=0&TILECOL=0&I=256&J=0&INFOFORMAT=text/plain")
        #expect(r.status == 400 && r.text.contains("exceptionCode=\"PointIJOutOfRange\" locator=\"I\""))
        let caps = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetCapabilities")
        #expect(caps.text.contains("<ows:Operation name=\"GetFeatureInfo\">") && caps.text.contains("<InfoFormat>application/json</InfoFormat>"))
    }
}
