import Foundation
import GraticuleCore

/// Number and name formatting shared by the writers.
enum TextFormat {
    /// A number as PROJ prints it: `%.15g`, or `%.14g` when 15 digits show a binary artefact
    /// (`…9999999999…`).
    static func g15(_ v: Double) -> String {
        if v == 0 { return "0" }
        var s = String(format: "%.15g", v)
        if s.contains("9999999999") { s = String(format: "%.14g", v) }
        return s
    }

    /// A number in WKT: `%.15g` with an upper-case exponent.
    static func wkt(_ v: Double) -> String { g15(v).replacingOccurrences(of: "e", with: "E") }

    /// A number in Esri WKT: as in WKT, always with a decimal point (`0.0`, `500000.0`).
    static func esri(_ v: Double) -> String {
        let s = wkt(v)
        return s.contains(".") || s.contains("E") || s.contains("n") || s.contains("i") ? s : s + ".0"
    }

    /// An epoch or accuracy as PROJ writes it (`2.0`, `2010`, `2010.5`).
    static func decimal(_ v: Double, keepPoint: Bool) -> String {
        let s = g15(v)
        return keepPoint && !s.contains(".") && !s.contains("e") ? s + ".0" : s
    }

    /// A name as Esri spells it: runs of characters other than letters, digits, `+` and `-`
    /// become one underscore; leading and trailing ones are dropped. Unit-like suffixes
    /// (`(m)`, `(ftUS)`) are kept.
    static func esriName(_ name: String) -> String {
        for suffix in ["(m)", "(ftUS)", "(E-N)", "(N-E)"] where name.hasSuffix(suffix) {
            return esriName(String(name.dropLast(suffix.count))) + suffix
        }
        var out = ""
        var pending = false
        for c in name.unicodeScalars {
            let keep = c == "+" || c == "-" || (c.isASCII && NameKey.isAlphanumeric(c))
            if keep {
                if pending && !out.isEmpty { out.append("_") }
                out.unicodeScalars.append(c)
                pending = false
            } else {
                pending = true
            }
        }
        return out
    }

    /// A parameter's value in `unit`: the value as given when the units agree (no round-off from a
    /// trip through SI), degrees for the EPSG sexagesimal units, else converted.
    static func convert(_ p: OperationParameter, to unit: UnitOfMeasure) -> Double {
        guard let u = p.unit else { return p.value }
        let target = unit.factor.isNaN ? Angle.radiansPerDegree : unit.factor
        if u.factor.isNaN || (u.authority == "EPSG" && UnitOfMeasure.sexagesimalDegrees(0, unitCode: u.code ?? "") != nil) {
            let deg = p.normalizedValue
            return CRSEquivalence.close(target, Angle.radiansPerDegree, 1e-12) ? deg : deg * Angle.radiansPerDegree / target
        }
        if CRSEquivalence.close(u.factor, target, 1e-12) { return p.value }
        return p.siValue / target
    }

    /// A WKT quoted string (inner quotes doubled).
    static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A JSON string literal.
    static func json(_ s: String) -> String { JSONString.literal(s) }
}

/// A WKT element being written: a node with children, a quoted string, a number or a word.
indirect enum WKTElement {
    case node(String, [WKTElement])
    case quoted(String)
    case number(String)
    case word(String)

    /// `KEYWORD[children…]` written on one line.
    func render(into out: inout String) {
        switch self {
        case let .node(keyword, children):
            out += keyword
            out += "["
            for (i, c) in children.enumerated() {
                if i > 0 { out += "," }
                c.render(into: &out)
            }
            out += "]"
        case let .quoted(s): out += TextFormat.quoted(s)
        case let .number(s), let .word(s): out += s
        }
    }

    var text: String {
        var s = ""
        render(into: &s)
        return s
    }
}

/// A JSON value being written, with members in insertion order (as PROJ orders PROJJSON keys).
indirect enum JSONOut {
    case object([(String, JSONOut)])
    case array([JSONOut])
    case string(String)
    case number(Double)
    case int(Int)

    /// Pretty-printed with two-space indentation, as `projinfo -o PROJJSON` prints.
    func render(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, v)) in members.enumerated() {
                out += pad + TextFormat.json(k) + ": "
                v.render(into: &out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += pad
                v.render(into: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case let .string(s): out += TextFormat.json(s)
        case let .number(v): out += TextFormat.g15(v)
        case let .int(v): out += String(v)
        }
    }
}

extension String {
    /// The string quoted for an error message, shortened to 60 characters (error messages quote
    /// what was given, but not a megabyte of it).
    var brief: String {
        count <= 60 ? debugDescription : (String(prefix(57)) + "…").debugDescription
    }
}

extension String {
    /// The string as a JSON string literal (quotes included, control characters escaped).
    public var jsonLiteral: String { TextFormat.json(self) }
}
