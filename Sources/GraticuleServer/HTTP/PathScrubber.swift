import Foundation
import Hummingbird

/// Keeps the server's file system out of its answers: in an error response's text (JSON errors,
/// WMS exceptions), every absolute path inside a directory the server reads (the configured data,
/// raster and vector directories, the registry's, the executable's with its resource bundles)
/// is shown relative to that directory, and the directory itself by its last component. Engine
/// messages name files by path (a grid the transformation misses, a raster that cannot be
/// opened); a client learns the file's name, never where the server keeps it.
struct PathScrubber<Context: RequestContext>: RouterMiddleware {
    /// Directories to hide, longest first (a directory inside another is replaced first).
    let directories: [String]

    init(directories: [URL]) {
        var paths = Set<String>()
        for d in directories {
            let p = d.standardizedFileURL.path
            if p.count > 1 { paths.insert(p) }
            let resolved = d.resolvingSymlinksInPath().path
            if resolved.count > 1 { paths.insert(resolved) }
        }
        self.directories = paths.sorted { $0.count > $1.count }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status.code >= 400, response.headers[.contentEncoding] == nil,
              let type = response.headers[.contentType], type.contains("json") || type.contains("xml") || type.hasPrefix("text/") else {
            return response
        }
        let body = try await response.body.collected()
        let text = String(buffer: body)
        let scrubbed = scrub(text)
        if scrubbed == text {
            response.body = ResponseBody(byteBuffer: body)
        } else {
            response.body = ResponseBody(byteBuffer: ByteBuffer(string: scrubbed))
            response.headers[.contentLength] = nil
        }
        return response
    }

    /// The text with the directories' paths replaced.
    func scrub(_ text: String) -> String {
        guard text.contains("/") else { return text }
        var out = text
        for d in directories where out.contains(d) {
            out = out.replacingOccurrences(of: d + "/", with: "")
            out = out.replacingOccurrences(of: d, with: (d as NSString).lastPathComponent)
        }
        return out
    }
}
