/// Planar ring primitives on x/y buffers (closed rings: last vertex equal to the first).
public enum PlanarRing {
    /// Signed area by the shoelace formula, positive for counter-clockwise rings (y up).
    /// Coordinates are taken relative to the first vertex to keep precision for rings far from
    /// the origin (projected coordinates in millions of metres).
    @inlinable public static func signedArea(_ ring: UnsafeBufferPointer<SIMD2<Double>>) -> Double {
        guard ring.count >= 3 else { return 0 }
        let o = ring[0]
        var s = 0.0
        var prev = ring[0] - o
        for i in 1 ..< ring.count {
            let p = ring[i] - o
            s += prev.x * p.y - p.x * prev.y
            prev = p
        }
        return s / 2
    }

    /// Even-odd point in ring (ray to +x). Points on the boundary may fall either way.
    @inlinable public static func contains(_ ring: UnsafeBufferPointer<SIMD2<Double>>, _ p: SIMD2<Double>) -> Bool {
        guard ring.count >= 4 else { return false }
        var inside = false
        var a = ring[ring.count - 1]
        for i in 0 ..< ring.count {
            let b = ring[i]
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if p.x < x { inside.toggle() }
            }
            a = b
        }
        return inside
    }

    /// Planar length of a path.
    @inlinable public static func length(_ path: UnsafeBufferPointer<SIMD2<Double>>) -> Double {
        guard path.count >= 2 else { return 0 }
        var s = 0.0
        for i in 1 ..< path.count {
            let d = path[i] - path[i - 1]
            s += (d.x * d.x + d.y * d.y).squareRoot()
        }
        return s
    }
}
