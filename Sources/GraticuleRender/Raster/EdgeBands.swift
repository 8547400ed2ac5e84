import GraticuleCore

/// A path's edges sorted once into the bands of rows a paint is done in (`Canvas.PaintBox`), so
/// that each band walks only the edges that can reach it instead of every edge of the path.
///
/// An edge goes into every band its rows, widened by `reach` pixels above and below, meet
/// (most edges of a map are a pixel or two long and fall in one band). A band's edges keep the
/// path's order. Edges whose flag byte has every bit of `leaving` set are left out.
///
/// Why bands: a whole world map's cells are 8 MB, far beyond a core's level-2 cache, and each
/// cell an edge or the compositing meets is then a wait on the shared level-3 cache or memory.
/// Painted in bands of `Canvas.bandCellBytes`, the cells of the band being painted stay in the
/// level-2 cache. The pixels are those of one pass.
struct EdgeBands: EdgeSource {
    let path: Path
    /// Subtracted from the path's points: where the canvas's pixel (0, 0) is in the path's
    /// coordinates (a path kept in other pixels, `ProjectedCountries.GroupPath`).
    let offset: SIMD2<Double>
    /// The path's flag bytes: must stay valid while the bands are used.
    let flags: UnsafePointer<UInt8>
    /// Edges of band b: `entries[starts[b] ..< starts[b + 1]]`.
    fileprivate let starts: [Int]
    /// An edge: the index of its first point << 32 | the index of its last.
    fileprivate let entries: [UInt64]

    /// Sorts the edges of every subpath (each closed) into the bands of `box`.
    /// - Parameters:
    ///   - flags: a byte per point of the path, for the edge that ends at it (`Path.forEachEdge`).
    ///   - reach: pixels above and below an edge that painting it may write (≥ 0).
    ///   - offset: subtracted from the path's points to give canvas pixels.
    init(_ path: Path, offset: SIMD2<Double> = .zero, flags: UnsafePointer<UInt8>, leaving: UInt8, box: Canvas.PaintBox, reach: Double) {
        let bandRows = min(box.bandRows, box.rows)
        let bands = (box.rows + bandRows - 1) / bandRows
        let perBand = 1 / Double(bandRows), rows = Double(box.rows), top = Double(box.y0) + reach + offset.y
        let edgeCount = path.pointCount
        // Each edge's first and last band (first in the high half; first > last: none), by the
        // index of its last point.
        let span = UnsafeMutablePointer<UInt64>.allocate(capacity: max(edgeCount, 1))
        defer { span.deallocate() }
        var starts = [Int](repeating: 0, count: bands + 2)
        path.ys.withUnsafeBufferPointer { ys in
            starts.withUnsafeMutableBufferPointer { counts in
                // Consecutive edges of a path mostly fall in the same one band: they are counted
                // in a register (`run`) and added when the band changes, not one by one in memory.
                var runBand = 0, run = 0
                for sub in path.subpaths where sub.end - sub.start >= 2 {
                    var ya = ys[sub.end - 1]
                    for b in sub.start..<sub.end {
                        let yb = ys[b]
                        let lo = (ya < yb ? ya : yb) - top, hi = (ya < yb ? yb : ya) + 2 * reach - top
                        ya = yb
                        var first = 1, last = 0
                        if flags[b] & leaving != leaving && hi >= 0 && lo < rows {
                            first = lo <= 0 ? 0 : Int(lo * perBand)
                            last = Int((hi < rows ? hi : rows) * perBand)
                            if first >= bands { first = bands &- 1 }
                            if last >= bands { last = bands &- 1 }
                            if first == last && first == runBand {
                                run &+= 1
                            } else {
                                counts[runBand &+ 2] &+= run
                                run = 0
                                if first == last {
                                    runBand = first
                                    run = 1
                                } else {
                                    var k = first
                                    while k <= last { counts[k &+ 2] &+= 1; k &+= 1 }
                                }
                            }
                        }
                        span[b] = UInt64(truncatingIfNeeded: first) << 32 | UInt64(truncatingIfNeeded: last)
                    }
                }
                counts[runBand &+ 2] &+= run
                // counts[k + 2]: band k's edges; running sums make counts[k + 1] band k's start.
                for k in 0...bands { counts[k &+ 1] &+= counts[k] }
            }
        }
        // starts[k + 1] is band k's start, moved on past each edge placed, so that after the
        // placing starts[k] is band k's start.
        let total = starts[bands + 1]
        entries = [UInt64](unsafeUninitializedCapacity: total) { out, count in
            starts.withUnsafeMutableBufferPointer { next in
                // The place of the band last written to is kept in a register (`cursor`) while
                // edges go to that one band, and written back when they go elsewhere.
                var cursorBand = 0, cursor = next[1]
                for sub in path.subpaths where sub.end - sub.start >= 2 {
                    var a = sub.end - 1
                    for b in sub.start..<sub.end {
                        let first = Int(truncatingIfNeeded: span[b] >> 32), last = Int(truncatingIfNeeded: span[b] & 0xFFFF_FFFF)
                        let edge = UInt64(a) << 32 | UInt64(b)
                        a = b
                        if first == last {
                            if first != cursorBand {
                                next[cursorBand &+ 1] = cursor
                                cursorBand = first
                                cursor = next[first &+ 1]
                            }
                            out[cursor] = edge
                            cursor &+= 1
                        } else if first < last {
                            next[cursorBand &+ 1] = cursor
                            var k = first
                            while k <= last {
                                out[next[k &+ 1]] = edge
                                next[k &+ 1] &+= 1
                                k &+= 1
                            }
                            cursor = next[cursorBand &+ 1]
                        }
                    }
                }
                next[cursorBand &+ 1] = cursor
            }
            count = total
        }
        starts.removeLast()
        self.starts = starts
        self.path = path
        self.offset = offset
        self.flags = flags
    }

    /// Bands sorted before for the same path, flags, box and offset (`EdgeBandsCache`).
    fileprivate init(_ path: Path, offset: SIMD2<Double>, flags: UnsafePointer<UInt8>, starts: [Int], entries: [UInt64]) {
        self.path = path
        self.offset = offset
        self.flags = flags
        self.starts = starts
        self.entries = entries
    }

    /// Calls `body` with each edge of band `band` (the path's order): its two points, minus the
    /// origin (and the offset), and the flag byte of its last point.
    @inline(__always)
    func forEachEdge(inBand band: Int, originX: Double, originY: Double,
                     _ body: (Double, Double, Double, Double, UInt8) -> Void) {
        let ox = originX + offset.x, oy = originY + offset.y
        path.xs.withUnsafeBufferPointer { xs in
            path.ys.withUnsafeBufferPointer { ys in
                entries.withUnsafeBufferPointer { entries in
                    for k in starts[band]..<starts[band + 1] {
                        let e = entries[k]
                        let a = Int(truncatingIfNeeded: e >> 32), b = Int(truncatingIfNeeded: e & 0xFFFF_FFFF)
                        body(xs[a] - ox, ys[a] - oy, xs[b] - ox, ys[b] - oy, flags[b])
                    }
                }
            }
        }
    }
}

/// Where a paint's edges come from, band by band (`Canvas.PaintBox`).
protocol EdgeSource {
    /// Calls `body` with each edge that may reach band `band`: its two points minus the origin
    /// (pixels) and its flag byte.
    func forEachEdge(inBand band: Int, originX: Double, originY: Double, _ body: (Double, Double, Double, Double, UInt8) -> Void)
}

/// Every edge of a path (each subpath closed), for every band: a paint in one band, or one whose
/// edges are too many to sort.
struct PathEdges: EdgeSource {
    let path: Path
    /// Subtracted from the path's points, as `EdgeBands.offset`.
    let offset: SIMD2<Double>
    let flags: UnsafePointer<UInt8>

    @inline(__always)
    func forEachEdge(inBand _: Int, originX ox: Double, originY oy: Double, _ body: (Double, Double, Double, Double, UInt8) -> Void) {
        path.forEachEdge(closingAll: true, flags: flags, originX: ox + offset.x, originY: oy + offset.y, body)
    }
}

/// The bands of one path (with its flags) kept for the boxes it was last painted in: a path kept
/// across maps (`ProjectedCountries.GroupPath`) painted again in a box with the same top in the
/// path's coordinates (a repeated map, a pan along the rows) does not sort its edges again.
final class EdgeBandsCache: Sendable {
    /// What the sorting reads besides the path and flags: the box's top in the path's own
    /// coordinates (its row plus the reach and the offset), its rows, the rows per band, the
    /// bits that leave an edge out, and the reach.
    private struct Key: Hashable {
        var top: UInt64, rows: Int, bandRows: Int, leaving: UInt8, reach: UInt64
    }

    private struct Bands {
        var starts: [Int], entries: [UInt64]
    }

    /// Band layouts kept: two (a repeated map, and another view between).
    private let kept = BoundedCache<Key, Bands>(capacity: 2)

    /// `EdgeBands(path, offset:flags:leaving:box:reach:)`, kept for the next paint with the same
    /// arguments; `path` and `flags` must be the same every time.
    func bands(_ path: Path, offset: SIMD2<Double>, flags: UnsafePointer<UInt8>, leaving: UInt8, box: Canvas.PaintBox,
               reach: Double) -> EdgeBands {
        let key = Key(top: (Double(box.y0) + reach + offset.y).bitPattern, rows: box.rows, bandRows: min(box.bandRows, box.rows), leaving: leaving,
                      reach: reach.bitPattern)
        if let hit = kept.value(for: key) {
            return EdgeBands(path, offset: offset, flags: flags, starts: hit.starts, entries: hit.entries)
        }
        let made = EdgeBands(path, offset: offset, flags: flags, leaving: leaving, box: box, reach: reach)
        kept.insert(Bands(starts: made.starts, entries: made.entries), for: key)
        return made
    }
}
