import GraticuleCore
import GraticuleGeometry

/// CQL2 JSON (OGC 21-065r2 §8.2): the same expressions as `CQL2Text`, as JSON:
/// `{"op": "and", "args": [{"op": ">", "args": [{"property": "pop"}, 1000000]},
/// {"op": "s_intersects", "args": [{"property": "geometry"}, {"bbox": [-10, 35, 30, 60]}]}]}`.
///
/// Read: `op` objects with `args` (`and`, `or`, `not`; `=`, `<>`, `<`, `<=`, `>`, `>=`; `like`,
/// `between`, `in` (its list as an array), `isNull`; `casei`, `accenti`; `+ - * / % div ^`; the
/// spatial and temporal functions in lower case, `s_intersects`, `t_after`, …); `{"property":
/// name}`; texts, numbers and booleans; `{"date": …}`, `{"timestamp": …}`, `{"interval": [start,
/// end]}` (`".."` for an open end); `{"bbox": [4 or 6 numbers]}`; GeoJSON geometries (Point,
/// LineString, Polygon, their Multi forms and GeometryCollection). Nesting is bounded by the JSON reader (128 levels).
public enum CQL2JSON {
    /// Parses a filter.
    /// - Throws: `GraticuleError.parse` (format "CQL2 JSON") for JSON that does not parse, with
    ///   its offset; `invalidInput` naming where in the value (`$.args[1]`) what is not CQL2.
    public static func parse(_ text: String) throws(GraticuleError) -> CQL2Expression {
        let bytes = Array(text.utf8)
        let value = try bytes.withUnsafeBufferPointer { (b) throws(GraticuleError) -> JSONValue in
            var s = JSONScanner(b, what: "CQL2 JSON")
            let v = try s.value()
            s.skipSpace()
            guard s.i == b.count else { throw s.error("text after the JSON value") }
            return v
        }
        let e = try expression(value, at: "$")
        return try condition(e, at: "$")
    }

    static func fail(_ path: String, _ message: String) -> GraticuleError {
        .invalidInput("CQL2 JSON \(path): \(message)")
    }

    /// `x` where a condition must stand (`CQL2Expression.asCondition`).
    static func condition(_ x: CQL2Expression, at path: String) throws(GraticuleError) -> CQL2Expression {
        guard let c = x.asCondition else {
            throw fail(path, "expected a condition (an op such as and, =, like, in, isNull, s_intersects, t_after)")
        }
        return c
    }

    static let comparisons: [String: CQL2Comparison] = ["=": .equal, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
                                                        ">": .greater, ">=": .greaterOrEqual]
    static let arithmetic: [String: CQL2Arithmetic] = ["+": .add, "-": .subtract, "*": .multiply, "/": .divide, "%": .modulo,
                                                       "div": .integerDivide, "^": .power]

    static func expression(_ v: JSONValue, at path: String) throws(GraticuleError) -> CQL2Expression {
        switch v {
        case let .string(s): return .string(s)
        case let .integer(i): return .number(Double(i))
        case let .number(d): return .number(d)
        case let .bool(b): return .boolean(b)
        case .null: throw fail(path, "null is not a CQL2 value (isNull tests for one)")
        case .array: throw fail(path, "a list stands only as in's second argument")
        case let .object(members):
            func member(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }
            if let p = member("property") {
                guard case let .string(name) = p, !name.isEmpty else { throw fail(path + ".property", "expected a name") }
                return .property(name)
            }
            if let d = member("date") { return .instant(try date(d, at: path + ".date", time: false)) }
            if let t = member("timestamp") { return .instant(try date(t, at: path + ".timestamp", time: true)) }
            if let i = member("interval") {
                guard case let .array(ends) = i, ends.count == 2 else { throw fail(path + ".interval", "expected [start, end]") }
                var bounds: [CivilDate?] = []
                for (k, end) in ends.enumerated() {
                    let at = "\(path).interval[\(k)]"
                    if case .string("..") = end { bounds.append(nil); continue }
                    if case let .object(m) = end, let d = m.first(where: { $0.0 == "date" || $0.0 == "timestamp" }) {
                        bounds.append(try date(d.1, at: at, time: d.0 == "timestamp"))
                    } else {
                        bounds.append(try date(end, at: at, time: nil))
                    }
                }
                if let a = bounds[0], let b = bounds[1], a.instantRange.lowerBound > b.instantRange.upperBound {
                    throw fail(path + ".interval", "starts after it ends")
                }
                return .interval(bounds[0], bounds[1])
            }
            if let b = member("bbox") {
                guard case let .array(items) = b, items.count == 4 || items.count == 6 else {
                    throw fail(path + ".bbox", "expected 4 or 6 numbers")
                }
                var numbers: [Double] = []
                for item in items {
                    switch item {
                    case let .integer(i): numbers.append(Double(i))
                    case let .number(d): numbers.append(d)
                    default: throw fail(path + ".bbox", "expected 4 or 6 numbers")
                    }
                }
                let (_, s, _, n) = CQL2Expression.sides(ofBBox: numbers)
                guard s <= n else { throw fail(path + ".bbox", "south \(s) is north of north \(n)") }
                return .bbox(numbers)
            }
            if case .string("GeometryCollection")? = member("type") {
                guard case let .array(items)? = member("geometries") else { throw fail(path, "GeometryCollection without geometries") }
                var geometries: [Geometry] = []
                for (k, item) in items.enumerated() {
                    guard case let .geometry(g) = try expression(item, at: "\(path).geometries[\(k)]") else {
                        throw fail("\(path).geometries[\(k)]", "expected a Point, LineString, Polygon or Multi geometry")
                    }
                    geometries.append(g)
                }
                return .collection(geometries)
            }
            if case let .string(type)? = member("type") {
                guard ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"].contains(type) else {
                    throw fail(path, "\(type) geometries are not supported (Point, LineString, Polygon, their Multi forms and GeometryCollection are)")
                }
                guard member("coordinates") != nil else { throw fail(path, "\(type) without coordinates") }
                let bytes = Array("{}".utf8)
                return try bytes.withUnsafeBufferPointer { (b) throws(GraticuleError) -> CQL2Expression in
                    let s = JSONScanner(b, what: "CQL2 JSON \(path)")
                    guard let g = try GeoJSONReader.geometry(from: type, members: members, index: 0, s: s) else {
                        throw fail(path, "empty geometry")
                    }
                    return .geometry(g)
                }
            }
            guard case let .string(op)? = member("op") else {
                throw fail(path, "expected an object with op and args, property, date, timestamp, interval, bbox or a GeoJSON geometry")
            }
            guard case let .array(raw)? = member("args") else { throw fail(path + ".args", "expected the arguments of \(op) as a list") }
            return try operation(op, raw, at: path)
        }
    }

    static func operation(_ op: String, _ raw: [JSONValue], at path: String) throws(GraticuleError) -> CQL2Expression {
        func arg(_ k: Int) throws(GraticuleError) -> CQL2Expression { try expression(raw[k], at: "\(path).args[\(k)]") }
        func cond(_ k: Int) throws(GraticuleError) -> CQL2Expression { try condition(try arg(k), at: "\(path).args[\(k)]") }
        func count(_ n: Int) throws(GraticuleError) {
            guard raw.count == n else { throw fail(path + ".args", "\(op) takes \(n) argument\(n == 1 ? "" : "s"), found \(raw.count)") }
        }
        switch op {
        case "and", "or":
            guard raw.count >= 2 else { throw fail(path + ".args", "\(op) takes 2 or more arguments, found \(raw.count)") }
            var parts: [CQL2Expression] = []
            for k in raw.indices { parts.append(try cond(k)) }
            return op == "and" ? .and(parts) : .or(parts)
        case "not":
            try count(1)
            return .not(try cond(0))
        case "like":
            try count(2)
            return .like(try arg(0), pattern: try arg(1), negated: false, caseInsensitive: false)
        case "between":
            try count(3)
            return .between(try arg(0), low: try arg(1), high: try arg(2), negated: false)
        case "in":
            try count(2)
            guard case let .array(items) = raw[1], !items.isEmpty else { throw fail("\(path).args[1]", "expected a list of values") }
            var list: [CQL2Expression] = []
            for (k, item) in items.enumerated() { list.append(try expression(item, at: "\(path).args[1][\(k)]")) }
            return .inList(try arg(0), list, negated: false)
        case "isNull":
            try count(1)
            return .isNull(try arg(0), negated: false)
        case "casei", "accenti":
            try count(1)
            return .function(op == "casei" ? .casei : .accenti, try arg(0))
        default:
            if let c = comparisons[op] { try count(2); return .comparison(c, try arg(0), try arg(1)) }
            if let a = arithmetic[op] { try count(2); return .arithmetic(a, try arg(0), try arg(1)) }
            if let s = CQL2SpatialPredicate(rawValue: op.uppercased()) { try count(2); return .spatial(s, try arg(0), try arg(1)) }
            if let t = CQL2TemporalPredicate(rawValue: op.uppercased()) { try count(2); return .temporal(t, try arg(0), try arg(1)) }
            throw fail(path + ".op", "unknown op \"\(op)\"")
        }
    }

    /// A date (`time` false), a date-time (true) or either (nil), as text.
    static func date(_ v: JSONValue, at path: String, time: Bool?) throws(GraticuleError) -> CivilDate {
        guard case let .string(s) = v, let d = CivilDate(parsing: s), time.map({ $0 == (d.time != nil) }) ?? true else {
            throw fail(path, time == false ? "expected a date, \"YYYY-MM-DD\"" : time == true ? "expected a date-time, \"YYYY-MM-DDTHH:MM:SSZ\""
                                                                                        : "expected a date, a date-time or \"..\"")
        }
        return d
    }
}
