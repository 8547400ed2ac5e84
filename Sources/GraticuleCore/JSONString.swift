import Foundation

/// JSON string literals (RFC 8259 §7): the one escaping routine of Graticule's JSON writers.
public enum JSONString {
    /// `s` as a quoted JSON string: `"` and `\` escaped, `\n`, `\r`, `\t` by name, other control
    /// characters as `\u00XX`; everything else (all non-ASCII text) as is.
    public static func literal(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 {
                    out += String(format: "\\u%04x", c.value)
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}
