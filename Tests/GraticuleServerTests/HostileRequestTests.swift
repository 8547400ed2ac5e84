import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests that once crashed the server or gave away what it should not: each is now a 4xx
/// that names the parameter, and the server answers afterwards.
@Suite struct HostileRequestTests {
    static let image = "/api/raster/ndvi/image?bbox=-35,-8.1,-34.8,-7.9&sr=EPSG:4326&width=10&height=10"

    /// `ramp=` and `ramp=:` trapped in `ColorRamp.named` and killed the server.
    @Test(arguments: ["", ":", "%3A", "grey:", "grey:-1e308,1e308", "grey:nan,1", "terrain:0,inf", "ndvi:1"])
    func emptyAndBrokenRamps(ramp: String) async throws {
        let r = try await LiveServer.request(Self.image + "&ramp=" + ramp)
        #expect(r.status == 400, "\(ramp): \(r.text)")
        #expect(r.errorMessage?.hasPrefix("ramp=") == true, "\(r.text)")
        let health = try await LiveServer.request("/health")
        #expect(health.status == 200)
    }

    /// A file of ±9e307 coordinates in the vector directory armed a trap for every
    /// GetFeatureInfo over it: it is left out at load, so no request reaches it.
    @Test func fileOfHugeCoordinatesIsNoLayer() async throws {
        let layers = try await LiveServer.request("/api/layers")
        #expect(!layers.text.contains("hostile"))
        let info = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=hostile&QUERY_LAYERS=hostile"
            + "&STYLES=&CRS=CRS:84&BBOX=-180,-90,180,90&WIDTH=1024&HEIGHT=512&I=512&J=256&INFO_FORMAT=application/json")
        #expect(info.status == 400)
        #expect(info.text.contains("LayerNotDefined"), "\(info.text)")
    }

    /// Responses name rasters and data directories, never the server's paths.
    @Test func noServerPathsInResponses() async throws {
        let root = LiveServer.vectorDirectory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        for path in ["/api/rasters", "/api/raster/ndvi", "/api/data-directories", "/api/transformations?from=EPSG:4202&to=EPSG:4283",
                     "/api/project?from=EPSG:4202&to=EPSG:4283&x=147.5&y=-31.005", "/api/layers", "/ogcapi/collections"] {
            let r = try await LiveServer.request(path)
            #expect(r.status == 200, "\(path): \(r.text)")
            #expect(!r.text.contains(root), "\(path) shows a server path: \(r.text.prefix(400))")
            #expect(!r.text.contains("/usr/") && !r.text.contains("/tmp/"), "\(path): \(r.text.prefix(400))")
        }
        let refused = try await LiveServer.request("/api/project?from=4326&to=3857&x=1&y=2&dataDir=/etc")
        #expect(refused.status == 403)
        #expect(!refused.text.contains(root) && !refused.text.contains(LiveServer.dataDirectory.path), "\(refused.text)")
    }

    /// A data directory is named by its identifier (its directory name), which `dataDir` takes.
    @Test func dataDirectoryByIdentifier() async throws {
        let dirs = try await LiveServer.request("/api/data-directories")
        let list = try #require(try dirs.json()["directories"] as? [[String: Any]])
        let id = try #require(list.first?["id"] as? String)
        #expect(id == "grids")
        let p = try await LiveServer.request("/api/project?from=EPSG:4202&to=EPSG:4283&x=147.5&y=-31.005&transformation=EPSG:1803&dataDir=\(id)")
        #expect(p.status == 200, "\(p.text)")
        #expect(try p.json()["dataDirectory"] as? String == id)
    }

    /// Raw bytes over a socket: a chunked body whose chunk size overflows, and other broken
    /// framing, are 400s (a chunk size of 18 hex digits was a 500).
    @Test(arguments: [
        "POST /api/project?from=4326&to=3857 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n",
        "POST /api/project?from=4326&to=3857 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n",
        "POST /api/project?from=4326&to=3857 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n",
    ])
    func malformedChunkedBodies(raw: String) async throws {
        let reply = try await RawHTTP.send(raw)
        #expect(reply.hasPrefix("HTTP/1.1 400"), "\(reply.prefix(300))")
        #expect(try await LiveServer.request("/health").status == 200)
    }
}

/// One request as raw bytes over a TCP socket, for framing URLSession will not send.
enum RawHTTP {
    static func send(_ text: String, timeout: Double = 10) async throws -> String {
        let port = try await LiveServer.baseURL().port ?? 0
        // Blocking socket calls on a thread of their own: on the cooperative pool they would hold
        // the threads the server in this process answers on.
        return try await withCheckedThrowingContinuation { c in
            Thread.detachNewThread { c.resume(with: Result { try exchange(text, port: port, timeout: timeout) }) }
        }
    }

    private static func exchange(_ text: String, port: Int, timeout: Double) throws -> String {
        do {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw URLError(.cannotConnectToHost) }
            defer { close(fd) }
            var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw URLError(.cannotConnectToHost) }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
            var out: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                out += buffer[0 ..< n]
                if let s = String(bytes: out, encoding: .utf8), s.contains("\r\n\r\n"), s.hasPrefix("HTTP/1.1 4") || s.hasPrefix("HTTP/1.1 5") {
                    break
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
