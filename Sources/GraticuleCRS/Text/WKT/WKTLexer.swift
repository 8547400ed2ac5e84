import GraticuleCore

/// One bracketed element of a WKT string: `KEYWORD[value, value, …]`.
///
/// The tree is built by `WKTLexer` without recursion and never deeper than
/// `WKTLexer.maximumDepth`, so walking it recursively is safe.
struct WKTNode: Sendable {
    /// The keyword as written (`PROJCRS`, `Projcs`, …).
    let keyword: String
    /// The keyword upper-cased, for comparisons (computed once: every child lookup reads it).
    let key: String
    /// Byte offset of the keyword in the input.
    var offset: Int
    /// The values inside the brackets, in order.
    var values: [WKTValue]

    init(keyword: String, offset: Int, values: [WKTValue]) {
        self.keyword = keyword
        key = keyword.uppercased()
        self.offset = offset
        self.values = values
    }

    /// The child nodes.
    var children: [WKTNode] {
        values.compactMap { if case let .node(n) = $0 { n } else { nil } }
    }

    /// The first child node whose keyword is one of `names`.
    func child(_ names: String...) -> WKTNode? {
        for case let .node(n) in values where names.contains(n.key) { return n }
        return nil
    }

    /// Every child node whose keyword is one of `names`.
    func children(_ names: String...) -> [WKTNode] {
        values.compactMap { if case let .node(n) = $0, names.contains(n.key) { n } else { nil } }
    }

}

/// A value inside a WKT node.
enum WKTValue: Sendable {
    /// A quoted string (quotes removed, doubled quotes undone) and its byte offset.
    case string(String, Int)
    /// A number, its text as written and its byte offset.
    case number(Double, String, Int)
    /// An unquoted word (an enumeration such as `north` or `Cartesian`) and its byte offset.
    case word(String, Int)
    /// A nested node.
    case node(WKTNode)

    var offset: Int {
        switch self {
        case let .string(_, o), let .number(_, _, o), let .word(_, o): o
        case let .node(n): n.offset
        }
    }

    /// A short description for error messages.
    var summary: String {
        switch self {
        case let .string(s, _): "string \(String(s.prefix(40)).brief)"
        case let .number(_, t, _): "number \(t)"
        case let .word(w, _): "word \(String(w.prefix(40)))"
        case let .node(n): "\(n.keyword)[…]"
        }
    }
}

/// Turns WKT text (as UTF-8 bytes) into a tree of `WKTNode`s.
///
/// The lexer is iterative: nesting is tracked with an explicit stack and limited to
/// `maximumDepth` levels, so adversarial input (100,000 nested brackets) fails with a parse
/// error instead of exhausting the call stack. Work is linear in the input length.
struct WKTLexer {
    /// Deepest nesting accepted. The deepest real CRS (a compound CRS of a projected CRS with a
    /// datum ensemble and units on parameters) nests 7 levels; PROJ nests at most about 12.
    static let maximumDepth = 32
    /// Longest number literal accepted, in characters.
    static let maximumNumberLength = 64

    let bytes: [UInt8]
    let format: String
    var position = 0

    init(bytes: [UInt8], format: String = "WKT") {
        self.bytes = bytes
        self.format = format
    }


    func error(_ message: String, at offset: Int) -> GraticuleError {
        .parse(format: format, message: message, offset: TextOffsets.characterOffset(bytes, byteOffset: offset))
    }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    static func isKeywordStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    static func isKeywordByte(_ b: UInt8) -> Bool {
        isKeywordStart(b) || (b >= 0x30 && b <= 0x39)
    }

    mutating func readWord() -> String {
        let start = position
        while position < bytes.count, WKTLexer.isKeywordByte(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// An open node. The loop reads its flags through `stack[stack.count - 1]` and never copies a
    /// frame out: a copy would share the values array and make every append copy it (quadratic
    /// time on a node with many values).
    private struct Frame {
        var node: WKTNode
        var close: UInt8
        /// True once a value has been read since the last comma (or the opening bracket).
        var hasValue: Bool
        var sawComma: Bool
    }

    /// Parses one node from the current position. At the end, only white space may follow, or —
    /// with `allowTrailingComma` — a comma introducing a second node (left for the next call).
    mutating func parseNode(allowTrailingComma: Bool) throws(GraticuleError) -> WKTNode {
        skipSpace()
        guard position < bytes.count else { throw error("empty input: expected a WKT keyword", at: position) }
        guard WKTLexer.isKeywordStart(bytes[position]) else {
            throw error("expected a WKT keyword, found \(describeByte(at: position))", at: position)
        }
        var stack: [Frame] = []
        var result: WKTNode?
        // Open the root.
        try openNode(into: &stack)
        while !stack.isEmpty {
            let top = TopView(close: stack[stack.count - 1].close, hasValue: stack[stack.count - 1].hasValue,
                              sawComma: stack[stack.count - 1].sawComma, keyword: stack[stack.count - 1].node.keyword,
                              offset: stack[stack.count - 1].node.offset)
            skipSpace()
            guard position < bytes.count else {
                let innermost = top
                throw error("unexpected end of input: \(stack.count) unclosed bracket\(stack.count == 1 ? "" : "s") "
                            + "(innermost \(innermost.keyword) opened at offset "
                            + "\(TextOffsets.characterOffset(bytes, byteOffset: innermost.offset)))", at: bytes.count)
            }
            let b = bytes[position]
            if b == 0x5D || b == 0x29 {  // ] )
                if b != top.close {
                    throw error("unbalanced brackets: '\(Character(UnicodeScalar(b)))' closes "
                                + "\(top.keyword) which was opened with "
                                + "'\(top.close == 0x5D ? "[" : "(")'", at: position)
                }
                if top.sawComma && !top.hasValue {
                    throw error("expected a value after ',' in \(top.keyword)", at: position)
                }
                position += 1
                let done = stack.removeLast().node
                if stack.isEmpty {
                    result = done
                } else {
                    stack[stack.count - 1].node.values.append(.node(done))
                    stack[stack.count - 1].hasValue = true
                }
                continue
            }
            if b == 0x2C {  // ,
                if !top.hasValue {
                    throw error("unexpected ',' in \(top.keyword): a value is missing", at: position)
                }
                position += 1
                stack[stack.count - 1].hasValue = false
                stack[stack.count - 1].sawComma = true
                continue
            }
            if top.hasValue {
                throw error("expected ',' or '\(top.close == 0x5D ? "]" : ")")' in \(top.keyword), "
                            + "found \(describeByte(at: position))", at: position)
            }
            // A value.
            let valueStart = position
            if b == 0x22 {  // "
                let s = try readString()
                stack[stack.count - 1].node.values.append(.string(s, valueStart))
            } else if b == 0x2B || b == 0x2D || b == 0x2E || (b >= 0x30 && b <= 0x39) {
                let (v, text) = try readNumber()
                stack[stack.count - 1].node.values.append(.number(v, text, valueStart))
            } else if WKTLexer.isKeywordStart(b) {
                let save = position
                let word = readWord()
                let afterWord = position
                skipSpace()
                if position < bytes.count, bytes[position] == 0x5B || bytes[position] == 0x28 {
                    position = save
                    try openNode(into: &stack)
                    continue
                }
                position = afterWord
                stack[stack.count - 1].node.values.append(.word(word, valueStart))
            } else {
                throw error("unexpected \(describeByte(at: position)) in \(top.keyword)", at: position)
            }
            stack[stack.count - 1].hasValue = true
        }
        skipSpace()
        if position < bytes.count {
            if allowTrailingComma && bytes[position] == 0x2C {
                position += 1
                skipSpace()
                if position >= bytes.count { throw error("expected a WKT node after ','", at: position) }
            } else {
                throw error("unexpected \(describeByte(at: position)) after the end of the WKT", at: position)
            }
        }
        guard let result else { throw error("empty WKT", at: 0) }
        return result
    }

    /// What the loop needs to know about the innermost open node (no copy of its values).
    private struct TopView {
        var close: UInt8
        var hasValue: Bool
        var sawComma: Bool
        var keyword: String
        var offset: Int
    }

    /// Reads `KEYWORD [` or `KEYWORD (` and pushes a frame.
    private mutating func openNode(into stack: inout [Frame]) throws(GraticuleError) {
        let start = position
        let keyword = readWord()
        skipSpace()
        guard position < bytes.count else {
            throw error("unexpected end of input after \(keyword): expected '['", at: position)
        }
        let b = bytes[position]
        guard b == 0x5B || b == 0x28 else {
            throw error("expected '[' after \(keyword), found \(describeByte(at: position))", at: position)
        }
        if stack.count >= WKTLexer.maximumDepth {
            throw error("nesting deeper than \(WKTLexer.maximumDepth) levels at \(keyword)", at: start)
        }
        position += 1
        stack.append(Frame(node: WKTNode(keyword: keyword, offset: start, values: []),
                           close: b == 0x5B ? 0x5D : 0x29, hasValue: false, sawComma: false))
    }

    private mutating func readString() throws(GraticuleError) -> String {
        let start = position
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            if b == 0x22 {
                if position + 1 < bytes.count, bytes[position + 1] == 0x22 {
                    out.append(0x22)
                    position += 2
                    continue
                }
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            out.append(b)
            position += 1
        }
        throw error("unterminated string (opened at offset \(TextOffsets.characterOffset(bytes, byteOffset: start)))",
                    at: bytes.count)
    }

    private mutating func readNumber() throws(GraticuleError) -> (Double, String) {
        let start = position
        if bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
        var digits = 0
        while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1; digits += 1 }
        if position < bytes.count, bytes[position] == 0x2E {
            position += 1
            while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                position += 1; digits += 1
            }
        }
        if digits == 0 {
            throw error("malformed number \(String(decoding: bytes[start..<min(position + 1, bytes.count)], as: UTF8.self).brief)",
                        at: start)
        }
        if position < bytes.count, bytes[position] == 0x45 || bytes[position] == 0x65 {
            position += 1
            if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D { position += 1 }
            var expDigits = 0
            while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                position += 1; expDigits += 1
            }
            if expDigits == 0 {
                throw error("malformed exponent in number \(String(decoding: bytes[start..<position], as: UTF8.self))",
                            at: start)
            }
        }
        if position - start > WKTLexer.maximumNumberLength {
            throw error("number literal longer than \(WKTLexer.maximumNumberLength) characters", at: start)
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw error("number out of range: \(text)", at: start)
        }
        return (v, text)
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        if b >= 0x20 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        // Decode the full scalar for a readable message.
        let s = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
        if let c = s.unicodeScalars.first, c != "\u{FFFD}" { return "'\(c)' (U+\(String(c.value, radix: 16, uppercase: true)))" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}

/// Byte ↔ character offset conversion for error messages.
enum TextOffsets {
    /// The number of characters (extended grapheme clusters) before `byteOffset` in UTF-8 `bytes`.
    static func characterOffset(_ bytes: [UInt8], byteOffset: Int) -> Int {
        let end = max(0, min(byteOffset, bytes.count))
        // ASCII fast path.
        var allASCII = true
        for i in 0..<end where bytes[i] >= 0x80 { allASCII = false; break }
        if allASCII { return end }
        return String(decoding: bytes[0..<end], as: UTF8.self).count
    }
}
