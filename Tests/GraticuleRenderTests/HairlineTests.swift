import Foundation
import Testing
@testable import GraticuleRender

/// Strokes of at most one pixel drawn as hairlines (`StrokeGeometry.hairlineBelowOnePixel`):
/// their ink, their place, and their distance from the exact stroke.
@Suite struct HairlineTests {
    /// The cells' own areas after adding segments as hairlines to an empty accumulator of
    /// `cols × rows` cells (the cover halves must stay zero: a hairline propagates nothing).
    static func areas(cols: Int, rows: Int, halfWidth hw: Double, _ segments: [(Double, Double, Double, Double)]) -> [Double] {
        let stride = cols + 2, words = (stride + 63) >> 6
        let n = CoverageAccumulator.floatsPerCell
        let cells = UnsafeMutablePointer<Float>.allocate(capacity: n * stride * rows)
        cells.initialize(repeating: 0, count: n * stride * rows)
        let touched = UnsafeMutablePointer<UInt64>.allocate(capacity: words * rows)
        touched.initialize(repeating: 0, count: words * rows)
        defer { cells.deallocate(); touched.deallocate() }
        var acc = CoverageAccumulator(cells: cells, touched: touched, stride: stride, wordsPerRow: words, cols: cols, rows: rows)
        for (ax, ay, bx, by) in segments { acc.addHairline(ax, ay, bx, by, halfWidth: hw) }
        var out = [Double](repeating: 0, count: cols * rows)
        for r in 0..<rows {
            for c in 0..<(cols + 2) {
                #expect(cells[n * (r * stride + c) + 1] == 0, "cover of cell (\(c), \(r))")
                let a = Double(cells[n * (r * stride + c)])
                let marked = touched[r * words + c >> 6] >> UInt64(c & 63) & 1 == 1
                #expect(a == 0 || marked, "cell (\(c), \(r)) has area \(a) but is not marked")
                if c < cols { out[r * cols + c] = a } else { #expect(a == 0, "spare cell (\(c), \(r))") }
            }
        }
        return out
    }

    /// The ink of a segment inside the grid is its width times its length, at every angle and
    /// width up to 1 px (to Float rounding).
    @Test(arguments: [0.0, 0.3, 0.785, 1.1, 1.5707963, 2.4, 3.0, 4.0, 5.5])
    func inkIsWidthTimesLength(angle: Double) {
        for width in [0.25, 0.5, 0.75, 1.0] {
            let (cx, cy, l) = (20.37, 19.81, 13.3)
            let (dx, dy) = (l / 2 * cos(angle), l / 2 * sin(angle))
            let a = Self.areas(cols: 40, rows: 40, halfWidth: width / 2, [(cx - dx, cy - dy, cx + dx, cy + dy)])
            let ink = a.reduce(0, +)
            #expect(abs(ink - width * l) < 1e-4, "angle \(angle), width \(width): ink \(ink), expected \(width * l)")
            #expect(a.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    /// Axis-aligned lines cover exactly their rectangle.
    @Test func axisAlignedLinesCoverTheirRectangle() {
        let h = Self.areas(cols: 12, rows: 12, halfWidth: 0.25, [(2.5, 5.4, 9.25, 5.4)])
        let v = Self.areas(cols: 12, rows: 12, halfWidth: 0.4, [(3.9, 10.5, 3.9, 1.0)])
        func overlap(_ a: Double, _ b: Double, _ i: Int) -> Double { max(0, min(b, Double(i + 1)) - max(a, Double(i))) }
        for r in 0..<12 {
            for c in 0..<12 {
                #expect(abs(h[r * 12 + c] - overlap(2.5, 9.25, c) * overlap(5.15, 5.65, r)) < 1e-6, "horizontal (\(c), \(r))")
                #expect(abs(v[r * 12 + c] - overlap(3.5, 4.3, c) * overlap(1.0, 10.5, r)) < 1e-6, "vertical (\(c), \(r))")
            }
        }
    }

    /// A polyline's segments share the columns of its vertices without gap or overlap (its ink
    /// is the sum of its segments'), and what lies outside the grid is left out, not moved in.
    @Test func polylinesJoinAndClip() {
        let points = [(1.3, 2.2), (7.9, 4.6), (9.1, 11.8), (3.3, 9.7), (15.2, 15.6)]
        let segments = zip(points, points.dropFirst()).map { ($0.0, $0.1, $1.0, $1.1) }
        var length = 0.0
        for (ax, ay, bx, by) in segments { length += ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot() }
        let joined = Self.areas(cols: 20, rows: 20, halfWidth: 0.3, segments)
        #expect(abs(joined.reduce(0, +) - 0.6 * length) < 1e-4)
        // Half of a horizontal line beyond the right edge, a line wholly above and one crossing
        // the bottom: only the parts inside count.
        let clipped = Self.areas(cols: 10, rows: 10, halfWidth: 0.5, [(5, 3.5, 15, 3.5), (-4, -3, 14, -2), (2.5, 7, 2.5, 30)])
        let inside: Double = clipped.reduce(0, +)
        #expect(abs(inside - 8) < 1e-4)
    }

    /// The area of pixel (px, py) where n · p ≤ t (n a unit normal): the pixel's square clipped
    /// by the half-plane (Sutherland–Hodgman), then the shoelace formula.
    static func halfPlaneArea(_ px: Int, _ py: Int, _ nx: Double, _ ny: Double, _ t: Double) -> Double {
        let square = [(Double(px), Double(py)), (Double(px + 1), Double(py)), (Double(px + 1), Double(py + 1)),
                      (Double(px), Double(py + 1))]
        var kept: [(Double, Double)] = []
        for k in 0..<4 {
            let p = square[k], q = square[(k + 1) % 4]
            let dp = nx * p.0 + ny * p.1 - t, dq = nx * q.0 + ny * q.1 - t
            if dp <= 0 { kept.append(p) }
            if (dp < 0) != (dq < 0), dp != dq {
                let f = dp / (dp - dq)
                kept.append((p.0 + f * (q.0 - p.0), p.1 + f * (q.1 - p.1)))
            }
        }
        var twice = 0.0
        for k in kept.indices {
            let p = kept[k], q = kept[(k + 1) % kept.count]
            twice += p.0 * q.1 - q.0 * p.1
        }
        return abs(twice) / 2
    }

    /// Away from the ends, against the analytic coverage of the band |n · p − c| ≤ width / 2
    /// (each pixel's square clipped by the band's two half-planes): a straight line of slope m is
    /// off by at most 1/8 of a pixel's area per band edge that crosses a pixel boundary inside a
    /// column, so within 255 · |m| / 4 levels, plus rounding.
    @Test(arguments: [0.0, 0.1, 0.35, 0.7, 1.0])
    func straightLinesStayWithinTheMidpointBound(slope m: Double) {
        for width in [0.5, 1.0] {
            for (steep, offset) in [(false, 0.0), (true, 0.37), (false, 0.61)] {
                var path = Path()
                let (a, b) = ((2.2, 4.3 + offset), (29.8, 4.3 + offset + 27.6 * m))
                let (ax, ay, bx, by) = steep ? (a.1, a.0, b.1, b.0) : (a.0, a.1, b.0, b.1)
                path.move(to: ax, ay); path.line(to: bx, by)
                var hair = Canvas(width: 40, height: 40, background: [0, 0, 0, 255])
                hair.stroke(path, color: [255, 255, 255, 255], width: width, miterLimit: 4, geometry: .hairlineBelowOnePixel)
                let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
                let (nx, ny) = (-(by - ay) / length, (bx - ax) / length)
                let c = nx * ax + ny * ay
                var worst = 0.0
                for y in 0..<40 {
                    for x in 0..<40 {
                        let along = steep ? y : x
                        guard along >= 4, along <= 28 else { continue }
                        let cover = Self.halfPlaneArea(x, y, nx, ny, c + width / 2) - Self.halfPlaneArea(x, y, nx, ny, c - width / 2)
                        worst = max(worst, abs(Double(hair.pixel(x: x, y: y).x) - 255 * cover))
                    }
                }
                #expect(worst <= 255 * m / 4 + 1, "slope \(m), width \(width), steep \(steep): worst \(worst)")
            }
        }
    }

    /// Strokes wider than one pixel are exact whatever the geometry asked for.
    @Test func wideStrokesStayExact() {
        var path = Path()
        path.move(to: 3.1, 4.2); path.line(to: 17.5, 9.9); path.line(to: 6.3, 18.4)
        var a = Canvas(width: 24, height: 24, background: [255, 255, 255, 255])
        a.stroke(path, color: [10, 20, 30, 255], width: 1.5, miterLimit: 4, geometry: .exact)
        var b = Canvas(width: 24, height: 24, background: [255, 255, 255, 255])
        b.stroke(path, color: [10, 20, 30, 255], width: 1.5, miterLimit: 4, geometry: .hairlineBelowOnePixel)
        #expect(a.rgba == b.rgba)
    }
}
