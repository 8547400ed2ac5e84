import GraticuleCore
import GraticuleGeometry

/// CQL2 text (OGC 21-065r2 §8): `name = 'France' AND pop_est > 1e6`,
/// `S_INTERSECTS(geometry, BBOX(-10, 35, 30, 60))`, `CASEI(name) LIKE 'ber%'`.
///
/// Read: `AND`, `OR`, `NOT` and parentheses; the comparisons `=` `<>` `<` `<=` `>` `>=`; `LIKE`,
/// `BETWEEN`, `IN`, `IS NULL` (each with `NOT`); arithmetic `+ - * / % div ^`; `CASEI` and
/// `ACCENTI`; the spatial functions of `CQL2SpatialPredicate` with well-known-text literals
/// (`GEOMETRYCOLLECTION` too) and `BBOX`; the temporal functions of `CQL2TemporalPredicate`
/// with `DATE`, `TIMESTAMP` and `INTERVAL`; `TRUE` and `FALSE`. Keywords are case-insensitive; a property is a name
/// (letters, digits, `_`, `.`, `:`) or any text in double quotes. Besides CQL2, `ILIKE`
/// (case-insensitive `LIKE`) as GDAL 3.6's OAPIF driver sends it, and GeoServer's ECQL
/// spellings that its `CQL_FILTER` users write: the spatial functions without the `S_`
/// (`INTERSECTS(…)`, `WITHIN(…)`, …), `BBOX(property, west, south, east, north[, 'EPSG:4326'])`,
/// `DWITHIN(geometry, POINT(2.35 48.85), 10, kilometers)`, `BEYOND(…)` and
/// `RELATE(geometry, POLYGON(…), T*F**F***)`.
public enum CQL2Text {
    /// The well-known-text geometries a literal may be (alone or in a `GEOMETRYCOLLECTION`).
    static let geometryWords: Set<String> = ["POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON"]

    /// Parses a filter.
    /// - Throws: `GraticuleError.parse` (format "CQL2 text") with what was expected and the
    ///   character offset, e.g. `expected ')' at offset 14`.
    public static func parse(_ text: String) throws(GraticuleError) -> CQL2Expression {
        var p = Parser(bytes: Array(text.utf8))
        p.skip()
        let start = p.i
        let e = try p.condition(try p.booleanExpression(), at: start)
        p.skip()
        guard p.i == p.bytes.count else { throw p.error("unexpected \(p.describeNext()) after the expression") }
        return e
    }

    /// Expressions nested deeper than this are refused (the parser recurses).
    static let maximumDepth = 200

    struct Parser {
        let bytes: [UInt8]
        var i = 0
        var depth = 0

        func error(_ m: String, at offset: Int? = nil) -> GraticuleError {
            .parse(format: "CQL2 text", message: m, offset: offset ?? i)
        }

        func describeNext() -> String {
            guard i < bytes.count else { return "end of text" }
            var j = i
            while j < bytes.count, j - i < 20, bytes[j] != 0x20 { j += 1 }
            return "'" + String(decoding: bytes[i ..< j], as: UTF8.self) + "'"
        }

        mutating func skip() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        static func isWordStart(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == 0x5F || c >= 0x80 }
        static func isWordPart(_ c: UInt8) -> Bool { isWordStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x3A }

        /// The next word (a name or keyword) without taking it, upper-cased; "" when none.
        mutating func peekWord() -> String {
            skip()
            var j = i
            guard j < bytes.count, Self.isWordStart(bytes[j]) else { return "" }
            while j < bytes.count, Self.isWordPart(bytes[j]) { j += 1 }
            return String(decoding: bytes[i ..< j], as: UTF8.self).uppercased()
        }

        /// Takes the keyword `k` when it comes next.
        mutating func keyword(_ k: String) -> Bool {
            let w = peekWord()
            guard w == k else { return false }
            i += w.utf8.count
            return true
        }

        mutating func expectKeyword(_ k: String) throws(GraticuleError) {
            guard keyword(k) else { throw error("expected \(k), found \(describeNext())") }
        }

        /// Takes the symbol `s` when it comes next.
        mutating func symbol(_ s: String) -> Bool {
            skip()
            let u = Array(s.utf8)
            guard i + u.count <= bytes.count, Array(bytes[i ..< i + u.count]) == u else { return false }
            i += u.count
            return true
        }

        mutating func expect(_ s: String) throws(GraticuleError) {
            guard symbol(s) else { throw error("expected '\(s)', found \(describeNext())") }
        }

        mutating func nested<T>(_ body: (inout Parser) throws(GraticuleError) -> T) throws(GraticuleError) -> T {
            depth += 1
            defer { depth -= 1 }
            guard depth <= CQL2Text.maximumDepth else { throw error("expression nested deeper than \(CQL2Text.maximumDepth)") }
            return try body(&self)
        }

        // booleanExpression = booleanTerm {OR booleanTerm}. Its parts may be scalars until
        // they meet AND, OR or NOT: `(a + 1) > 2` reads `(a + 1)` as one.
        mutating func booleanExpression() throws(GraticuleError) -> CQL2Expression {
            try nested { (p: inout Parser) throws(GraticuleError) in
                try p.junction("OR", { (p: inout Parser) throws(GraticuleError) in try p.booleanTerm() }, CQL2Expression.or)
            }
        }

        // booleanTerm = booleanFactor {AND booleanFactor}
        mutating func booleanTerm() throws(GraticuleError) -> CQL2Expression {
            try junction("AND", { (p: inout Parser) throws(GraticuleError) in try p.booleanFactor() }, CQL2Expression.and)
        }

        /// `part {keyword part}`: one part as it is, or more, each a condition, joined by `join`.
        mutating func junction(_ keyword: String, _ part: (inout Parser) throws(GraticuleError) -> CQL2Expression,
                               _ join: ([CQL2Expression]) -> CQL2Expression) throws(GraticuleError) -> CQL2Expression {
            skip()
            var at = i
            var parts = [try part(&self)]
            while self.keyword(keyword) {
                parts[parts.count - 1] = try condition(parts[parts.count - 1], at: at)
                skip()
                at = i
                parts.append(try condition(try part(&self), at: at))
            }
            return parts.count == 1 ? parts[0] : join(parts)
        }

        // booleanFactor = [NOT] booleanPrimary
        mutating func booleanFactor() throws(GraticuleError) -> CQL2Expression {
            if keyword("NOT") {
                skip()
                let at = i
                return .not(try condition(try nested { (p: inout Parser) throws(GraticuleError) in try p.booleanFactor() }, at: at))
            }
            return try predicate()
        }

        /// `x` where a condition must stand (`CQL2Expression.asCondition`); a number, text, date
        /// or geometry is an error at `offset`.
        func condition(_ x: CQL2Expression, at offset: Int) throws(GraticuleError) -> CQL2Expression {
            guard let c = x.asCondition else {
                throw error("expected a condition (a comparison, LIKE, BETWEEN, IN, IS NULL or a function of S_ or T_)", at: offset)
            }
            return c
        }

        /// `( a , b )`, the arguments of a spatial or temporal function.
        mutating func pair() throws(GraticuleError) -> (CQL2Expression, CQL2Expression) {
            let ab = try openPair()
            try expect(")")
            return ab
        }

        /// `( a , b` : the first two arguments of a function that takes more.
        mutating func openPair() throws(GraticuleError) -> (CQL2Expression, CQL2Expression) {
            try expect("(")
            let a = try scalar()
            try expect(",")
            return (a, try scalar())
        }

        mutating func predicate() throws(GraticuleError) -> CQL2Expression {
            let a = try scalar()
            for (s, op) in [("<>", CQL2Comparison.notEqual), ("<=", .lessOrEqual), (">=", .greaterOrEqual),
                            ("=", .equal), ("<", .less), (">", .greater)] where symbol(s) {
                return .comparison(op, a, try scalar())
            }
            let save = i
            let negated = keyword("NOT")
            if keyword("LIKE") { return .like(a, pattern: try scalar(), negated: negated, caseInsensitive: false) }
            if keyword("ILIKE") { return .like(a, pattern: try scalar(), negated: negated, caseInsensitive: true) }
            if keyword("BETWEEN") {
                let low = try additive()
                try expectKeyword("AND")
                return .between(a, low: low, high: try additive(), negated: negated)
            }
            if keyword("IN") {
                try expect("(")
                var list = [try scalar()]
                while symbol(",") { list.append(try scalar()) }
                try expect(")")
                return .inList(a, list, negated: negated)
            }
            if negated { i = save; throw error("expected LIKE, BETWEEN or IN after NOT, found \(describeNext())") }
            if keyword("IS") {
                let not = keyword("NOT")
                try expectKeyword("NULL")
                return .isNull(a, negated: not)
            }
            return a
        }

        // Scalars: arithmetic over primaries, the usual precedences (^ binds tightest, right to left).
        mutating func scalar() throws(GraticuleError) -> CQL2Expression {
            try nested { (p: inout Parser) throws(GraticuleError) in try p.additive() }
        }

        // A chain `a + b + c …` nests to the left, one level per operator: each counts towards
        // the depth, so that evaluating the tree cannot exhaust the stack either.
        mutating func additive() throws(GraticuleError) -> CQL2Expression {
            try chain({ (p: inout Parser) throws(GraticuleError) in try p.multiplicative() }) { p in
                p.symbol("+") ? .add : p.symbol("-") ? .subtract : nil
            }
        }

        mutating func multiplicative() throws(GraticuleError) -> CQL2Expression {
            try chain({ (p: inout Parser) throws(GraticuleError) in try p.power() }) { p in
                p.symbol("*") ? .multiply : p.symbol("/") ? .divide : p.symbol("%") ? .modulo : p.keyword("DIV") ? .integerDivide : nil
            }
        }

        /// `operand {operator operand}`, nested to the left, each operator one level deeper.
        mutating func chain(_ operand: (inout Parser) throws(GraticuleError) -> CQL2Expression,
                            _ op: (inout Parser) -> CQL2Arithmetic?) throws(GraticuleError) -> CQL2Expression {
            let outer = depth
            defer { depth = outer }
            var a = try operand(&self)
            while let o = op(&self) {
                a = try nested { (p: inout Parser) throws(GraticuleError) in .arithmetic(o, a, try operand(&p)) }
                depth += 1
            }
            return a
        }

        mutating func power() throws(GraticuleError) -> CQL2Expression {
            let a = try unary()
            if symbol("^") { return .arithmetic(.power, a, try nested { (p: inout Parser) throws(GraticuleError) in try p.power() }) }
            return a
        }

        mutating func unary() throws(GraticuleError) -> CQL2Expression {
            skip()
            if i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B, i + 1 < bytes.count, !Self.isDigitOrDot(bytes[i + 1]) {
                let minus = bytes[i] == 0x2D
                i += 1
                let x = try nested { (p: inout Parser) throws(GraticuleError) in try p.unary() }
                return minus ? .arithmetic(.subtract, .number(0), x) : x
            }
            return try primary()
        }

        static func isDigitOrDot(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || c == 0x2E }

        mutating func primary() throws(GraticuleError) -> CQL2Expression {
            skip()
            guard i < bytes.count else { throw error("expected a value, found end of text") }
            let c = bytes[i]
            if c == 0x27 { return .string(try stringLiteral()) }
            if c == 0x22 { return .property(try quotedName()) }
            if Self.isDigitOrDot(c) || c == 0x2D || c == 0x2B { return .number(try number()) }
            if c == 0x28 {
                // A parenthesised scalar or condition.
                i += 1
                let x = try booleanExpression()
                try expect(")")
                return x
            }
            let start = i
            let word = peekWord()
            guard !word.isEmpty else { throw error("expected a value, found \(describeNext())") }
            // GeoServer's ECQL spellings, as its CQL_FILTER users write them: INTERSECTS(…),
            // WITHIN(…) and the rest without the S_.
            let ecql = word.hasPrefix("S_") ? nil : CQL2SpatialPredicate(rawValue: "S_" + word)
            if let op = CQL2SpatialPredicate(rawValue: word) ?? ecql, ecql == nil || nextIsParenthesis(after: word) {
                i += word.utf8.count
                let (a, b) = try pair()
                return .spatial(op, a, b)
            }
            if ["DWITHIN", "BEYOND", "RELATE"].contains(word) && nextIsParenthesis(after: word) {
                i += word.utf8.count
                return try ecqlDistanceOrRelate(word)
            }
            if let op = CQL2TemporalPredicate(rawValue: word) {
                i += word.utf8.count
                let (a, b) = try pair()
                return .temporal(op, a, b)
            }
            switch word {
            case "TRUE": i += 4; return .boolean(true)
            case "FALSE": i += 5; return .boolean(false)
            case "DATE", "TIMESTAMP":
                i += word.utf8.count
                try expect("(")
                let at = i
                let text = try stringLiteral()
                guard let d = CivilDate(parsing: text), (word == "DATE") == (d.time == nil) else {
                    throw error("\(word) needs \(word == "DATE" ? "a date, 'YYYY-MM-DD'" : "a date-time, 'YYYY-MM-DDTHH:MM:SSZ'"), found '\(text)'", at: at)
                }
                try expect(")")
                return .instant(d)
            case "INTERVAL":
                i += 8
                try expect("(")
                let a = try intervalEnd()
                try expect(",")
                let b = try intervalEnd()
                try expect(")")
                if let a, let b, a.instantRange.lowerBound > b.instantRange.upperBound {
                    throw error("INTERVAL starts after it ends", at: start)
                }
                return .interval(a, b)
            case "BBOX":
                i += 4
                try expect("(")
                skip()
                if i < bytes.count, !Self.isDigitOrDot(bytes[i]), bytes[i] != 0x2D, bytes[i] != 0x2B {
                    return try ecqlBBox(start)
                }
                var v = [try number()]
                while symbol(",") { v.append(try number()) }
                try expect(")")
                guard v.count == 4 || v.count == 6 else { throw error("BBOX needs 4 or 6 numbers, found \(v.count)", at: start) }
                let (_, s, _, n) = CQL2Expression.sides(ofBBox: v)
                guard s <= n else { throw error("BBOX's south \(s) is north of its north \(n)", at: start) }
                return .bbox(v)
            case _ where CQL2Text.geometryWords.contains(word):
                var wkt = GeometryWKT.Parser(bytes: bytes, i: i)
                let g = try wkt.geometry()
                i = wkt.i
                return .geometry(g)
            case "GEOMETRYCOLLECTION":
                i += word.utf8.count
                if peekWord() == "Z" { i += 1 }
                if peekWord() == "EMPTY" {
                    i += 5
                    return .collection([])
                }
                try expect("(")
                var members: [Geometry] = []
                repeat {
                    guard CQL2Text.geometryWords.contains(peekWord()) else {
                        throw error("expected a POINT, LINESTRING, POLYGON or MULTI geometry in the GEOMETRYCOLLECTION, found \(describeNext())")
                    }
                    var wkt = GeometryWKT.Parser(bytes: bytes, i: i)
                    members.append(try wkt.geometry())
                    i = wkt.i
                } while symbol(",")
                try expect(")")
                return .collection(members)
            case "ENVELOPE":
                throw error("ENVELOPE literals are not supported (POINT, LINESTRING, POLYGON, their MULTI forms, GEOMETRYCOLLECTION and BBOX are)")
            case "CASEI", "ACCENTI":
                i += word.utf8.count
                try expect("(")
                let x = try scalar()
                try expect(")")
                return .function(CQL2Function(rawValue: word)!, x)
            case "AND", "OR", "NOT", "LIKE", "ILIKE", "BETWEEN", "IN", "IS", "NULL", "DIV":
                throw error("expected a value, found the keyword \(word)")
            default:
                var j = i
                while j < bytes.count, Self.isWordPart(bytes[j]) { j += 1 }
                let name = String(decoding: bytes[i ..< j], as: UTF8.self)
                i = j
                skip()
                if i < bytes.count, bytes[i] == 0x28 {
                    throw error("unknown function \(name) (functions: CASEI, ACCENTI, S_INTERSECTS, S_WITHIN and the other S_…, T_…, DWITHIN, BEYOND, RELATE)", at: start)
                }
                return .property(name)
            }
        }

        /// Whether `(` follows the word that starts here.
        mutating func nextIsParenthesis(after word: String) -> Bool {
            var j = i + word.utf8.count
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
            return j < bytes.count && bytes[j] == 0x28
        }

        /// GeoServer's ECQL `BBOX(property, west, south, east, north[, 'EPSG:4326' or 'CRS:84'])`
        /// after its `(`: `S_INTERSECTS(property, BBOX(west, south, east, north))`.
        mutating func ecqlBBox(_ start: Int) throws(GraticuleError) -> CQL2Expression {
            let property = try scalar()
            guard case .property = property else { throw error("BBOX takes a property and 4 numbers, or 4 or 6 numbers", at: start) }
            var v: [Double] = []
            while v.count < 4 {
                try expect(",")
                v.append(try number())
            }
            if symbol(",") {
                skip()
                let at = i
                let crs = try stringLiteral()
                guard ["EPSG:4326", "CRS:84", "OGC:CRS84"].contains(crs.uppercased()) else {
                    throw error("BBOX in \(crs): only longitude/latitude boxes (EPSG:4326, CRS:84) are read", at: at)
                }
            }
            try expect(")")
            guard v[1] <= v[3] else { throw error("BBOX's south \(v[1]) is north of its north \(v[3])", at: start) }
            return .spatial(.intersects, property, .bbox(v))
        }

        /// ECQL's `DWITHIN(a, b, distance, units)`, `BEYOND(…)` and `RELATE(a, b, pattern)` after
        /// the function's name (the pattern bare, as GeoServer's ECQL writes it, or quoted).
        mutating func ecqlDistanceOrRelate(_ word: String) throws(GraticuleError) -> CQL2Expression {
            let (a, b) = try openPair()
            try expect(",")
            skip()
            let at = i
            if word == "RELATE" {
                var pattern: String
                if i < bytes.count, bytes[i] == 0x27 {
                    pattern = try stringLiteral()
                } else {
                    var j = i
                    while j < bytes.count, "TtFf*012".utf8.contains(bytes[j]) { j += 1 }
                    pattern = String(decoding: bytes[i ..< j], as: UTF8.self)
                    i = j
                }
                pattern = pattern.uppercased()
                guard pattern.count == 9, pattern.allSatisfy({ "TF*012".contains($0) }) else {
                    throw error("RELATE's pattern must be nine of T, F, *, 0, 1, 2 (as T*F**F***), found '\(pattern)'", at: at)
                }
                try expect(")")
                return .relate(a, b, pattern: pattern)
            }
            let d = try number()
            guard d >= 0 else { throw error("\(word)'s distance must not be negative, found \(d)", at: at) }
            try expect(",")
            skip()
            let unitAt = i
            var words = peekWord()
            i += words.utf8.count
            if words == "STATUTE" || words == "NAUTICAL" {
                let second = peekWord()
                i += second.utf8.count
                if !second.isEmpty { words += " " + second }
            }
            guard let unit = CQL2DistanceUnit(words: words) else {
                throw error("\(word)'s unit must be one of meters, kilometers, feet, statute miles, nautical miles; found "
                            + (words.isEmpty ? describeNext() : "'\(words.lowercased())'"), at: unitAt)
            }
            try expect(")")
            return .distance(word == "DWITHIN" ? .within : .beyond, a, b, distance: d, unit: unit)
        }

        /// `'text'`, with `''` for a quote inside.
        mutating func stringLiteral() throws(GraticuleError) -> String {
            skip()
            guard i < bytes.count, bytes[i] == 0x27 else { throw error("expected a quoted text, found \(describeNext())") }
            return try quoted(0x27, "text")
        }

        /// `"name"`, with `""` for a quote inside.
        mutating func quotedName() throws(GraticuleError) -> String {
            let start = i
            let name = try quoted(0x22, "name")
            guard !name.isEmpty else { throw error("empty name", at: start) }
            return name
        }

        /// What stands between the quote `q` here and its closing one (a doubled quote is one).
        mutating func quoted(_ q: UInt8, _ what: String) throws(GraticuleError) -> String {
            let start = i
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw error("\(what) not closed (no ending \(Character(UnicodeScalar(q))))", at: start) }
                if bytes[i] == q {
                    if i + 1 < bytes.count, bytes[i + 1] == q { out.append(q); i += 2; continue }
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                }
                out.append(bytes[i])
                i += 1
            }
        }

        mutating func number() throws(GraticuleError) -> Double {
            skip()
            let start = i
            if i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B { i += 1 }
            while i < bytes.count, Self.isDigitOrDot(bytes[i]) || (bytes[i] | 0x20) == 0x65
                    || ((bytes[i] == 0x2D || bytes[i] == 0x2B) && (bytes[i - 1] | 0x20) == 0x65) { i += 1 }
            let text = String(decoding: bytes[start ..< i], as: UTF8.self)
            guard let v = Double(text), v.isFinite else { throw error("invalid number '\(text)'", at: start) }
            return v
        }

        /// One end of an INTERVAL: a date or date-time in quotes, `DATE(…)`, `TIMESTAMP(…)`, or
        /// `'..'` (open).
        mutating func intervalEnd() throws(GraticuleError) -> CivilDate? {
            skip()
            let at = i
            if peekWord() == "DATE" || peekWord() == "TIMESTAMP" {
                guard case let .instant(d) = try primary() else { throw error("expected a date", at: at) }
                return d
            }
            let text = try stringLiteral()
            if text == ".." { return nil }
            guard let d = CivilDate(parsing: text) else { throw error("INTERVAL needs dates, date-times or '..', found '\(text)'", at: at) }
            return d
        }
    }
}
