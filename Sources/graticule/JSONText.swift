import GraticuleCore

/// A small JSON value for command output: numbers in shortest round-trip form, NaN and
/// infinities as null, keys in the order given.
indirect enum JSONText {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case unsigned(UInt64)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// Compact (one line) or indented text.
    func render(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(v):
            if !v.isFinite { out += "null" } else if v == v.rounded(), abs(v) < 1e15 { out += String(Int64(v)) } else { out += "\(v)" }
        case let .integer(v): out += String(v)
        case let .unsigned(v): out += String(v)
        case let .string(s): JSONText.quote(s, into: &out)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += pretty ? ", " : "," }
                item.write(into: &out, pretty: pretty, indent: indent)
            }
            out += "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONText.quote(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func quote(_ s: String, into out: inout String) { out += JSONString.literal(s) }
}
