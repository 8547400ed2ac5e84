import Foundation
import GraticuleCore

/// A JSON value as the GeoJSON reader keeps properties: numbers keep whether they were written as
/// integers (so `"pop": 12` is an integer field and `12.0` a real one, as GDAL decides).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case let .bool(v): h.combine(v)
        case let .integer(v): h.combine(v)
        case let .number(v): h.combine(v)
        case let .string(v): h.combine(v)
        case let .array(v): h.combine(v)
        case let .object(v): for (k, x) in v { h.combine(k); h.combine(x) }
        }
    }

    /// Compact JSON text of the value.
    public var jsonText: String {
        var out = JSONOutput()
        out.value(self)
        return out.text
    }
}

/// A byte-level JSON scanner over a buffer: strict RFC 8259 (no NaN, no comments, no trailing
/// commas), with a nesting limit and offsets in every error. Never reads past the buffer.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// Nesting deeper than this is refused (GeoJSON needs at most 6 levels of arrays).
    static let maximumDepth = 128
    let what: String

    init(_ bytes: UnsafeBufferPointer<UInt8>, what: String) {
        self.bytes = bytes
        self.what = what
    }

    func error(_ message: String) -> GraticuleError { .parse(format: what, message: message, offset: i) }

    @inline(__always) mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1 } else { return }
        }
    }

    @inline(__always) var atEnd: Bool { i >= bytes.count }

    @inline(__always) mutating func peek() throws(GraticuleError) -> UInt8 {
        skipSpace()
        guard i < bytes.count else { throw error("unexpected end of JSON") }
        return bytes[i]
    }

    @inline(__always) mutating func expect(_ c: UInt8) throws(GraticuleError) {
        guard try peek() == c else {
            throw error("expected '\(Character(UnicodeScalar(c)))', found '\(Character(UnicodeScalar(bytes[i])))'")
        }
        i += 1
    }

    /// Consumes `c` if it is next.
    @inline(__always) mutating func take(_ c: UInt8) throws(GraticuleError) -> Bool {
        if try peek() == c { i += 1; return true }
        return false
    }

    mutating func enter() throws(GraticuleError) {
        depth += 1
        guard depth <= JSONScanner.maximumDepth else { throw error("nesting deeper than \(JSONScanner.maximumDepth) levels") }
    }

    mutating func leave() { depth -= 1 }

    /// After an element of an array or object: true when another follows (a comma was read),
    /// false at the closing bracket (consumed).
    mutating func more(_ close: UInt8) throws(GraticuleError) -> Bool {
        let c = try peek()
        if c == UInt8(ascii: ",") { i += 1; return true }
        if c == close { i += 1; return false }
        throw error("expected ',' or '\(Character(UnicodeScalar(close)))'")
    }

    /// Reads one object: `{`, then for each member its key and `:`, after which `member` must
    /// read the value, then `}`. Nesting counts towards `maximumDepth`.
    mutating func object(_ member: (inout JSONScanner, String) throws(GraticuleError) -> Void) throws(GraticuleError) {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { leave() }
        if try take(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while try more(UInt8(ascii: "}"))
    }

    mutating func string() throws(GraticuleError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        var out = [UInt8](bytes[start ..< i])
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw error("control character in string") }
            if c != UInt8(ascii: "\\") { out.append(c); continue }
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var u = try hex4()
                if (0xD800 ..< 0xDC00).contains(u), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let lo = try hex4()
                    guard (0xDC00 ..< 0xE000).contains(lo) else { throw error("invalid surrogate pair") }
                    u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)
                }
                let scalar = UnicodeScalar(u) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("invalid escape \\\(Character(UnicodeScalar(e)))")
            }
        }
    }

    mutating func hex4() throws(GraticuleError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let c = bytes[i]
            i += 1
            let d: UInt32
            switch c {
            case 48 ... 57: d = UInt32(c - 48)
            case 65 ... 70: d = UInt32(c - 55)
            case 97 ... 102: d = UInt32(c - 87)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v << 4 | d
        }
        return v
    }

    static let pow10: [Double] = (0 ... 22).map { pow(10, Double($0)) }

    /// A JSON number; `isInteger` when it had no fraction or exponent and fits Int64.
    mutating func number() throws(GraticuleError) -> (value: Double, integer: Int64?) {
        skipSpace()
        let start = i
        var negative = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var intDigits = 0
        guard i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 else {
            if i < bytes.count, bytes[i] == UInt8(ascii: "N") || bytes[i] == UInt8(ascii: "I") {
                throw error("NaN and Infinity are not JSON numbers")
            }
            throw error("invalid number")
        }
        if bytes[i] == 48 && i + 1 < bytes.count && bytes[i + 1] >= 48 && bytes[i + 1] <= 57 {
            throw error("leading zero in number")
        }
        while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[i] - 48) }
            digits += 1; intDigits += 1; i += 1
        }
        var exp10 = digits > 19 ? digits - 19 : 0
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            let f0 = i
            while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[i] - 48); exp10 -= 1 }
                digits += 1; i += 1
            }
            guard i > f0 else { throw error("digit expected after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            var eneg = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { eneg = bytes[i] == UInt8(ascii: "-"); i += 1 }
            let e0 = i
            var e = 0
            while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
                if e < 100_000 { e = e * 10 + Int(bytes[i] - 48) }
                i += 1
            }
            guard i > e0 else { throw error("digit expected in exponent") }
            exp10 += eneg ? -e : e
        }
        if isInteger && intDigits <= 18 {
            let v = Int64(mantissa)
            return (Double(negative ? -v : v), negative ? -v : v)
        }
        var value: Double
        if digits <= 19 && mantissa < (1 << 53) && abs(exp10) <= 22 {
            // Clinger's fast path: both factors exact, one rounding.
            value = exp10 >= 0 ? Double(mantissa) * JSONScanner.pow10[exp10] : Double(mantissa) / JSONScanner.pow10[-exp10]
        } else {
            var text = [CChar](repeating: 0, count: i - start + 1)
            for k in start ..< i { text[k - start] = CChar(bitPattern: bytes[k]) }
            value = strtod(text, nil)
            negative = false
        }
        if negative { value = -value }
        guard value.isFinite else { throw .parse(format: what, message: "number out of range", offset: start) }
        return (value, nil)
    }

    mutating func literal(_ word: String) throws(GraticuleError) {
        skipSpace()
        for c in word.utf8 {
            guard i < bytes.count, bytes[i] == c else { throw error("invalid literal, expected \(word)") }
            i += 1
        }
    }

    /// Any JSON value.
    mutating func value() throws(GraticuleError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try object { s, key throws(GraticuleError) in members.append((key, try s.value())) }
            return .object(members)
        case UInt8(ascii: "["):
            i += 1
            try enter()
            defer { leave() }
            var items: [JSONValue] = []
            if try take(UInt8(ascii: "]")) { return .array(items) }
            repeat { items.append(try value()) } while try more(UInt8(ascii: "]"))
            return .array(items)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            let n = try number()
            if let v = n.integer { return .integer(v) }
            return .number(n.value)
        }
    }

    /// Skips any value.
    mutating func skipValue() throws(GraticuleError) { _ = try value() }
}

/// Builds JSON text in a byte buffer.
struct JSONOutput {
    var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(c)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(c)
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0 ..< 0x20:
                raw("\\u00")
                let h = Array("0123456789abcdef".utf8)
                bytes.append(h[Int(c >> 4)]); bytes.append(h[Int(c & 15)])
            default: bytes.append(c)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A double in shortest round-trip form (`1`, `-0.5`, `1e-07`); non-finite as null.
    mutating func number(_ v: Double) {
        guard v.isFinite else { raw("null"); return }
        if v == v.rounded(), abs(v) < 1e15 {
            integer(Int64(v))
            if v == 0 && v.sign == .minus { } // -0 written as 0
            return
        }
        bytes.append(contentsOf: v.description.utf8)
    }

    mutating func integer(_ v: Int64) {
        if v >= 0 && v < 10 { bytes.append(UInt8(48 + v)); return }
        bytes.append(contentsOf: String(v).utf8)
    }

    mutating func value(_ v: JSONValue) {
        switch v {
        case .null: raw("null")
        case let .bool(b): if b { raw("true") } else { raw("false") }
        case let .integer(n): integer(n)
        case let .number(d): number(d)
        case let .string(s): string(s)
        case let .array(a):
            bytes.append(UInt8(ascii: "["))
            for (k, x) in a.enumerated() { if k > 0 { bytes.append(UInt8(ascii: ",")) }; value(x) }
            bytes.append(UInt8(ascii: "]"))
        case let .object(o):
            bytes.append(UInt8(ascii: "{"))
            for (k, (key, x)) in o.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                string(key); bytes.append(UInt8(ascii: ":")); value(x)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
