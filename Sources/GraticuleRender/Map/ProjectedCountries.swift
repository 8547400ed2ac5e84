import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import Synchronization

/// The countries of one `PreparedCountries`, resampled and projected at one map scale, in the
/// pixels of a view whose top-left corner is the map's origin: (x / unitsPerPixel.x,
/// −y / unitsPerPixel.y). Resampling compares projected midpoints with chords in pixels, which
/// depends on the scale and not on where the view is; so any view at this scale takes these
/// rings, moves them by its corner's offset and clips them, and pans, repeated maps and the tiles
/// of one zoom level do not project again. Cached per (spatial reference, scale), with the
/// prepared countries it was made from (a view that prepares other ones makes its own).
///
/// The rings are made at the key's scale (`Key.unitsPerPixel`, rounded), not at the scale of the
/// view that asks first: views whose scales differ in the last bits (the tiles of one zoom level,
/// pans) share an entry, and what each of them draws must not depend on which came first or on
/// whether the entry was evicted and made again in between.
///
/// The rings are simplified below `tolerance` (`RingSimplifier`, shared borders kept shared): a
/// detailed layer drawn small keeps the points that can change a pixel.
///
/// Only scales at which the whole map stays within ±`limit` pixels of the origin are kept (world
/// and regional maps; coordinates there carry 10⁻¹⁰ px of rounding); deeper zooms project each
/// view as before. A scale found to reach beyond the limit is remembered as such, so that its
/// views do not project the whole map once more before projecting their own.
final class ProjectedCountries: Sendable {
    /// Every ring's points in origin pixels, x and y apart, ring after ring in their numbers'
    /// order (feature by feature, as `SharedBorders` numbers them; ring g is
    /// `ringStart[g] ..< ringStart[g + 1]`), and each ring's bounds (min x, min y, max x, max y):
    /// a view reads a whole ring from here (`ViewRings`) without copying it into its scene, and
    /// tells it whole from its bounds.
    let xs: [Double], ys: [Double]
    /// The scale the rings were made at (map units per pixel, x and y; `Key`'s rounded one).
    let unitsPerPixel: SIMD2<Double>
    let ringStart: [Int]
    let ringBounds: [SIMD4<Double>]
    /// Per feature, the clipped vertices that did not project.
    let dropped: [Int]
    /// Per feature, the number of its first ring; one more at the end (the rings in all).
    private let featureStart: [Int]
    private let pairs = Mutex<SharedBorders?>(nil)
    /// Kept per projection: the paint groups of a few views (the countries, and a selection
    /// apart from them).
    private let groupPaths = BoundedCache<[Range<Int>], GroupPath>(capacity: 4)
    private let wholeFlags = BoundedCache<[Int32], [[UInt8]]>(capacity: 4)

    static let limit = 1e6

    /// Rings in all.
    var ringCount: Int { ringStart.count - 1 }

    /// The numbers of feature `i`'s rings.
    func rings(ofFeature i: Int) -> Range<Int> { featureStart[i]..<featureStart[i + 1] }

    /// The points of ring `g` (origin pixels), minus `offset`: a view's pixels.
    func ring(_ g: Int, minus offset: SIMD2<Double>) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        append(ring: g, minus: offset, to: &points)
        return points
    }

    /// Appends `ring(g, minus: offset)` to `points`.
    func append(ring g: Int, minus offset: SIMD2<Double>, to points: inout [SIMD2<Double>]) {
        points.reserveCapacity(points.count + ringStart[g + 1] - ringStart[g])
        for k in ringStart[g]..<ringStart[g + 1] { points.append(SIMD2(xs[k], ys[k]) - offset) }
    }

    private init(xs: [Double], ys: [Double], unitsPerPixel: SIMD2<Double>, ringStart: [Int], featureStart: [Int], dropped: [Int]) {
        self.xs = xs
        self.ys = ys
        self.unitsPerPixel = unitsPerPixel
        self.ringStart = ringStart
        self.featureStart = featureStart
        self.dropped = dropped
        ringBounds = (0..<(ringStart.count - 1)).map { g in
            var lo = SIMD2(Double.infinity, .infinity), hi = -lo
            for k in ringStart[g]..<ringStart[g + 1] {
                let p = SIMD2(xs[k], ys[k])
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
            return SIMD4(lowHalf: lo, highHalf: hi)
        }
    }

    /// The edges the rings share, for painting them in one pass (`SharedBorders`): paired on
    /// first use, since only painted maps need them (SVG draws item by item).
    var shared: SharedBorders {
        pairs.withLock { pairs in
            if let pairs { return pairs }
            let made = SharedBorders(xs: xs, ys: ys, ringStart: ringStart)
            pairs = made
            return made
        }
    }

    /// The same rings without repeated points (`RingSimplifier.deduplicated()`): what the
    /// simplified rings are a subset of.
    var withoutRepeatedPoints: ProjectedCountries {
        let d = RingSimplifier(xs: xs, ys: ys, ringStart: ringStart, tolerance: Self.tolerance).deduplicated()
        return ProjectedCountries(xs: d.xs, ys: d.ys, unitsPerPixel: unitsPerPixel, ringStart: d.ringStart,
                                  featureStart: featureStart, dropped: dropped)
    }

    /// The painter's path of a paint group whose items all read whole rings from here
    /// (`ViewRings`), in origin pixels: the same for every view at this scale that shows those
    /// items whole (pans, repeated maps), so it is made once (`Path.append(_:)` of the rings) with
    /// its flags and bounds, and a view paints it moved by its corner's offset
    /// (`Canvas.fillAndHairline(_:offset:bounds:...)`) instead of copying every point into a
    /// path of its own.
    struct GroupPath: Sendable {
        let path: Path
        /// The items' `EdgeSkips` flags, one per point.
        let flags: [UInt8]
        let bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        /// Its edges sorted into the bands of the last few views painted.
        let bands = EdgeBandsCache()
    }

    /// The group path of items reading `rings` (each item's, in paint order), made on first use
    /// with `flags` (the items' `EdgeSkips` flags, which depend on the group alone).
    func groupPath(_ rings: [Range<Int>], flags: () -> [UInt8]) -> GroupPath {
        if let hit = groupPaths.value(for: rings) { return hit }
        var path = Path()
        let count = rings.reduce(0) { $0 + ringStart[$1.upperBound] - ringStart[$1.lowerBound] }
        path.reserveCapacity(points: count, subpaths: rings.reduce(0) { $0 + $1.count })
        for r in rings { path.append(ViewRings(source: self, offset: .zero, rings: r)) }
        let made = GroupPath(path: path, flags: flags(), bounds: path.bounds)
        groupPaths.insert(made, for: rings)
        return made
    }

    /// The items' `EdgeSkips` flags (`SharedBorders.flags`) in a view whose items all read whole
    /// rings from here, with `ringGroups` every ring's paint group (−1: not drawn): they depend on
    /// nothing else, so views at this scale with the same groups (pans, repeated maps) make them
    /// once.
    func flagsOfWholeItems(_ ringGroups: [Int32], _ make: () -> [[UInt8]]) -> [[UInt8]] {
        if let hit = wholeFlags.value(for: ringGroups) { return hit }
        let made = make()
        wholeFlags.insert(made, for: ringGroups)
        return made
    }

    /// The spatial reference and the scale, each unit per pixel rounded to 40 bits of mantissa
    /// (10⁻¹² relative): a panned view's scale, its extent's width over its size, differs from
    /// the last one's in the last bits. Rings made at a scale that differs that little lie within
    /// 10⁻⁶ px of the view's own out to the limit.
    struct Key: Hashable, Sendable {
        let spatialReference: SpatialReference
        let unitsPerPixel: SIMD2<UInt64>
        /// The prepared layer's layer, by identity: a map of the countries and another polygon
        /// layer keeps both.
        let layer: ObjectIdentifier

        /// Whether the rings are simplified (`RingSimplifier`).
        let simplified: Bool

        init(_ spatialReference: SpatialReference, _ upp: SIMD2<Double>, layer: BuiltInLayer, simplified: Bool = true) {
            self.spatialReference = spatialReference
            self.layer = ObjectIdentifier(layer)
            self.simplified = simplified
            @inline(__always) func rounded(_ v: Double) -> UInt64 { (v.bitPattern &+ (1 << 11)) & ~((1 << 12) - 1) }
            unitsPerPixel = SIMD2(rounded(upp.x), rounded(upp.y))
        }

        /// The rounded scale, in map units per pixel.
        var scale: SIMD2<Double> { SIMD2(Double(bitPattern: unitsPerPixel.x), Double(bitPattern: unitsPerPixel.y)) }
    }

    /// What a scale gave: the countries (nil: beyond the limit), and the prepared countries they
    /// came from.
    struct Entry: Sendable {
        let prepared: PreparedCountries
        let projected: ProjectedCountries?
    }

    /// An entry costs 48 bytes per point: its points (16), the group path and flags a painted
    /// map keeps (18), and that path's bands for two views (16); about 640 KB for the 1:110m
    /// countries, 26 MB for the 1:10m. 96 MiB at most in all.
    static let cache = BoundedCache<Key, Entry>(capacity: 32, maxCost: 96 << 20)

    /// The countries for a renderer's scale, projected once per scale; nil at scales too fine to
    /// keep (see the type).
    static func get(_ renderer: MapRenderer, _ prepared: PreparedCountries, simplified: Bool = true) -> ProjectedCountries? {
        // The map spans a few radians: beyond the limit at this scale, do not try.
        guard 8 * Double.pi / renderer.radiansPerPixel < limit else { return nil }
        let key = Key(renderer.spatialReference, renderer.view.unitsPerPixel, layer: prepared.layer, simplified: simplified)
        if let hit = cache.value(for: key), hit.prepared === prepared { return hit.projected }
        let built = build(renderer.projection, key.scale, prepared, simplified: simplified)
        cache.insert(Entry(prepared: prepared, projected: built), for: key, cost: 48 * (built?.xs.count ?? 0))
        return built
    }

    /// Points closer than this to the ring drawn without them are left out (`RingSimplifier`):
    /// a sixteenth of a pixel, which moves an edge's coverage by at most a sixteenth (16 of 255
    /// levels of an opaque colour, where the left-out points bend most).
    static let tolerance = 1.0 / 16

    private static func build(_ projection: MapProjection, _ scale: SIMD2<Double>, _ prepared: PreparedCountries,
                              simplified: Bool) -> ProjectedCountries? {
        let resampler = Resampler(projection: projection, view: PixelTransform(xMin: 0, yMax: 0, unitsPerPixel: scale))
        var scratch = Resampler.Scratch()
        var xs: [Double] = [], ys: [Double] = [], ringStart = [0], featureStart = [0], dropped: [Int] = []
        dropped.reserveCapacity(prepared.rings.count)
        var buffer: [SIMD2<Double>] = []  // reused
        for feature in prepared.rings {
            var lost = 0
            for ring in feature {
                guard resampler.project(ring, closed: true, replacing: &buffer, dropped: &lost, scratch: &scratch) >= 3 else { continue }
                for p in buffer {
                    guard abs(p.x) < limit && abs(p.y) < limit else { return nil }
                    xs.append(p.x)
                    ys.append(p.y)
                }
                ringStart.append(xs.count)
            }
            featureStart.append(ringStart.count - 1)
            dropped.append(lost)
        }
        if simplified && xs.count >= RingSimplifier.minimumPoints {
            (xs, ys, ringStart) = RingSimplifier(xs: xs, ys: ys, ringStart: ringStart, tolerance: tolerance).simplified()
        }
        return ProjectedCountries(xs: xs, ys: ys, unitsPerPixel: scale, ringStart: ringStart, featureStart: featureStart, dropped: dropped)
    }

    static func clear() { cache.removeAll() }
}
