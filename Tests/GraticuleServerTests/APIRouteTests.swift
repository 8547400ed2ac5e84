import Foundation
import Testing
import GraticuleCore
import GraticuleIO
@testable import GraticuleServer

/// The server's expected values (PROJ 9.5.1 through pyproj 3.7.2; tools/oracle/server_routes.py).
enum Oracle {
    nonisolated(unsafe) static let document: [String: Any] = {
        let url = Bundle.module.url(forResource: "server_routes", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }()
    static var workflow1: [String: Any] { document["workflow1"] as! [String: Any] }
    static var batch: [String: Any] { document["batch"] as! [String: Any] }
    static func xy(_ any: Any?) -> [Double] { (any as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
}

/// `/api/sr`, `/api/presets`, `/health`, `/api`, unknown paths.
@Suite struct SpatialReferenceRouteTests {
    @Test func healthAndIndex() async throws {
        let h = try await LiveServer.request("/health")
        #expect(h.status == 200)
        #expect(try h.json()["status"] as? String == "ok")
        let index = try await LiveServer.request("/api")
        #expect(index.status == 200)
        #expect(try index.json().keys.contains { $0.hasPrefix("GET /api/project") })
    }

    @Test(arguments: [
        ("28413", "EPSG:28413"), ("EPSG:28413", "EPSG:28413"), ("ESRI:54050", "ESRI:54050"),
        ("pulkovo 1942 gauss kruger zone 13", "EPSG:28413"), ("WGS 84 / Pseudo-Mercator", "EPSG:3857"),
        ("british national grid", "EPSG:27700"), ("World_Bonne", "ESRI:54024"),
    ])
    func searchFindsFirst(query: String, expected: String) async throws {
        let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let r = try await LiveServer.request("/api/sr?q=\(q)&limit=5")
        #expect(r.status == 200)
        let results = try r.json()["results"] as? [[String: Any]] ?? []
        #expect(results.first?["id"] as? String == expected, "\(query): \(results.map { $0["id"] ?? "" })")
    }

    @Test func searchOptions() async throws {
        let geo = try await LiveServer.request("/api/sr?q=WGS%2084&types=geographic&limit=3")
        let results = try geo.json()["results"] as? [[String: Any]] ?? []
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0["type"] as? String == "geographic 2D" })
        #expect(results.first?["id"] as? String == "EPSG:4326")
        let live = try await LiveServer.request("/api/sr?q=102100&deprecated=false")
        #expect((try live.json()["results"] as? [[String: Any]] ?? []).allSatisfy { $0["deprecated"] as? Bool == false })
    }

    @Test(arguments: [
        ("/api/sr", "missing parameter q"), ("/api/sr?q=", "missing parameter q"),
        ("/api/sr?q=x&limit=0", "limit=0"), ("/api/sr?q=x&limit=abc", "limit=abc"),
        ("/api/sr?q=x&limit=100000", "limit=100000"), ("/api/sr?q=x&types=planets", "types=planets"),
        ("/api/sr?q=x&deprecated=maybe", "deprecated=maybe"),
    ])
    func badSearchParameters(path: String, message: String) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == 400)
        #expect(r.contentType.hasPrefix("application/json"))
        #expect(r.errorMessage?.contains(message) == true, "\(r.errorMessage ?? r.text)")
    }

    @Test func details() async throws {
        let r = try await LiveServer.request("/api/sr/EPSG:28413")
        #expect(r.status == 200)
        let j = try r.json()
        #expect(j["name"] as? String == "Pulkovo 1942 / Gauss-Kruger zone 13")
        #expect(j["wkid"] as? Int == 28413)
        #expect((j["ellipsoid"] as? [String: Any])?["name"] as? String == "Krassowsky 1940")
        let esri = try await LiveServer.request("/api/sr/102100")
        #expect(try esri.json()["latestWkid"] as? Int == 3857)
    }

    @Test(arguments: [("wkt1", "PROJCS["), ("wkt2", "PROJCRS["), ("esri", "PROJCS[\"Pulkovo_1942_GK_Zone_13\""),
                      ("proj", "+proj=tmerc"), ("projjson", "\"type\": \"ProjectedCRS\"")])
    func textForms(format: String, start: String) async throws {
        let r = try await LiveServer.request("/api/sr/EPSG:28413?format=\(format)")
        #expect(r.status == 200)
        #expect(r.text.contains(start), "\(r.text.prefix(200))")
    }

    @Test func postedText() async throws {
        let r = try await LiveServer.request("/api/sr", method: "POST", body: Data("+proj=utm +zone=31 +datum=WGS84".utf8))
        #expect(r.status == 200)
        #expect((try r.json()["projection"] as? [String: Any])?["method"] as? String == "Transverse Mercator")
        let bad = try await LiveServer.request("/api/sr", method: "POST", body: Data("PROJCS[\"x\", GEOGCS[".utf8))
        #expect(bad.status == 400)
        #expect(bad.errorMessage?.contains("parse error") == true)
    }

    @Test(arguments: [("/api/sr/99999", 404, "unknown WKID 99999"), ("/api/sr/EPSG:0", 404, "EPSG:0"),
                      ("/api/sr/EPSG:4326?format=xml", 400, "format=xml"), ("/api/nothing", 404, "no such endpoint"),
                      ("/viewer/..%2F..%2Fetc%2Fpasswd", 404, "no viewer file"), ("/viewer/missing.js", 404, "no viewer file")])
    func errors(path: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request(path)
        #expect(r.status == status)
        #expect(r.errorMessage?.contains(message) == true, "\(r.errorMessage ?? r.text)")
    }

    @Test func presets() async throws {
        let r = try await LiveServer.request("/api/presets")
        let presets = try r.json()["presets"] as? [[String: Any]] ?? []
        #expect(presets.count == 11)
        #expect(Set(presets.compactMap { $0["id"] as? String }) == [
            "ESRI:102299", "ESRI:54050", "EPSG:27200", "ESRI:102018", "ESRI:54090", "EPSG:32610", "ESRI:54024",
            "ESRI:54052", "ESRI:102038", "EPSG:3857", "EPSG:4326"])
        // Each of them resolves.
        for p in presets {
            let d = try await LiveServer.request("/api/sr/\(p["id"] as! String)")
            #expect(d.status == 200, "\(p["id"]!)")
        }
    }
}

/// `/api/project`: one point and batches, default / chosen / no transformation.
@Suite struct ProjectRouteTests {
    func point(_ query: String) async throws -> (status: Int, json: [String: Any], reply: LiveServer.Reply) {
        let r = try await LiveServer.request("/api/project?\(query)")
        return (r.status, (try? r.json()) ?? [:], r)
    }

    /// Workflow 1: the three results, each within 1 mm of PROJ's.
    @Test func workflow1ThreeWays() async throws {
        let w = Oracle.workflow1
        for (choice, key) in [("default", "default"), ("ESRI:108055", "chosen"), ("108055", "chosen"), ("none", "none")] {
            let r = try await point("from=EPSG:4326&to=EPSG:28413&x=105&y=47&transformation=\(choice)")
            #expect(r.status == 200, "\(choice): \(r.reply.text)")
            let expected = Oracle.xy((w[key] as! [String: Any])["xy"])
            let x = r.json["x"] as? Double ?? .nan, y = r.json["y"] as? Double ?? .nan
            #expect(abs(x - expected[0]) < 1e-3 && abs(y - expected[1]) < 1e-3, "\(choice): \(x) \(y) vs \(expected)")
            let t = r.json["transformation"] as? [String: Any]
            switch key {
            case "none": #expect(t == nil)
            case "chosen": #expect(t?["code"] as? String == "ESRI:108055")
            default: #expect(t?["name"] as? String == "~Pulkovo 1942 to WGS 84 (16)")
            }
        }
    }

    @Test func inverseAndHeight() async throws {
        let r = try await point("from=EPSG:3857&to=EPSG:4326&x=261600.8033641929&y=6249447.75279128&z=35")
        #expect(r.status == 200)
        #expect(abs((r.json["x"] as? Double ?? 0) - 2.35) < 1e-9)
        #expect(abs((r.json["y"] as? Double ?? 0) - 48.85) < 1e-9)
        #expect(r.json["z"] as? Double == 35)
    }

    @Test(arguments: [
        ("to=3857&x=1&y=2", 400, "missing parameter from"), ("from=4326&x=1&y=2", 400, "missing parameter to"),
        ("from=4326&to=3857&y=2", 400, "missing parameter x"), ("from=4326&to=3857&x=abc&y=2", 400, "x=abc"),
        ("from=4326&to=3857&x=nan&y=2", 400, "x=nan"), ("from=4326&to=3857&x=1e999&y=2", 400, "x=1e999"),
        ("from=4326&to=99999&x=1&y=2", 400, "to: unknown WKID 99999"),
        ("from=PROJCS[&to=3857&x=1&y=2", 400, "from: "),
        ("from=4326&to=3857&x=1&y=2&transformation=EPSG:999999", 400, "transformation: unknown"),
        ("from=4326&to=28413&x=1&y=2&transformation=EPSG:1314", 400, "transformation"),
        ("from=4326&to=3857&x=1&y=2&dataDir=/etc", 403, "not a data directory of this server"),
        ("from=4326&to=ESRI:102038&x=90&y=-40", 422, "cannot be transformed"),
        ("from=4326&to=5703&x=1&y=2", 400, "NAVD88"),
    ])
    func badParameters(query: String, status: Int, message: String) async throws {
        let r = try await point(query)
        #expect(r.status == status, "\(query): \(r.reply.text)")
        #expect(r.reply.errorMessage?.contains(message) == true, "\(query): \(r.reply.errorMessage ?? r.reply.text)")
    }

    @Test func pointsBatch() async throws {
        let b = Oracle.batch
        let points = b["points"] as! [[Double]]
        let body = try JSONSerialization.data(withJSONObject: ["points": points + [[0, 95]]])
        let r = try await LiveServer.request("/api/project?from=4326&to=3857", method: "POST", body: body)
        #expect(r.status == 200, "\(r.text)")
        let out = try r.json()["points"] as? [Any] ?? []
        #expect(out.count == points.count + 1)
        for (i, e) in (b["EPSG:3857"] as! [[Double]]).enumerated() {
            let got = Oracle.xy(out[i])
            #expect(got.count == 2 && abs(got[0] - e[0]) < 1e-6 && abs(got[1] - e[1]) < 1e-6, "\(i): \(got) vs \(e)")
        }
        #expect(out.last is NSNull)
        #expect(try r.json()["failed"] as? Int == 1)
    }

    /// A GeoJSON FeatureCollection keeps its properties; positions become British National Grid
    /// (PROJ's first-ranked WGS 84 → OSGB36 operation).
    @Test func geoJSONBatch() async throws {
        let b = Oracle.batch
        let points = b["points"] as! [[Double]]
        let expected = (b["EPSG:27700"] as! [String: Any])["xy"] as! [[Double]]
        let doc: [String: Any] = ["type": "FeatureCollection", "features": [
            ["type": "Feature", "properties": ["name": "Paris"], "geometry": ["type": "Point", "coordinates": points[0]]],
            ["type": "Feature", "properties": ["name": "line"], "bbox": [0, 0, 1, 1],
             "geometry": ["type": "LineString", "coordinates": Array(points[1...2])]],
            ["type": "Feature", "properties": NSNull(), "geometry": NSNull()],
        ]]
        let r = try await LiveServer.request("/api/project?to=EPSG:27700", method: "POST",
                                             body: try JSONSerialization.data(withJSONObject: doc))
        #expect(r.status == 200, "\(r.text)")
        let j = try r.json()
        #expect(((j["crs"] as? [String: Any])?["properties"] as? [String: Any])?["name"] as? String == "urn:ogc:def:crs:EPSG::27700")
        let features = j["features"] as? [[String: Any]] ?? []
        #expect(features.count == 3)
        #expect((features[0]["properties"] as? [String: Any])?["name"] as? String == "Paris")
        #expect(features[1]["bbox"] == nil)
        let p0 = Oracle.xy((features[0]["geometry"] as? [String: Any])?["coordinates"])
        let line = ((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Any] ?? []).map(Oracle.xy)
        for (got, e) in zip([p0] + line, expected[0...2]) {
            #expect(got.count == 2 && abs(got[0] - e[0]) < 1e-3 && abs(got[1] - e[1]) < 1e-3, "\(got) vs \(e)")
        }
    }

    @Test(arguments: [
        ("", 400, "body: empty"), ("[1,2]", 400, "expected a JSON object"), ("{\"points\": 5}", 400, "\"points\" must be"),
        ("{\"points\": [[1]]}", 400, "points[0]"), ("{\"points\": [[1, \"a\"]]}", 400, "points[0]"),
        ("{\"type\": \"Planet\"}", 400, "GeoJSON"), ("{\"type\": \"Point\"}", 400, "no \"coordinates\""),
        ("{\"type\": \"Polygon\", \"coordinates\": [1, 2]}", 400, ".coordinates[0]"),
        ("{\"type\": \"FeatureCollection\"}", 400, "\"features\" array"), ("{\"points\": [[1,2]", 400, "not valid JSON"),
        (String(repeating: "[", count: 10_000), 400, "nested deeper"),
        ("{\"type\":\"Point\",\"coordinates\":[1,2],\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"EPSG:99999\"}}}", 400, "crs: unknown"),
    ])
    func brokenBodies(body: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request("/api/project?from=4326&to=3857", method: "POST", body: Data(body.utf8))
        #expect(r.status == status, "\(body.prefix(60)): \(r.text)")
        #expect(r.errorMessage?.contains(message) == true, "\(body.prefix(60)): \(r.errorMessage ?? r.text)")
    }

    @Test func batchLimits() async throws {
        // The test server allows 1,000 positions and 256 KiB bodies.
        let many = try JSONSerialization.data(withJSONObject: ["points": Array(repeating: [1.0, 2.0], count: 1001)])
        let r = try await LiveServer.request("/api/project?from=4326&to=3857", method: "POST", body: many)
        #expect(r.status == 413)
        #expect(r.errorMessage?.contains("more than 1000 positions") == true)
        let huge = Data(repeating: 0x20, count: 300 << 10)
        let h = try await LiveServer.request("/api/project?from=4326&to=3857", method: "POST", body: huge)
        #expect(h.status == 413)
    }
}

/// `/api/transformations` and `/api/data-directories` (workflow 3).
@Suite struct TransformationRouteTests {
    func list(_ query: String) async throws -> [[String: Any]] {
        let r = try await LiveServer.request("/api/transformations?\(query)")
        #expect(r.status == 200, "\(r.text)")
        return try r.json()["transformations"] as? [[String: Any]] ?? []
    }

    /// British National Grid → Web Mercator: the OSTN15 grid is flagged missing with its file
    /// name; the first usable one is PROJ's default (OSGB36 to WGS 84 (6)).
    @Test func britishNationalGrid() async throws {
        let items = try await list("from=EPSG:27700&to=EPSG:3857")
        #expect(items.count > 5)
        let ostn = items.first { ($0["name"] as? String ?? "").contains("OSGB36 to WGS 84 (9)") }
        #expect(ostn?["usable"] as? Bool == false)
        #expect((ostn?["missingGridFiles"] as? [String] ?? []).contains { $0.contains("OSTN15") })
        let firstUsable = items.first { $0["usable"] as? Bool == true }
        let expected = (Oracle.batch["EPSG:27700"] as! [String: Any])["name"] as! String
        #expect(expected.contains(firstUsable?["name"] as? String ?? "?"), "\(firstUsable?["name"] ?? "") vs \(expected)")
        #expect(items.enumerated().allSatisfy { i, t in t["rank"] as? Int == i + 1 })
    }

    /// The area of interest filters the list (a box in Mongolia keeps Mongolian operations).
    @Test func areaOfInterest() async throws {
        let all = try await list("from=EPSG:4326&to=EPSG:28413")
        let mongolia = try await list("from=EPSG:4326&to=EPSG:28413&area=104.9,46.9,105.1,47.1")
        #expect(mongolia.count < all.count)
        #expect(mongolia.contains { ($0["code"] as? String ?? "").contains("ESRI:108055") } || mongolia.count > 0)
    }

    /// The A66 National grid is in the test server's data directory only: usable with it,
    /// missing (named) without.
    @Test func dataDirectoryMakesGridUsable() async throws {
        let with = try await list("from=EPSG:4202&to=EPSG:4283")
        let without = try await list("from=EPSG:4202&to=EPSG:4283&dataDir=none")
        func a66(_ l: [[String: Any]]) -> [String: Any]? { l.first { $0["code"] as? String == "EPSG:1803" } }
        #expect(a66(with)?["usable"] as? Bool == true)
        #expect(a66(without)?["usable"] as? Bool == false)
        #expect((a66(without)?["missingGridFiles"] as? [String])?.first?.contains("A66") == true)
        let r = try await LiveServer.request("/api/transformations?from=EPSG:4202&to=EPSG:4283")
        let dir = try r.json()["dataDirectory"] as? [String: Any]
        let gridFiles = dir?["gridFiles"] as? [String] ?? []
        #expect(gridFiles.contains("A66_National_13_09_01.gsb"), "grid files listed: \(gridFiles)")
        // Projecting with it uses the grid (cct 9.1.1 +proj=hgridshift with the same file, as
        // recorded in GraticuleTransformTests/Fixtures/grid_shifts.csv: 147.5 −31.005 →
        // 147.501183978316 −31.003443616917).
        let p = try await LiveServer.request("/api/project?from=EPSG:4202&to=EPSG:4283&x=147.5&y=-31.005&transformation=EPSG:1803")
        #expect(p.status == 200, "\(p.text)")
        #expect(abs((try p.json()["x"] as? Double ?? 0) - 147.501183978316) < 1e-8)
        #expect(abs((try p.json()["y"] as? Double ?? 0) + 31.003443616917) < 1e-8)
        let missing = try await LiveServer.request("/api/project?from=EPSG:4202&to=EPSG:4283&x=147.5&y=-31.005&transformation=EPSG:1803&dataDir=none")
        #expect(missing.status == 400)
        #expect(missing.errorMessage?.contains("A66") == true, "\(missing.text)")
    }

    @Test func dataDirectories() async throws {
        let r = try await LiveServer.request("/api/data-directories")
        let j = try r.json()
        let dirs = j["directories"] as? [[String: Any]] ?? []
        #expect(dirs.count == 1)
        #expect(dirs.first?["exists"] as? Bool == true)
        #expect(Set(j["embeddedGrids"] as? [String] ?? []).isSuperset(of: ["BETA2007.gsb", "ntf_r93.gsb", "nzgd2kgrid0005.gsb"]))
    }

    @Test(arguments: [
        ("from=4326", 400, "missing parameter to"), ("from=4326&to=28413&area=1,2,3", 400, "area=1,2,3"),
        ("from=4326&to=28413&area=0,10,1,5", 400, "south ≤ north"), ("from=4326&to=28413&area=0,0,200,1", 400, "area="),
        ("from=4326&to=28413&dataDir=../../etc", 403, "not a data directory"), ("from=5703&to=4326", 400, "datum transformations"),
    ])
    func badParameters(query: String, status: Int, message: String) async throws {
        let r = try await LiveServer.request("/api/transformations?\(query)")
        #expect(r.status == status, "\(query): \(r.text)")
        #expect(r.errorMessage?.contains(message) == true, "\(query): \(r.errorMessage ?? r.text)")
    }
}

/// gzip of text responses (`CompressionMiddleware`). URLSession (libcurl) asks for gzip and
/// decodes it, so every route test reads bodies through the encoding; here the headers.
@Suite struct CompressionTests {
    @Test func textIsGzippedImagesAreNot() async throws {
        let caps = "/wms?SERVICE=WMS&REQUEST=GetCapabilities"
        let gz = try await LiveServer.request(caps, headers: ["Accept-Encoding": "gzip"])
        #expect(gz.headers.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(gz.headers.value(forHTTPHeaderField: "Vary")?.contains("Accept-Encoding") == true)
        let plain = try await LiveServer.request(caps, headers: ["Accept-Encoding": "identity"])
        #expect(plain.headers.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(plain.body == gz.body && plain.text.contains("<WMS_Capabilities"))
        let refused = try await LiveServer.request(caps, headers: ["Accept-Encoding": "gzip;q=0, br"])
        #expect(refused.headers.value(forHTTPHeaderField: "Content-Encoding") == nil)
        let png = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=countries&STYLES=&CRS=CRS:84"
            + "&BBOX=-180,-90,180,90&WIDTH=64&HEIGHT=32&FORMAT=image/png", headers: ["Accept-Encoding": "gzip"])
        #expect(png.status == 200 && png.headers.value(forHTTPHeaderField: "Content-Encoding") == nil && pngSize(png.body)! == (64, 32))
        // Under 1 KiB: as it is.
        let small = try await LiveServer.request("/health", headers: ["Accept-Encoding": "gzip"])
        #expect(small.headers.value(forHTTPHeaderField: "Content-Encoding") == nil)
    }

    /// A body compressed lately is answered from `HTTPCompression.recent`, and only the same
    /// body: another of the same length and Adler-32 (three bytes changed by +1, −2, +1) gets
    /// its own stream. Each stream equals compressing its body afresh.
    @Test func recentGzipServesOnlyTheSameBody() throws {
        let a = Array(String(repeating: "<Layer queryable=\"1\"><Name>countries</Name></Layer>\n", count: 60).utf8)
        var b = a
        b[100] &+= 1; b[101] &-= 2; b[102] &+= 1
        let adler = { (x: [UInt8]) in x.withUnsafeBytes { Adler32.update(1, $0) } }
        #expect(a != b && adler(a) == adler(b))
        let ga = try #require(HTTPCompression.gzip(a)), gb = try #require(HTTPCompression.gzip(b))
        #expect(ga == (try Deflate.compress(a, level: HTTPCompression.level, container: .gzip)))
        #expect(gb == (try Deflate.compress(b, level: HTTPCompression.level, container: .gzip)))
        #expect(ga != gb)
        let key = HTTPCompression.RecentKey(count: b.count, adler: adler(b))
        #expect(HTTPCompression.recent.value(for: key)?.body == b)
        #expect(HTTPCompression.gzip(b) == gb)
    }

    /// The viewer's page: gzipped with a weak ETag, which If-None-Match matches (304).
    @Test func viewerETagWeakened() async throws {
        let page = try await LiveServer.request("/", headers: ["Accept-Encoding": "gzip"])
        let tag = try #require(page.headers.value(forHTTPHeaderField: "ETag"))
        #expect(page.headers.value(forHTTPHeaderField: "Content-Encoding") == "gzip" && tag.hasPrefix("W/\""))
        let again = try await LiveServer.request("/", headers: ["Accept-Encoding": "gzip", "If-None-Match": tag])
        #expect(again.status == 304)
        let plain = try await LiveServer.request("/", headers: ["Accept-Encoding": "identity"])
        let strong = try #require(plain.headers.value(forHTTPHeaderField: "ETag"))
        #expect("W/" + strong == tag)
    }

    @Test(arguments: [("gzip", true), ("gzip, deflate, br", true), ("deflate", false), ("", false), ("*", true),
                      ("*;q=0", false), ("br;q=1.0, gzip;q=0.8", true), ("GZIP", true), ("x-gzip", true),
                      ("gzip;q=0", false), ("gzip;q=0, *", false), ("identity", false)])
    func acceptEncoding(header: String, gzip: Bool) {
        #expect(HTTPCompression.acceptsGzip([header]) == gzip)
    }

    @Test func compressibleTypes() {
        for t in ["text/xml; charset=utf-8", "application/json; charset=utf-8", "application/geo+json", "image/svg+xml",
                  "text/html", "application/vnd.ogc.se_xml; charset=utf-8", "text/javascript; charset=utf-8"] {
            #expect(HTTPCompression.isCompressible(t), "\(t)")
        }
        for t in ["image/png", "image/jpeg", "application/octet-stream", ""] {
            #expect(!HTTPCompression.isCompressible(t), "\(t)")
        }
    }
}

/// HEAD on GET routes (`HeadMiddleware`): the GET's status and headers, its length, no body.
@Suite struct HeadTests {
    @Test(arguments: ["/wms?SERVICE=WMS&REQUEST=GetCapabilities", "/tiles/0/0/0.png", "/", "/api/sr/4326",
                      "/wms?SERVICE=WMS&REQUEST=GetMap"])
    func headIsGetWithoutBody(path: String) async throws {
        let get = try await LiveServer.request(path, headers: ["Accept-Encoding": "identity"])
        let head = try await LiveServer.request(path, method: "HEAD", headers: ["Accept-Encoding": "identity"])
        #expect(head.status == get.status && head.contentType == get.contentType && head.body.isEmpty)
        #expect(head.headers.value(forHTTPHeaderField: "Content-Length") == String(get.body.count))
    }

    @Test func unknownPathStays404() async throws {
        #expect(try await LiveServer.request("/nowhere", method: "HEAD").status == 404)
    }
}
