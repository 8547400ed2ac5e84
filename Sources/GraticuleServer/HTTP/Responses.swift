import Foundation
import Hummingbird

/// Building responses: JSON, text, images, with their content types.
enum Responses {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return e
    }()

    /// A JSON response of an encodable value.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        do {
            let data = try encoder.encode(value)
            return bytes(data, contentType: "application/json; charset=utf-8", status: status)
        } catch {
            // Non-finite numbers are the only values JSONEncoder refuses; routes encode them as null.
            return text("{\"error\":{\"code\":500,\"message\":\"cannot encode the response: \(error)\",\"details\":[]}}",
                        contentType: "application/json; charset=utf-8", status: .internalServerError)
        }
    }

    /// A JSON response from JSON text the engine wrote.
    static func jsonText(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        self.text(text, contentType: "application/json; charset=utf-8", status: status)
    }

    static func text(_ text: String, contentType: String = "text/plain; charset=utf-8",
                     status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func bytes(_ data: some Sequence<UInt8>, contentType: String, status: HTTPResponse.Status = .ok,
                      headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
