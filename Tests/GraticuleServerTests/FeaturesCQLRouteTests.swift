import Foundation
@testable import GraticuleServer
import Testing

/// OGC API - Features - Part 3 `filter` (CQL2 text) on the server. Expected features: for the
/// countries, `ogrinfo -where` (GDAL 3.6.2) on Natural Earth's ne_110m_admin_0_countries.shp
/// (the built-in layer's source), shapely 2 (GEOS 3.14.1) for the spatial filters and ECQL's
/// RELATE, and for DWITHIN pyproj's WGS 84 geodesics (`tools/oracle/distance.py --countries 2.35
/// 48.85 300`: Belgium 182.7 km, Germany 288.0, Switzerland beyond at 357); for the squares
/// (squares.geojson: A is 1..10° × 1..10°, B 10..20° × 1..10°, P the point (−30, 20), L the line
/// (−40, −20)–(−20, −20)), the EPSG:3857 point from pyproj 3.7.2 (3°E 8°N is
/// 333958.4724, 893463.7510).
@Suite struct FeaturesCQLRouteTests {
    static func query(_ s: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }

    static func names(_ collection: String, _ filter: String, _ extra: String = "", property: String = "ADMIN") async throws -> Set<String> {
        let r = try await LiveServer.request("/ogcapi/collections/\(collection)/items?limit=500&filter=\(query(filter))\(extra)")
        #expect(r.status == 200, "\(filter): \(r.text)")
        return Set((try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?[property] as? String })
    }

    @Test(arguments: [
        ("CONTINENT = 'Oceania' AND POP_EST > 5000000", ["Papua New Guinea", "Australia"]),
        ("ADMIN LIKE 'Ne%' OR ADMIN LIKE '%stan'", ["Kazakhstan", "Uzbekistan", "Nepal", "Pakistan", "Afghanistan", "Tajikistan",
                                                     "Kyrgyzstan", "Turkmenistan", "Netherlands", "New Caledonia", "New Zealand"]),
        ("POP_EST BETWEEN 60000000 AND 70000000", ["France", "Thailand", "Italy", "United Kingdom"]),
        ("S_INTERSECTS(geometry, LINESTRING(0 50, 30 50))", ["France", "Ukraine", "Poland", "Germany", "Luxembourg", "Belgium", "Czechia"]),
        ("S_INTERSECTS(geometry, POLYGON((-10 -10, 10 -10, 0 10, -10 -10))) AND NOT ADMIN = 'Togo'", ["Benin", "Ghana"]),
        ("S_WITHIN(geometry, BBOX(0, 40, 30, 60))", ["Austria", "Belgium", "Bosnia and Herzegovina", "Bulgaria", "Croatia", "Czechia",
                                                     "Denmark", "Estonia", "Germany", "Hungary", "Kosovo", "Latvia", "Lithuania",
                                                     "Luxembourg", "Macedonia", "Montenegro", "Netherlands", "Poland",
                                                     "Republic of Serbia", "Romania", "Slovakia", "Slovenia", "Switzerland"]),
        ("S_OVERLAPS(geometry, BBOX(0, 40, 30, 60))", ["Albania", "Belarus", "Finland", "France", "Greece", "Italy", "Moldova", "Norway",
                                                       "Russia", "Spain", "Sweden", "Turkey", "Ukraine", "United Kingdom"]),
        ("S_CROSSES(geometry, LINESTRING(0 50, 30 50))", ["Belgium", "Czechia", "France", "Germany", "Luxembourg", "Poland", "Ukraine"]),
        ("S_CONTAINS(geometry, POINT(2.35 48.85))", ["France"]),
        ("DWITHIN(geometry, POINT(2.35 48.85), 300, kilometers)", ["France", "Belgium", "United Kingdom", "Luxembourg", "Netherlands", "Germany"]),
        ("RELATE(geometry, POINT(2.35 48.85), T*****FF*) OR RELATE(geometry, LINESTRING(0 50, 30 50), '1********') AND ADMIN LIKE 'P%'",
         ["France", "Poland"]),
    ])
    func countries(_ filter: String, _ expected: [String]) async throws {
        #expect(try await Self.names("countries", filter) == Set(expected))
    }

    /// S_DISJOINT: all but the three countries the triangle meets (shapely: 174 of 177).
    @Test func disjoint() async throws {
        let page = try await LiveServer.request("/ogcapi/collections/countries/items?limit=1&filter="
                                                + Self.query("S_DISJOINT(geometry, POLYGON((-10 -10, 10 -10, 0 10, -10 -10)))")).json()
        #expect(page["numberMatched"] as? Int == 174)
    }

    /// Geometry literals in filter-crs, in its axis order: EPSG:3857, and EPSG:4326 latitude first.
    @Test func filterCRS() async throws {
        let names = { (f: String, crs: String) async throws -> Set<String> in
            try await Self.names("squares", f, "&filter-crs=" + Self.query(crs), property: "name")
        }
        #expect(try await names("S_INTERSECTS(geometry, POINT(333958.4724 893463.7510))", "http://www.opengis.net/def/crs/EPSG/0/3857") == ["A"])
        #expect(try await names("S_INTERSECTS(geometry, BBOX(15, -35, 25, -25))", "http://www.opengis.net/def/crs/EPSG/0/4326") == ["P"])
        #expect(try await Self.names("squares", "S_INTERSECTS(geometry, BBOX(15, -35, 25, -25))", property: "name").isEmpty)  // CRS84
        #expect(try await Self.names("squares", "S_INTERSECTS(geometry, LINESTRING(-30 -30, -30 0)) OR n = 2", property: "name") == ["L", "B"])
    }

    /// CQL2 JSON finds what the same filter in text finds.
    @Test func json() async throws {
        let json = #"{"op": "or", "args": [{"op": "and", "args": [{"op": "=", "args": [{"property": "CONTINENT"}, "Oceania"]},"#
            + #"{"op": ">", "args": [{"property": "POP_EST"}, 5000000]}]},"#
            + #"{"op": "s_intersects", "args": [{"property": "geometry"}, {"type": "LineString", "coordinates": [[0, 50], [30, 50]]}]}]}"#
        let text = "CONTINENT = 'Oceania' AND POP_EST > 5000000 OR S_INTERSECTS(geometry, LINESTRING(0 50, 30 50))"
        let byJSON = try await Self.names("countries", json, "&filter-lang=cql2-json")
        #expect(byJSON == (try await Self.names("countries", text)))
        #expect(byJSON.count == 9)
    }

    /// GDAL 3.6's draft name for the language; the filter kept in the next page's link.
    @Test func languageAndPages() async throws {
        #expect(try await Self.names("squares", "name ILIKE 'a'", "&filter-lang=cql-text", property: "name") == ["A"])
        let page = try await LiveServer.request("/ogcapi/collections/countries/items?limit=5&filter=" + Self.query("CONTINENT = 'Europe'")).json()
        let next = try #require((page["links"] as? [[String: Any]])?.first { $0["rel"] as? String == "next" }?["href"] as? String)
        let url = try #require(URLComponents(string: next))
        #expect(url.queryItems?.first { $0.name == "filter" }?.value == "CONTINENT = 'Europe'")
        #expect((page["numberMatched"] as? Int ?? 0) > 5)
    }

    @Test(arguments: [
        ("filter=" + FeaturesCQLRouteTests.query("n > "), "offset 4"),
        ("filter=" + FeaturesCQLRouteTests.query("colour = 'red'"), "unknown property \\\"colour\\\""),
        ("filter=" + FeaturesCQLRouteTests.query("n = 1") + "&filter-lang=cql2-xml", "filter-lang"),
        ("filter=" + FeaturesCQLRouteTests.query("n = 1") + "&filter-lang=cql2-json", "CQL2 JSON parse error at offset 1"),
        ("filter=" + FeaturesCQLRouteTests.query(#"{"op": "=", "args": [{"property": "n"}]}"#) + "&filter-lang=cql2-json",
         "= takes 2 arguments, found 1"),
        ("filter-lang=cql2-text", "missing parameter filter"),
        ("filter=" + FeaturesCQLRouteTests.query("n = 1") + "&filter-crs=EPSG:99999", "filter-crs"),
        ("filter=" + FeaturesCQLRouteTests.query("foo(n) = 1"), "unknown function foo"),
    ])
    func badFilters(_ parameters: String, _ message: String) async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/items?" + parameters)
        #expect(r.status == 400 && r.text.contains(message), "\(r.text)")
    }

    /// The definition offers the filter (GDAL 3.6 looks for `cql-text` in filter-lang's enum),
    /// the conformance classes say so, and the queryables include the geometry.
    @Test func advertised() async throws {
        let api = try await LiveServer.request("/ogcapi/api").json()
        let parameters = ((api["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]]) ?? [:]
        let languages = (parameters["filter-lang"]?["schema"] as? [String: Any])?["enum"] as? [String]
        #expect(languages == ["cql2-text", "cql-text", "cql2-json"])
        let squares = (((api["paths"] as? [String: Any])?["/collections/squares/items"] as? [String: Any])?["get"] as? [String: Any])?["parameters"] as? [[String: Any]]
        #expect(squares?.contains { ($0["$ref"] as? String)?.hasSuffix("/filter-lang") == true } == true)
        let conformance = try await LiveServer.request("/ogcapi/conformance").json()["conformsTo"] as? [String] ?? []
        for c in ["ogcapi-features-3/1.0/conf/filter", "ogcapi-features-3/1.0/conf/features-filter", "cql2/1.0/conf/cql2-text",
                  "cql2/1.0/conf/basic-cql2", "cql2/1.0/conf/basic-spatial-functions", "cql2/1.0/conf/spatial-functions", "cql2/1.0/conf/temporal-functions"] {
            #expect(conformance.contains("http://www.opengis.net/spec/\(c)"), "\(c)")
        }
        let q = try await LiveServer.request("/ogcapi/collections/squares/queryables").json()
        #expect(((q["properties"] as? [String: [String: Any]])?["geometry"]?["format"] as? String) == "geometry-any")
    }
}
