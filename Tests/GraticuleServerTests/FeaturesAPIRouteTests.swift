import Foundation
import Testing

/// OGC API - Features (`/ogcapi`): landing page, conformance, collections, items with bbox and
/// paging, one item, errors. The countries in the box 5..15°E, 47..55°N are the eleven that
/// OGR (`ogrinfo -spat 5 47 15 55` on the exported 1:110m Shapefile, GDAL 3.6.2) and MapServer 8's
/// OGC API answer; the vector file's features are those of tools/oracle/server_vectors.py.
@Suite struct FeaturesAPIRouteTests {
    static let europe = ["Austria", "Belgium", "Czechia", "Denmark", "France", "Germany", "Italy", "Luxembourg", "Netherlands",
                         "Poland", "Switzerland"]

    static func links(_ object: [String: Any]) -> [String: String] {
        Dictionary((object["links"] as? [[String: Any]] ?? []).map { ($0["rel"] as! String, $0["href"] as! String) },
                   uniquingKeysWith: { a, _ in a })
    }

    @Test func landingConformanceCollections() async throws {
        let landing = try await LiveServer.request("/ogcapi")
        #expect(landing.status == 200)
        let rels = Self.links(try landing.json())
        #expect(rels["conformance"]?.hasSuffix("/ogcapi/conformance") == true && rels["data"]?.hasSuffix("/ogcapi/collections") == true)
        // The OpenAPI definition QGIS's OAPIF provider requires (the landing page's service-desc).
        #expect(rels["service-desc"]?.hasSuffix("/ogcapi/api") == true)
        let api = try await LiveServer.request("/ogcapi/api")
        #expect(api.status == 200 && api.contentType == "application/vnd.oai.openapi+json;version=3.0")
        let limit = (((try api.json()["components"] as? [String: Any])?["parameters"] as? [String: Any])?["limit"] as? [String: Any])?["schema"]
        #expect((limit as? [String: Any])?["maximum"] as? Int == 10_000 && (limit as? [String: Any])?["default"] as? Int == 10)
        let conformance = try await LiveServer.request("/ogcapi/conformance").json()["conformsTo"] as? [String]
        #expect(conformance?.contains("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core") == true)
        #expect(conformance?.contains("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson") == true)
        let collections = try #require(try await LiveServer.request("/ogcapi/collections").json()["collections"] as? [[String: Any]])
        #expect(collections.map { $0["id"] as! String } == ["countries", "countries10m", "overlaps", "squares", "squares_3857"])
        let squares = try await LiveServer.request("/ogcapi/collections/squares").json()
        let bbox = ((squares["extent"] as? [String: Any])?["spatial"] as? [String: Any])?["bbox"] as? [[Double]]
        #expect(bbox == [[-40, -20, 20, 20]])
        #expect(Self.links(squares)["items"]?.hasSuffix("/ogcapi/collections/squares/items") == true)
    }

    @Test func itemsInABoxAsOGR() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/countries/items?bbox=5,47,15,55&limit=100")
        #expect(r.status == 200 && r.contentType == "application/geo+json")
        let page = try r.json()
        let names = (page["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["ADMIN"] as? String }
        #expect(names.sorted() == Self.europe)
        #expect(page["numberMatched"] as? Int == 11 && page["numberReturned"] as? Int == 11)
        #expect(Self.links(page)["next"] == nil)
    }

    /// A box whose west edge lies east of its east edge spans the antimeridian (OGC 17-069r4
    /// §7.15.3): 160°E…170°W, 50°S…0° finds what `ogrinfo -spat` finds in its two halves (160 -50
    /// 180 0: Fiji, New Caledonia, New Zealand, Solomon Islands, Vanuatu; -180 -50 -160 0: Fiji;
    /// GDAL 3.6.2 on the exported 1:110m Shapefile), in CRS84 and in EPSG:4326 (latitude first).
    @Test func boxesAcrossTheAntimeridian() async throws {
        let expected = ["Fiji", "New Caledonia", "New Zealand", "Solomon Islands", "Vanuatu"]
        for query in ["bbox=160,-50,-160,0", "bbox=-50,160,0,-160&bbox-crs=EPSG:4326"] {
            let r = try await LiveServer.request("/ogcapi/collections/countries/items?limit=100&\(query)")
            #expect(r.status == 200, "\(r.text)")
            let names = (try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["ADMIN"] as? String }
            #expect(names.sorted() == expected, "\(query)")
        }
    }

    @Test func pagesFollowTheNextLinks() async throws {
        var url: String? = "/ogcapi/collections/countries/items?limit=50"
        var seen: [Int] = [], pages = 0
        while let next = url, pages < 10 {
            let page = try await LiveServer.request(next).json()
            seen += (page["features"] as? [[String: Any]] ?? []).map { $0["id"] as! Int }
            #expect(page["numberMatched"] as? Int == 177)
            url = Self.links(page)["next"].map { URL(string: $0)!.path + "?" + URL(string: $0)!.query! }
            pages += 1
        }
        #expect(pages == 4 && seen == Array(0..<177))
    }

    @Test func oneFeature() async throws {
        let line = try await LiveServer.request("/ogcapi/collections/squares/items/3")
        #expect(line.status == 200 && line.contentType == "application/geo+json")
        let f = try line.json()
        #expect((f["properties"] as? [String: Any])?["name"] as? String == "L")
        let geometry = f["geometry"] as? [String: Any]
        #expect(geometry?["type"] as? String == "LineString" && geometry?["coordinates"] as? [[Double]] == [[-40, -20], [-20, -20]])
        // The Shapefile's squares come back in longitude/latitude (from EPSG:3857, to 1e-6°).
        let b = try await LiveServer.request("/ogcapi/collections/squares_3857/items/1").json()
        let ring = ((b["geometry"] as? [String: Any])?["coordinates"] as? [[[Double]]])?.first ?? []
        #expect(ring.count == 5 && ring.allSatisfy { p in [10.0, 20].contains { abs($0 - p[0]) < 1e-6 } && [1.0, 10].contains { abs($0 - p[1]) < 1e-6 } })
    }

    @Test(arguments: [
        ("/ogcapi/collections/nope", 404), ("/ogcapi/collections/nope/items", 404), ("/ogcapi/collections/squares/items/99", 404),
        ("/ogcapi/collections/squares/items/x", 404), ("/ogcapi/collections/squares/items?limit=0", 400),
        ("/ogcapi/collections/squares/items?limit=abc", 400), ("/ogcapi/collections/squares/items?bbox=1,2,3", 400),
        ("/ogcapi/collections/squares/items?bbox=0,10,10,0", 400),
        ("/ogcapi/collections/squares/items?bbox=1000000,0,0,1000000&bbox-crs=EPSG:3857", 400), ("/ogcapi/collections/squares/items?offset=-1", 400),
        ("/ogcapi/collections/..%2Fsquares/items", 404),
    ])
    func errors(path: String, status: Int) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == status, "\(r.text)")
        #expect(r.errorMessage != nil, "\(r.text)")
    }
}
