import GraticuleCore

/// A JSON value with the byte offset where it starts, as the PROJJSON reader needs it for its
/// error messages.
indirect enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue)], offset: Int)
    case array([JSONValue], offset: Int)
    case string(String, offset: Int)
    case number(Double, offset: Int)
    case bool(Bool, offset: Int)
    case null(offset: Int)

    var offset: Int {
        switch self {
        case let .object(_, o), let .array(_, o), let .string(_, o), let .number(_, o), let .bool(_, o), let .null(o): o
        }
    }

    /// The member `key` of an object (the first when repeated).
    subscript(key: String) -> JSONValue? {
        guard case let .object(members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var stringValue: String? { if case let .string(s, _) = self { s } else { nil } }
    var numberValue: Double? { if case let .number(v, _) = self { v } else { nil } }
    var arrayValue: [JSONValue]? { if case let .array(a, _) = self { a } else { nil } }
    var isObject: Bool { if case .object = self { true } else { false } }

    var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A strict JSON (RFC 8259) parser over UTF-8 bytes. Iterative, with nesting limited to
/// `maximumDepth`, so deep or huge input fails with a parse error rather than a crash.
struct JSONParser {
    static let maximumDepth = 64

    let bytes: [UInt8]
    let format: String
    var i = 0

    init(bytes: [UInt8], format: String) {
        self.bytes = bytes
        self.format = format
    }

    func error(_ message: String, at offset: Int) -> GraticuleError {
        .parse(format: format, message: message, offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
    }

    static func parse(_ bytes: [UInt8], format: String = "JSON") throws(GraticuleError) -> JSONValue {
        var p = JSONParser(bytes: bytes, format: format)
        return try p.document()
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private enum Container {
        case object(members: [(key: String, value: JSONValue)], offset: Int, pendingKey: String?)
        case array(items: [JSONValue], offset: Int)
    }

    func describe(_ at: Int) -> String { WKTLexer(bytes: bytes).describeByte(at: at) }

    mutating func document() throws(GraticuleError) -> JSONValue {
        skipSpace()
        var stack: [Container] = []
        var finished: JSONValue?
        // `expectValue`: at a position where a value must start.
        var expectValue = true
        while true {
            skipSpace()
            if expectValue {
                guard i < bytes.count else {
                    throw error(stack.isEmpty ? "empty input: expected a JSON value" : "unexpected end of input: a value is missing",
                                at: i)
                }
                let start = i
                let b = bytes[i]
                var value: JSONValue?
                switch b {
                case 0x7B:  // {
                    guard stack.count < JSONParser.maximumDepth else {
                        throw error("nesting deeper than \(JSONParser.maximumDepth) levels", at: i)
                    }
                    i += 1
                    skipSpace()
                    if i < bytes.count, bytes[i] == 0x7D { i += 1; value = .object([], offset: start); break }
                    let key = try readKey()
                    stack.append(.object(members: [], offset: start, pendingKey: key))
                    continue
                case 0x5B:  // [
                    guard stack.count < JSONParser.maximumDepth else {
                        throw error("nesting deeper than \(JSONParser.maximumDepth) levels", at: i)
                    }
                    i += 1
                    skipSpace()
                    if i < bytes.count, bytes[i] == 0x5D { i += 1; value = .array([], offset: start); break }
                    stack.append(.array(items: [], offset: start))
                    continue
                case 0x22: value = .string(try readString(), offset: start)
                case 0x2D, 0x30...0x39: value = .number(try readNumber(), offset: start)
                case 0x74: try literal("true"); value = .bool(true, offset: start)
                case 0x66: try literal("false"); value = .bool(false, offset: start)
                case 0x6E: try literal("null"); value = .null(offset: start)
                default: throw error("unexpected \(describe(i)): expected a JSON value", at: i)
                }
                // A complete value: attach it.
                guard let v = value else { continue }
                if stack.isEmpty { finished = v; break }
                attach(v, to: &stack)
                expectValue = false
                continue
            }
            // After a value inside a container: ',' or the closing bracket.
            guard var top = stack.popLast() else { break }
            guard i < bytes.count else {
                throw error("unexpected end of input: \(stack.count + 1) unclosed bracket\(stack.isEmpty ? "" : "s")", at: i)
            }
            let b = bytes[i]
            switch top {
            case let .object(members, offset, _):
                if b == 0x2C {
                    i += 1
                    skipSpace()
                    let key = try readKey()
                    top = .object(members: members, offset: offset, pendingKey: key)
                    stack.append(top)
                    expectValue = true
                } else if b == 0x7D {
                    i += 1
                    let v = JSONValue.object(members, offset: offset)
                    if stack.isEmpty { finished = v } else { attach(v, to: &stack) }
                } else {
                    throw error("expected ',' or '}' in an object, found \(describe(i))", at: i)
                }
            case let .array(items, offset):
                if b == 0x2C {
                    i += 1
                    stack.append(.array(items: items, offset: offset))
                    expectValue = true
                } else if b == 0x5D {
                    i += 1
                    let v = JSONValue.array(items, offset: offset)
                    if stack.isEmpty { finished = v } else { attach(v, to: &stack) }
                } else {
                    throw error("expected ',' or ']' in an array, found \(describe(i))", at: i)
                }
            }
            if finished != nil { break }
        }
        skipSpace()
        if i < bytes.count { throw error("unexpected \(describe(i)) after the end of the JSON value", at: i) }
        return finished!
    }

    private func attach(_ v: JSONValue, to stack: inout [Container]) {
        switch stack.removeLast() {
        case .object(var members, let offset, let key):
            members.append((key ?? "", v))
            stack.append(.object(members: members, offset: offset, pendingKey: nil))
        case .array(var items, let offset):
            items.append(v)
            stack.append(.array(items: items, offset: offset))
        }
    }

    /// `"key" :` inside an object.
    private mutating func readKey() throws(GraticuleError) -> String {
        guard i < bytes.count else { throw error("unexpected end of input: expected a member name", at: i) }
        guard bytes[i] == 0x22 else { throw error("expected a quoted member name, found \(describe(i))", at: i) }
        let key = try readString()
        skipSpace()
        guard i < bytes.count, bytes[i] == 0x3A else {
            throw error("expected ':' after member name \(key.brief), found \(describe(i))", at: i)
        }
        i += 1
        return key
    }

    private mutating func literal(_ word: String) throws(GraticuleError) {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
            throw error("unexpected \(describe(i)): expected a JSON value", at: i)
        }
        i += w.count
    }

    private mutating func readNumber() throws(GraticuleError) -> Double {
        let start = i
        if bytes[i] == 0x2D { i += 1 }
        func digits() -> Int {
            var n = 0
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1; n += 1 }
            return n
        }
        let intStart = i
        guard digits() > 0 else { throw error("malformed number", at: start) }
        if bytes[intStart] == 0x30 && i - intStart > 1 { throw error("numbers cannot have leading zeros", at: start) }
        if i < bytes.count, bytes[i] == 0x2E {
            i += 1
            guard digits() > 0 else { throw error("malformed number: digits expected after '.'", at: start) }
        }
        if i < bytes.count, bytes[i] == 0x65 || bytes[i] == 0x45 {
            i += 1
            if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
            guard digits() > 0 else { throw error("malformed number: digits expected in the exponent", at: start) }
        }
        guard i - start <= WKTLexer.maximumNumberLength else {
            throw error("number literal longer than \(WKTLexer.maximumNumberLength) characters", at: start)
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number out of range: \(text)", at: start) }
        return v
    }

    private mutating func readString() throws(GraticuleError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw error("control character in a string", at: i) }
            if b != 0x5C { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            switch bytes[i] {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x2F: out.append(0x2F)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try hex4(at: i + 1)
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard i + 6 < bytes.count, bytes[i + 1] == 0x5C, bytes[i + 2] == 0x75 else {
                        throw error("unpaired surrogate in a \\u escape", at: i - 5)
                    }
                    let low = try hex4(at: i + 3)
                    guard low >= 0xDC00 && low <= 0xDFFF else { throw error("invalid surrogate pair in a \\u escape", at: i - 5) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw error("unpaired surrogate in a \\u escape", at: i - 5)
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape", at: i - 5) }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw error("invalid escape \\\(describe(i))", at: i - 1)
            }
            i += 1
        }
        throw error("unterminated string (opened at offset \(TextOffsets.characterOffset(bytes, byteOffset: start)))",
                    at: bytes.count)
    }

    private func hex4(at j: Int) throws(GraticuleError) -> UInt32 {
        guard j + 4 <= bytes.count else { throw error("truncated \\u escape", at: j) }
        var v: UInt32 = 0
        for k in j..<(j + 4) {
            let b = bytes[k]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid hexadecimal digit in a \\u escape", at: k)
            }
            v = v * 16 + d
        }
        return v
    }
}
