import Foundation
import GraticuleCore
@testable import GraticuleRender
import Testing

/// A fill and its hairline painted in bands with the edges sorted into them once (`EdgeBands`,
/// `Canvas.fillAndHairline`): each band gets every edge that reaches it, in the path's order, and
/// the pixels are those of the fill and the hairline painted one after the other in one pass each.
@Suite struct EdgeBandsTests {
    /// Rings of 24 points on wobbly circles of radius 3–40 px scattered over a 256 × 1024 box
    /// (few edges for the box: it is painted in bands), each closed, and a flag byte per point.
    static func rings(seed: UInt64) -> (path: Path, flags: [UInt8]) {
        var g = SplitMix64(seed: seed)
        var rings: [[SIMD2<Double>]] = []
        for _ in 0..<60 {
            let c = SIMD2(-20 + 296 * g.unit(), -20 + 1064 * g.unit()), r = 3 + 37 * g.unit()
            rings.append((0..<24).map { k in
                let t = Double(k) / 24 * 2 * .pi, w = r * (0.7 + 0.6 * g.unit())
                return c + SIMD2(w * cos(t), w * sin(t))
            })
        }
        let path = Path(rings, closed: true)
        // 0: fill and stroke; 1: stroke only; 2: fill only; 3: neither.
        let flags = (0..<path.pointCount).map { _ in UInt8(g.next() % 8 < 5 ? 0 : g.next() % 4) }
        return (path, flags)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func everyEdgeReachingABandIsInIt(seed: UInt64) throws {
        let (path, flags) = Self.rings(seed: seed)
        var canvas = Canvas(width: 256, height: 1024, background: .zero)
        let painted = canvas.paintBox(minX: -1, minY: -1, maxX: 257, maxY: 1025, cellBytes: 16 * 258 * 50)
        let box = try #require(painted)
        #expect(box.bandRows == 50 && box.rows == 1024)
        // Every edge by its last point: first point, flag.
        var edges: [(a: SIMD2<Double>, b: SIMD2<Double>, flag: UInt8)] = []
        for sub in path.subpaths {
            var a = sub.end - 1
            for b in sub.start..<sub.end {
                edges.append((SIMD2(path.xs[a], path.ys[a]), SIMD2(path.xs[b], path.ys[b]), flags[b]))
                a = b
            }
        }
        var placed = 0
        flags.withUnsafeBufferPointer { flagBytes in
            let bands = EdgeBands(path, flags: flagBytes.baseAddress!, leaving: 3, box: box, reach: 1)
            for (index, top) in box.bandTops.enumerated() {
                let band = box.band(from: top), y0 = Double(band.y0), y1 = Double(band.y0 + band.rows)
                var given: [(SIMD2<Double>, SIMD2<Double>, UInt8)] = []
                bands.forEachEdge(inBand: index, originX: 0, originY: 0) { ax, ay, bx, by, flag in
                    given.append((SIMD2(ax, ay), SIMD2(bx, by), flag))
                }
                placed += given.count
                // The edges that reach the band (rows y0 ..< y1, widened by 1 px), not flagged
                // both ways, in the path's order.
                let expected = edges.filter { e in e.flag != 3 && min(e.a.y, e.b.y) - 1 < y1 && max(e.a.y, e.b.y) + 1 > y0 }
                let kept = given.filter { g in min(g.0.y, g.1.y) - 1 < y1 && max(g.0.y, g.1.y) + 1 > y0 }
                #expect(kept.count == expected.count, "band \(index): \(kept.count) of \(expected.count) edges")
                #expect(zip(kept, expected).allSatisfy { $0.0 == $1.a && $0.1 == $1.b && $0.2 == $1.flag }, "band \(index)")
                // None far from the band (at most the widening's rounding), none flagged both ways.
                #expect(given.allSatisfy { g in min(g.0.y, g.1.y) - 2 < y1 && max(g.0.y, g.1.y) + 2 > y0 && g.2 != 3 })
            }
        }
        #expect(placed >= edges.filter { $0.flag != 3 && max($0.a.y, $0.b.y) > -1 && min($0.a.y, $0.b.y) < 1025 }.count)
    }

    /// The banded paint of a fill and its hairline, against the fill and then the hairline
    /// painted in one pass each: the same pixels up to the last bit of a coverage's rounding
    /// where an edge is cut between bands.
    @Test(arguments: [1 as UInt64, 4])
    func bandedFillAndHairlineEqualsTwoPasses(seed: UInt64) throws {
        let (path, _) = Self.rings(seed: seed)
        let fill: SIMD4<UInt8> = [200, 170, 90, 255], stroke: SIMD4<UInt8> = [40, 40, 40, 255]
        var banded = Canvas(width: 256, height: 1024, background: [120, 160, 220, 255])
        var twoPasses = banded
        banded.fillAndHairline(path, fill: fill, stroke: stroke, width: 0.5, flags: [UInt8](repeating: 0, count: path.pointCount),
                               fillBit: 1, strokeBit: 2)
        let painted = banded.paintBox(minX: -21, minY: -21, maxX: 277, maxY: 1045, cellBytes: Canvas.bandCellBytes)
        let box = try #require(painted)
        #expect(box.bandRows < box.rows, "painted in one band")
        twoPasses.fill(path, color: fill)
        twoPasses.stroke(path, color: stroke, width: 0.5, miterLimit: 1, geometry: .hairlineBelowOnePixel)
        let a = banded.rgba, b = twoPasses.rgba
        let (differ, worst) = byteDifference(a, b)
        #expect(worst <= 1 && differ < a.count / 1000, "\(differ) bytes differ, by up to \(worst)")
        #expect(a != Canvas(width: 256, height: 1024, background: [120, 160, 220, 255]).rgba, "painted nothing?")
    }

    /// The banded paint of the fill alone (stroke transparent) and of the hairline alone (fill
    /// transparent), against `fill` and a hairline `stroke` in one pass.
    @Test(arguments: [true, false])
    func bandedFillOrHairlineAloneEqualsOnePass(fillOnly: Bool) throws {
        let (path, _) = Self.rings(seed: 5)
        let colour: SIMD4<UInt8> = [200, 170, 90, 255], clear: SIMD4<UInt8> = .zero, sea: SIMD4<UInt8> = [120, 160, 220, 255]
        var banded = Canvas(width: 256, height: 1024, background: sea)
        var onePass = banded
        banded.fillAndHairline(path, fill: fillOnly ? colour : clear, stroke: fillOnly ? clear : colour, width: 0.5,
                               flags: [UInt8](repeating: 0, count: path.pointCount), fillBit: 1, strokeBit: 2)
        if fillOnly {
            onePass.fill(path, color: colour)
        } else {
            onePass.stroke(path, color: colour, width: 0.5, miterLimit: 1, geometry: .hairlineBelowOnePixel)
        }
        let a = banded.rgba, b = onePass.rgba
        let (differ, worst) = byteDifference(a, b)
        #expect(worst <= 1 && differ < a.count / 1000, "\(differ) bytes differ, by up to \(worst)")
        #expect(a != Canvas(width: 256, height: 1024, background: sea).rgba, "painted nothing?")
    }

    /// Bands kept for a path (`EdgeBandsCache`) are those of the box and offset asked for: after
    /// the same box at other offsets (the path moved 5.5 and 40 rows, more than the bands'
    /// widening), each request gets the edges that sorting afresh gives, band by band.
    @Test func keptBandsAreTheOnesAskedFor() throws {
        let (path, flags) = Self.rings(seed: 6)
        var canvas = Canvas(width: 256, height: 1024, background: .zero)
        let painted = canvas.paintBox(minX: -1, minY: -1, maxX: 257, maxY: 1025, cellBytes: 16 * 258 * 50)
        let box = try #require(painted)
        let cache = EdgeBandsCache()
        func edges(_ bands: EdgeBands) -> [[[Double]]] {
            (0..<Array(box.bandTops).count).map { band in
                var out: [[Double]] = []
                bands.forEachEdge(inBand: band, originX: 0, originY: 0) { ax, ay, bx, by, flag in out.append([ax, ay, bx, by, Double(flag)]) }
                return out
            }
        }
        flags.withUnsafeBufferPointer { f in
            let offsets: [SIMD2<Double>] = [.zero, SIMD2(0, 5.5), SIMD2(3, 40), .zero, SIMD2(0, 5.5)]
            for offset in offsets {
                let kept = cache.bands(path, offset: offset, flags: f.baseAddress!, leaving: 3, box: box, reach: 1)
                let fresh = EdgeBands(path, offset: offset, flags: f.baseAddress!, leaving: 3, box: box, reach: 1)
                #expect(edges(kept) == edges(fresh), "offset \(offset)")
            }
        }
    }
}
