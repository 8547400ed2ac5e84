/// The compact storage shared by `Multipoint`, `Polyline` and `Polygon`: every vertex of the
/// geometry in one `[SIMD2<Double>]` buffer (x/y), optional parallel `z` and `m` buffers, and the
/// offsets where each part (path or ring) starts.
///
/// Part `i` is `xy[partOffsets[i] ..< partOffsets[i + 1]]`; `partOffsets` always starts with 0 and
/// ends with `xy.count` (so it holds `partCount + 1` values). There is no array per part: iterating
/// every vertex is a walk over one contiguous buffer.
///
/// ```swift
/// polygon.parts.withUnsafeBuffers { xy, offsets in
///     for r in 0 ..< offsets.count - 1 {
///         for i in offsets[r] ..< offsets[r + 1] { use(xy[i]) }   // ring r, closed (last == first)
///     }
/// }
/// ```
public struct CoordinateParts: Hashable, Sendable {
    /// Every vertex, part after part.
    public var xy: [SIMD2<Double>]
    /// z of every vertex (same count as `xy`), when the geometry has z.
    public var z: [Double]?
    /// m (measure) of every vertex, when the geometry has m.
    public var m: [Double]?
    /// Start of each part in `xy`, then `xy.count`.
    public var partOffsets: [Int]

    /// No parts.
    public init() {
        xy = []
        partOffsets = [0]
    }

    /// Wraps buffers.
    /// - Precondition: `partOffsets` starts at 0, never decreases and ends at `xy.count`;
    ///   `z` and `m`, when given, have `xy.count` values.
    public init(xy: [SIMD2<Double>], partOffsets: [Int], z: [Double]? = nil, m: [Double]? = nil) {
        precondition(partOffsets.first == 0 && partOffsets.last == xy.count, "part offsets must span 0…\(xy.count)")
        precondition(z == nil || z!.count == xy.count, "z must have one value per vertex")
        precondition(m == nil || m!.count == xy.count, "m must have one value per vertex")
        self.xy = xy
        self.partOffsets = partOffsets
        self.z = z
        self.m = m
    }

    /// Builds from one array per part (a convenience; the parts are copied into one buffer).
    public init(parts: [[SIMD2<Double>]]) {
        xy = []
        xy.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        partOffsets = [0]
        for p in parts {
            xy.append(contentsOf: p)
            partOffsets.append(xy.count)
        }
    }

    /// Number of parts.
    @inlinable public var partCount: Int { partOffsets.count - 1 }
    /// Number of vertices in all parts.
    @inlinable public var pointCount: Int { xy.count }
    /// The vertex index range of part `i`.
    @inlinable public func range(ofPart i: Int) -> Range<Int> { partOffsets[i] ..< partOffsets[i + 1] }
    /// The x/y of part `i` (a slice of `xy`, no copy).
    @inlinable public func part(_ i: Int) -> ArraySlice<SIMD2<Double>> { xy[range(ofPart: i)] }
    /// Every part as a slice of `xy`.
    public var parts: [ArraySlice<SIMD2<Double>>] { (0 ..< partCount).map(part) }
    public var hasZ: Bool { z != nil }
    public var hasM: Bool { m != nil }

    /// Calls `body` with the vertex buffer and the part offsets, without copying.
    @inlinable public func withUnsafeBuffers<R>(
        _ body: (UnsafeBufferPointer<SIMD2<Double>>, UnsafeBufferPointer<Int>) throws -> R) rethrows -> R {
        try xy.withUnsafeBufferPointer { p in try partOffsets.withUnsafeBufferPointer { o in try body(p, o) } }
    }

    /// Appends a part (z/m must be given exactly when the geometry already has them, or when it is empty).
    public mutating func append(part: some Collection<SIMD2<Double>>, z partZ: [Double]? = nil, m partM: [Double]? = nil) {
        let wasEmpty = xy.isEmpty
        xy.append(contentsOf: part)
        if let partZ {
            if z == nil && wasEmpty { z = [] }
            z?.append(contentsOf: partZ)
        } else if z != nil {
            z!.append(contentsOf: repeatElement(0, count: part.count))
        }
        if let partM {
            if m == nil && wasEmpty { m = [] }
            m?.append(contentsOf: partM)
        } else if m != nil {
            m!.append(contentsOf: repeatElement(.nan, count: part.count))
        }
        partOffsets.append(xy.count)
    }

    /// Replaces every x/y in place (z and m kept), e.g. after projecting the buffer.
    public mutating func withMutableXY<R>(_ body: (UnsafeMutableBufferPointer<SIMD2<Double>>) throws -> R) rethrows -> R {
        try xy.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// The bounding box of every vertex (NaN skipped).
    public var bounds: (min: SIMD2<Double>, max: SIMD2<Double>) {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in xy where !p.x.isNaN && !p.y.isNaN {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// The z range, when there is z.
    public var zRange: ClosedRange<Double>? {
        guard let z, let lo = z.filter({ !$0.isNaN }).min(), let hi = z.filter({ !$0.isNaN }).max() else { return nil }
        return lo ... hi
    }

    /// Keeps only the parts for which `keep(partIndex)` is true.
    public func filteringParts(_ keep: (Int) -> Bool) -> CoordinateParts {
        var out = CoordinateParts()
        if z != nil { out.z = [] }
        if m != nil { out.m = [] }
        for i in 0 ..< partCount where keep(i) {
            let r = range(ofPart: i)
            out.xy.append(contentsOf: xy[r])
            out.z?.append(contentsOf: z![r])
            out.m?.append(contentsOf: m![r])
            out.partOffsets.append(out.xy.count)
        }
        return out
    }
}
