import Foundation
import Testing

/// Vector files served as map layers (`--vector-dir`): the live server's vector directory holds
/// `squares.geojson` (squares A and B sharing a side, point P, line L; WGS 84),
/// `squares_3857.shp` (A and B projected by ogr2ogr to EPSG:3857), a file that is not JSON and
/// a text file (tools/oracle/server_vectors.py). What each query finds follows from those
/// definitions: on a 1024 × 512 CRS:84 world map, longitude λ is pixel column (λ + 180) / 360 ×
/// 1024 and latitude φ row (90 − φ) / 180 × 512.
@Suite struct VectorLayerRouteTests {
    static let world = "&CRS=CRS:84&BBOX=-180,-90,180,90&WIDTH=1024&HEIGHT=512"

    static func column(_ lon: Double) -> Int { Int((lon + 180) / 360 * 1024) }
    static func row(_ lat: Double) -> Int { Int((90 - lat) / 180 * 512) }

    /// The names GetFeatureInfo (JSON) finds at pixel (i, j) of the world map.
    static func found(_ layer: String, _ i: Int, _ j: Int) async throws -> [String] {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=\(layer)"
            + "&QUERY_LAYERS=\(layer)&STYLES=\(world)&I=\(i)&J=\(j)&INFO_FORMAT=application/json&FEATURE_COUNT=5")
        #expect(r.status == 200, "\(r.text)")
        let features = try #require(try r.json()["features"] as? [[String: Any]])
        return features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
    }

    @Test(arguments: [
        // Inside A, inside B (both files), on the ocean.
        ("squares", 5.5, 5.5, ["A"]), ("squares", 15, 5.5, ["B"]), ("squares", -30, -40, []),
        ("squares_3857", 5.5, 5.5, ["A"]), ("squares_3857", 15, 5.5, ["B"]), ("squares_3857", 30, 5.5, []),
        // Overlapping polygons: both where they overlap, in the file's order.
        ("overlaps", 32, 32, ["X"]), ("overlaps", 38, 38, ["X", "Y"]), ("overlaps", 43, 43, ["Y"]),
    ])
    func featureInfoFindsThePolygonsAtThePoint(layer: String, lon: Double, lat: Double, names: [String]) async throws {
        #expect(try await Self.found(layer, Self.column(lon), Self.row(lat)) == names)
    }

    /// Points and lines within 3 pixels of the queried pixel's centre (MapServer's default
    /// tolerance), not farther.
    @Test func featureInfoFindsPointsAndLinesNearby() async throws {
        let p = (i: Self.column(-30), j: Self.row(20)), l = (i: Self.column(-30), j: Self.row(-20))
        #expect(try await Self.found("squares", p.i, p.j) == ["P"])
        #expect(try await Self.found("squares", p.i + 2, p.j - 2) == ["P"])
        #expect(try await Self.found("squares", p.i + 10, p.j) == [])
        #expect(try await Self.found("squares", l.i, l.j + 2) == ["L"])
        #expect(try await Self.found("squares", l.i, l.j + 12) == [])
        #expect(try await Self.found("squares", Self.column(-45), l.j) == [])
    }

    @Test(arguments: ["text/plain", "text/xml", "text/html", "application/vnd.ogc.gml"])
    func featureInfoFormats(format: String) async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=countries,squares"
            + "&QUERY_LAYERS=squares&STYLES=\(Self.world)&I=\(Self.column(15))&J=\(Self.row(5.5))&INFO_FORMAT=\(format)")
        #expect(r.status == 200 && r.contentType.hasPrefix(format))
        #expect(r.text.contains("squares"))
        #expect(r.text.contains("B") && !r.text.contains("'A'") && !r.text.contains(">A<"))
    }

    @Test(arguments: ["1.3.0", "1.1.1"])
    func capabilitiesListTheReadableFiles(version: String) async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetCapabilities&VERSION=\(version)")
        #expect(r.status == 200)
        #expect(r.text.contains("<Name>squares</Name>") && r.text.contains("<Name>squares_3857</Name>"))
        #expect(!r.text.contains("<Name>broken</Name>") && !r.text.contains("<Name>notes</Name>"))
        if version == "1.3.0" {
            #expect(r.text.contains("<EX_GeographicBoundingBox><westBoundLongitude>-40.0</westBoundLongitude>"
                + "<eastBoundLongitude>20.0</eastBoundLongitude><southBoundLatitude>-20.0</southBoundLatitude>"
                + "<northBoundLatitude>20.0</northBoundLatitude></EX_GeographicBoundingBox>"))
        }
        let wmts = try await LiveServer.request("/wmts?SERVICE=WMTS&REQUEST=GetCapabilities")
        #expect(wmts.text.contains("<ows:Identifier>squares</ows:Identifier>"))
    }

    @Test func mapsDrawTheFiles() async throws {
        let countries = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES="
            + Self.world + "&FORMAT=image/png")
        for layers in ["countries,squares", "countries,squares_3857", "squares"] {
            let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(layers)&STYLES="
                + Self.world + "&FORMAT=image/png")
            #expect(r.status == 200 && r.contentType == "image/png" && pngSize(r.body)! == (1024, 512))
            #expect(r.body != countries.body, "\(layers)")
        }
        let svg = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=squares&STYLES="
            + Self.world + "&FORMAT=image/svg%2Bxml")
        #expect(svg.status == 200 && svg.contentType == "image/svg+xml" && svg.text.contains("<path"))
        let tile = try await LiveServer.request("/tiles/2/2/1.png?layers=countries,squares")
        #expect(tile.status == 200 && pngSize(tile.body)! == (256, 256))
        let api = try await LiveServer.request("/api/map?sr=EPSG:3857&bbox=-5000000,-3000000,3000000,3000000&width=200"
            + "&height=150&layers=squares_3857&format=png")
        #expect(api.status == 200 && pngSize(api.body)! == (200, 150))
        let legend = try await LiveServer.request("/wms?SERVICE=WMS&REQUEST=GetLegendGraphic&VERSION=1.3.0&LAYER=squares&FORMAT=image/png")
        #expect(legend.status == 200 && legend.contentType == "image/png")
    }

    @Test func layerList() async throws {
        let r = try await LiveServer.request("/api/layers")
        #expect(r.status == 200)
        let layers = try #require(try r.json()["layers"] as? [[String: Any]])
        let kinds = Dictionary(uniqueKeysWithValues: layers.map { ($0["name"] as! String, $0["kind"] as! String) })
        #expect(kinds == ["countries": "countries", "countries10m": "countries", "ndvi": "raster", "overlaps": "vector",
                          "squares": "vector", "squares_3857": "vector"])
        let squares = try #require(layers.first { $0["name"] as? String == "squares" })
        #expect(squares["lonLatExtent"] as? [Double] == [-40, -20, 20, 20])
    }

    /// A file that could not be read, a file of another kind, and paths are no layer names.
    @Test(arguments: ["broken", "notes", "../vectors/squares", "vectors/squares", "squares.geojson"])
    func otherNamesAreNoLayers(name: String) async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(name)&STYLES="
            + Self.world + "&FORMAT=image/png")
        #expect(r.status == 400)
        #expect(r.text.contains("<ServiceException code=\"LayerNotDefined\">"), "\(r.text)")
    }
}
