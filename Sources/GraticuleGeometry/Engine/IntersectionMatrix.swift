/// The dimensionally extended nine-intersection matrix (DE-9IM) of two geometries a and b (OGC
/// Simple Features, 06-103r4 §6.1.15): the dimension of the intersection of a's interior,
/// boundary and exterior with b's interior, boundary and exterior — 2 (an area), 1 (a line),
/// 0 (points) or empty. Written as nine characters row by row, `F` for empty (`"212101212"`:
/// two overlapping polygons), as JTS, GEOS and shapely's `relate` write it.
public struct IntersectionMatrix: Hashable, Sendable, CustomStringConvertible {
    /// Where a point lies with respect to a geometry.
    public enum Location: Int, Sendable {
        case interior = 0, boundary = 1, exterior = 2
    }

    /// The nine dimensions, row by row (a's interior, boundary, exterior against b's interior,
    /// boundary, exterior); −1 where the intersection is empty.
    public private(set) var dimensions: [Int] = Array(repeating: -1, count: 9)

    /// All empty.
    public init() {}

    /// Reads nine characters of `F`, `0`, `1` and `2`; nil for anything else.
    public init?(_ text: String) {
        let chars = Array(text)
        guard chars.count == 9 else { return nil }
        for (k, c) in chars.enumerated() {
            switch c {
            case "F", "f": dimensions[k] = -1
            case "0", "1", "2": dimensions[k] = Int(String(c))!
            default: return nil
            }
        }
    }

    /// The dimension of a's `a` part meeting b's `b` part (−1: they do not meet).
    public subscript(_ a: Location, _ b: Location) -> Int { dimensions[a.rawValue * 3 + b.rawValue] }

    /// Raises the entry for a's `a` part and b's `b` part to at least `dimension`.
    mutating func raise(_ a: Location, _ b: Location, to dimension: Int) {
        let k = a.rawValue * 3 + b.rawValue
        dimensions[k] = max(dimensions[k], dimension)
    }

    /// The matrix with a and b swapped.
    public var transposed: IntersectionMatrix {
        var t = IntersectionMatrix()
        for i in 0..<3 { for j in 0..<3 { t.dimensions[j * 3 + i] = dimensions[i * 3 + j] } }
        return t
    }

    public var description: String {
        String(dimensions.map { $0 < 0 ? "F" : Character(String($0)) })
    }

    /// Whether the matrix matches a pattern of nine characters: `T` (not empty), `F` (empty),
    /// `*` (anything), `0`, `1` or `2` (that dimension). A pattern of another length matches
    /// nothing.
    public func matches(_ pattern: String) -> Bool {
        let p = Array(pattern)
        guard p.count == 9 else { return false }
        for k in 0..<9 {
            let d = dimensions[k]
            switch p[k] {
            case "*": continue
            case "T", "t": if d < 0 { return false }
            case "F", "f": if d >= 0 { return false }
            case "0", "1", "2": if d != Int(String(p[k]))! { return false }
            default: return false
            }
        }
        return true
    }
}
