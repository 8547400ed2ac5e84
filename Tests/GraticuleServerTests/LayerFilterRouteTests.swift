import Foundation
@testable import GraticuleServer
import Testing

/// `CQL_FILTER` on maps (GeoServer's vendor parameter): one CQL2 text filter per layer, `;`
/// between them. What each filter keeps follows from the fixtures' definitions (squares.geojson:
/// A at 1..10°, B at 10..20°, n = 1, 2, …; overlaps.geojson: X and Y overlapping at 38°, 38°;
/// Natural Earth's ADMIN names), on the world map of `VectorLayerRouteTests`.
@Suite struct LayerFilterRouteTests {
    static let world = VectorLayerRouteTests.world

    static func escaped(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    static func found(_ layer: String, _ filter: String, lon: Double, lat: Double, property: String = "name") async throws -> [String] {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=\(layer)&QUERY_LAYERS=\(layer)"
            + "&STYLES=\(world)&I=\(VectorLayerRouteTests.column(lon))&J=\(VectorLayerRouteTests.row(lat))"
            + "&INFO_FORMAT=application/json&FEATURE_COUNT=5&CQL_FILTER=\(escaped(filter))")
        #expect(r.status == 200, "\(r.text)")
        return (try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?[property] as? String }
    }

    @Test(arguments: [
        ("squares", "name = 'B'", 5.5, 5.5, [String]()), ("squares", "n < 2", 5.5, 5.5, ["A"]), ("squares", "INCLUDE", 15.0, 5.5, ["B"]),
        ("squares", "EXCLUDE", 15.0, 5.5, []), ("overlaps", "name = 'Y'", 38.0, 38.0, ["Y"]), ("overlaps", "name <> 'Y'", 38.0, 38.0, ["X"]),
        ("squares_3857", "name IN ('A', 'B')", 15.0, 5.5, ["B"]),
        // GeoServer's ECQL BBOX on its geometry name: B (10…20°) meets 0…12°, A (1…10°) does not meet 12…30°.
        ("squares", "BBOX(the_geom, 0, 0, 12, 12)", 15.0, 5.5, ["B"]), ("squares", "BBOX(the_geom, 12, 0, 30, 12)", 5.5, 5.5, []),
        // ECQL DWITHIN / BEYOND: the server holds its files in longitude/latitude (literals in
        // degrees), so metres on the ellipsoid, a file in EPSG:3857 too. B (10…20°E, 1…10°N) is
        // 771,665.59 m from 3°E 8°N (pyproj's WGS 84 geodesics: tools/oracle/distance.py's
        // `geodesic(box(10, 1, 20, 10), Point(3, 8))`).
        ("squares_3857", "DWITHIN(the_geom, POINT(3 8), 771.7, kilometers)", 15.0, 5.5, ["B"]),
        ("squares_3857", "DWITHIN(the_geom, POINT(3 8), 771.6, kilometers)", 15.0, 5.5, []),
        ("squares", "BEYOND(the_geom, POINT(3 8), 771.6, kilometers)", 15.0, 5.5, ["B"]),
    ])
    func featureInfoFindsWhatTheFilterKeeps(_ layer: String, _ filter: String, _ lon: Double, _ lat: Double, _ names: [String]) async throws {
        #expect(try await Self.found(layer, filter, lon: lon, lat: lat) == names)
    }

    /// A filtered layer's features are numbered afresh: their attributes are not taken for the
    /// whole layer's at the same index (nor the other way round), in either order.
    @Test func filteredAndWholeAttributesStayApart() async throws {
        let (i, j) = (VectorLayerRouteTests.column(38), VectorLayerRouteTests.row(38))
        for _ in 0..<2 {
            #expect(try await Self.found("overlaps", "name = 'Y'", lon: 38, lat: 38) == ["Y"])
            #expect(try await VectorLayerRouteTests.found("overlaps", i, j) == ["X", "Y"])
        }
    }

    @Test func countries() async throws {
        #expect(try await Self.found("countries", "ADMIN = 'Germany'", lon: 2.35, lat: 48.85, property: "NAME").isEmpty)
        #expect(try await Self.found("countries", "ADMIN = 'France' OR ADMIN = 'Germany'", lon: 2.35, lat: 48.85, property: "NAME") == ["France"])
        #expect(try await Self.found("countries", "CONTINENT = 'Europe'", lon: 13.4, lat: 52.5, property: "NAME") == ["Germany"])
        // Geodesic on the longitude/latitude countries: Germany is 288.0 km from Paris (pyproj,
        // tools/oracle/distance.py --countries 2.35 48.85 300).
        #expect(try await Self.found("countries", "DWITHIN(the_geom, POINT(2.35 48.85), 290, kilometers)", lon: 13.4, lat: 52.5,
                                     property: "NAME") == ["Germany"])
        #expect(try await Self.found("countries", "DWITHIN(the_geom, POINT(2.35 48.85), 286, kilometers)", lon: 13.4, lat: 52.5,
                                     property: "NAME").isEmpty)
        #expect(try await Self.found("countries", "RELATE(the_geom, POINT(13.4 52.5), T*****FF*)", lon: 13.4, lat: 52.5,
                                     property: "NAME") == ["Germany"])
    }

    /// A layer filtered to nothing draws nothing: the same file as the map without it.
    @Test func mapsDrawOnlyWhatIsKept() async throws {
        func map(_ layers: String, _ filter: String? = nil) async throws -> Data {
            let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(layers)&STYLES=" + Self.world
                + "&FORMAT=image/png" + (filter.map { "&CQL_FILTER=" + Self.escaped($0) } ?? ""))
            #expect(r.status == 200 && r.contentType == "image/png", "\(r.text)")
            return r.body
        }
        let countries = try await map("countries")
        let all = try await map("countries,squares")
        #expect(try await map("countries,squares", "INCLUDE;EXCLUDE") == countries)
        #expect(try await map("countries,squares", ";name = 'Q'") == countries)
        let onlyA = try await map("countries,squares", "INCLUDE;name = 'A'")
        #expect(onlyA != countries && onlyA != all)
        #expect(try await map("countries,squares", "INCLUDE;n >= 1") == all)
        // Tiles and /api/map take cql_filter too.
        let tile = try await LiveServer.request("/tiles/2/2/1.png?layers=countries,squares&cql_filter=" + Self.escaped("INCLUDE;EXCLUDE"))
        let bare = try await LiveServer.request("/tiles/2/2/1.png?layers=countries")
        #expect(tile.status == 200 && tile.body == bare.body)
        let api = try await LiveServer.request("/api/map?sr=EPSG:4326&bbox=-180,-90,180,90&width=360&height=180&layers=squares&format=svg&cql_filter="
            + Self.escaped("name = 'A'"))
        #expect(api.status == 200 && api.text.contains("<path"), "\(api.text)")
    }

    @Test(arguments: [
        ("countries,squares", "name = 'A'", "one filter per layer (2)"),
        ("ndvi", "x = 1", "is a raster"),
        ("squares", "name =", "offset 6"),
        ("squares", "colour = 'red'", "unknown property"),
    ])
    func badFilters(_ layers: String, _ filter: String, _ message: String) async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=\(layers)&STYLES=" + Self.world
            + "&FORMAT=image/png&CQL_FILTER=" + Self.escaped(filter))
        #expect(r.text.contains("InvalidParameterValue") && r.text.contains(message), "\(r.text)")
        let api = try await LiveServer.request("/api/map?sr=EPSG:4326&bbox=-180,-90,180,90&width=360&height=180&layers=\(layers)&cql_filter="
            + Self.escaped(filter))
        #expect(api.status == 400 && api.text.contains(message), "\(api.text)")
    }

    @Test func splitting() {
        #expect(GraticuleServer.splitFilters("a = 'x;y';b = 1") == ["a = 'x;y'", "b = 1"])
        #expect(GraticuleServer.splitFilters("\"a;b\" = 'it''s';") == ["\"a;b\" = 'it''s'", ""])
        #expect(GraticuleServer.splitFilters("INCLUDE") == ["INCLUDE"])
    }
}
