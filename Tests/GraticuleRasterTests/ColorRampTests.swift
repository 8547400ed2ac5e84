import Testing
import GraticuleCore
@testable import GraticuleRaster

/// `colorize` (the bucket table) against `color(_:)` (the ramp's definition), and `color(_:)`
/// against values worked by hand.
@Suite struct ColorRampTests {
    static let ramps: [(String, ColorRamp)] = [
        ("ndvi", .ndvi),
        ("grey", .grey(min: 0, max: 255)),
        ("terrain", .terrain(min: -412, max: 8848)),
        ("two stops at one value", ColorRamp(stops: [.init(0, [0, 0, 0, 255]), .init(1, [200, 10, 30, 128]),
                                                     .init(1, [10, 250, 40, 255]), .init(3, [255, 255, 0, 0])])),
        ("one stop", ColorRamp(stops: [.init(5, [1, 2, 3, 4])])),
        ("a subnormal range", ColorRamp(stops: [.init(0, [0, 0, 0, 255]), .init(Double.leastNormalMagnitude / 2, [255, 0, 0, 255])])),
        ("the widest range", ColorRamp(stops: [.init(-1e308, [0, 0, 0, 255]), .init(1e308, [255, 255, 255, 255])])),
    ]

    /// Values over the whole ramp and beyond: every stop and its neighbouring doubles, every
    /// bucket edge of the table and its neighbours, seeded random values, NaN, ±∞, runs.
    static func values(_ ramp: ColorRamp) -> [Double] {
        let low = ramp.stops.first!.value, high = ramp.stops.last!.value
        var v: [Double] = [.nan, .infinity, -.infinity, low - 1, high + 1, .nan, .nan, 0.25, 0.25]
        for s in ramp.stops { v += [s.value.nextDown, s.value, s.value.nextUp] }
        if high > low {
            let n = ColorRamp.Table.bucketCount
            for k in stride(from: 0, through: n, by: 7) {
                let edge = low + Double(k) * (high - low) / Double(n)
                v += [edge.nextDown, edge, edge.nextUp]
            }
        }
        var rng = SplitMix64(seed: 0x5EED)
        let span = max(high - low, 1)
        for _ in 0..<200_000 { v.append(low - 0.1 * span + 1.2 * span * rng.unit()) }
        return v
    }

    @Test(arguments: ramps.indices)
    func colorizeEqualsColorForEveryValue(_ i: Int) {
        let (name, ramp) = Self.ramps[i]
        let values = Self.values(ramp)
        var bytes = [UInt8](repeating: 0, count: 4 * values.count)
        values.withUnsafeBufferPointer { v in bytes.withUnsafeMutableBufferPointer { ramp.colorize(v, into: $0.baseAddress!) } }
        var bad = 0
        for (k, v) in values.enumerated() {
            let c = ramp.color(v)
            if SIMD4(bytes[4 * k], bytes[4 * k + 1], bytes[4 * k + 2], bytes[4 * k + 3]) != c {
                bad += 1
                if bad <= 3 { Issue.record("\(name): value \(v) coloured \(bytes[(4 * k)..<(4 * k + 4)]), color(_:) gives \(c)") }
            }
        }
        #expect(bad == 0, "\(name): \(bad) of \(values.count) values differ")
    }

    /// Fewer values than buckets, for a ramp without a table: computed one by one, the same bytes.
    @Test func fewValuesWithoutATable() {
        let ramp = ColorRamp.terrain(min: 3, max: 7.25)  // a ramp no other test colours
        var values = [Double.nan, 2, 3, 3, 4.9, 4.9, 5.125, 7.25, 8]
        var rng = SplitMix64(seed: 77)
        for _ in 0..<1000 { values.append(2 + 6 * rng.unit()) }
        var bytes = [UInt8](repeating: 0, count: 4 * values.count)
        values.withUnsafeBufferPointer { v in bytes.withUnsafeMutableBufferPointer { ramp.colorize(v, into: $0.baseAddress!) } }
        for (k, v) in values.enumerated() {
            #expect(SIMD4(bytes[4 * k], bytes[4 * k + 1], bytes[4 * k + 2], bytes[4 * k + 3]) == ramp.color(v), "value \(v)")
        }
        #expect(ColorRamp.Table.cache.value(for: ramp) == nil)
    }

    @Test func colorByHand() {
        let grey = ColorRamp.grey(min: 0, max: 255)
        #expect(grey.color(100.4) == [100, 100, 100, 255])  // 100.4 + 0.5 truncated
        #expect(grey.color(100.5) == [101, 101, 101, 255])
        #expect(grey.color(-3) == [0, 0, 0, 255] && grey.color(300) == [255, 255, 255, 255])
        #expect(grey.color(.nan) == [0, 0, 0, 0])
        // NDVI 0.05: halfway from (166, 128, 88) to (215, 200, 150): 190.5, 164, 119 (+ 0.5, truncated).
        #expect(ColorRamp.ndvi.color(0.05) == [191, 164, 119, 255])
    }

    @Test func theTableMarksFewBuckets() {
        let table = ColorRamp.Table(.ndvi)
        let mixed = table.mixed.reduce(0) { $0 + $1.nonzeroBitCount }
        #expect(mixed > 0 && mixed < ColorRamp.Table.bucketCount / 5, "\(mixed) mixed buckets")
    }
}
