import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// The countries projected per scale are simplified below a sixteenth of a pixel
/// (`RingSimplifier`): every point left out lies that close to the ring kept, the borders that
/// two rings shared are still shared edge for edge, and the map's pixels barely move.
@Suite struct RingSimplifierTests {
    /// The 1:10m (or 1:110m) countries projected for a 1024 × 512 world map, simplified and not.
    static func projected(_ crs: String, _ resolution: CountryResolution) throws -> (whole: ProjectedCountries, simple: ProjectedCountries) {
        let sr = try SpatialReference(text: crs)
        let r = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(resolution)])
        let prepared = try r.preparedCountries(resolution)
        let whole = try #require(ProjectedCountries.get(r, prepared, simplified: false)).withoutRepeatedPoints
        let simple = try #require(ProjectedCountries.get(r, prepared, simplified: true))
        return (whole, simple)
    }

    /// Per ring: the points of the simplified ring are points of the whole one, in order; every
    /// point between two kept ones lies within the tolerance of the segment joining them.
    @Test(arguments: [("EPSG:4326", CountryResolution.high), ("ESRI:54030", .high), ("EPSG:3857", .high)])
    func leftOutPointsLieWithinTheTolerance(_ crs: String, _ resolution: CountryResolution) throws {
        let (whole, simple) = try Self.projected(crs, resolution)
        #expect(simple.ringCount == whole.ringCount)
        var worst = 0.0, notSubsequence = 0
        for g in 0..<whole.ringCount {
            let a = whole.ring(g, minus: .zero), b = simple.ring(g, minus: .zero)
            // The kept points' places in the whole ring.
            let places = Self.places(whole, g)
            guard places.map({ a[$0] }) == b else { notSubsequence += 1; continue }
            for (k, lo) in places.enumerated() {
                let hi = k + 1 < places.count ? places[k + 1] : places[0] + a.count
                let s = a[lo], e = a[hi % a.count], d = e - s
                for j in (lo + 1)..<hi {
                    let p = a[j % a.count] - s
                    let len = (d * d).sum()
                    let t = len > 0 ? min(max((p * d).sum() / len, 0), 1) : 0
                    let off = p - t * d
                    worst = max(worst, (off * off).sum().squareRoot())
                }
            }
        }
        #expect(notSubsequence == 0, "\(crs): \(notSubsequence) rings are not subsequences of the whole ones")
        #expect(worst <= ProjectedCountries.tolerance * (1 + 1e-9), "\(crs): a point left out lies \(worst) px from its ring")
    }

    /// The places in ring `g` of `whole` of the points the simplified ring keeps.
    static func places(_ whole: ProjectedCountries, _ g: Int) -> [Int] {
        var keep: [Bool] = []
        RingSimplifier(xs: whole.xs, ys: whole.ys, ringStart: whole.ringStart, tolerance: ProjectedCountries.tolerance)
            .kept(ring: g, shared: whole.shared, into: &keep)
        return keep.indices.filter { keep[$0] }
    }

    /// Fewer points: the 1:10m countries on a world map keep a fraction of theirs.
    @Test func theDetailedCountriesKeepFewPoints() throws {
        let (whole, simple) = try Self.projected("EPSG:4326", .high)
        #expect(simple.xs.count * 2 < whole.xs.count, "\(simple.xs.count) of \(whole.xs.count) points kept")
        // The 1:110m countries, fewer than `RingSimplifier.minimumPoints`, are left as they are.
        let (whole110, simple110) = try Self.projected("EPSG:4326", .low)
        #expect(whole110.xs.count < RingSimplifier.minimumPoints && simple110.xs == whole110.xs && simple110.ys == whole110.ys)
    }

    /// Every edge of a simplified ring that stands for shared edges of the whole one (its chain
    /// of left-out points all shared with one ring) is shared: borders stay paired, so painting
    /// in one pass still fills through them and strokes them once. (Its twin may be another
    /// copy of the border: where a ring runs out and back along its neighbour's border, the
    /// pairing, first met first, may match the way out with the way back.) A spike shorter
    /// than the tolerance, out and back in one ring, collapses to a point: no edge is left.)
    @Test(arguments: [("EPSG:4326", CountryResolution.high), ("ESRI:54030", .high)])
    func sharedBordersStayShared(_ crs: String, _ resolution: CountryResolution) throws {
        let (whole, simple) = try Self.projected(crs, resolution)
        let before = whole.shared, after = simple.shared
        var lost = 0, checked = 0
        for g in 0..<whole.ringCount {
            let a = whole.ring(g, minus: .zero), b = simple.ring(g, minus: .zero)
            guard b.count < a.count, b.count >= 3 else { continue }
            let twinsA = Array(before.twins(ofRing: g)), twinsB = Array(after.twins(ofRing: g))
            // Place of each kept point in the whole ring (a subsequence, as tested above).
            let places = Self.places(whole, g)
            guard places.map({ a[$0] }) == b else { continue }
            for k in 0..<b.count {
                // The simplified edge ending at kept point k stands for the whole ring's edges
                // ending at places (k − 1) + 1 … places k.
                let lo = k > 0 ? places[k - 1] : places[b.count - 1] - a.count
                let hi = places[k]
                let rings = Set(((lo + 1)...hi).map { twinsA[($0 + a.count) % a.count] >> 1 })
                guard rings.count == 1, rings.first != 0, b[k] != b[(k + b.count - 1) % b.count] else { continue }
                checked += 1
                if twinsB[k] == 0 { lost += 1 }
            }
        }
        #expect(checked > 100, "\(crs): \(checked) shared edges checked")
        // Borders in more than two rings may pair differently (see `RingSimplifier`): a few.
        #expect(lost * 50 < checked, "\(crs): \(lost) of \(checked) shared edges lost their twin")
    }

    /// The world map of the 1:10m countries simplified against the same map unsimplified: a
    /// left-out point bends its ring by at most a sixteenth of a pixel, so an edge pixel's
    /// coverage moves by about that (16 levels of an opaque colour) and interiors not at all;
    /// more only where a spike narrower than the tolerance loses the hairline along it (its
    /// stroke, a quarter of the stroke's alpha at most per side: 64 levels).
    @Test func theMapBarelyMoves() throws {
        let sr = try SpatialReference(text: "EPSG:4326")
        let r = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.high)])
        func pixels(_ simplified: Bool) throws -> [UInt8] {
            let scene = try r.scene(reusingProjection: true, simplifying: simplified)
            var canvas = Canvas(width: 1024, height: 512, background: scene.background.rgba)
            MapRenderer.paint(scene, onto: &canvas)
            return canvas.rgba
        }
        let simple = try pixels(true), whole = try pixels(false)
        var worst = 0, moved = 0
        for (p, q) in zip(simple, whole) where p != q {
            worst = max(worst, abs(Int(p) - Int(q)))
            moved += 1
        }
        let far = zip(simple, whole).reduce(0) { $0 + (abs(Int($1.0) - Int($1.1)) > 16 ? 1 : 0) }
        #expect(moved < simple.count / 20, "\(moved) of \(simple.count) bytes moved")
        #expect(far < simple.count / 1000 && worst <= 64, "\(far) bytes moved by more than 16 levels, one by \(worst)")
    }
}
