import Foundation
import Testing

/// OGC API Features property filters (OGC 17-069r4 §7.15.6, `NAME=value`) and unknown
/// parameters (/req/core/query-param-unknown: a 400). The squares of squares.geojson
/// (tools/oracle/server_vectors.py) are named A, B, …, with `n` = 1, 2, …; the countries' `ADMIN`
/// and `CONTINENT` are Natural Earth's.
@Suite struct FeaturesFilterRouteTests {
    static func names(_ path: String, _ property: String = "name") async throws -> [String] {
        let r = try await LiveServer.request(path)
        #expect(r.status == 200, "\(path): \(r.text)")
        return (try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?[property] as? String }
    }

    @Test func propertiesFilterTheItems() async throws {
        #expect(try await Self.names("/ogcapi/collections/squares/items?name=A") == ["A"])
        #expect(try await Self.names("/ogcapi/collections/squares/items?n=2") == ["B"])
        #expect(try await Self.names("/ogcapi/collections/squares/items?n=2.0") == ["B"])  // a number, as a number
        #expect(try await Self.names("/ogcapi/collections/squares/items?name=A&n=2").isEmpty)
        #expect(try await Self.names("/ogcapi/collections/countries/items?admin=France", "ADMIN") == ["France"])  // any case
        #expect(try await Self.names("/ogcapi/collections/countries/items?ADMIN=France&bbox=-10,40,10,55", "ADMIN") == ["France"])
        #expect(try await Self.names("/ogcapi/collections/countries/items?ADMIN=France&bbox=100,0,120,10", "ADMIN").isEmpty)
    }

    /// The filter stays in the next page's link (and in the HTML twin's).
    @Test func pagesKeepTheFilter() async throws {
        let page = try await LiveServer.request("/ogcapi/collections/countries/items?CONTINENT=Europe&limit=5").json()
        let links = (page["links"] as? [[String: Any]] ?? [])
        let next = try #require(links.first { $0["rel"] as? String == "next" }?["href"] as? String)
        #expect(next.contains("continent=Europe") && next.contains("offset=5"))
        #expect(links.contains { ($0["href"] as? String)?.contains("continent=Europe") == true && $0["type"] as? String == "text/html" })
        #expect((page["numberMatched"] as? Int ?? 0) > 5)
    }

    @Test func unknownParametersAreRefused() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/items?colour=red")
        #expect(r.status == 400 && r.text.contains("colour") && r.text.contains("name, n"), "\(r.text)")
        let one = try await LiveServer.request("/ogcapi/collections/squares/items/0?name=A")
        #expect(one.status == 400 && one.text.contains("name") && one.text.contains("crs, f"), "\(one.text)")
        #expect(try await LiveServer.request("/ogcapi/collections/squares/items/0?crs=EPSG:3857&f=json").status == 200)
        // The items' own parameters are not properties.
        #expect(try await LiveServer.request("/ogcapi/collections/squares/items?limit=2&offset=1&f=json&datetime=2020-01-01T00:00:00Z").status == 200)
    }
}
