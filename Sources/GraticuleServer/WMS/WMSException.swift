import Foundation
import Hummingbird

/// A WMS `ServiceException` with one of the codes of the WMS 1.3.0 specification (Annex A.2 /
/// 1.1.1 Annex A.3), answered as the version's exception XML: `ServiceExceptionReport` in the
/// `http://www.opengis.net/ogc` namespace as `text/xml` for 1.3.0, without a namespace as
/// `application/vnd.ogc.se_xml` for 1.1.1. HTTP status 400 (the request's fault), so load tests
/// and clients see the failure; OWSLib raises its `ServiceException` either way.
struct WMSException: Error, Sendable {
    enum Code: String, Sendable {
        case invalidFormat = "InvalidFormat", invalidCRS = "InvalidCRS", invalidSRS = "InvalidSRS"
        case layerNotDefined = "LayerNotDefined", styleNotDefined = "StyleNotDefined"
        case layerNotQueryable = "LayerNotQueryable", invalidPoint = "InvalidPoint"
        case currentUpdateSequence = "CurrentUpdateSequence", missingParameterValue = "MissingParameterValue"
        case invalidParameterValue = "InvalidParameterValue", operationNotSupported = "OperationNotSupported"
        case noApplicableCode = "NoApplicableCode"
    }
    var code: Code
    var message: String
    var status: HTTPResponse.Status = .badRequest

    init(_ code: Code, _ message: String, status: HTTPResponse.Status = .badRequest) {
        self.code = code
        self.message = message
        self.status = status
    }

    /// The exception from an API error of a shared helper (bad number, oversize image, timeout).
    init(_ error: APIError, code: Code = .invalidParameterValue) {
        self.init(error.status == .serviceUnavailable ? .noApplicableCode : code, error.message,
                  status: error.status == .internalServerError ? .internalServerError : error.status)
    }

    /// The exception a WMS request answers for an error: itself, or an API error of a shared
    /// helper (`OperationNotSupported` for what is not implemented); nil for any other error.
    init?(reporting error: any Error) {
        switch error {
        case let e as WMSException: self = e
        case let e as APIError: self.init(e, code: e.status == .notImplemented ? .operationNotSupported : .invalidParameterValue)
        default: return nil
        }
    }

    func response(version: WMSVersion) -> Response {
        let code1 = version == .v111 && code == .invalidCRS ? Code.invalidSRS : code
        let body: String
        switch version {
        case .v130:
            body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.opengis.net/ogc http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd">
              <ServiceException code="\(code1.rawValue)">\(XML.escape(message))</ServiceException>
            </ServiceExceptionReport>

            """
        case .v111:
            body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE ServiceExceptionReport SYSTEM "http://schemas.opengis.net/wms/1.1.1/exception_1_1_1.dtd">
            <ServiceExceptionReport version="1.1.1">
              <ServiceException code="\(code1.rawValue)">\(XML.escape(message))</ServiceException>
            </ServiceExceptionReport>

            """
        }
        return Responses.text(body, contentType: version == .v130 ? "text/xml; charset=utf-8" : "application/vnd.ogc.se_xml; charset=utf-8",
                              status: status)
    }
}

/// The two WMS versions served.
enum WMSVersion: String, Sendable {
    case v111 = "1.1.1", v130 = "1.3.0"

    /// The version a request asks for: `VERSION` (or 1.1.1's `WMTVER`); absent → 1.3.0; an
    /// unknown version is negotiated to the nearest one served (WMS 1.3.0 §6.2.4).
    init(request raw: String?) {
        guard let raw, !raw.isEmpty else { self = .v130; return }
        if raw == "1.3.0" { self = .v130; return }
        if raw == "1.1.1" || raw == "1.1.0" || raw == "1.0.0" { self = .v111; return }
        self = raw.compare("1.3.0", options: .numeric) == .orderedAscending ? .v111 : .v130
    }
}

/// XML text escaping.
enum XML {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if ch.value < 0x20 && ch != "\n" && ch != "\t" && ch != "\r" { out += "?" } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}
