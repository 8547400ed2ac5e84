import Foundation
import GraticuleCore
import GraticuleGeometry

/// A CQL2 expression bound to a layer's schema, ready to test features: its properties are the
/// layer's fields (found as `LayerSchema.index(ofField:)` finds them: exact name first, then
/// case-insensitive), and `geometry` (when no field has that name) is the feature's geometry.
///
/// Evaluation follows SQL's three-valued logic, as CQL2 does: a comparison with a null (or a
/// missing value, or values of kinds that do not compare, as a number and a text) is unknown,
/// `NOT` unknown is unknown, and a feature passes only when the whole expression is true.
/// Values compare as:
/// - numbers (integer, real and boolean fields, numeric literals) as numbers; a text that
///   reads as a number compares with a number as that number;
/// - texts by their Unicode scalars (`CASEI` lower-cases both sides, `ACCENTI` drops their
///   combining marks after canonical decomposition);
/// - dates and date-times as instants in seconds since 1970 UTC (a date is its midnight, UTC;
///   a time without an offset is UTC); a text that reads as a date (`'2020-06-30'`, GDAL 3.6's
///   `'2020-06-30T'`) compares with a date as that date. The temporal functions take a date as
///   its whole day, a date-time as an instant, an `INTERVAL` as its span (open ends unbounded);
/// - geometries planar in the layer's coordinates (`GeometryEngine.intersects`, `relate` for the
///   other spatial functions and ECQL's `RELATE`); a `BBOX` whose west is east of its east spans
///   the antimeridian. ECQL's `DWITHIN` and `BEYOND` measure in metres (from their unit): on
///   the ellipsoid when the layer is geographic (`GeometryEngine.geodeticDistance`), in the
///   projection's unit when it is projected (`GeometryEngine.distance`); never degrees taken
///   for metres.
public struct CQL2Filter: Sendable {
    public let expression: CQL2Expression
    let fields: [String: Int]
    /// How `DWITHIN` and `BEYOND` measure: nil for geodesic metres (geographic data), else
    /// the metres per unit of the projected coordinates.
    let metresPerUnit: Double?

    /// Binds `expression` to `schema`.
    /// - Throws: `GraticuleError.invalidInput` naming a property the schema does not have, with
    ///   the properties it has: `unknown property "pop" in the filter; properties: name, n, when, geometry`;
    ///   or a spatial function other than `S_INTERSECTS` and `S_DISJOINT` given a
    ///   `GEOMETRYCOLLECTION` that mixes points, lines and areas; or `DWITHIN` or `BEYOND` on a
    ///   layer whose spatial reference is unknown, or neither projected nor geographic in
    ///   degrees (NTF Paris in grads, EPSG:4807, is refused, not misread).
    public init(_ expression: CQL2Expression, schema: LayerSchema) throws(GraticuleError) {
        self.expression = expression
        var mixed: String?, distance: CQL2DistanceTest?
        expression.visit { e in
            switch e {
            case let .spatial(op, a, b) where op != .intersects && op != .disjoint:
                for case let .collection(gs) in [a, b] where Self.merged(gs) == nil { mixed = op.rawValue }
            case let .relate(a, b, _):
                for case let .collection(gs) in [a, b] where Self.merged(gs) == nil { mixed = "RELATE" }
            case let .distance(op, _, _, _, _): distance = op
            default: break
            }
        }
        if let mixed {
            throw .invalidInput("\(mixed) with a GEOMETRYCOLLECTION of points, lines and areas together is not supported "
                                + "(its members must be of one kind; S_INTERSECTS, S_DISJOINT, DWITHIN and BEYOND take any)")
        }
        let sr = schema.spatialReference
        if let sr, sr.isGeographic, sr.unit.map({ abs($0.exactFactor - Angle.radiansPerDegree) < 1e-15 }) ?? true {
            metresPerUnit = nil
        } else if let sr, sr.isProjected, let unit = sr.unit, unit.kind == .length {
            metresPerUnit = unit.exactFactor
        } else if let distance {
            throw .invalidInput("\(distance.rawValue) needs to know how the layer's coordinates measure distances: its spatial reference is "
                                + (sr.map { "\($0.name), neither projected nor geographic in degrees" } ?? "unknown"))
        } else {
            metresPerUnit = 1  // no DWITHIN or BEYOND reads it
        }
        var fields: [String: Int] = [:]
        for name in expression.propertyNames {
            if let k = schema.index(ofField: name) {
                fields[name] = k
            } else if !Self.geometryNames.contains(name.lowercased()) {
                throw .invalidInput("unknown property \"\(name)\" in the filter; properties: "
                                    + (schema.fields.map(\.name) + ["geometry"]).joined(separator: ", "))
            }
        }
        self.fields = fields
    }

    /// The names of the features' geometry when no field has them: `geometry` (the queryables'),
    /// and the names GeoServer and GDAL give it (`the_geom`, `geom`, `wkb_geometry`, `shape`).
    public static let geometryNames: Set = ["geometry", "the_geom", "geom", "wkb_geometry", "shape"]

    /// Parses CQL2 text and binds it (`CQL2Text.parse`, then `init(_:schema:)`).
    public init(text: String, schema: LayerSchema) throws(GraticuleError) {
        try self.init(try CQL2Text.parse(text), schema: schema)
    }

    /// Whether the feature passes (the expression is true for it; false and unknown do not pass).
    public func matches(_ feature: Feature) -> Bool {
        condition(expression, feature) == true
    }

    /// A value during evaluation.
    enum Value {
        case null, string(String), number(Double), boolean(Bool)
        /// Seconds since 1970 UTC: what a date or date-time covers (see the type's description).
        case time(ClosedRange<Double>)
        case geometry(Geometry)
        /// A GEOMETRYCOLLECTION's members.
        case collection([Geometry])
        /// A BBOX: one envelope, or two across the antimeridian.
        case boxes([Envelope])
    }

    /// True, false or nil (unknown).
    func condition(_ e: CQL2Expression, _ f: Feature) -> Bool? {
        switch e {
        case let .and(xs): return junction(xs, f, decidedBy: false)
        case let .or(xs): return junction(xs, f, decidedBy: true)
        case let .not(x): return condition(x, f).map { !$0 }
        case let .isTrue(x):
            if case let .boolean(b) = value(x, f) { return b }
            return nil
        case let .comparison(op, a, b):
            guard let order = Self.compare(value(a, f), value(b, f)) else { return nil }
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            }
        case let .like(a, p, negated, insensitive):
            guard case let .string(s) = value(a, f), case let .string(pattern) = value(p, f) else { return nil }
            let m = insensitive ? Self.like(s.lowercased(), pattern.lowercased()) : Self.like(s, pattern)
            return m != negated
        case let .between(a, low, high, negated):
            let v = value(a, f)
            guard let lo = Self.compare(v, value(low, f)), let hi = Self.compare(v, value(high, f)) else { return nil }
            return (lo >= 0 && hi <= 0) != negated
        case let .inList(a, xs, negated):
            let v = value(a, f)
            var unknown = false
            for x in xs {
                switch Self.compare(v, value(x, f)) {
                case 0?: return !negated
                case nil: unknown = true
                default: break
                }
            }
            return unknown ? nil : negated
        case let .isNull(a, negated):
            if case .null = value(a, f) { return !negated }
            return negated
        case let .spatial(op, a, b):
            switch op {
            case .intersects, .disjoint:
                guard let meet = Self.intersects(value(a, f), value(b, f)) else { return nil }
                return meet == (op == .intersects)
            default:
                guard let g = Self.geometry(value(a, f)), let h = Self.geometry(value(b, f)) else { return nil }
                return op.holds(g, h)
            }
        case let .distance(op, a, b, d, unit):
            guard let near = withinDistance(value(a, f), value(b, f), d * unit.metres) else { return nil }
            return near == (op == .within)
        case let .relate(a, b, pattern):
            guard let g = Self.geometry(value(a, f)), let h = Self.geometry(value(b, f)) else { return nil }
            return GeometryEngine.relate(g, h).matches(pattern)
        case let .temporal(op, a, b):
            guard case let .time(x) = value(a, f), case let .time(y) = value(b, f) else { return nil }
            return op.holds(x, y)
        default:
            if case let .boolean(b) = value(e, f) { return b }
            return nil
        }
    }

    /// AND (`decidedBy` false) or OR (true) in three-valued logic: `decidedBy` as soon as one
    /// part is; else unknown if one part is; else the other value.
    func junction(_ xs: [CQL2Expression], _ f: Feature, decidedBy: Bool) -> Bool? {
        var unknown = false
        for x in xs {
            guard let v = condition(x, f) else { unknown = true; continue }
            if v == decidedBy { return decidedBy }
        }
        return unknown ? nil : !decidedBy
    }

    func value(_ e: CQL2Expression, _ f: Feature) -> Value {
        switch e {
        case let .property(name):
            if let k = fields[name] {
                guard k < f.attributes.count else { return .null }
                switch f.attributes[k] {
                case .null: return .null
                case let .string(s): return .string(s)
                case let .integer(v): return .number(Double(v))
                case let .real(v): return .number(v)
                case let .boolean(b): return .boolean(b)
                case let .date(d): return .time(d.instantRange)
                }
            }
            return f.geometry.map { .geometry($0) } ?? .null  // one of `geometryNames` (checked when bound)
        case let .string(s): return .string(s)
        case let .number(v): return .number(v)
        case let .boolean(b): return .boolean(b)
        case let .instant(d): return .time(d.instantRange)
        case let .interval(a, b):
            return .time((a?.instantRange.lowerBound ?? -.infinity) ... (b?.instantRange.upperBound ?? .infinity))
        case let .geometry(g): return .geometry(g)
        case let .collection(gs): return .collection(gs)
        case let .bbox(v):
            let (w, s, east, n) = CQL2Expression.sides(ofBBox: v)
            if w > east {
                return .boxes([Envelope(xMin: w, yMin: s, xMax: 180, yMax: n), Envelope(xMin: -180, yMin: s, xMax: east, yMax: n)])
            }
            return .boxes([Envelope(xMin: w, yMin: s, xMax: east, yMax: n)])
        case let .function(fn, x):
            guard case let .string(s) = value(x, f) else { return value(x, f) }
            switch fn {
            case .casei: return .string(s.lowercased())
            case .accenti:
                return .string(String(String.UnicodeScalarView(s.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    $0.properties.generalCategory != .nonspacingMark
                })))
            }
        case let .arithmetic(op, a, b):
            guard case let .number(x) = Self.numeric(value(a, f)), case let .number(y) = Self.numeric(value(b, f)) else { return .null }
            let r: Double = switch op {
            case .add: x + y
            case .subtract: x - y
            case .multiply: x * y
            case .divide: x / y
            case .modulo: x.truncatingRemainder(dividingBy: y)
            case .integerDivide: (x / y).rounded(.towardZero)
            case .power: pow(x, y)
            }
            return r.isFinite ? .number(r) : .null
        default:
            return condition(e, f).map { .boolean($0) } ?? .null
        }
    }

    /// A text that reads as a number, as that number.
    static func numeric(_ v: Value) -> Value {
        if case let .string(s) = v, let x = Double(s.trimmingCharacters(in: .whitespaces)) { return .number(x) }
        return v
    }

    /// The order of two values (negative, zero, positive), or nil when either is null or they do
    /// not compare.
    static func compare(_ a: Value, _ b: Value) -> Int? {
        func order<T: Comparable>(_ x: T, _ y: T) -> Int { x < y ? -1 : (x == y ? 0 : 1) }
        switch (a, b) {
        case let (.number(x), .number(y)): return order(x, y)
        case let (.string(x), .string(y)):
            let u = Array(x.unicodeScalars), v = Array(y.unicodeScalars)
            return u == v ? 0 : (u.lexicographicallyPrecedes(v) ? -1 : 1)
        case let (.boolean(x), .boolean(y)): return order(x ? 1 : 0, y ? 1 : 0)
        case let (.time(x), .time(y)): return order(x.lowerBound, y.lowerBound)
        case (.number, .string), (.string, .number):
            let (x, y) = (numeric(a), numeric(b))
            if case .number = x, case .number = y { return compare(x, y) }
            return nil
        case let (.time, .string(s)):
            return CivilDate(parsing: s).flatMap { compare(a, .time($0.instantRange)) }
        case let (.string(s), .time):
            return CivilDate(parsing: s).flatMap { compare(.time($0.instantRange), b) }
        case let (.boolean(x), .number(y)): return order(x ? 1.0 : 0, y)
        case let (.number(x), .boolean(y)): return order(x, y ? 1.0 : 0)
        default: return nil
        }
    }

    /// Whether two spatial values meet; nil when either is not a geometry (or a BBOX).
    static func intersects(_ a: Value, _ b: Value) -> Bool? {
        switch (a, b) {
        case let (.geometry(g), .geometry(h)): return GeometryEngine.intersects(g, h)
        case let (.geometry(g), .boxes(bs)), let (.boxes(bs), .geometry(g)): return bs.contains { GeometryEngine.intersects(g, $0) }
        case let (.boxes(x), .boxes(y)): return x.contains { p in y.contains { p.intersects($0) } }
        case let (.collection(gs), other), let (other, .collection(gs)):
            switch other {
            case .geometry, .boxes, .collection: return gs.contains { intersects(.geometry($0), other) == true }
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether two spatial values lie within `metres` of each other (some member of one within
    /// that distance of some member of the other): geodesic on geographic data
    /// (`GeometryEngine.geodeticDistance`), planar in the projection's unit on projected data;
    /// nil when either is not spatial or is empty.
    func withinDistance(_ a: Value, _ b: Value, _ metres: Double) -> Bool? {
        func parts(_ v: Value) -> [Geometry]? {
            switch v {
            case let .geometry(g): [g]
            case let .collection(gs): gs
            case let .boxes(bs): bs.map { .envelope($0) }
            default: nil
            }
        }
        guard let xs = parts(a), let ys = parts(b) else { return nil }
        var measured = false
        let extents = ys.map(\.extent)
        for g in xs {
            let eg = g.extent
            for (h, eh) in zip(ys, extents) {
                // Far apart by their extents alone (most features of a layer): no need to measure
                // (an empty one's bound is 0, and it is measured as NaN below).
                let bound = metresPerUnit.map { GeometryEngine.distanceLowerBound(eg, eh) * $0 }
                    ?? GeometryEngine.geodeticDistanceLowerBound(eg, eh)
                if bound > metres {
                    measured = true
                    continue
                }
                let d = metresPerUnit.map { GeometryEngine.distance(g, h) * $0 } ?? GeometryEngine.geodeticDistance(g, h)
                if d.isNaN { continue }
                if d <= metres { return true }
                measured = true
            }
        }
        return measured ? false : nil
    }

    /// A spatial value as a geometry: a `BBOX` across the antimeridian as its two boxes, one
    /// polygon; nil when the value is not spatial.
    static func geometry(_ v: Value) -> Geometry? {
        switch v {
        case let .geometry(g): return g
        case let .collection(gs): return merged(gs)
        case let .boxes(boxes) where boxes.count == 1: return .envelope(boxes[0])
        case let .boxes(boxes): return merged(boxes.map { .envelope($0) })
        default: return nil
        }
    }

    /// A collection's members as one geometry when they are all points, all lines or all areas
    /// (a multi-point, -line or -polygon; areas that overlap would count as holes); nil for a
    /// mix, whose union `GeometryEngine.relate` does not take.
    static func merged(_ gs: [Geometry]) -> Geometry? {
        let dimensions = Set(gs.map { g -> Int in
            switch g {
            case .point, .multipoint: 0
            case .polyline: 1
            case .polygon, .envelope: 2
            }
        })
        switch dimensions {
        case [], [0]:
            return .multipoint(Multipoint(points: gs.flatMap { g -> [SIMD2<Double>] in
                if case let .point(p) = g { return p.isEmpty ? [] : [p.xy] }
                return g.coordinates?.xy ?? []
            }))
        case [1]:
            return .polyline(Polyline(coordinates: CoordinateParts(parts: gs.flatMap { $0.coordinates?.parts.map(Array.init) ?? [] })))
        case [2]:
            var polygons: [[[SIMD2<Double>]]] = []
            for g in gs {
                switch g {
                case let .polygon(p):
                    for k in 0..<p.polygonCount { polygons.append(p.rings(ofPolygon: k).map { Array(p.coordinates.part($0)) }) }
                case let .envelope(e) where !e.isEmpty:
                    polygons.append([e.closedRing])
                default: break
                }
            }
            return .polygon(Polygon(polygons: polygons))
        default: return nil
        }
    }

    /// SQL's LIKE: `%` any run (also none), `_` one character, `\` takes the next one literally.
    static func like(_ s: String, _ pattern: String) -> Bool {
        enum Token: Equatable { case char(Character), one, any }
        var tokens: [Token] = []
        var escaped = false
        for c in pattern {
            if escaped { tokens.append(.char(c)); escaped = false; continue }
            switch c {
            case "\\": escaped = true
            case "%": if tokens.last != .any { tokens.append(.any) }
            case "_": tokens.append(.one)
            default: tokens.append(.char(c))
            }
        }
        if escaped { tokens.append(.char("\\")) }
        let text = Array(s)
        // Greedy with one backtrack point per `%` (the classic wildcard match, linear-ish).
        var t = 0, p = 0, star = -1, mark = 0
        while t < text.count {
            if p < tokens.count, tokens[p] == .one || tokens[p] == .char(text[t]) {
                t += 1; p += 1
            } else if p < tokens.count, tokens[p] == .any {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < tokens.count, tokens[p] == .any { p += 1 }
        return p == tokens.count
    }
}
