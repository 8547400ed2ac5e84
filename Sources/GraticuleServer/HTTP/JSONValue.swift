import Foundation

/// A JSON document as a tree, for request bodies whose structure is passed through (a GeoJSON
/// batch keeps its properties and nesting; only positions change).
indirect enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .number(d): if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }

    var string: String? { if case let .string(s) = self { return s }; return nil }
    var number: Double? { if case let .number(d) = self { return d }; return nil }

    /// Parses a request body, refusing nesting deeper than `maxDepth` before decoding (a
    /// pathological `[[[[…` must not exhaust the stack).
    static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = 32) throws(APIError) -> JSONValue {
        var depth = 0, inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                if depth > maxDepth { throw APIError(.badRequest, "body: JSON nested deeper than \(maxDepth) levels") }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        do { return try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) } catch {
            throw APIError(.badRequest, "body: not valid JSON (\(JSONValue.describe(error)))")
        }
    }

    /// A short description of a decoding error (without Foundation's long debug text).
    static func describe(_ error: any Error) -> String {
        if case let DecodingError.dataCorrupted(ctx) = error {
            let detail = (ctx.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return detail ?? ctx.debugDescription
        }
        return "\(error)"
    }
}
