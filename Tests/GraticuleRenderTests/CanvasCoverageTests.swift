import Foundation
import Testing
@testable import GraticuleRender

/// Exactness of the Canvas rasteriser against analytic coverage: a white shape on a transparent
/// black canvas leaves alpha = 255 × covered area in every pixel.
@Suite struct CanvasCoverageTests {
    /// Coverage (0…1) of every pixel, read back from the alpha channel.
    static func coverage(_ canvas: Canvas) -> [Double] {
        let rgba = canvas.rgba
        return stride(from: 3, to: rgba.count, by: 4).map { Double(rgba[$0]) / 255 }
    }

    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> Path {
        var p = Path()
        p.move(to: x0, y0)
        if clockwise {
            p.line(to: x1, y0); p.line(to: x1, y1); p.line(to: x0, y1)
        } else {
            p.line(to: x0, y1); p.line(to: x1, y1); p.line(to: x1, y0)
        }
        p.close()
        return p
    }

    /// Length of [a, b] ∩ [i, i + 1].
    static func overlap(_ a: Double, _ b: Double, _ i: Int) -> Double {
        max(0, min(b, Double(i + 1)) - max(a, Double(i)))
    }

    @Test(arguments: [(2.3, 1.6, 7.85, 5.2), (0.5, 0.5, 1.5, 1.5), (3.0, 2.0, 9.0, 6.0), (1.25, 3.9, 1.75, 4.1), (-3.4, -2.2, 4.6, 3.3), (6.2, 4.1, 14.7, 12.9)])
    func rectangleHasAnalyticCoverage(r: (Double, Double, Double, Double)) {
        for clockwise in [true, false] {
            var c = Canvas(width: 10, height: 8, background: [0, 0, 0, 0])
            c.fill(Self.rect(r.0, r.1, r.2, r.3, clockwise: clockwise), color: [255, 255, 255, 255])
            let cov = Self.coverage(c)
            for y in 0..<8 {
                for x in 0..<10 {
                    let expected = Self.overlap(r.0, r.2, x) * Self.overlap(r.1, r.3, y)
                    #expect(abs(cov[y * 10 + x] - expected) <= 0.5 / 255 + 1e-9, "pixel (\(x), \(y)) of \(r): \(cov[y * 10 + x]) vs \(expected)")
                }
            }
        }
    }

    /// The raw accumulated coverage (before 8-bit rounding) equals the analytic area of a
    /// triangle's intersection with each pixel, summed: the total is the triangle's area.
    @Test func circleTotalCoverageIsPiRSquared() {
        for (cx, cy, r) in [(50.0, 50.0, 40.0), (33.3, 41.7, 12.35), (20.5, 20.5, 5.1)] {
            var c = Canvas(width: 100, height: 100, background: [0, 0, 0, 0])
            var p = Path()
            let n = 4000
            for k in 0..<n {
                let a = 2 * Double.pi * Double(k) / Double(n)
                if k == 0 { p.move(to: cx + r * cos(a), cy + r * sin(a)) } else { p.line(to: cx + r * cos(a), cy + r * sin(a)) }
            }
            c.fill(p, color: [255, 255, 255, 255])
            let total = Self.coverage(c).reduce(0, +)
            // 8-bit rounding of edge pixels adds at most ½/255 per edge pixel (≈ 2πr of them),
            // and averages out; the polygon itself is short of the circle by ≈ πr²·(2π²/3n²).
            #expect(abs(total - Double.pi * r * r) / (Double.pi * r * r) < 1e-3, "r \(r): \(total) vs \(Double.pi * r * r)")
        }
    }

    @Test func nonZeroAndEvenOddDifferOnSelfOverlap() {
        // Two same-wound overlapping squares: non-zero fills the overlap, even-odd leaves it empty.
        var both = Self.rect(1, 1, 6, 6)
        both.move(to: 4, 4); both.line(to: 9, 4); both.line(to: 9, 9); both.line(to: 4, 9); both.close()
        var nz = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        nz.fill(both, color: [255, 255, 255, 255])
        var eo = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        eo.fill(both, color: [255, 255, 255, 255], rule: .evenOdd)
        #expect(nz.pixel(x: 4, y: 4).w == 255 && nz.pixel(x: 5, y: 5).w == 255)
        #expect(eo.pixel(x: 4, y: 4).w == 0 && eo.pixel(x: 5, y: 5).w == 0)
        #expect(eo.pixel(x: 2, y: 2).w == 255 && eo.pixel(x: 7, y: 7).w == 255)
        // Outside the overlap both rules agree.
        #expect(nz.pixel(x: 2, y: 2) == eo.pixel(x: 2, y: 2) && nz.pixel(x: 8, y: 8) == eo.pixel(x: 8, y: 8))
    }

    @Test func oppositeWindingsCancel() {
        // A square with an opposite-wound square inside is a hole under both rules; the same
        // path traced twice in opposite directions covers nothing.
        var holed = Self.rect(1, 1, 9, 9, clockwise: true)
        holed.move(to: 3, 3); holed.line(to: 3, 7); holed.line(to: 7, 7); holed.line(to: 7, 3); holed.close()
        var c = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        c.fill(holed, color: [255, 255, 255, 255])
        #expect(c.pixel(x: 5, y: 5).w == 0 && c.pixel(x: 2, y: 2).w == 255)

        var twice = Self.rect(1.3, 1.7, 8.2, 8.9, clockwise: true)
        twice.move(to: 1.3, 1.7); twice.line(to: 1.3, 8.9); twice.line(to: 8.2, 8.9); twice.line(to: 8.2, 1.7); twice.close()
        var z = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        z.fill(twice, color: [255, 255, 255, 255])
        #expect(Self.coverage(z).allSatisfy { $0 == 0 })
    }

    @Test func sourceOverCompositing() {
        var c = Canvas(width: 2, height: 1, background: [0, 0, 255, 255])
        c.fill(Self.rect(0, 0, 1, 1), color: [255, 0, 0, 128])
        let p = c.pixel(x: 0, y: 0)
        // 128/255 red over opaque blue.
        #expect(p == SIMD4(128, 0, 127, 255))
        #expect(c.pixel(x: 1, y: 0) == SIMD4(0, 0, 255, 255))
        // Over a transparent canvas the colour is kept and alpha is the source alpha.
        var t = Canvas(width: 1, height: 1, background: [0, 0, 0, 0])
        t.fill(Self.rect(0, 0, 1, 1), color: [10, 20, 30, 100])
        #expect(t.pixel(x: 0, y: 0) == SIMD4(10, 20, 30, 100))
    }

    @Test func strokeCoversItsRectangle() {
        // A horizontal 2-px line from x 2 to 8 at y 5: rows 4 and 5 fully covered between 2 and 8.
        var p = Path()
        p.move(to: 2, 5); p.line(to: 8, 5)
        var c = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        c.stroke(p, color: [255, 255, 255, 255], width: 2)
        let cov = Self.coverage(c)
        for y in 0..<10 {
            for x in 0..<10 {
                let expected = Self.overlap(2, 8, x) * Self.overlap(4, 6, y)
                #expect(abs(cov[y * 10 + x] - expected) < 1e-9, "(\(x), \(y))")
            }
        }
        // A closed square outline 1 px wide: the union of edges and miter joins is a square ring
        // of total area (6² − 4²) = 20; no pixel is over-covered at the corners.
        var sq = Self.rect(2.5, 2.5, 7.5, 7.5)
        sq.close()
        var r = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        r.stroke(sq, color: [255, 255, 255, 255], width: 1)
        let ring = Self.coverage(r)
        for y in 0..<10 {
            for x in 0..<10 {
                let outer = Self.overlap(2, 8, x) * Self.overlap(2, 8, y)
                let inner = Self.overlap(3, 7, x) * Self.overlap(3, 7, y)
                #expect(abs(ring[y * 10 + x] - (outer - inner)) < 1e-9, "ring (\(x), \(y))")
            }
        }
    }

    /// `fillAndStroke` (one compositing pass, how maps paint) gives the pixels of `fill` then
    /// `stroke`, on opaque and translucent backgrounds, with translucent colours, and on a copy
    /// of a canvas (which must leave the original alone), for exact strokes and hairlines.
    @Test func fillAndStrokeEqualsFillThenStroke() {
        var ring = Path()
        for k in 0..<60 {
            let a = 2 * Double.pi * Double(k) / 60
            let r = 17.3 + 6.1 * sin(7 * a)
            if k == 0 { ring.move(to: 24.6 + r * cos(a), 21.2 + r * sin(a)) } else { ring.line(to: 24.6 + r * cos(a), 21.2 + r * sin(a)) }
        }
        ring.close()
        ring.move(to: 3.2, 40.7); ring.line(to: 45.9, 2.4); ring.line(to: 30.1, 44.8)  // open, crossing the ring
        for background: SIMD4<UInt8> in [[221, 238, 255, 255], [0, 0, 0, 0], [90, 20, 200, 130]] {
            for (fill, stroke, width) in [(SIMD4<UInt8>(232, 228, 216, 255), SIMD4<UInt8>(102, 102, 102, 255), 0.5),
                                          ([200, 40, 40, 140], [10, 90, 20, 200], 2.25), ([1, 2, 3, 255], [250, 250, 0, 90], 7.0)] {
                for geometry in [StrokeGeometry.exact, .hairlineBelowOnePixel] {
                    var sequential = Canvas(width: 50, height: 46, background: background)
                    sequential.fill(ring, color: fill)
                    sequential.stroke(ring, color: stroke, width: width, miterLimit: 4, geometry: geometry)
                    let original = Canvas(width: 50, height: 46, background: background)
                    var fused = original
                    fused.fillAndStroke(ring, fill: fill, stroke: stroke, width: width, geometry: geometry)
                    #expect(fused.rgba == sequential.rgba, "background \(background), width \(width), \(geometry)")
                    #expect(original.rgba == Canvas(width: 50, height: 46, background: background).rgba)
                }
            }
        }
    }

    @Test func nonFiniteAndHugeCoordinatesNeverCrash() {
        var p = Path()
        p.move(to: .nan, 3)
        p.move(to: 1, 1)
        p.line(to: .infinity, 4)
        p.line(to: 8, 1)
        p.line(to: 8, -.infinity)
        p.line(to: 8, 8)
        p.line(to: 1, 8)
        p.close()
        #expect(p.skippedPoints == 3)
        var c = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        c.fill(p, color: [255, 255, 255, 255])
        #expect(c.pixel(x: 4, y: 4).w == 255 && c.pixel(x: 0, y: 0).w == 0)

        // Huge coordinates: a triangle with far-away vertices still draws its visible part and
        // one that covers the canvas fills it.
        var huge = Path()
        huge.move(to: -1e300, -1e300); huge.line(to: 1e300, -1e300); huge.line(to: 0, 1e300); huge.close()
        var h = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        h.fill(huge, color: [255, 255, 255, 255])
        #expect(Self.coverage(h).allSatisfy { $0 == 1 })
        h.stroke(huge, color: [255, 0, 0, 255], width: 1e12)
        h.stroke(huge, color: [255, 0, 0, 255], width: .nan)
        // As hairlines: edges clamped to ±10⁹ px cross the canvas; only its columns are walked.
        var thin = Canvas(width: 10, height: 10, background: [0, 0, 0, 0])
        var across = Path()
        across.move(to: -1e300, 4.5); across.line(to: 1e300, 5.5); across.line(to: 5.5, -1e300)
        thin.stroke(across, color: [255, 255, 255, 255], width: 1, miterLimit: 4, geometry: .hairlineBelowOnePixel)
        let row = (0..<10).map { Double(thin.pixel(x: $0, y: 5).w) / 255 }
        #expect(row.allSatisfy { abs($0 - 0.5) <= 1 / 255 }, "a 1 px line along y = 5 covers half of row 5: \(row)")

        // Empty and degenerate paths.
        var e = Canvas(width: 3, height: 3, background: [1, 2, 3, 4])
        e.fill(Path(), color: [255, 255, 255, 255])
        var line = Path(); line.move(to: 0, 0); line.line(to: 3, 3)
        e.fill(line, color: [255, 255, 255, 255])
        var dot = Path(); dot.move(to: 1, 1); dot.line(to: 1, 1)
        e.stroke(dot, color: [255, 255, 255, 255], width: 2)
        #expect(e.rgba == [UInt8](repeating: 0, count: 9).flatMap { _ in [1, 2, 3, 4] as [UInt8] })
    }

    @Test func pngRoundTripsSizeAndRefusesEmptyCanvas() throws {
        let c = Canvas(width: 7, height: 3, background: [9, 8, 7, 255])
        let png = try c.png()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 7, 0, 0, 0, 3])
        #expect(throws: (any Error).self) { try Canvas(width: 0, height: 5, background: [0, 0, 0, 0]).png() }
        #expect(throws: (any Error).self) { try Canvas(width: 5, height: 0, background: [0, 0, 0, 0]).png() }
        #expect(throws: (any Error).self) { try Canvas(width: 0, height: 0, background: [0, 0, 0, 0]).png() }
    }
}
