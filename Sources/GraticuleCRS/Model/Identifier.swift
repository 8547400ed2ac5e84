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

    /// Parses `AUTH:CODE` (also `urn:ogc:def:crs:AUTH::CODE` and `AUTH:VERSION:CODE`).
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace
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

    /// The code as an integer, when it is one.
    public var number: Int? { Int(code) }

    public var description: String { "\(authority):\(code)" }

    public static func < (a: Identifier, b: Identifier) -> Bool {
        (a.authority, a.number ?? .max, a.code) < (b.authority, b.number ?? .max, b.code)
    }
}

import Foundation
import GraticuleCore
