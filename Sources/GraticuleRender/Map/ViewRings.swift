/// Whole rings of a `ProjectedCountries` as one view sees them, read from its flat arrays when
/// asked for: a scene item of a country that lies wholly inside the view holds these instead of
/// copies of its rings, so a world map's scene copies no points, and painting reads each point
/// once, into its path (`Path.append(_:)`). A point's view pixel is its origin pixel minus
/// `offset`, the same subtraction a copy would make, so the values are the same bit for bit.
struct ViewRings: Sendable {
    let source: ProjectedCountries
    /// The view's top-left corner in the source's origin pixels.
    let offset: SIMD2<Double>
    /// The rings, by their numbers in `source`.
    let rings: Range<Int>

    /// The rings in view pixels, each closed without repeating its first point.
    var paths: [[SIMD2<Double>]] { rings.map { source.ring($0, minus: offset) } }

    /// Points in all the rings.
    var pointCount: Int { source.ringStart[rings.upperBound] - source.ringStart[rings.lowerBound] }

    /// Points per ring.
    var pathCounts: [Int] { rings.map { source.ringStart[$0 + 1] - source.ringStart[$0] } }
}

extension Path {
    /// Adds the rings as closed subpaths, in view pixels: `init(_:closed:)` of `view.paths`
    /// without copying them first. Their points are finite and within the view's margin (the
    /// rings are whole in it), so none is skipped or clamped, and each ring has at least three
    /// (`ProjectedCountries` keeps no smaller one).
    mutating func append(_ view: ViewRings) {
        let source = view.source
        let first = source.ringStart[view.rings.lowerBound], count = view.pointCount
        let base = xs.count
        let (ox, oy) = (view.offset.x, view.offset.y)
        xs.reserveCapacity(base + count)
        ys.reserveCapacity(base + count)
        source.xs.withUnsafeBufferPointer { sx in
            source.ys.withUnsafeBufferPointer { sy in
                for i in first..<(first + count) {
                    xs.append(sx[i] - ox)
                    ys.append(sy[i] - oy)
                }
            }
        }
        for g in view.rings {
            subpaths.append(Subpath(start: base + source.ringStart[g] - first, end: base + source.ringStart[g + 1] - first,
                                    closed: true))
        }
    }
}
