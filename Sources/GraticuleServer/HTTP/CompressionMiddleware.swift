import GraticuleCore
import GraticuleIO
import HTTPTypes
import Hummingbird

/// gzip for text responses (RFC 9110 §8.4, `Content-Encoding: gzip`), as GeoServer and most web
/// servers answer clients that accept it (browsers, QGIS, OWSLib through requests, GDAL through
/// curl): WMS capabilities (190 kB of XML → 22 kB), JSON, GeoJSON, SVG maps, the viewer's
/// HTML, CSS and JavaScript. Images (PNG, JPEG) are compressed already and pass through, as do
/// bodies under 1 KiB, responses without a body (304) and responses that carry an encoding. A
/// compressed response gets `Vary: Accept-Encoding`, and its strong ETag becomes weak (`W/"…"`),
/// as nginx does: the bytes differ from the identity encoding's. A HEAD request reaches it as
/// its GET (`HeadMiddleware`, outside it), so its headers are the gzipped GET's.
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status != .notModified, response.status != .noContent,
              response.headers[.contentEncoding] == nil, HTTPCompression.acceptsGzip(request.headers[values: .acceptEncoding]),
              let type = response.headers[.contentType], HTTPCompression.isCompressible(type),
              (response.body.contentLength ?? HTTPCompression.minimumBytes) >= HTTPCompression.minimumBytes else { return response }
        let body = try await response.body.collected()
        let bytes = body.readableBytesView
        guard bytes.count >= HTTPCompression.minimumBytes, let gzip = HTTPCompression.gzip(Array(bytes)),
              gzip.count < bytes.count else {
            response.body = ResponseBody(byteBuffer: body)
            return response
        }
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: gzip))
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") { response.headers[.eTag] = "W/" + tag }
        return response
    }
}

/// What `CompressionMiddleware` compresses, and how.
enum HTTPCompression {
    /// zlib level 1, nginx's default: higher levels make XML and JSON only a few per cent
    /// smaller for several times the work.
    static let level = 1
    /// Smaller bodies are sent as they are (the gzip header and trailer alone are 18 bytes).
    static let minimumBytes = 1024

    /// Bodies compressed lately and their gzip streams, keyed by length and Adler-32: the same
    /// capabilities document or viewer file again is answered without compressing it again
    /// (a checksum and a comparison instead of a compression). A hit
    /// counts only when the body equals the one kept, byte for byte.
    static let recent = BoundedCache<RecentKey, RecentEntry>(capacity: 64, maxCost: 16 << 20)

    struct RecentKey: Hashable, Sendable {
        let count: Int
        let adler: UInt32
    }

    struct RecentEntry: Sendable {
        let body: [UInt8]
        let gzip: [UInt8]
    }

    /// The gzip stream of `body` (level `level`), from `recent` when it was compressed lately;
    /// nil when compressing fails.
    static func gzip(_ body: [UInt8]) -> [UInt8]? {
        let key = RecentKey(count: body.count, adler: body.withUnsafeBytes { Adler32.update(1, $0) })
        if let hit = recent.value(for: key), hit.body == body { return hit.gzip }
        guard let gzip = try? Deflate.compress(body, level: level, container: .gzip) else { return nil }
        recent.insert(RecentEntry(body: body, gzip: gzip), for: key, cost: body.count + gzip.count)
        return gzip
    }

    /// Whether an `Accept-Encoding` header (its values) allows gzip: the `gzip` (or `x-gzip`)
    /// or `*` coding with a q-value above 0.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?, any: Bool?
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first else { continue }
                let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                if coding == "gzip" || coding == "x-gzip" { gzip = q > 0 } else if coding == "*" { any = q > 0 }
            }
        }
        return gzip ?? any ?? false
    }

    /// Text-like media types: `text/*`, JSON and XML (with `+json`, `+xml` suffixes), JavaScript,
    /// and the 1.1.1 WMS exception type.
    static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/") || type.hasSuffix("json") || type.hasSuffix("xml") || type == "application/javascript"
            || type == "application/vnd.ogc.se_xml"
    }
}

extension ResponseBody {
    /// The body's bytes, written into one buffer (a response of this server, in memory anyway).
    consuming func collected() async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await write(CollectingWriter(collector: collector))
        return collector.buffer
    }
}

/// Where `CollectingWriter` puts a body's bytes.
private final class BodyCollector: @unchecked Sendable {
    var buffer = ByteBuffer()
}

/// A response body writer that keeps the bytes written (the body of one response, in one task).
private struct CollectingWriter: ResponseBodyWriter {
    let collector: BodyCollector

    mutating func write(_ buffer: ByteBuffer) async throws {
        var b = buffer
        collector.buffer.writeBuffer(&b)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
