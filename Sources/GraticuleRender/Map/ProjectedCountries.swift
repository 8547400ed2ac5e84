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
/// Only scales at which the whole map stays within ±`limit` pixels of the origin are kept (world
/// and regional maps; coordinates there carry 10⁻¹⁰ px of rounding); deeper zooms project each
/// view as before. A scale found to reach beyond the limit is remembered as such, so that its
/// views do not project the whole map once more before projecting their own.
final class ProjectedCountries: Sendable {
    /// Per feature, its rings in origin pixels.
    let rings: [[[SIMD2<Double>]]]
    /// Per feature, the clipped vertices that did not project.
    let dropped: [Int]
    /// Per feature, the number of its first ring, and the rings in all
    /// (`SharedBorders.ringNumbers`).
    let firstRing: [Int]
    let ringCount: Int
    /// Every ring's points once more, x and y apart, ring after ring in their numbers' order
    /// (ring g: `ringStart[g] ..< ringStart[g + 1]`), and each ring's bounds (min x, min y,
    /// max x, max y): a view reads a whole ring from here (`ViewRings`) without copying it into
    /// its scene, and tells it whole from its bounds.
    let xs: [Double], ys: [Double]
    let ringStart: [Int]
    let ringBounds: [SIMD4<Double>]
    private let pairs = Mutex<SharedBorders?>(nil)

    static let limit = 1e6

    private init(rings: [[[SIMD2<Double>]]], dropped: [Int]) {
        self.rings = rings
        self.dropped = dropped
        (firstRing, ringCount) = SharedBorders.ringNumbers(of: rings)
        var xs: [Double] = [], ys: [Double] = [], ringStart = [0], ringBounds: [SIMD4<Double>] = []
        for ring in rings.joined() {
            var lo = SIMD2(Double.infinity, .infinity), hi = -lo
            for p in ring {
                xs.append(p.x)
                ys.append(p.y)
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
            ringStart.append(xs.count)
            ringBounds.append(SIMD4(lowHalf: lo, highHalf: hi))
        }
        self.xs = xs
        self.ys = ys
        self.ringStart = ringStart
        self.ringBounds = ringBounds
    }

    /// The edges the rings share, for painting them in one pass (`SharedBorders`): paired on
    /// first use, since only painted maps need them (SVG draws item by item).
    var shared: SharedBorders {
        pairs.withLock { pairs in
            if let pairs { return pairs }
            let made = SharedBorders(rings: rings)
            pairs = made
            return made
        }
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

        init(_ spatialReference: SpatialReference, _ upp: SIMD2<Double>, layer: BuiltInLayer) {
            self.spatialReference = spatialReference
            self.layer = ObjectIdentifier(layer)
            @inline(__always) func rounded(_ v: Double) -> UInt64 { (v.bitPattern &+ (1 << 11)) & ~((1 << 12) - 1) }
            unitsPerPixel = SIMD2(rounded(upp.x), rounded(upp.y))
        }
    }

    /// What a scale gave: the countries (nil: beyond the limit), and the prepared countries they
    /// came from.
    struct Entry: Sendable {
        let prepared: PreparedCountries
        let projected: ProjectedCountries?
    }

    /// Entries hold about 450 KB (1:110m) to several megabytes (1:10m); 64 MiB at most in all.
    static let cache = BoundedCache<Key, Entry>(capacity: 32, maxCost: 64 << 20)

    /// The countries for a renderer's scale, projected once per scale; nil at scales too fine to
    /// keep (see the type).
    static func get(_ renderer: MapRenderer, _ prepared: PreparedCountries) -> ProjectedCountries? {
        // The map spans a few radians: beyond the limit at this scale, do not try.
        guard 8 * Double.pi / renderer.radiansPerPixel < limit else { return nil }
        let key = Key(renderer.spatialReference, renderer.view.unitsPerPixel, layer: prepared.layer)
        if let hit = cache.value(for: key), hit.prepared === prepared { return hit.projected }
        let built = build(renderer, prepared)
        let points = built?.rings.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } ?? 0
        cache.insert(Entry(prepared: prepared, projected: built), for: key, cost: 36 * points)
        return built
    }

    private static func build(_ renderer: MapRenderer, _ prepared: PreparedCountries) -> ProjectedCountries? {
        let resampler = Resampler(projection: renderer.projection,
                                  view: PixelTransform(xMin: 0, yMax: 0, unitsPerPixel: renderer.view.unitsPerPixel))
        var scratch = Resampler.Scratch()
        var all: [[[SIMD2<Double>]]] = []
        var dropped: [Int] = []
        all.reserveCapacity(prepared.rings.count)
        var buffer: [SIMD2<Double>] = []  // reused; each ring is kept as a copy of its size
        for feature in prepared.rings {
            var rings: [[SIMD2<Double>]] = []
            var lost = 0
            for ring in feature {
                guard resampler.project(ring, closed: true, replacing: &buffer, dropped: &lost, scratch: &scratch) >= 3 else { continue }
                for p in buffer where !(abs(p.x) < limit && abs(p.y) < limit) { return nil }
                rings.append(Array(buffer))
            }
            all.append(rings)
            dropped.append(lost)
        }
        return ProjectedCountries(rings: all, dropped: dropped)
    }

    static func clear() { cache.removeAll() }
}
