import Synchronization

/// A kind of approximation or loss the engine reports instead of staying silent. Every place
/// the engine gives an answer that is not the exact one asked for records one of these: the CLI
/// prints one line per kind per run on standard error, the library counts them per kind, the
/// server puts them in its JSON answers (`"warnings": [{"kind": …, "count": …, "message": …}]`).
public enum WarningKind: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// No transformation is known between two datums: coordinates are not shifted (errors can
    /// reach hundreds of metres).
    case ballparkTransformation = "ballpark-transformation"
    /// A grid file an operation needs is missing or unreadable: the point got NaN or another
    /// operation was used.
    case missingGrid = "missing-grid"
    /// A point lay outside the area of use of every candidate operation (or of the one chosen),
    /// so the operation was applied outside its area, or a fallback was used.
    case outsideAreaOfUse = "outside-area-of-use"
    /// A point could not be transformed (outside a projection's domain, outside every grid): NaN.
    case pointNotTransformed = "point-not-transformed"
    /// A feature's geometry was cut at the edge of the target projection's drawable region.
    case geometryCut = "geometry-cut"
    /// A feature was left out: nothing of it lies in the target projection's drawable region, or
    /// its geometry could not be used.
    case featureDropped = "feature-dropped"
    /// A vertical component was ignored: heights passed through unchanged, or a vertical CRS's
    /// datum was not transformed.
    case verticalIgnored = "vertical-ignored"
    /// A value was read with a loss (a field truncated, a type widened, a property dropped).
    case valueChanged = "value-changed"

    public static func < (a: WarningKind, b: WarningKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What one operation (a batch transformation, a conversion, a request) reported: per kind, how
/// many times it happened, the first message, and the subjects named (feature ids, grid file
/// names), at most `Diagnostics.subjectLimit` of them per kind.
///
/// A value type: an operation fills one and returns it, or merges it into a `DiagnosticsLog`
/// shared between threads.
public struct Diagnostics: Sendable, Hashable, CustomStringConvertible {
    /// One kind's record.
    public struct Entry: Sendable, Hashable {
        /// How many times this kind was recorded.
        public var count: Int
        /// The first message recorded for the kind (the one the CLI prints).
        public var message: String
        /// The subjects named (feature ids, file names), first ones first, without repeats.
        public var subjects: [String]
    }

    /// The most subjects kept per kind.
    public static let subjectLimit = 20

    /// The record per kind; kinds never recorded are absent.
    public private(set) var entries: [WarningKind: Entry] = [:]

    public init() {}

    /// True when nothing was recorded.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many times `kind` was recorded.
    public func count(_ kind: WarningKind) -> Int { entries[kind]?.count ?? 0 }

    /// Records `count` occurrences of `kind`. The message is kept when it is the kind's first;
    /// `subject` (a feature id, a file name) is added to the kind's subjects when new.
    public mutating func record(_ kind: WarningKind, _ message: @autoclosure () -> String,
                                subject: String? = nil, count: Int = 1) {
        guard count > 0 else { return }
        if var e = entries[kind] {
            e.count += count
            if let subject, e.subjects.count < Self.subjectLimit, !e.subjects.contains(subject) {
                e.subjects.append(subject)
            }
            entries[kind] = e
        } else {
            entries[kind] = Entry(count: count, message: message(), subjects: subject.map { [$0] } ?? [])
        }
    }

    /// Adds another record's counts and subjects to this one (first messages kept).
    public mutating func merge(_ other: Diagnostics) {
        for kind in other.entries.keys.sorted() {
            let o = other.entries[kind]!
            if var e = entries[kind] {
                e.count += o.count
                for s in o.subjects where e.subjects.count < Self.subjectLimit && !e.subjects.contains(s) {
                    e.subjects.append(s)
                }
                entries[kind] = e
            } else {
                entries[kind] = o
            }
        }
    }

    /// One line per kind, in `WarningKind` order: `warning: MESSAGE (N times: A, B, …)`.
    public var lines: [String] {
        entries.keys.sorted().map { kind in
            let e = entries[kind]!
            var line = "warning: \(e.message)"
            var tail: [String] = []
            if e.count > 1 { tail.append("\(e.count) times") }
            if !e.subjects.isEmpty {
                let more = e.count > e.subjects.count && e.subjects.count == Self.subjectLimit ? ", …" : ""
                tail.append(e.subjects.joined(separator: ", ") + more)
            }
            if !tail.isEmpty { line += " (" + tail.joined(separator: ": ") + ")" }
            return line
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}

/// A `Diagnostics` shared between threads (a server's request handlers, a CLI's workers).
public final class DiagnosticsLog: Sendable {
    private let storage = Mutex(Diagnostics())

    public init() {}

    /// Merges one operation's record.
    public func merge(_ d: Diagnostics) {
        guard !d.isEmpty else { return }
        storage.withLock { $0.merge(d) }
    }

    /// Records occurrences of one kind (see `Diagnostics.record`).
    public func record(_ kind: WarningKind, _ message: String, subject: String? = nil, count: Int = 1) {
        storage.withLock { $0.record(kind, message, subject: subject, count: count) }
    }

    /// Everything recorded so far.
    public var snapshot: Diagnostics { storage.withLock { $0 } }
}
