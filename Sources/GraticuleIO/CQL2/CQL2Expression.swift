import GraticuleGeometry

/// A parsed CQL2 expression (OGC 21-065r2, Common Query Language): the filters of OGC API -
/// Features - Part 3 (`filter=` with `filter-lang=cql2-text`), built by `CQL2Text.parse` and
/// evaluated by `CQL2Filter`. Boolean expressions (`and` … `temporal`) and the scalar ones they
/// compare (`property` … `arithmetic`) share the type, as they share the grammar.
public indirect enum CQL2Expression: Hashable, Sendable {
    case and([CQL2Expression])
    case or([CQL2Expression])
    case not(CQL2Expression)
    /// `a = b`, `a <> b`, `a < b`, `a <= b`, `a > b`, `a >= b`.
    case comparison(CQL2Comparison, CQL2Expression, CQL2Expression)
    /// `a [NOT] LIKE 'pattern'`: `%` any run, `_` one character, `\` escapes; `caseInsensitive`
    /// for `ILIKE` (not CQL2: what GDAL 3.6's OAPIF driver sends for OGR SQL's ILIKE).
    case like(CQL2Expression, pattern: CQL2Expression, negated: Bool, caseInsensitive: Bool)
    /// `a [NOT] BETWEEN low AND high` (both ends included).
    case between(CQL2Expression, low: CQL2Expression, high: CQL2Expression, negated: Bool)
    /// `a [NOT] IN (b, c, …)`.
    case inList(CQL2Expression, [CQL2Expression], negated: Bool)
    /// `a IS [NOT] NULL`.
    case isNull(CQL2Expression, negated: Bool)
    /// `S_INTERSECTS(a, b)` and the other spatial functions.
    case spatial(CQL2SpatialPredicate, CQL2Expression, CQL2Expression)
    /// ECQL's `DWITHIN(a, b, distance, units)` and `BEYOND(…)` (GeoServer's CQL_FILTER; not
    /// CQL2): whether the least distance between the two geometries is at most (`within`) or
    /// more than (`beyond`) `distance` `unit`s. `CQL2Filter` measures on the ellipsoid for
    /// geographic data, in the projection's unit for projected data.
    case distance(CQL2DistanceTest, CQL2Expression, CQL2Expression, distance: Double, unit: CQL2DistanceUnit)
    /// ECQL's `RELATE(a, b, pattern)`: whether the DE-9IM matrix of a and b
    /// (`GeometryEngine.relate`) matches the nine-character pattern (`T*F**F***`).
    case relate(CQL2Expression, CQL2Expression, pattern: String)
    /// `T_INTERSECTS(a, b)` and the other temporal functions (Allen's interval relations).
    case temporal(CQL2TemporalPredicate, CQL2Expression, CQL2Expression)
    /// A boolean used as a condition: `TRUE`, or a boolean property alone.
    case isTrue(CQL2Expression)

    /// A property of the features (a queryable), by name as written.
    case property(String)
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// `DATE('2020-06-30')` or `TIMESTAMP('2020-06-30T12:00:00Z')`.
    case instant(CivilDate)
    /// `INTERVAL(start, end)`; nil for an open end (`'..'`).
    case interval(CivilDate?, CivilDate?)
    /// A geometry literal (well-known text: POINT, LINESTRING, POLYGON and their MULTI forms).
    case geometry(Geometry)
    /// A `GEOMETRYCOLLECTION` literal: its members (none of them a collection).
    case collection([Geometry])
    /// `BBOX(west, south, east, north)` (six numbers: with heights); west > east crosses the
    /// antimeridian.
    case bbox([Double])
    /// `CASEI(a)`: case-insensitive comparison; `ACCENTI(a)`: accent-insensitive.
    case function(CQL2Function, CQL2Expression)
    /// `a + b`, `a - b`, `a * b`, `a / b`, `a % b`, `a div b`, `a ^ b`; `-a` is `0 - a`.
    case arithmetic(CQL2Arithmetic, CQL2Expression, CQL2Expression)

    /// The property names the expression reads, in the order they first appear.
    public var propertyNames: [String] {
        var names: [String] = []
        visit { if case let .property(n) = $0, !names.contains(n) { names.append(n) } }
        return names
    }

    /// Calls `body` on this expression and every one inside it, outer first.
    public func visit(_ body: (CQL2Expression) -> Void) {
        body(self)
        for child in children { child.visit(body) }
    }

    var children: [CQL2Expression] {
        switch self {
        case let .and(xs), let .or(xs): xs
        case let .not(x), let .isTrue(x), let .isNull(x, _), let .function(_, x): [x]
        case let .comparison(_, a, b), let .spatial(_, a, b), let .temporal(_, a, b), let .arithmetic(_, a, b): [a, b]
        case let .distance(_, a, b, _, _), let .relate(a, b, _): [a, b]
        case let .like(a, p, _, _): [a, p]
        case let .between(a, l, h, _): [a, l, h]
        case let .inList(a, xs, _): [a] + xs
        case .property, .string, .number, .boolean, .instant, .interval, .geometry, .collection, .bbox: []
        }
    }

    /// Itself where a condition must stand (a boolean literal or a property alone as `isTrue`);
    /// nil for a number, text, date, geometry or arithmetic.
    public var asCondition: CQL2Expression? {
        switch self {
        case .and, .or, .not, .comparison, .like, .between, .inList, .isNull, .spatial, .distance, .relate, .temporal, .isTrue:
            self
        case .boolean, .property: .isTrue(self)
        default: nil
        }
    }

    /// A `BBOX`'s west, south, east and north (of its 4 numbers, or of 6 with heights).
    public static func sides(ofBBox v: [Double]) -> (west: Double, south: Double, east: Double, north: Double) {
        v.count == 6 ? (v[0], v[1], v[3], v[4]) : (v[0], v[1], v[2], v[3])
    }

    /// The expression with every geometry literal (and `BBOX`, as an envelope) replaced by
    /// `body`'s: for literals given in another CRS (`filter-crs`), projected to the features'
    /// CRS (`GeometryEngine.project` takes an envelope as its outline, densified).
    public func mappingGeometries<E: Error>(_ body: (Geometry) throws(E) -> Geometry) throws(E) -> CQL2Expression {
        func map(_ x: CQL2Expression) throws(E) -> CQL2Expression { try x.mappingGeometries(body) }
        func maps(_ xs: [CQL2Expression]) throws(E) -> [CQL2Expression] {
            var out: [CQL2Expression] = []
            for x in xs { out.append(try map(x)) }
            return out
        }
        switch self {
        case let .geometry(g): return .geometry(try body(g))
        case let .collection(gs):
            var out: [Geometry] = []
            for g in gs { out.append(try body(g)) }
            return .collection(out)
        case let .bbox(b):
            let s = Self.sides(ofBBox: b)
            return .geometry(try body(.envelope(Envelope(xMin: s.west, yMin: s.south, xMax: s.east, yMax: s.north))))
        case let .and(xs): return .and(try maps(xs))
        case let .or(xs): return .or(try maps(xs))
        case let .not(x): return .not(try map(x))
        case let .isTrue(x): return .isTrue(try map(x))
        case let .isNull(x, n): return .isNull(try map(x), negated: n)
        case let .function(f, x): return .function(f, try map(x))
        case let .comparison(op, a, b): return .comparison(op, try map(a), try map(b))
        case let .spatial(op, a, b): return .spatial(op, try map(a), try map(b))
        case let .distance(op, a, b, d, u): return .distance(op, try map(a), try map(b), distance: d, unit: u)
        case let .relate(a, b, p): return .relate(try map(a), try map(b), pattern: p)
        case let .temporal(op, a, b): return .temporal(op, try map(a), try map(b))
        case let .arithmetic(op, a, b): return .arithmetic(op, try map(a), try map(b))
        case let .like(a, p, n, c): return .like(try map(a), pattern: try map(p), negated: n, caseInsensitive: c)
        case let .between(a, l, h, n): return .between(try map(a), low: try map(l), high: try map(h), negated: n)
        case let .inList(a, xs, n): return .inList(try map(a), try maps(xs), negated: n)
        case .property, .string, .number, .boolean, .instant, .interval: return self
        }
    }
}

public enum CQL2Comparison: String, Hashable, Sendable {
    case equal = "=", notEqual = "<>", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

public enum CQL2Arithmetic: String, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", modulo = "%", integerDivide = "div", power = "^"
}

public enum CQL2Function: String, Hashable, Sendable {
    case casei = "CASEI", accenti = "ACCENTI"
}

/// CQL2's spatial functions (OGC 21-065r2 §7.10, the DE-9IM predicates of OGC Simple
/// Features), all of which `CQL2Filter` evaluates.
public enum CQL2SpatialPredicate: String, Hashable, Sendable, CaseIterable {
    case intersects = "S_INTERSECTS", disjoint = "S_DISJOINT", contains = "S_CONTAINS", crosses = "S_CROSSES"
    case equals = "S_EQUALS", overlaps = "S_OVERLAPS", touches = "S_TOUCHES", within = "S_WITHIN"

    /// Whether the predicate holds between two geometries (planar: `GeometryEngine.relate`).
    public func holds(_ a: Geometry, _ b: Geometry) -> Bool {
        switch self {
        case .intersects: GeometryEngine.intersects(a, b)
        case .disjoint: !GeometryEngine.intersects(a, b)
        case .contains: GeometryEngine.contains(a, b)
        case .crosses: GeometryEngine.crosses(a, b)
        case .equals: GeometryEngine.equals(a, b)
        case .overlaps: GeometryEngine.overlaps(a, b)
        case .touches: GeometryEngine.touches(a, b)
        case .within: GeometryEngine.within(a, b)
        }
    }
}

/// ECQL's distance tests: `DWITHIN` (the least distance at most the given one) and `BEYOND`
/// (more than it).
public enum CQL2DistanceTest: String, Hashable, Sendable {
    case within = "DWITHIN", beyond = "BEYOND"
}

/// The units of ECQL's `DWITHIN` and `BEYOND`: `meters`, `kilometers`, `feet`, `statute miles`,
/// `nautical miles` (the ECQL grammar's words; singulars and British spellings are read too).
public enum CQL2DistanceUnit: String, Hashable, Sendable, CaseIterable {
    case meters, kilometers, feet, statuteMiles = "statute miles", nauticalMiles = "nautical miles"

    /// Metres per unit (the international foot and statute mile, the international nautical mile).
    public var metres: Double {
        switch self {
        case .meters: 1
        case .kilometers: 1000
        case .feet: 0.3048
        case .statuteMiles: 1609.344
        case .nauticalMiles: 1852
        }
    }

    /// The unit named by one or two words, any case: `meters`, `metres`, `meter`, `kilometers`,
    /// `feet`, `foot`, `statute miles`, `nautical miles`, ….
    public init?(words: String) {
        let w = words.lowercased().split(separator: " ").joined(separator: " ")
        switch w {
        case "meters", "meter", "metres", "metre": self = .meters
        case "kilometers", "kilometer", "kilometres", "kilometre": self = .kilometers
        case "feet", "foot": self = .feet
        case "statute miles", "statute mile": self = .statuteMiles
        case "nautical miles", "nautical mile": self = .nauticalMiles
        default: return nil
        }
    }
}

/// CQL2's temporal functions: Allen's relations between intervals (an instant is an interval
/// whose ends are equal; a date is its day).
public enum CQL2TemporalPredicate: String, Hashable, Sendable, CaseIterable {
    case after = "T_AFTER", before = "T_BEFORE", contains = "T_CONTAINS", disjoint = "T_DISJOINT", during = "T_DURING"
    case equals = "T_EQUALS", finishedBy = "T_FINISHEDBY", finishes = "T_FINISHES", intersects = "T_INTERSECTS"
    case meets = "T_MEETS", metBy = "T_METBY", overlappedBy = "T_OVERLAPPEDBY", overlaps = "T_OVERLAPS"
    case startedBy = "T_STARTEDBY", starts = "T_STARTS"

    /// Whether interval a = [a0, a1] stands in this relation to b = [b0, b1] (OGC 21-065r2 §A.11,
    /// after Allen 1983); an open end is −∞ or +∞.
    public func holds(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Bool {
        let (a0, a1, b0, b1) = (a.lowerBound, a.upperBound, b.lowerBound, b.upperBound)
        switch self {
        case .after: return a0 > b1
        case .before: return a1 < b0
        case .contains: return a0 < b0 && a1 > b1
        case .disjoint: return a1 < b0 || a0 > b1
        case .during: return a0 > b0 && a1 < b1
        case .equals: return a0 == b0 && a1 == b1
        case .finishedBy: return a0 < b0 && a1 == b1
        case .finishes: return a0 > b0 && a1 == b1
        case .intersects: return a0 <= b1 && a1 >= b0
        case .meets: return a1 == b0
        case .metBy: return a0 == b1
        case .overlappedBy: return a0 > b0 && a0 < b1 && a1 > b1
        case .overlaps: return a0 < b0 && a1 > b0 && a1 < b1
        case .startedBy: return a0 == b0 && a1 > b1
        case .starts: return a0 == b0 && a1 < b1
        }
    }
}
