/// A calendar date, optionally with a time of day and a UTC offset (Shapefile `D` fields,
/// GeoPackage DATE and DATETIME, GeoJSON date strings).
public struct CivilDate: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// Hours, minutes and (fractional) seconds, when the value has a time.
    public var time: (hour: Int, minute: Int, second: Double)? {
        get { timeParts.map { ($0.h, $0.mi, $0.s) } }
        set { timeParts = newValue.map { TimeParts($0.hour, $0.minute, $0.second) } }
    }
    /// Offset from UTC in minutes (0 for `Z`), when the value says.
    public var utcOffsetMinutes: Int?
    struct TimeParts: Hashable, Sendable {
        var h: Int, mi: Int, s: Double
        init(_ h: Int, _ mi: Int, _ s: Double) { self.h = h; self.mi = mi; self.s = s }
    }
    var timeParts: TimeParts?

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, utcOffsetMinutes: Int? = nil) {
        self.init(year: year, month: month, day: day)
        timeParts = TimeParts(hour, minute, second)
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses `YYYY-MM-DD`, `YYYY/MM/DD`, `YYYYMMDD` and ISO 8601 date-times
    /// (`YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`, a space allowed for `T`). Nil when not a valid date.
    public init?(parsing text: some StringProtocol) {
        let b = Array(text.utf8)
        func num(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= b.count, !r.isEmpty else { return nil }
            var v = 0
            for i in r { guard b[i] >= 48 && b[i] <= 57 else { return nil }; v = v * 10 + Int(b[i] - 48) }
            return v
        }
        var i: Int
        if b.count == 8, let y = num(0 ..< 4), let m = num(4 ..< 6), let d = num(6 ..< 8) {
            self.init(year: y, month: m, day: d); i = 8
        } else if b.count >= 10, b[4] == b[7], b[4] == UInt8(ascii: "-") || b[4] == UInt8(ascii: "/"),
                  let y = num(0 ..< 4), let m = num(5 ..< 7), let d = num(8 ..< 10) {
            self.init(year: y, month: m, day: d); i = 10
        } else { return nil }
        guard (1 ... 12).contains(month), (1 ... 31).contains(day) else { return nil }
        // A date alone, or followed by a bare `T` (what GDAL 3.6's OAPIF driver sends for a date).
        if i == b.count || (i + 1 == b.count && b[i] == UInt8(ascii: "T")) { return }
        guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: " "), let h = num(i + 1 ..< i + 3),
              i + 3 < b.count, b[i + 3] == UInt8(ascii: ":"), let mi = num(i + 4 ..< i + 6) else { return nil }
        i += 6
        var s = 0.0
        if i < b.count, b[i] == UInt8(ascii: ":") {
            var j = i + 1
            while j < b.count, (b[j] >= 48 && b[j] <= 57) || b[j] == UInt8(ascii: ".") { j += 1 }
            guard let v = Double(String(decoding: b[(i + 1) ..< j], as: UTF8.self)) else { return nil }
            s = v; i = j
        }
        guard h < 24, mi < 60, s < 61 else { return nil }
        timeParts = TimeParts(h, mi, s)
        if i == b.count { return }
        if b[i] == UInt8(ascii: "Z") && i + 1 == b.count { utcOffsetMinutes = 0; return }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let oh = num(i + 1 ..< i + 3) else { return nil }
        var om = 0
        if i + 3 < b.count { guard b[i + 3] == UInt8(ascii: ":"), let v = num(i + 4 ..< i + 6), i + 6 == b.count else { return nil }; om = v }
        else if i + 3 != b.count { return nil }
        utcOffsetMinutes = (b[i] == UInt8(ascii: "-") ? -1 : 1) * (oh * 60 + om)
    }

    /// ISO 8601: `2024-03-01`, or `2024-03-01T12:30:00Z` / `…+02:00` / `…:05.250` with a time.
    public var description: String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(year).count < 4 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        var s = "\(y)-\(two(month))-\(two(day))"
        guard let t = timeParts else { return s }
        let whole = Int(t.s)
        var sec = two(whole)
        let frac = t.s - Double(whole)
        if frac > 0 {
            let ms = Int((frac * 1000).rounded())
            sec += "." + String(repeating: "0", count: 3 - String(ms).count) + String(ms)
        }
        s += "T\(two(t.h)):\(two(t.mi)):\(sec)"
        if let o = utcOffsetMinutes {
            if o == 0 { s += "Z" } else { s += (o < 0 ? "-" : "+") + two(abs(o) / 60) + ":" + two(abs(o) % 60) }
        }
        return s
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.description < b.description }

    /// The time the value covers, in seconds since 1970-01-01T00:00:00Z: a date its whole day
    /// (UTC, to the last millisecond), a date-time its instant (taken as UTC when it has no offset).
    public var instantRange: ClosedRange<Double> {
        // Days from 1970-01-01 (H. Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = Double(era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468)
        guard let t = timeParts else { return days * 86_400 ... days * 86_400 + 86_399.999 }
        let s = days * 86_400 + Double(t.h * 3_600 + t.mi * 60) + t.s - Double((utcOffsetMinutes ?? 0) * 60)
        return s ... s
    }
}

/// One attribute value of a feature: typed as its field (`FieldType`) or null.
public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case string(String)
    case integer(Int64)
    case real(Double)
    case date(CivilDate)
    case boolean(Bool)

    public var isNull: Bool { if case .null = self { return true }; return false }
    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    public var integerValue: Int64? {
        switch self {
        case let .integer(v): v
        case let .boolean(b): b ? 1 : 0
        default: nil
        }
    }
    public var boolValue: Bool? { if case let .boolean(b) = self { return b }; return nil }
    /// A number, for integer and real values.
    public var doubleValue: Double? {
        switch self {
        case let .real(v): v
        case let .integer(v): Double(v)
        case let .boolean(b): b ? 1 : 0
        default: nil
        }
    }

    /// The value as text (empty for null), as `ogrinfo` prints it (a boolean as 1 or 0).
    public var description: String {
        switch self {
        case .null: ""
        case let .string(s): s
        case let .integer(v): String(v)
        case let .real(v): v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
        case let .date(d): d.description
        case let .boolean(b): b ? "1" : "0"
        }
    }
}
