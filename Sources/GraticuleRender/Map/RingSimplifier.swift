/// Drops the points of a layer's projected rings that move no ring by more than a tolerance
/// (Douglas–Peucker), keeping the borders that rings share identical in both: a detailed layer
/// (Natural Earth's 1:10m countries, 547,488 points) drawn small has tens of points per pixel of
/// coastline, each an edge to fill and stroke, that change no pixel by more than the tolerance.
///
/// Shared borders (`SharedBorders`: an edge whose reverse, bit for bit, is an edge of another
/// ring) stay shared: each ring is cut into chains at its nodes, the points where the ring its
/// edges are shared with changes (a border meets the coast, three countries meet), and a shared
/// chain is simplified in one orientation (from its lexicographically smaller end), so that its
/// twin in the neighbouring ring, the same points in reverse, keeps the same points. A shared
/// ring without nodes (an enclave and its hole), and any ring that would keep fewer than three
/// points, is left whole. Where a border runs in more than two rings (overlapping polygons, a
/// ring running out and back along its neighbour), the one-to-one pairing may find other
/// partners afterwards, and a few edges none (about 1.7 % of the shared edges left on a world
/// map of the 1:10m countries), which are then filled and stroked as unshared edges are.
///
/// Accuracy: no point moves a ring by more than the tolerance, so a hairline moves by at most
/// that much ink; a spike narrower than the tolerance loses the stroke along it. Douglas–Peucker
/// on each chain: O(n log n) typical, O(n²) worst case in the chain's points.
struct RingSimplifier {
    let xs: [Double], ys: [Double]
    let ringStart: [Int]
    /// Pixels: no point of a ring lies farther than this from the simplified ring.
    let tolerance: Double
    /// Pixels: no edge made by leaving points out is longer (a straight border, such as the
    /// 49th parallel, keeps points every few pixels, as a projection's resampling leaves it:
    /// long edges across a map are what a wrapped ring's streak looks like).
    static let longestEdge = 16.0
    /// Layers of fewer points at a scale are left as they are: the 1:110m countries (10,656
    /// points on a world map) would keep almost all of theirs, and the pass (a pairing and the
    /// simplification) would cost a map drawn once at its scale more than it saves.
    static let minimumPoints = 50_000

    /// The rings simplified: their points (x and y apart) and where each ring starts, the same
    /// rings in the same order.
    func simplified() -> (xs: [Double], ys: [Double], ringStart: [Int]) {
        deduplicated().simplifiedAsIs()
    }

    /// The rings without a point equal to the one before it (nor a last point equal to the
    /// first): a zero-length edge pairs with nothing, so it would cut a shared border into two
    /// chains in one ring and not in its neighbour. A ring left with fewer than three points
    /// keeps them all.
    func deduplicated() -> RingSimplifier {
        var outX: [Double] = [], outY: [Double] = [], starts = [0]
        outX.reserveCapacity(xs.count)
        outY.reserveCapacity(xs.count)
        for g in 0..<(ringStart.count - 1) {
            let start = ringStart[g], end = ringStart[g + 1]
            let base = outX.count
            for k in start..<end {
                let n = outX.count - base
                if n > 0 && xs[k] == outX[outX.count - 1] && ys[k] == outY[outY.count - 1] { continue }
                if k == end - 1 && n > 0 && xs[k] == outX[base] && ys[k] == outY[base] { continue }
                outX.append(xs[k])
                outY.append(ys[k])
            }
            if outX.count - base < 3 {
                outX.removeSubrange(base...)
                outY.removeSubrange(base...)
                outX.append(contentsOf: xs[start..<end])
                outY.append(contentsOf: ys[start..<end])
            }
            starts.append(outX.count)
        }
        return RingSimplifier(xs: outX, ys: outY, ringStart: starts, tolerance: tolerance)
    }

    /// `simplified()` of rings without repeated points.
    func simplifiedAsIs() -> (xs: [Double], ys: [Double], ringStart: [Int]) {
        let shared = SharedBorders(xs: xs, ys: ys, ringStart: ringStart)
        var outX: [Double] = [], outY: [Double] = [], starts = [0]
        outX.reserveCapacity(xs.count / 2)
        outY.reserveCapacity(xs.count / 2)
        var keep: [Bool] = []
        for g in 0..<(ringStart.count - 1) {
            let start = ringStart[g]
            kept(ring: g, shared: shared, into: &keep)
            for i in keep.indices where keep[i] {
                outX.append(xs[start + i])
                outY.append(ys[start + i])
            }
            starts.append(outX.count)
        }
        return (outX, outY, starts)
    }

    /// Which points of ring `g` the simplified ring keeps, in `keep` (one per point); `shared`
    /// pairs the rings' edges.
    func kept(ring g: Int, shared: SharedBorders, into keep: inout [Bool]) {
        let start = ringStart[g], n = ringStart[g + 1] - start
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: n))
        markKept(start: start, count: n, twins: shared.twins(ofRing: g), keep: &keep)
        if keep.reduce(0, { $0 + ($1 ? 1 : 0) }) < 3 {
            for i in 0..<n { keep[i] = true }
        }
    }

    /// Marks the points of one ring (`count` points from `start`) to keep.
    private func markKept(start: Int, count n: Int, twins: ArraySlice<UInt32>, keep: inout [Bool]) {
        guard n > 3 else {
            for i in 0..<n { keep[i] = true }
            return
        }
        // The ring the edge ending at point i is shared with (+1; 0: none).
        @inline(__always) func twin(_ i: Int) -> UInt32 { twins[twins.startIndex + i] >> 1 }
        var nodes: [Int] = []
        for i in 0..<n where twin(i) != twin((i + 1) % n) { nodes.append(i) }
        if nodes.isEmpty {
            guard twin(0) == 0 else {
                for i in 0..<n { keep[i] = true }  // an enclave's ring and its hole: left whole
                return
            }
            // An island: from its first point to the point farthest from it, and back.
            let far = (1..<n).max { distanceSquared(start, start + $0) < distanceSquared(start, start + $1) }!
            keep[0] = true
            keep[far] = true
            simplifyChain(start: start, n: n, from: 0, length: far, canonical: false, keep: &keep)
            simplifyChain(start: start, n: n, from: far, length: n - far, canonical: false, keep: &keep)
            return
        }
        for (k, a) in nodes.enumerated() {
            keep[a] = true
            let b = nodes[(k + 1) % nodes.count]
            let length = b > a ? b - a : b + n - a
            // The chain's edges end at a + 1 … b: shared or not alike.
            simplifyChain(start: start, n: n, from: a, length: length, canonical: twin((a + 1) % n) != 0, keep: &keep)
        }
    }

    /// Douglas–Peucker over the chain of `length` edges from local point `from` (wrapping around
    /// the ring of `n` points from `start`), its ends kept; `canonical`: walked from its
    /// lexicographically smaller end (a shared chain, so that its twin keeps the same points).
    private func simplifyChain(start: Int, n: Int, from: Int, length: Int, canonical: Bool, keep: inout [Bool]) {
        guard length >= 2 else { return }
        // Local point at chain position j (0 … length).
        var forward = true
        if canonical {
            let a = start + from, b = start + (from + length) % n
            forward = xs[a] < xs[b] || (xs[a] == xs[b] && ys[a] <= ys[b])
        }
        @inline(__always) func local(_ j: Int) -> Int { (from + (forward ? j : length - j)) % n }
        var stack: [(Int, Int)] = [(0, length)]
        let limit = tolerance * tolerance, longest = Self.longestEdge * Self.longestEdge
        while let (lo, hi) = stack.popLast() {
            guard hi - lo >= 2 else { continue }
            let a = start + local(lo), b = start + local(hi)
            var worst = -1.0, at = lo
            for j in (lo + 1)..<hi {
                let d = segmentDistanceSquared(start + local(j), a, b)
                if d > worst {
                    worst = d
                    at = j
                }
            }
            let tooLong = distanceSquared(a, b) > longest
            if worst <= limit && tooLong { at = (lo + hi) / 2 }
            if worst > limit || tooLong {
                keep[local(at)] = true
                stack.append((lo, at))
                stack.append((at, hi))
            }
        }
    }

    private func distanceSquared(_ i: Int, _ j: Int) -> Double {
        let dx = xs[i] - xs[j], dy = ys[i] - ys[j]
        return dx * dx + dy * dy
    }

    /// Squared distance from point p to the segment a–b (points by global index).
    private func segmentDistanceSquared(_ p: Int, _ a: Int, _ b: Int) -> Double {
        let ax = xs[a], ay = ys[a]
        let dx = xs[b] - ax, dy = ys[b] - ay
        let px = xs[p] - ax, py = ys[p] - ay
        let length = dx * dx + dy * dy
        guard length > 0 else { return px * px + py * py }
        let t = min(max((px * dx + py * dy) / length, 0), 1)
        let ex = px - t * dx, ey = py - t * dy
        return ex * ex + ey * ey
    }
}
