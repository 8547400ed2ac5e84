import Foundation
import Hummingbird

/// The query parameters of a request, decoded once: names case-insensitive (as WMS requires and
/// harmless elsewhere), values percent-decoded with `+` as a space. Typed accessors validate and
/// throw an `APIError` naming the parameter and the value.
struct Query: Sendable {
    private var values: [String: String] = [:]
    /// Parameter names in the order given (lower-cased), for error messages and echoing.
    private(set) var names: [String] = []

    init(_ request: Request) throws(APIError) {
        try self.init(query: request.uri.query ?? "")
    }

    init(query: String) throws(APIError) {
        guard query.utf8.count <= 64 << 10 else {
            throw APIError(.uriTooLong, "query string longer than 65,536 bytes")
        }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawValue = parts.count > 1 ? parts[1] : ""
            guard let name = Query.decode(parts[0]), let value = Query.decode(rawValue) else {
                throw APIError(.badRequest, "malformed percent-encoding in query parameter \(APIError.quoted(String(parts[0])))")
            }
            let key = name.lowercased()
            // The first occurrence wins (a repeated parameter is ignored, as MapServer does).
            if values[key] == nil {
                names.append(key)
                values[key] = value
            }
        }
    }

    /// Percent-decoding with `+` as a space; nil for a malformed escape or invalid UTF-8.
    /// Works on the UTF-8 bytes (no Foundation string search: this runs for every parameter of
    /// every request).
    static func decode(_ s: Substring) -> String? {
        let utf8 = s.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else { return String(s) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var it = utf8.makeIterator()
        while let b = it.next() {
            switch b {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let h = it.next().flatMap(hexValue), let l = it.next().flatMap(hexValue) else { return nil }
                bytes.append(h << 4 | l)
            default: bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `text` without leading and trailing white space (`CharacterSet.whitespaces`); returns
    /// at once when both ends are visible ASCII, as numbers in queries are.
    static func trimmed(_ text: Substring) -> String {
        if let first = text.utf8.first, let last = text.utf8.last,
           first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return String(text) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The raw (decoded) value, nil when absent. Names are matched case-insensitively.
    subscript(_ name: String) -> String? { values[name.lowercased()] }

    /// A value that must be present and not empty.
    func required(_ name: String, _ expected: String) throws(APIError) -> String {
        guard let v = self[name], !v.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.missing(name, expected)
        }
        return v
    }

    /// A finite number; nil when absent.
    func double(_ name: String) throws(APIError) -> Double? {
        guard let raw = self[name] else { return nil }
        return try Query.number(raw, name: name)
    }

    /// A finite number that must be present.
    func requiredDouble(_ name: String) throws(APIError) -> Double {
        try Query.number(try required(name, "a number"), name: name)
    }

    static func number(_ raw: String, name: String) throws(APIError) -> Double {
        let t = trimmed(raw[...])
        guard t.utf8.count <= 64, let v = Double(t), v.isFinite else {
            throw APIError.badParameter(name, raw, "expected a finite number")
        }
        return v
    }

    /// An integer within `range`; `defaultValue` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(APIError) -> Int {
        guard let raw = self[name] else {
            if let defaultValue { return defaultValue }
            throw APIError.missing(name, "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        let t = Query.trimmed(raw[...])
        guard let v = Int(t), range.contains(v) else {
            throw APIError.badParameter(name, raw, "expected an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    /// Device pixels per reference pixel (`MapRequest.pixelRatio`, line widths scale with it)
    /// from `name` (written `shown` in errors); 1 when absent.
    func pixelRatio(_ name: String, shown: String) throws(APIError) -> Double {
        guard let raw = self[name] else { return 1 }
        let r = MapRequest.pixelRatios
        guard let v = try? Query.number(raw, name: shown), r.contains(v) else {
            throw APIError.badParameter(shown, raw, "expected a pixel ratio from \(r.lowerBound) to \(r.upperBound)")
        }
        return v
    }

    /// A comma-separated list of `count` finite numbers (a BBOX); nil when absent.
    func numbers(_ name: String, count: Int) throws(APIError) -> [Double]? {
        guard let raw = self[name] else { return nil }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == count else {
            throw APIError.badParameter(name, raw, "expected \(count) comma-separated numbers")
        }
        var out: [Double] = []
        for p in parts {
            let t = Query.trimmed(p)
            guard t.utf8.count <= 64, let v = Double(t), v.isFinite else {
                throw APIError.badParameter(name, raw, "expected \(count) comma-separated finite numbers")
            }
            out.append(v)
        }
        return out
    }

    /// A boolean (`true`/`false`, `1`/`0`, `yes`/`no`, case-insensitive); `defaultValue` when absent.
    func bool(_ name: String, default defaultValue: Bool) throws(APIError) -> Bool {
        guard let raw = self[name] else { return defaultValue }
        switch raw.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: throw APIError.badParameter(name, raw, "expected true or false")
        }
    }
}
