import GraticuleGeometry

/// OGC API Features' `datetime` (OGC 17-069r4 §7.15.4): an instant (`2018-02-12T23:20:50Z`), a
/// date (`2018-02-12`, the whole day) or an interval `start/end` whose ends may be open (`..` or
/// empty). It keeps the features whose temporal property meets it: the collection's first field
/// of a date type, else its first text field whose first value reads as a date (GDAL's GeoJSON
/// reader makes such fields dates, and its OAPIF driver sends their filters as `datetime`). A
/// date value spans its whole day; times without an offset are taken as UTC. Features with no
/// value, and every feature of a collection with no temporal property, have no time to meet it
/// (/req/core/fc-time-response).
struct TemporalFilter {
    /// Seconds since 1970-01-01T00:00:00Z; nil: open.
    let start: Double?, end: Double?

    /// - Throws: a 400 naming `datetime` and the value when it is not such a value.
    init(parsing text: String) throws(APIError) {
        let bad = APIError.badParameter("datetime", text, "an RFC 3339 date or date-time, or an interval start/end (.. for an open end)")
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func bound(_ s: Substring, lower: Bool) throws(APIError) -> Double? {
            if s.isEmpty || s == ".." { return nil }
            guard let d = CivilDate(parsing: s) else { throw bad }
            let span = d.instantRange
            return lower ? span.lowerBound : span.upperBound
        }
        switch parts.count {
        case 1:
            guard !text.isEmpty, text != "..", let d = CivilDate(parsing: text) else { throw bad }
            let span = d.instantRange
            (start, end) = (span.lowerBound, span.upperBound)
        case 2:
            (start, end) = (try bound(parts[0], lower: true), try bound(parts[1], lower: false))
            if start == nil && end == nil { throw bad }  // an interval has at least one end
            if let start, let end, start > end { throw bad }
        default:
            throw bad
        }
    }

    /// The field that holds a layer's times, if any (see the type's description).
    static func temporalField(_ layer: FeatureLayer) -> Int? {
        if let k = layer.schema.fields.firstIndex(where: { $0.type == .date || $0.type == .dateTime }) { return k }
        return layer.schema.fields.indices.first { k in
            guard layer.schema.fields[k].type == .string,
                  let first = layer.features.lazy.compactMap({ k < $0.attributes.count ? $0.attributes[k].stringValue : nil }).first
            else { return false }
            return CivilDate(parsing: first) != nil
        }
    }

    /// Whether a feature's value in the temporal field meets the filter.
    func matches(_ value: AttributeValue) -> Bool {
        let date: CivilDate? = switch value {
        case let .date(d): d
        case let .string(s): CivilDate(parsing: s)
        default: nil
        }
        guard let date else { return false }
        let span = date.instantRange
        return (end.map { span.lowerBound <= $0 } ?? true) && (start.map { $0 <= span.upperBound } ?? true)
    }
}
