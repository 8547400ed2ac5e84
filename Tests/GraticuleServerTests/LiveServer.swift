import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraticuleServer
import Synchronization
import Testing

/// One Graticule server for the whole test run, bound to 127.0.0.1 on a port the system picks
/// (read from `onServerRunning`), reached with Foundation's URLSession as any client would.
enum LiveServer {
    /// The data directory the server is given: the transformation tests' grid fixtures
    /// (ICSM's A66 National NTv2 grid, which the embedded data lacks), so the tests see an
    /// AGD66 → GDA94 transformation go from "missing grid files" to usable.
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("GraticuleTransformTests/Fixtures/grids")

    /// The vector directory the server is given (tools/oracle/server_vectors.py): two squares,
    /// a point and a line in WGS 84, the squares again as an EPSG:3857 Shapefile, and a file
    /// that is not JSON (left out).
    static let vectorDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/vectors")

    private static let port = Mutex<Int?>(nil)
    private static let started = Mutex(false)

    /// The server's base URL (`http://127.0.0.1:PORT`), starting it on first use.
    static func baseURL() async throws -> URL {
        let first = started.withLock { s in defer { s = true }; return !s }
        if first {
            var config = ServerConfiguration(port: 0)
            config.dataDirectories = [dataDirectory]
            config.vectorDirectories = [vectorDirectory]
            config.limits.maxBatchPoints = 1000
            config.limits.maxBodyBytes = 256 << 10
            let server = try GraticuleServer(configuration: config)
            Task.detached {
                try await server.run { p in LiveServer.port.withLock { $0 = p } }
            }
        }
        for _ in 0..<600 {
            if let p = port.withLock({ $0 }) { return URL(string: "http://127.0.0.1:\(p)")! }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw URLError(.cannotConnectToHost)
    }

    /// A GET (or another method with a body); status, headers and body.
    static func request(_ path: String, method: String = "GET", body: Data? = nil,
                        headers: [String: String] = [:]) async throws -> Reply {
        let url = URL(string: path, relativeTo: try await baseURL())!
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "",
                     headers: http, body: data)
    }

    struct Reply: @unchecked Sendable {
        var status: Int
        var contentType: String
        var headers: HTTPURLResponse
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as a JSON object.
        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any], "not a JSON object: \(text.prefix(300))")
        }
        /// The message of a JSON error body.
        var errorMessage: String? {
            ((try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? [String: Any])?["message"] as? String
        }
    }
}
