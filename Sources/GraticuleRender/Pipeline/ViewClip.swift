import GraticuleGeometry

/// Clips projected paths (pixels) to the view rectangle, widened by a margin so that the edges
/// the clip adds along the rectangle fall outside the image (strokes never show them).
struct ViewClip: Sendable {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// The same rectangle, for clipping segments (`Envelope.clipParameters`).
    let bounds: Envelope

    init(width: Int, height: Int, margin: Double) {
        minX = -margin
        minY = -margin
        maxX = Double(width) + margin
        maxY = Double(height) + margin
        bounds = Envelope(xMin: minX, yMin: minY, xMax: maxX, yMax: maxY)
    }

    /// Whether the point lies inside the rectangle or on its sides.
    func contains(_ p: SIMD2<Double>) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    /// Whether every point lies inside (no clipping needed).
    func containsAll(_ pts: [SIMD2<Double>]) -> Bool {
        for p in pts where !contains(p) { return false }
        return true
    }

    /// A closed ring clipped to the rectangle (Sutherland–Hodgman: exact for filling, non-zero or
    /// even-odd; a concave ring may get zero-width runs along the margin, outside the image).
    func clipRing(_ ring: [SIMD2<Double>], scratch: inout [SIMD2<Double>]) -> [SIMD2<Double>] {
        if containsAll(ring) { return ring }
        var current = ring
        for edge in 0..<4 {
            guard !current.isEmpty else { return [] }
            scratch.removeAll(keepingCapacity: true)
            var prev = current[current.count - 1]
            var prevIn = inside(prev, edge)
            for p in current {
                let pIn = inside(p, edge)
                if pIn != prevIn { scratch.append(intersect(prev, p, edge)) }
                if pIn { scratch.append(p) }
                prev = p
                prevIn = pIn
            }
            swap(&current, &scratch)
        }
        return current
    }

    /// An open line clipped to the rectangle: its runs inside (Liang–Barsky per segment).
    func clipLine(_ line: [SIMD2<Double>]) -> [[SIMD2<Double>]] {
        if containsAll(line) { return [line] }
        var out: [[SIMD2<Double>]] = []
        var run: [SIMD2<Double>] = []
        for i in 1..<max(1, line.count) {
            guard let (a, b) = clipSegment(line[i - 1], line[i]) else {
                if run.count >= 2 { out.append(run) }
                run = []
                continue
            }
            if run.isEmpty || run[run.count - 1] != a {
                if run.count >= 2 { out.append(run) }
                run = [a]
            }
            run.append(b)
            if b != line[i] {
                out.append(run)
                run = []
            }
        }
        if run.count >= 2 { out.append(run) }
        return out
    }

    private func clipSegment(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>)? {
        guard let (t0, t1) = bounds.clipParameters(a, b) else { return nil }
        let d = b - a
        return (t0 > 0 ? a + d * t0 : a, t1 < 1 ? a + d * t1 : b)
    }

    @inline(__always) private func inside(_ p: SIMD2<Double>, _ edge: Int) -> Bool {
        switch edge {
        case 0: p.x >= minX
        case 1: p.x <= maxX
        case 2: p.y >= minY
        default: p.y <= maxY
        }
    }

    @inline(__always) private func intersect(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ edge: Int) -> SIMD2<Double> {
        switch edge {
        case 0: let t = (minX - a.x) / (b.x - a.x); return SIMD2(minX, a.y + (b.y - a.y) * t)
        case 1: let t = (maxX - a.x) / (b.x - a.x); return SIMD2(maxX, a.y + (b.y - a.y) * t)
        case 2: let t = (minY - a.y) / (b.y - a.y); return SIMD2(a.x + (b.x - a.x) * t, minY)
        default: let t = (maxY - a.y) / (b.y - a.y); return SIMD2(a.x + (b.x - a.x) * t, maxY)
        }
    }
}
