/// An authority code such as `EPSG:4326` or `ESRI:102100`. Codes are text: a few authorities use
/// non-numeric codes.
public struct Identifier: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The authority (`EPSG`, `ESRI`, `OGC`, …), upper-cased.
    public var authority: String
    /// The code within the authority (`4326`, `CRS84`).
    public var code: String

    public init(_ authority: String, _ code: String) {
        self.authority = authority.uppercased()
        self.code = code
    }

    public init(_ authority: String, _ code: Int) { self.init(authority, String(code)) }

    /// Parses `AUTH:CODE` (also `urn:ogc:def:crs:AUTH::CODE`, `AUTH:VERSION:CODE`, the OGC's
    /// http URIs `http://www.opengis.net/def/crs/AUTH/VERSION/CODE` (https too, as OGC API
    /// Features names CRSs: `…/EPSG/0/3857`, `…/OGC/1.3/CRS84`) and the safe CURIE `[AUTH:CODE]`).
    public init?(parsing text: String) {
        var trimmed = text.trimmingWhitespace
        if let uri = Self.ogcURI(trimmed) {
            self.init(uri.authority, uri.code)
            return
        }
        // Other URIs, and codes with slashes, name no CRS of ours.
        guard !trimmed.contains("/") else { return nil }
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count > 2 {
            trimmed = String(trimmed.dropFirst().dropLast())
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 6, parts[0].lowercased() == "urn", parts[1].lowercased() == "ogc",
           parts[2].lowercased() == "def" {
            guard let code = parts.last, !code.isEmpty else { return nil }
            self.init(parts[4], code)
            return
        }
        guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, let code = parts.last, !code.isEmpty,
              parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        self.init(parts[0], code)
    }

    /// The authority and code of `http(s)://www.opengis.net/def/crs/AUTH/VERSION/CODE`, or nil.
    private static func ogcURI(_ text: String) -> (authority: String, code: String)? {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = lower.dropFirst(scheme.count)
        let host = rest.hasPrefix("www.") ? rest.dropFirst(4) : rest
        guard host.hasPrefix("opengis.net/def/crs/") else { return nil }
        // The path after /def/crs/, with its original case (codes such as CRS84).
        let path = text.suffix(host.count - "opengis.net/def/crs/".count)
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty,
              parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (String(parts[0]), String(parts[2]))
    }

    /// The code as an integer, when it is one.
    public var number: Int? { Int(code) }

    public var description: String { "\(authority):\(code)" }

    public static func < (a: Identifier, b: Identifier) -> Bool {
        (a.authority, a.number ?? .max, a.code) < (b.authority, b.number ?? .max, b.code)
    }
}

import Foundation
import GraticuleCore
