/// The edges that the rings of a polygon layer share: an edge of one ring whose reverse, with
/// bit-identical end points, is an edge of another ring (two neighbouring countries' common
/// border; a hole and the island inside it) or of the same one. Half of the edges of Natural
/// Earth's 1:110m countries are shared (5,326 of 10,363).
///
/// Why: painted in one pass (one coverage accumulation), a pair of such edges adds nothing to a
/// fill (their signed areas cancel), and a hairline along it needs drawing once. A map that
/// leaves them out fills about half the edges and strokes three quarters, and a common border
/// is no longer a seam of two anti-aliased edges (background showing through) under two strokes
/// (darker than the coasts): it is filled through and stroked once, the same as a coast.
///
/// Rings are numbered across the layer in order (feature by feature, ring by ring). Pairs are
/// matched one to one; an edge that is repeated in the same direction (overlapping rings) or
/// has no reverse stays unshared, so leaving out the pairs is exact.
struct SharedBorders: Sendable {
    /// Per feature, per ring, per point: the edge that ends at the point (from the point before
    /// it; the first point's edge comes from the last): 0 when unshared, else
    /// `(ring of its twin + 1) << 1`, plus 1 for the one of the pair that leaves its stroke out.
    let twins: [[[UInt32]]]
    /// Per feature, the number of its first ring.
    let firstRing: [Int]
    /// Rings in all.
    let ringCount: Int

    /// Pairs the edges of `rings` (per feature, per ring, closed rings without the repeated
    /// first point; pixels or any plane coordinates).
    init(rings: [[[SIMD2<Double>]]]) {
        struct Edge: Hashable {
            let ax: UInt64, ay: UInt64, bx: UInt64, by: UInt64
        }
        struct Place {
            let feature: Int32, ring: Int32, point: Int32, globalRing: Int32
        }
        var twins: [[[UInt32]]] = rings.map { $0.map { [UInt32](repeating: 0, count: $0.count) } }
        var firstRing: [Int] = []
        firstRing.reserveCapacity(rings.count)
        var open: [Edge: Place] = [:]
        open.reserveCapacity(rings.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } })
        var global = 0
        for (f, feature) in rings.enumerated() {
            firstRing.append(global)
            for (r, ring) in feature.enumerated() {
                defer { global += 1 }
                guard var previous = ring.last else { continue }
                for (k, p) in ring.enumerated() {
                    defer { previous = p }
                    guard p != previous else { continue }
                    let reverse = Edge(ax: p.x.bitPattern, ay: p.y.bitPattern, bx: previous.x.bitPattern, by: previous.y.bitPattern)
                    if let twin = open.removeValue(forKey: reverse) {
                        // This edge leaves its stroke out; its twin, met first, keeps it.
                        twins[f][r][k] = UInt32(twin.globalRing + 1) << 1 | 1
                        twins[Int(twin.feature)][Int(twin.ring)][Int(twin.point)] = UInt32(global + 1) << 1
                    } else {
                        let edge = Edge(ax: previous.x.bitPattern, ay: previous.y.bitPattern, bx: p.x.bitPattern, by: p.y.bitPattern)
                        if open[edge] == nil {
                            open[edge] = Place(feature: Int32(f), ring: Int32(r), point: Int32(k), globalRing: Int32(global))
                        }
                    }
                }
            }
        }
        self.twins = twins
        self.firstRing = firstRing
        ringCount = global
    }

    /// What a painter may leave out of the rings of one scene item, per point of its paths in
    /// order (`EdgeSkips.fill`, `EdgeSkips.stroke`), for the paths of one `feature`: `rings` gives each path's ring number, or
    /// −1 for a path that is not a whole ring as paired (clipped to the view); `group` gives
    /// every ring's paint group in this scene (−1: not drawn whole). An edge is left out only
    /// when its twin's ring is drawn whole in the same group.
    func skips(feature: Int, rings: [Int], paths: [[SIMD2<Double>]], group: [Int32]) -> [UInt8] {
        var flags: [UInt8] = []
        flags.reserveCapacity(paths.reduce(0) { $0 + $1.count })
        for (path, g) in zip(paths, rings) {
            guard g >= 0 else {
                flags.append(contentsOf: repeatElement(0, count: path.count))
                continue
            }
            let mine = group[g]
            let codes = twins[feature][g - firstRing[feature]]
            for code in codes {
                var flag: UInt8 = 0
                if code != 0 && group[Int(code >> 1) - 1] == mine {
                    flag = EdgeSkips.fill | (code & 1 != 0 ? EdgeSkips.stroke : 0)
                }
                flags.append(flag)
            }
        }
        return flags
    }
}

/// The edges a painter may leave out when it paints the consecutive items of one `group` in
/// one pass: per point of an item's paths (in order), the edge ending at the point (a ring's
/// first point: the edge from its last) is left out of the fill (`fill`) and of the hairline
/// stroke (`stroke`). Painted item by item, nothing may be left out.
struct EdgeSkips: Sendable {
    static let fill: UInt8 = 1
    static let stroke: UInt8 = 2
    /// The paint group: consecutive items of the same fill and stroke.
    let group: Int32
    let flags: [UInt8]
}
