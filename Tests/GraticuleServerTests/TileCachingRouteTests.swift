import Foundation
import Testing

/// How long a client may keep a tile (RFC 9111): the built-in layers' for a day; a tile with a
/// `--vector-dir` file, which the server reads again when the file changes, revalidated every
/// time against an ETag of the layers' readings, a match answered with a 304 and no drawing
/// (RFC 9110 §13.1.2), in XYZ and WMTS (RESTful and KVP).
@Suite struct TileCachingRouteTests {
    @Test func builtInTilesKeepForADay() async throws {
        let r = try await LiveServer.request("/tiles/1/1/0.png")
        #expect(r.status == 200 && r.headers.value(forHTTPHeaderField: "Cache-Control") == "public, max-age=86400")
        #expect(r.headers.value(forHTTPHeaderField: "ETag") == nil)
    }

    @Test func vectorFileTilesRevalidate() async throws {
        let path = "/tiles/1/1/0.png?layers=countries,squares"
        let first = try await LiveServer.request(path)
        #expect(first.status == 200 && first.headers.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        let etag = try #require(first.headers.value(forHTTPHeaderField: "ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(try await LiveServer.request(path).headers.value(forHTTPHeaderField: "ETag") == etag)
        let again = try await LiveServer.request(path, headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(try await LiveServer.request(path, headers: ["If-None-Match": "\"other\", W/\(etag)"]).status == 304)
        #expect(try await LiveServer.request(path, headers: ["If-None-Match": "\"other\""]).status == 200)
        // Another file's tile has another tag.
        let overlaps = try await LiveServer.request("/tiles/1/1/0.png?layers=countries,overlaps")
        #expect(overlaps.headers.value(forHTTPHeaderField: "ETag") != etag)
        // WMTS, RESTful and KVP.
        let rest = "/wmts/1.0.0/squares/default/WebMercatorQuad/1/0/1.png"
        let restTag = try #require(try await LiveServer.request(rest).headers.value(forHTTPHeaderField: "ETag"))
        #expect(try await LiveServer.request(rest, headers: ["If-None-Match": restTag]).status == 304)
        let kvp = "/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=squares&STYLE=default&TILEMATRIXSET=WebMercatorQuad"
            + "&TILEMATRIX=1&TILEROW=0&TILECOL=1&FORMAT=image/png"
        #expect(try await LiveServer.request(kvp, headers: ["If-None-Match": restTag]).status == 304)
    }
}
