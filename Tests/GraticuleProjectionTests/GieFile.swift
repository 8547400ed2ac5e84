import Foundation

/// A reader for PROJ's `gie` test files (PROJ 9.5.1 `test/gie/*.gie` and the IOGP GIGS vectors in
/// `test/gigs/`), copied unmodified into `Fixtures/proj-9.5.1/` (see its README.md and COPYING).
///
/// Format (PROJ `docs/source/apps/gie.rst`, `src/apps/gie.cpp`): only text between `<gie>` and
/// `</gie>` (or `<gie-strict>`/`</gie-strict>`) counts; a line starting with a keyword is a command,
/// continued on the next line when it ends with `\`; other lines are comments. `operation` resets
/// direction (forward), tolerance (0.5 mm) and the ignore code. Tolerances are metres unless a unit
/// follows (`km m dm cm mm um nm`, or `deg`/`rad` scaled by 111,319.4908 m per degree).
struct GieFile {
    enum Direction: Sendable { case forward, inverse }

    enum Check: Sendable {
        /// `expect x y [z [t]]` after `accept`.
        case expect([Double])
        /// `expect failure …`.
        case failure
        /// `roundtrip n [tolerance]`.
        case roundtrip(Int, Double)
    }

    /// One check, with everything in force when it was read.
    struct Case: Sendable {
        var file: String
        var line: Int
        var operation: String
        var direction: Direction
        var tolerance: Double  // metres
        var accept: [Double]?  // nil when `expect failure` follows the operation directly
        var check: Check
        var useProj4InitRules: Bool
    }

    /// `Fixtures/proj-9.5.1` in the test bundle.
    static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "proj-9.5.1", withExtension: nil, subdirectory: "Fixtures")
        else { preconditionFailure("missing test fixture folder Fixtures/proj-9.5.1") }
        return url
    }()

    /// The cases of one file (path relative to the test-vector directory, e.g. `gie/builtins.gie`).
    static func cases(_ relativePath: String) throws -> [Case] {
        let text = try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
        return parse(text, file: relativePath)
    }

    static func parse(_ text: String, file: String) -> [Case] {
        var out: [Case] = []
        var inside = false
        var operation = ""
        var direction = Direction.forward
        var tolerance = 0.0005
        var accept: [Double]?
        var proj4Rules = false
        // Join continuation lines, keeping the number of the first line. In `<gie-strict>` blocks a
        // command continues on the next line when it ends with `\`; in plain `<gie>` blocks it runs
        // on until the next line that starts with a keyword or a decorative line (five identical
        // characters, e.g. `-----`), as gie's free-format reader does (`get_inp`, `at_end_delimiter`).
        var logical: [(Int, String)] = []
        var pending: (Int, String)?
        var free = false  // inside a plain <gie> block
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            // gie strips `#` comments and surrounding white space from every line (`pj_chomp`).
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if free, let last = logical.last, pending == nil, !trimmed.isEmpty, !Self.startsCommand(trimmed),
               !Self.isDecorative(trimmed), Self.startsCommand(last.1), !last.1.hasPrefix("<gie") {
                logical[logical.count - 1].1 += " " + trimmed
                continue
            }
            if trimmed.hasPrefix("<gie-strict>") { free = false } else if trimmed.hasPrefix("<gie>") { free = true }
            if trimmed.hasPrefix("</gie") { free = false }
            if var p = pending {
                p.1 += " " + trimmed
                pending = p
            } else {
                pending = (i + 1, trimmed)
            }
            if trimmed.hasSuffix("\\") {
                pending!.1.removeLast()
                continue
            }
            logical.append(pending!)
            pending = nil
        }
        for (number, line) in logical {
            if line.hasPrefix("<gie") { inside = true; continue }
            if line.hasPrefix("</gie") { inside = false; continue }
            guard inside, let keyword = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" }).first
            else { continue }
            let args = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            switch keyword {
            case "operation":
                operation = args
                direction = .forward
                tolerance = 0.0005
                accept = nil
            case "crs_src", "crs_dst":
                operation = "crs:" + args  // CRS-to-CRS cases are not projection vectors
                accept = nil
            case "direction":
                direction = args.hasPrefix("inv") || args.hasPrefix("rev") ? .inverse : .forward
            case "tolerance":
                tolerance = scaled(args) ?? 0.0005
            case "use_proj4_init_rules":
                proj4Rules = args.hasPrefix("true")
            case "accept":
                accept = numbers(args)
            case "expect":
                if args.hasPrefix("failure") {
                    out.append(Case(file: file, line: number, operation: operation, direction: direction,
                                    tolerance: tolerance, accept: accept, check: .failure,
                                    useProj4InitRules: proj4Rules))
                } else if let e = numbers(args) {
                    out.append(Case(file: file, line: number, operation: operation, direction: direction,
                                    tolerance: tolerance, accept: accept, check: .expect(e),
                                    useProj4InitRules: proj4Rules))
                }
            case "roundtrip":
                let parts = args.split(separator: " ", maxSplits: 1).map(String.init)
                let n = parts.first.flatMap { Int($0) } ?? 100
                let tol = parts.count > 1 ? scaled(parts[1]) ?? tolerance : tolerance
                out.append(Case(file: file, line: number, operation: operation, direction: direction,
                                tolerance: tol, accept: accept, check: .roundtrip(n, tol),
                                useProj4InitRules: proj4Rules))
            default:
                continue
            }
        }
        return out
    }

    /// gie's command verbs (`gie_tags` in gie.cpp).
    static let keywords: Set<String> = [
        "<gie>", "operation", "crs_src", "crs_dst", "use_proj4_init_rules", "accept", "expect", "roundtrip",
        "banner", "verbose", "direction", "tolerance", "ignore", "require_grid", "echo", "skip", "</gie>",
        "<gie-strict>", "</gie-strict>",
    ]

    /// True when a (trimmed) line starts with a gie command verb.
    static func startsCommand(_ line: String) -> Bool {
        guard let word = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" }).first else { return false }
        return keywords.contains(String(word))
    }

    /// gie's decorative element: at least five identical characters at the start of the line.
    static func isDecorative(_ line: String) -> Bool {
        let c = Array(line.prefix(5))
        return c.count == 5 && c.allSatisfy { $0 == c[0] }
    }

    /// `0.5 mm`, `1cm`, `3e8` (metres), `1 deg`.
    static func scaled(_ text: String) -> Double? {
        let s = text.trimmingCharacters(in: .whitespaces)
        var end = s.startIndex
        while end < s.endIndex, "0123456789.+-eE_".contains(s[end]) { end = s.index(after: end) }
        guard let v = Double(s[..<end].replacingOccurrences(of: "_", with: "")) else { return nil }
        let unit = s[end...].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        switch unit {
        case "km": return v * 1000
        case "m", "": return v
        case "dm": return v / 10
        case "cm": return v / 100
        case "mm": return v / 1000
        case "um": return v / 1e6
        case "nm": return v / 1e9
        case "deg": return v * 111_319.4908
        case "rad": return v * 111_319.4908 * 180 / .pi
        default: return v
        }
    }

    /// The leading numbers of a command's arguments (at most four); gie's `parse_coord` likewise
    /// stops at the first field that is not a number (free text may follow in `<gie>` blocks).
    static func numbers(_ text: String) -> [Double]? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var values: [Double] = []
        for f in fields.prefix(4) {
            guard let v = number(String(f)) else { break }
            values.append(v)
        }
        return values.isEmpty ? nil : values
    }

    /// A number, with `_` digit separators, or an angle in PROJ's DMS form (`83d10'W`, `43d45'30.5"N`).
    static func number(_ field: String) -> Double? {
        let f = field.replacingOccurrences(of: "_", with: "")
        if let v = Double(f) { return v }
        guard let d = f.firstIndex(where: { $0 == "d" || $0 == "D" }) else { return nil }
        var rest = f[f.index(after: d)...]
        var sign = 1.0
        if let last = rest.last, "NSEWnsew".contains(last) {
            sign = "SWsw".contains(last) ? -1 : 1
            rest = rest.dropLast()
        }
        guard let deg = Double(f[..<d]) else { return nil }
        var minutes = 0.0, seconds = 0.0
        if let q = rest.firstIndex(of: "'") {
            minutes = Double(rest[..<q]) ?? 0
            let s = rest[rest.index(after: q)...].replacingOccurrences(of: "\"", with: "")
            seconds = s.isEmpty ? 0 : Double(s) ?? 0
        } else if !rest.isEmpty {
            minutes = Double(rest) ?? 0
        }
        return sign * (abs(deg) + minutes / 60 + seconds / 3600) * (deg < 0 ? -1 : 1)
    }
}
