import Foundation
import GraticuleCore
import Hummingbird
import NIOCore
import NIOHTTP1

/// An error answered as JSON, as the ArcGIS REST API answers them:
/// `{"error": {"code": 400, "message": "from: unknown WKID 99999", "details": []}}`.
///
/// Bad input is always a 4xx with a message naming the parameter and the value; a 5xx means a
/// fault of the server (a missing registry file), never of the request.
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A parameter with a value the endpoint cannot use.
    static func badParameter(_ name: String, _ value: String, _ expected: String) -> APIError {
        APIError(.badRequest, "\(name)=\(quoted(value)): \(expected)")
    }

    /// A required parameter that is absent.
    static func missing(_ name: String, _ expected: String) -> APIError {
        APIError(.badRequest, "missing parameter \(name) (\(expected))")
    }

    /// An engine error about the input named `parameter` (nil: the request as a whole).
    static func engine(_ error: GraticuleError, parameter: String? = nil) -> APIError {
        let prefix = parameter.map { "\($0): " } ?? ""
        switch error {
        case .registry: return APIError(.internalServerError, prefix + error.description)
        case .outOfDomain: return APIError(.unprocessableContent, prefix + error.description)
        default: return APIError(.badRequest, prefix + error.description)
        }
    }

    /// A value as it appears in a message: at most 120 characters, control characters escaped.
    static func quoted(_ value: String) -> String {
        var s = value.count > 120 ? String(value.prefix(117)) + "…" : value
        s = s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
            .joined()
        return s
    }

    /// The JSON response.
    var response: Response {
        Responses.json(ErrorBody(error: .init(code: Int(status.code), message: message)), status: status)
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            var code: Int
            var message: String
            var details: [String] = []
        }
        var error: Detail
    }
}

/// Turns every error a route throws into a response: `APIError` and Hummingbird's `HTTPError`
/// (unknown path, body too large) as JSON with their status, an engine error as a 4xx, a body
/// whose HTTP framing is broken as Hummingbird's 400 (the connection closed), anything else as a
/// 500 with its description (a bug: the route fuzzer looks for these).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return error.response
        } catch let error as HTTPError {
            let message = error.body ?? (error.status == .notFound ? "no such endpoint: \(request.method) \(APIError.quoted(request.uri.path))"
                                                                  : error.status.reasonPhrase)
            var response = APIError(error.status, message).response
            for field in error.headers { response.headers.append(field) }
            return response
        } catch let error as HTTPParserError {
            // Broken framing (a chunk size that overflows, bytes where CRLF belongs): the body
            // cannot be read, so Hummingbird answers 400 and closes the connection.
            throw error
        } catch is NIOTooManyBytesError {
            return APIError(.contentTooLarge, "body: larger than this endpoint's limit").response
        } catch let error as GraticuleError {
            return APIError.engine(error).response
        } catch {
            context.logger.error("unexpected error: \(error)")
            return APIError(.internalServerError, "internal error: \(error)").response
        }
    }
}

/// Runs engine work, turning its error into an `APIError` about `parameter`.
func engine<T>(_ parameter: String? = nil, _ body: () throws(GraticuleError) -> T) throws(APIError) -> T {
    do { return try body() } catch { throw APIError.engine(error, parameter: parameter) }
}
