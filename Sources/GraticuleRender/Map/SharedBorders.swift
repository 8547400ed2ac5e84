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
    /// Per point of every ring in order (`ringStart`): the edge that ends at the point (from the
    /// point before it; the first point's edge comes from the last): 0 when unshared, else
    /// `(ring of its twin + 1) << 1`, plus 1 for the one of the pair that leaves its stroke out.
    private let twins: [UInt32]
    /// Per ring, where its points start in `twins`; one more at the end.
    private let ringStart: [Int]
    /// Rings in all.
    var ringCount: Int { ringStart.count - 1 }

    /// The twins of ring `g`'s edges (see `twins`).
    func twins(ofRing g: Int) -> ArraySlice<UInt32> { twins[ringStart[g]..<ringStart[g + 1]] }

    /// Pairs the edges of `rings` (per feature, per ring, closed rings without the repeated
    /// first point; pixels or any plane coordinates).
    init(rings: [[[SIMD2<Double>]]]) {
        let all = rings.joined()
        var ringStart = [0]
        for ring in all { ringStart.append(ringStart.last! + ring.count) }
        self.init(xs: all.flatMap { $0.map(\.x) }, ys: all.flatMap { $0.map(\.y) }, ringStart: ringStart)
    }

    /// Pairs the edges of rings given as their points' x and y, ring after ring (ring g is
    /// `ringStart[g] ..< ringStart[g + 1]`, closed without repeating its first point).
    init(xs: [Double], ys: [Double], ringStart: [Int]) {
        let points = xs.count
        var twins = [UInt32](repeating: 0, count: points)
        var open = OpenEdges(capacity: points)
        for global in 0..<(ringStart.count - 1) {
            let start = ringStart[global], end = ringStart[global + 1]
            guard end > start else { continue }
            var previous = SIMD2(xs[end - 1], ys[end - 1])
            for k in start..<end {
                let p = SIMD2(xs[k], ys[k])
                defer { previous = p }
                guard p != previous else { continue }
                if let twin = open.pair(from: previous, to: p, at: OpenEdges.Place(ring: Int32(global), point: Int32(k))) {
                    // This edge leaves its stroke out; its twin, met first, keeps it.
                    twins[k] = UInt32(twin.ring + 1) << 1 | 1
                    twins[Int(twin.point)] = UInt32(global + 1) << 1
                }
            }
        }
        self.twins = twins
        self.ringStart = ringStart
    }

    /// What a painter may leave out of the rings of one scene item, per point of its paths in
    /// order (`EdgeSkips.fill`, `EdgeSkips.stroke`): `rings` gives each path's ring number, or
    /// −1 for a path that is not a whole ring as paired (clipped to the view); `group` gives
    /// every ring's paint group in this scene (−1: not drawn whole). An edge is left out only
    /// when its twin's ring is drawn whole in the same group.
    func skips(rings: [Int], pathCounts: [Int], group: [Int32]) -> [UInt8] {
        let total = zip(pathCounts, rings).reduce(0) { $0 + ($1.1 >= 0 ? ringStart[$1.1 + 1] - ringStart[$1.1] : $1.0) }
        return [UInt8](unsafeUninitializedCapacity: total) { flags, count in
            twins.withUnsafeBufferPointer { twins in
                group.withUnsafeBufferPointer { group in
                    var k = 0
                    for (n, g) in zip(pathCounts, rings) {
                        guard g >= 0 else {
                            for _ in 0..<n { flags[k] = 0; k += 1 }
                            continue
                        }
                        let mine = group[g]
                        for i in ringStart[g]..<ringStart[g + 1] {
                            let code = twins[i]
                            var flag: UInt8 = 0
                            if code != 0 && group[Int(code >> 1) - 1] == mine {
                                flag = EdgeSkips.fill | (code & 1 != 0 ? EdgeSkips.stroke : 0)
                            }
                            flags[k] = flag
                            k += 1
                        }
                    }
                }
            }
            count = total
        }
    }

    /// One country of a scene, as `flags(of:group:)` reads it: its paths (needed only when some
    /// item of the view has a clipped path; else empty), their point counts, each one's ring
    /// number (−1: clipped to the view), and its paint group.
    struct ViewItem {
        let paths: [[SIMD2<Double>]]
        let pathCounts: [Int]
        let rings: [Int]
        let group: Int32
    }

    /// Per item, what a painter may leave out (`skips`), with the pairs this view adds: a ring
    /// clipped to the view keeps its edges inside the view bit for bit, so the edges the pairing
    /// per scale leaves open here (every edge of a clipped path, and the edges of whole rings
    /// whose twin's ring was clipped) are paired among themselves, within one group. Without
    /// them a border between a clipped country and its neighbour would be stroked twice in one
    /// pass, darker than the rest. A view where every ring is whole pairs nothing here.
    func flags(of items: [ViewItem], group: [Int32]) -> [[UInt8]] {
        var flags = items.map { skips(rings: $0.rings, pathCounts: $0.pathCounts, group: group) }
        // Without a clipped path there is nothing more to pair: a whole ring's twin that is not
        // drawn lies wholly outside the view, with the edges they share.
        guard items.contains(where: { $0.rings.contains { $0 < 0 } }) else { return flags }
        // The edges left open, found by `body(item, point in the item's flags, from, to)`.
        func forEachOpenEdge(_ body: (Int, Int, SIMD2<Double>, SIMD2<Double>) -> Void) {
            for (i, item) in items.enumerated() {
                var offset = 0
                for (path, g) in zip(item.paths, item.rings) {
                    defer { offset += path.count }
                    guard var previous = path.last else { continue }
                    let codes = g >= 0 ? twins(ofRing: g) : []
                    for (k, p) in path.enumerated() {
                        defer { previous = p }
                        if g >= 0 {
                            let code = codes[codes.startIndex + k]
                            guard code != 0 && group[Int(code >> 1) - 1] < 0 else { continue }
                        }
                        if p != previous { body(i, offset + k, previous, p) }
                    }
                }
            }
        }
        var count = 0
        forEachOpenEdge { _, _, _, _ in count += 1 }
        guard count > 1 else { return flags }
        var open = OpenEdges(capacity: count)
        forEachOpenEdge { i, k, a, b in
            if let twin = open.pair(from: a, to: b, at: OpenEdges.Place(ring: Int32(i), point: Int32(k), group: items[i].group)) {
                flags[i][k] = EdgeSkips.fill | EdgeSkips.stroke
                flags[Int(twin.ring)][Int(twin.point)] = EdgeSkips.fill
            }
        }
        return flags
    }
}

/// The edges met and not yet paired, by their end points' bits: an open-addressing table
/// (linear probing, at most half full) with a multiplicative hash: O(1) expected per edge,
/// without the standard library's seeded hasher.
private struct OpenEdges {
    /// Where an edge is (per scale: its ring and its point in `SharedBorders.twins`; in a view:
    /// its item and its point in the item's flags) and the paint group it may pair within.
    struct Place {
        let ring: Int32, point: Int32
        var group: Int32 = 0
    }

    private struct Entry {
        let ax: UInt64, ay: UInt64, bx: UInt64, by: UInt64
        let place: Place
        var paired = false
    }

    private var entries: [Entry] = []
    /// Entry numbers + 1; 0 is an empty slot.
    private var slots: [Int32]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        entries.reserveCapacity(capacity)
    }

    @inline(__always) private func slot(_ ax: UInt64, _ ay: UInt64, _ bx: UInt64, _ by: UInt64) -> Int {
        let h = (ax ^ ay.rotated(17) ^ bx.rotated(31) ^ by.rotated(47)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 32) & mask
    }

    /// The unpaired entry of the edge a → b in `group` (its slot), or the empty slot where it
    /// would go.
    @inline(__always) private func find(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ group: Int32) -> (slot: Int, entry: Int?) {
        let (ax, ay, bx, by) = (a.x.bitPattern, a.y.bitPattern, b.x.bitPattern, b.y.bitPattern)
        var k = slot(ax, ay, bx, by)
        while slots[k] != 0 {
            let i = Int(slots[k]) - 1
            let e = entries[i]
            if !e.paired && e.ax == ax && e.ay == ay && e.bx == bx && e.by == by && e.place.group == group { return (k, i) }
            k = (k + 1) & mask
        }
        return (k, nil)
    }

    /// Meets the edge a → b at `place`: when its reverse b → a is open in the same group, pairs
    /// them and returns the reverse's place (open no more); otherwise opens a → b (unless it is
    /// open already: the same edge twice stays unpaired) and returns nil.
    mutating func pair(from a: SIMD2<Double>, to b: SIMD2<Double>, at place: Place) -> Place? {
        if let i = find(b, a, place.group).entry {
            entries[i].paired = true
            return entries[i].place
        }
        let (k, existing) = find(a, b, place.group)
        if existing == nil {
            entries.append(Entry(ax: a.x.bitPattern, ay: a.y.bitPattern, bx: b.x.bitPattern, by: b.y.bitPattern, place: place))
            slots[k] = Int32(entries.count)
        }
        return nil
    }
}

extension UInt64 {
    @inline(__always) fileprivate func rotated(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}

/// The edges a painter may leave out when it paints the consecutive items of one `group` in
/// one pass: per point of an item's paths (in order), the edge ending at the point (a ring's
/// first point: the edge from its last) is left out of the fill (`fill`) and of the hairline
/// stroke (`stroke`). Painted item by item, nothing may be left out.
///
/// A scene's items can be changed after the scene is made (`MapScene.items` is public): a pair
/// left out on one side only would open the fill along its rows. So the painter leaves edges out
/// only in a scene whose items are as it was made (`MapScene.itemsChanged`) and for a run of
/// items that is the whole group (`groupSize`).
struct EdgeSkips: Sendable {
    static let fill: UInt8 = 1
    static let stroke: UInt8 = 2
    /// The paint group: consecutive items of the same fill and stroke.
    let group: Int32
    let flags: [UInt8]
    /// Items in the group.
    let groupSize: Int
}
