import Foundation
import GraticuleGeometry
@testable import GraticuleServer
import Testing

/// OGC API - Features in HTML (OGC 17-069r4 §7.3.2): what a browser's `Accept` or `f=html`
/// gets, that JSON clients still get JSON, the pages' links both ways, a page of items as the
/// same features as GeoJSON (the eleven countries OGR finds in 5..15°E, 47..55°N, as in
/// FeaturesAPIRouteTests), and an item's outline drawn where its coordinates put it.
@Suite struct FeaturesHTMLRouteTests {
    /// What Firefox 128 sends for a page.
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    @Test func acceptHeadersRankAsRFC9110() {
        #expect(FeaturesHTML.preferredMediaType(Self.browserAccept) == "text/html")
        #expect(FeaturesHTML.preferredMediaType("application/geo+json, application/json;q=0.9") == "application/geo+json")
        #expect(FeaturesHTML.preferredMediaType("application/json, text/html") == "application/json")
        #expect(FeaturesHTML.preferredMediaType("application/json;q=0.5, text/html") == "text/html")
        #expect(FeaturesHTML.preferredMediaType("*/*") == "*/*")
        #expect(FeaturesHTML.preferredMediaType("text/html;q=0") == nil)
        #expect(FeaturesHTML.preferredMediaType("") == nil)
    }

    @Test func browsersGetHTMLAndClientsJSON() async throws {
        let html = try await LiveServer.request("/ogcapi", headers: ["Accept": Self.browserAccept])
        #expect(html.status == 200 && html.contentType == "text/html; charset=utf-8")
        #expect(html.text.contains("/ogcapi/collections?f=html") && html.text.contains("/ogcapi?f=json"))
        for accept in ["application/json", "*/*", "application/geo+json, application/json;q=0.9"] {
            let json = try await LiveServer.request("/ogcapi", headers: ["Accept": accept])
            #expect(json.contentType.hasPrefix("application/json"), "\(accept)")
        }
        let forced = try await LiveServer.request("/ogcapi/conformance?f=html", headers: ["Accept": "application/json"])
        #expect(forced.contentType == "text/html; charset=utf-8")
        #expect(forced.text.contains("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html"))
        let json = try await LiveServer.request("/ogcapi/conformance?f=json", headers: ["Accept": Self.browserAccept])
        #expect((try json.json()["conformsTo"] as? [String])?.contains("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html") == true)
        let bad = try await LiveServer.request("/ogcapi/collections?f=xml")
        #expect(bad.status == 400 && bad.text.contains("f") && bad.text.contains("xml"))
    }

    @Test func jsonNamesItsHTMLTwin() async throws {
        for path in ["/ogcapi", "/ogcapi/collections", "/ogcapi/collections/squares", "/ogcapi/collections/squares/items?limit=2"] {
            let links = try await LiveServer.request(path).json()["links"] as? [[String: Any]] ?? []
            let alternate = links.first { $0["rel"] as? String == "alternate" && $0["type"] as? String == "text/html" }
            #expect((alternate?["href"] as? String)?.contains("f=html") == true, "\(path)")
        }
    }

    @Test func collectionsAndACollection() async throws {
        let list = try await LiveServer.request("/ogcapi/collections?f=html").text
        for id in ["countries", "countries10m", "overlaps", "squares", "squares_3857"] {
            #expect(list.contains("/ogcapi/collections/\(id)?f=html\">\(id)</a>"), "\(id)")
        }
        let squares = try await LiveServer.request("/ogcapi/collections/squares?f=html").text
        #expect(squares.contains("/ogcapi/collections/squares/items?f=html") && squares.contains("LAYERS=countries,squares"))
    }

    /// The HTML page lists the same features as the GeoJSON of the same query, and its map is an
    /// image this server serves.
    @Test func aPageOfItems() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/countries/items?bbox=5,47,15,55&limit=100&f=html")
        #expect(r.status == 200 && r.contentType == "text/html; charset=utf-8")
        for name in FeaturesAPIRouteTests.europe { #expect(r.text.contains("<title>\(name)</title>"), "\(name)") }
        #expect(r.text.contains("Features 1–11 of 11."))
        let src = try #require(r.text.range(of: "<image href=\"").map { r.text[$0.upperBound...].prefix { $0 != "\"" } })
        let url = try #require(URL(string: String(src).replacingOccurrences(of: "&amp;", with: "&")))
        #expect(url.query?.contains("CRS=CRS:84") == true)
        let image = try await LiveServer.request(url.path + "?" + url.query!)
        #expect(image.status == 200 && image.contentType == "image/png")
        let paged = try await LiveServer.request("/ogcapi/collections/countries/items?bbox=5,47,15,55&limit=5&offset=5&f=html").text
        #expect(paged.contains("Features 6–10 of 11.") && paged.contains("offset=10") && paged.contains("offset=0"))
    }

    /// Square A of squares.geojson is (1..10, 1..10); its page's map is that box with a margin
    /// of 0.5° (at least half a degree, 5 % of the side otherwise), 720 × 720 px, so the square
    /// is the path from (36, 684) px: (1 − 0.5) / 10 × 720 = 36.
    @Test func anItemIsDrawnWhereItLies() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/items/0", headers: ["Accept": Self.browserAccept])
        #expect(r.status == 200 && r.contentType == "text/html; charset=utf-8")
        #expect(r.text.contains("d=\"M36.0 684.0L684.0 684.0L684.0 36.0L36.0 36.0L36.0 684.0Z\""))
        #expect(r.text.contains("<tr><th>name</th><td>A</td></tr>") && r.text.contains("<tr><th>n</th><td>1</td></tr>"))
        #expect(r.text.contains("BBOX=0.500000,0.500000,10.500000,10.500000"))
        let missing = try await LiveServer.request("/ogcapi/collections/squares/items/99?f=html")
        #expect(missing.status == 404)
    }

    /// Property values are text, never markup.
    @Test func valuesAreEscaped() {
        let schema = LayerSchema(fields: [FieldDefinition(name: "name", type: .string)], geometryType: .polygon)
        let f = Feature(geometry: nil, attributes: [.string("<script>alert(1)</script> & \"x\"")])
        let html = FeaturesHTML.properties(f, schema: schema)
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
        #expect(FeaturesHTML.label(f, id: 7, nameField: FeaturesHTML.nameField(schema)).hasPrefix("<script>"))  // escaped where it is written
    }
}
