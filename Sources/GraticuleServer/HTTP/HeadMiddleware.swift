import Hummingbird

/// HEAD for every GET route (RFC 9110 §9.3.2: a general-purpose server must support it; link
/// checkers, `curl -I` and monitoring probes send it): the request is answered as its GET would
/// be, with the same status and headers (`Content-Length` the GET body's length) and no body.
struct HeadMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var head = request.head
        head.method = .get
        var response = try await next(Request(head: head, body: request.body), context)
        let length = try await response.body.collected().readableBytes
        response.body = ResponseBody()
        if response.status != .notModified && response.status != .noContent {
            response.headers[.contentLength] = String(length)
        }
        return response
    }
}
