import Foundation
import Testing

/// OGC API - Features - Part 2 (OGC 18-058r1): the tests' vector file served in other CRSs, in
/// each CRS's axis order, and bboxes given in other CRSs. Expected coordinates and matches come
/// from pyproj 3.7.2 (PROJ 9.5.1) and shapely (Fixtures/ogcapi_crs.json, tools/oracle/ogcapi_crs.py).
@Suite struct FeaturesCRSRouteTests {
    struct Fixture: Decodable {
        struct Feature: Decodable, Sendable, CustomTestStringConvertible {
            var crs: String, fid: Int, name: String, type: String, coordinates: [[Double]]
            var testDescription: String { "\(name) in \(crs)" }
        }
        struct Box: Decodable, Sendable, CustomTestStringConvertible {
            var bboxCrs: String, bbox: [Double], names: [String]
            var testDescription: String { bboxCrs }
        }
        var pyproj: String
        var features: [Feature]
        var bboxes: [Box]
    }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "ogcapi_crs", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    static func escaped(_ s: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#:/")
        return s.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    /// The coordinate pairs of a GeoJSON geometry (a polygon's first ring).
    static func pairs(_ geometry: [String: Any]?) -> [[Double]] {
        switch geometry?["type"] as? String {
        case "Point": return [(geometry?["coordinates"] as? [Double]) ?? []]
        case "LineString": return (geometry?["coordinates"] as? [[Double]]) ?? []
        case "Polygon": return ((geometry?["coordinates"] as? [[[Double]]])?.first) ?? []
        default: return []
        }
    }

    @Test func fixtureIsPyproj() {
        #expect(Self.fixture.pyproj == "3.7.2")
        #expect(Self.fixture.features.count == 20 && Self.fixture.bboxes.count == 4)
    }

    /// One feature, and the same feature in a page of items, in the CRS asked for.
    @Test(arguments: fixture.features)
    func featureInACRS(_ f: Fixture.Feature) async throws {
        let geographic = f.crs.hasSuffix("/4326")
        let tolerance = geographic ? 1e-9 : 1e-3  // degrees; metres
        let one = try await LiveServer.request("/ogcapi/collections/squares/items/\(f.fid)?crs=\(Self.escaped(f.crs))")
        #expect(one.status == 200, "\(one.text)")
        #expect(one.headers.value(forHTTPHeaderField: "Content-Crs") == "<\(f.crs)>")
        let page = try await LiveServer.request("/ogcapi/collections/squares/items?limit=10&crs=\(Self.escaped(f.crs))")
        #expect(page.headers.value(forHTTPHeaderField: "Content-Crs") == "<\(f.crs)>")
        let listed = (try page.json()["features"] as? [[String: Any]] ?? []).first { $0["id"] as? Int == f.fid }
        for geometry in [try one.json()["geometry"] as? [String: Any], listed?["geometry"] as? [String: Any]] {
            #expect(geometry?["type"] as? String == f.type)
            let got = Self.pairs(geometry)
            #expect(got.count == f.coordinates.count)
            for (p, q) in zip(got, f.coordinates) {
                #expect(abs(p[0] - q[0]) <= tolerance && abs(p[1] - q[1]) <= tolerance, "\(p) vs \(q)")
            }
        }
    }

    @Test(arguments: fixture.bboxes)
    func bboxInACRS(_ b: Fixture.Box) async throws {
        let bbox = b.bbox.map { "\($0)" }.joined(separator: ",")
        let r = try await LiveServer.request("/ogcapi/collections/squares/items?bbox=\(bbox)&bbox-crs=\(Self.escaped(b.bboxCrs))")
        #expect(r.status == 200, "\(r.text)")
        #expect(r.headers.value(forHTTPHeaderField: "Content-Crs") == "<http://www.opengis.net/def/crs/OGC/1.3/CRS84>")
        let page = try r.json()
        let names = (page["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names.sorted() == b.names)
    }

    /// CRS84 is the default; the collections advertise the registry's CRSs (Part 2's `#/crs`).
    @Test func advertisedCRSs() async throws {
        let conformance = try await LiveServer.request("/ogcapi/conformance").json()["conformsTo"] as? [String]
        #expect(conformance?.contains("http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs") == true)
        let all = try await LiveServer.request("/ogcapi/collections").json()
        let global = all["crs"] as? [String] ?? []
        #expect(global.first == "http://www.opengis.net/def/crs/OGC/1.3/CRS84")
        for code in ["4326", "3857", "3035", "25832", "32631", "27700"] {
            #expect(global.contains("http://www.opengis.net/def/crs/EPSG/0/\(code)"), "EPSG:\(code)")
        }
        #expect(global.count > 5000)
        let squares = try await LiveServer.request("/ogcapi/collections/squares").json()
        #expect((squares["crs"] as? [String])?.first == "http://www.opengis.net/def/crs/OGC/1.3/CRS84")
        #expect((squares["crs"] as? [String])?.contains("#/crs") == true)
        #expect(squares["storageCrs"] as? String == "http://www.opengis.net/def/crs/OGC/1.3/CRS84")
        let plain = try await LiveServer.request("/ogcapi/collections/squares/items/0")
        #expect(plain.headers.value(forHTTPHeaderField: "Content-Crs") == "<http://www.opengis.net/def/crs/OGC/1.3/CRS84>")
        #expect(Self.pairs(try plain.json()["geometry"] as? [String: Any]).first == [1, 1])
    }

    /// The next page's link keeps the CRS parameters.
    @Test func nextLinkKeepsTheCRS() async throws {
        let crs = Self.escaped("http://www.opengis.net/def/crs/EPSG/0/3857")
        let page = try await LiveServer.request("/ogcapi/collections/squares/items?limit=1&crs=\(crs)").json()
        let next = try #require(FeaturesAPIRouteTests.links(page)["next"])
        let url = try #require(URL(string: next))
        let r = try await LiveServer.request(url.path + "?" + url.query!)
        #expect(r.headers.value(forHTTPHeaderField: "Content-Crs") == "<http://www.opengis.net/def/crs/EPSG/0/3857>")
        #expect((try r.json()["features"] as? [[String: Any]])?.first?["id"] as? Int == 1)
    }

    @Test(arguments: [
        "crs=EPSG:999999", "crs=http://www.opengis.net/def/crs/EPSG/0/999999", "crs=http://example.com/crs/4326",
        "crs=PROJCS%5B%22x%22%5D", "crs=EPSG:4979", "crs=EPSG:4978", "crs=EPSG:5703", "bbox-crs=EPSG:nope",
        "bbox=0,0,1,1&bbox-crs=EPSG:nope", "bbox=0,0,1,1&bbox-crs=EPSG:4978",
    ])
    func badCRSParameters(_ query: String) async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/items?\(query)")
        #expect(r.status == 400, "\(r.text)")
        #expect(r.errorMessage?.contains(query.contains("bbox-crs") ? "bbox-crs" : "crs") == true, "\(r.text)")
    }
}
