/// A planar path in pixel coordinates (x to the right, y down, origin at the top-left corner of
/// the top-left pixel; pixel (i, j) covers [i, i + 1) × [j, j + 1), its centre is (i + ½, j + ½)).
///
/// A path holds any number of subpaths, each begun with `move(to:_:)`. `fill` closes every
/// subpath implicitly; `stroke` joins the last point back to the first only when `close()` was
/// called.
///
/// Robustness: a point with a NaN or infinite coordinate is skipped (the subpath continues from
/// the previous finite point) and counted in `skippedPoints`; finite coordinates beyond
/// ±`Path.coordinateLimit` (10⁹ px) are clamped to it, so huge values never overflow the
/// rasteriser's arithmetic (a shape reaching that far is off any canvas anyway).
public struct Path: Sendable {
    /// The largest coordinate magnitude kept; larger finite values are clamped (pixels).
    public static let coordinateLimit = 1e9

    struct Subpath: Sendable {
        var start: Int
        var end: Int
        var closed: Bool
    }

    /// Vertices of all subpaths, interleaved x, y.
    var xs: [Double] = []
    var ys: [Double] = []
    var subpaths: [Subpath] = []

    /// Points dropped because a coordinate was NaN or infinite.
    public private(set) var skippedPoints = 0

    /// An empty path.
    public init() {}

    /// True when the path has no vertex.
    public var isEmpty: Bool { xs.isEmpty }

    /// The number of vertices in all subpaths.
    public var pointCount: Int { xs.count }

    /// Starts a new subpath at (x, y) (pixels).
    public mutating func move(to x: Double, _ y: Double) {
        guard let (cx, cy) = accept(x, y) else { return }
        subpaths.append(Subpath(start: xs.count, end: xs.count + 1, closed: false))
        xs.append(cx)
        ys.append(cy)
    }

    /// Adds a straight edge from the current point to (x, y) (pixels). Without a current
    /// subpath this starts one, as `move(to:_:)` does; after `close()` the new edge starts at
    /// the closed subpath's first point (SVG and PostScript behave the same).
    public mutating func line(to x: Double, _ y: Double) {
        guard let (cx, cy) = accept(x, y) else { return }
        guard let last = subpaths.indices.last else {
            subpaths.append(Subpath(start: xs.count, end: xs.count + 1, closed: false))
            xs.append(cx)
            ys.append(cy)
            return
        }
        if subpaths[last].closed {
            // As in SVG and PostScript: after a close, drawing continues from the closed
            // subpath's first point in a new subpath.
            let s = subpaths[last].start
            let (sx, sy) = (xs[s], ys[s])
            subpaths.append(Subpath(start: xs.count, end: xs.count + 1, closed: false))
            xs.append(sx)
            ys.append(sy)
        }
        let current = subpaths.count - 1
        xs.append(cx)
        ys.append(cy)
        subpaths[current].end = xs.count
    }

    /// Closes the current subpath (its last point joins its first; matters for strokes).
    public mutating func close() {
        guard let last = subpaths.indices.last else { return }
        subpaths[last].closed = true
    }

    /// A path of rings or lines given as points (pixels), each a subpath (closed when `closed`);
    /// subpaths of fewer than two points are left out. The same as `move(to:)` to the first
    /// point, `line(to:)` to each other and `close()`, built without growing the arrays.
    public init(_ subpaths: [[SIMD2<Double>]], closed: Bool) {
        let total = subpaths.reduce(0) { $1.count >= 2 ? $0 + $1.count : $0 }
        reserveCapacity(points: total, subpaths: subpaths.count)
        append(subpaths, closed: closed)
    }

    /// Room for `points` more points in `subpaths` more subpaths.
    mutating func reserveCapacity(points: Int, subpaths count: Int) {
        xs.reserveCapacity(xs.count + points)
        ys.reserveCapacity(ys.count + points)
        subpaths.reserveCapacity(subpaths.count + count)
    }

    /// Adds rings or lines as `init(_:closed:)` makes them.
    mutating func append(_ subpaths: [[SIMD2<Double>]], closed: Bool) {
        for points in subpaths where points.count >= 2 {
            let start = xs.count
            for p in points {
                guard let (x, y) = accept(p.x, p.y) else { continue }
                xs.append(x)
                ys.append(y)
            }
            if xs.count > start { self.subpaths.append(Subpath(start: start, end: xs.count, closed: closed)) }
        }
    }

    /// The bounding box of all vertices, or nil for an empty path (pixels).
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard !xs.isEmpty else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in xs.indices {
            minX = min(minX, xs[i]); maxX = max(maxX, xs[i])
            minY = min(minY, ys[i]); maxY = max(maxY, ys[i])
        }
        return (minX, minY, maxX, maxY)
    }

    private mutating func accept(_ x: Double, _ y: Double) -> (Double, Double)? {
        guard x.isFinite, y.isFinite else {
            skippedPoints += 1
            return nil
        }
        let l = Path.coordinateLimit
        return (min(max(x, -l), l), min(max(y, -l), l))
    }
}
