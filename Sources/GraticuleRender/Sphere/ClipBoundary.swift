import Foundation
import GraticuleCore
import GraticuleProjection

/// Where a path crosses a clip boundary.
struct Crossing {
    /// Position along the subject edge (larger = further from its start).
    var order: Double
    /// The crossing point.
    var point: SpherePoint
    /// Position along the boundary (its parameter, in [0, `period`)).
    var parameter: Double
    /// True when the path goes from outside to inside.
    var entering: Bool
}

/// One closed curve of a clip region on the sphere, the kept side on its left: a cap's circle
/// (walked counter-clockwise round its centre) or the boundary ring of a face of the seam graph
/// (`ClipRegion.boundaryRings`).
struct ClipBoundary: Sendable {
    enum Shape: Sendable {
        case cap(ClipRegion.Cap, e1: SIMD3<Double>, e2: SIMD3<Double>)
        case face(FaceRing)
    }

    let shape: Shape
    /// Angular step of the points that trace a cap's circle (radians).
    let step: Double
    /// sin of a cap's radius (0 for a face), for the trig-free rejection of arcs far from it.
    let capSin: Double

    /// The circle of a cap; `step` is the spacing of the points that trace it.
    init(cap given: ClipRegion.Cap, step: Double) {
        // Shrunk by the seams' ε so that points traced on the circle are strictly inside the domain.
        let cap = ClipRegion.Cap(center: given.center, radius: given.radius - ClipRegion.boundaryEpsilon)
        let c = cap.centerVector
        // A tangent basis at the centre: e1 towards the North Pole (or x at a pole), e2 = c × e1.
        let axis: SIMD3<Double> = abs(c.z) > 0.9 ? SIMD3(1, 0, 0) : SIMD3(0, 0, 1)
        let e1 = UnitSphere.normalized(axis - c * UnitSphere.dot(axis, c))
        shape = .cap(cap, e1: e1, e2: UnitSphere.cross(c, e1))
        self.step = step
        capSin = sin(cap.radius)
    }

    /// A face ring (vertices with the face on the left).
    init(face: [SIMD3<Double>], singleFace: Bool) {
        shape = .face(FaceRing(face, singleFace: singleFace))
        step = 0
        capSin = 0
    }

    /// The length of the parameter range (2π round a cap; the vertex count of a face ring).
    var period: Double {
        switch shape {
        case .cap: 2 * .pi
        case let .face(f): Double(f.points.count)
        }
    }

    @inline(__always) func contains(_ v: SIMD3<Double>) -> Bool {
        switch shape {
        case let .cap(cap, _, _): UnitSphere.dot(cap.centerVector, v) >= cap.cosRadius
        case let .face(f): f.contains(v)
        }
    }

    /// The point of the boundary at `parameter`.
    func point(at parameter: Double) -> SpherePoint {
        switch shape {
        case let .cap(cap, e1, e2):
            let (s, c) = (sin(cap.radius), cos(cap.radius))
            return SpherePoint(cap.centerVector * c + (e1 * cos(parameter) + e2 * sin(parameter)) * s)
        case let .face(f):
            let i = Int(parameter.rounded(.down)) % f.points.count
            return f.points[i]
        }
    }

    /// The whole boundary as a ring with the kept side on its left.
    func ring() -> SpherePath {
        switch shape {
        case .cap:
            let n = max(8, Int((2 * Double.pi / step).rounded(.up)))
            return (0..<n).map { point(at: 2 * .pi * Double($0) / Double(n)) }
        case let .face(f):
            return f.points
        }
    }

    /// A point on the boundary (for deciding whether a polygon that never crosses it encloses it).
    var referencePoint: SpherePoint { point(at: 0.5) }

    /// Appends the boundary's points strictly between `from` and `to`, walking forwards
    /// (parameters wrap at `period`).
    func interpolate(from: Double, to: Double, into out: inout SpherePath) {
        var span = to - from
        if span < 0 { span += period }
        switch shape {
        case .cap:
            let n = Int((span / step).rounded(.up))
            guard n > 1 else { return }
            for k in 1..<n { out.append(point(at: from + span * Double(k) / Double(n))) }
        case let .face(f):
            let count = f.points.count
            // Vertices k with from < k < from + span (mod count).
            var k = Int(from.rounded(.down)) + 1
            while Double(k) < from + span {
                out.append(f.points[k % count])
                k += 1
            }
        }
    }

    /// Appends the crossings of the arc a → b (a and b not both the same point) to `out`;
    /// `candidates` (face boundaries): the only boundary edges the arc can meet (nil: all).
    func crossings(_ a: SpherePoint, _ b: SpherePoint, aInside: Bool, bInside: Bool, candidates: [Int]?,
                   into out: inout [Crossing]) {
        switch shape {
        case let .cap(cap, e1, e2):
            capCrossings(cap, e1, e2, a, b, aInside, bInside, &out)
        case let .face(f):
            if let candidates {
                for i in candidates { f.crossing(edge: i, a, b, into: &out) }
            } else {
                for i in f.points.indices { f.crossing(edge: i, a, b, into: &out) }
            }
        }
    }

    /// For a face boundary, the edges that come near some points of a path (nil: test all, or a cap).
    func candidates(near points: ArraySlice<SpherePoint>) -> [Int]? {
        guard case let .face(f) = shape, f.points.count > 8 else { return nil }
        return f.edges(near: points)
    }

    /// Whether an arc whose ends are both outside the convex side's circle (angular radius E,
    /// cos E ≥ 0, given as `convexCos`, `convexSin`) certainly stays outside it, without
    /// trigonometry: the ends' nearest approach to the convex side's centre is acos(`nearestCos`)
    /// and the arc (chord `chord`) is within half its length h of an end, so it is clear when
    /// acos(nearestCos) > E + h, i.e. nearestCos < cos(E + h), which holds when nearestCos is below
    /// the lower bound cos E (1 − h²/2) − sin E · h (h bounded above by x / √(1 − x²), x = chord/2).
    /// A conservative test: false sends the arc to the exact one.
    @inline(__always)
    static func clearOfEdge(nearestCos: Double, chord: Double, convexCos: Double, convexSin: Double) -> Bool {
        let x = 0.5 * chord
        guard x < 0.7 else { return false }
        let h = x / (1 - x * x).squareRoot() + 1e-12
        return nearestCos < convexCos * (1 - 0.5 * h * h) - convexSin * h - 1e-14
    }

    private func capCrossings(_ cap: ClipRegion.Cap, _ e1: SIMD3<Double>, _ e2: SIMD3<Double>,
                              _ a: SpherePoint, _ b: SpherePoint, _ aIn: Bool, _ bIn: Bool, _ out: inout [Crossing]) {
        let c = cap.centerVector
        // Every point of the arc is within length/2 of an end: no crossing when both ends are on
        // the convex side (the smaller of the cap and its complement) or far enough from its edge.
        let convexInside = cap.radius <= .pi / 2
        // Both ends on the same side: the cosine of their nearest approach to the convex side's
        // centre, for the trig-free test and, failing that, the exact one.
        var nearestCos = 1.0
        if aIn == bIn {
            if aIn == convexInside { return }
            let centre = convexInside ? c : -c
            nearestCos = min(1, max(UnitSphere.dot(centre, a.v), UnitSphere.dot(centre, b.v)))
            if ClipBoundary.clearOfEdge(nearestCos: nearestCos, chord: UnitSphere.length(b.v - a.v),
                                        convexCos: abs(cap.cosRadius), convexSin: capSin) { return }
        }
        let length = UnitSphere.angle(a.v, b.v)
        guard length > 0 else { return }
        if aIn == bIn {
            let edge = convexInside ? cap.radius : .pi - cap.radius
            if acos(nearestCos) - 0.5 * length > edge + 1e-12 { return }
        }
        let u = UnitSphere.tangent(from: a.v, towards: b.v)
        let A = UnitSphere.dot(c, a.v), B = UnitSphere.dot(c, u), C = cap.cosRadius
        let R = (A * A + B * B).squareRoot()
        var roots: [Double] = []
        if R > 0 && abs(C) <= R {
            let phi = atan2(B, A), delta = acos(C / R)
            for var t in [phi - delta, phi + delta] {
                t = t.truncatingRemainder(dividingBy: 2 * .pi)
                if t < 0 { t += 2 * .pi }
                if t <= length { roots.append(t) }
            }
            roots.sort()
        }
        if aIn == bIn {
            // Out and back in (or in and back out): two crossings, or none.
            guard roots.count == 2 && roots[0] > 0 && roots[1] < length else { return }
        } else if roots.count != 1 {
            // Rounding at an end point: one crossing, at the end nearer the circle.
            let t = roots.first ?? (abs(A - C) < abs(UnitSphere.dot(c, b.v) - C) ? 0 : length)
            roots = [min(max(t, 0), length)]
        }
        var inside = aIn
        for t in roots {
            let x = a.v * cos(t) + u * sin(t)
            inside.toggle()
            let d = x - c * UnitSphere.dot(c, x)
            var p = atan2(UnitSphere.dot(d, e2), UnitSphere.dot(d, e1))
            if p < 0 { p += 2 * .pi }
            out.append(Crossing(order: t, point: SpherePoint(x), parameter: p, entering: inside))
        }
    }
}

/// A face of the seam graph as a ring of great-circle arcs, the face on the left, with each edge's
/// pole and a bounding cap per run of edges for fast rejection.
struct FaceRing: Sendable {
    let points: [SpherePoint]
    /// Pole of edge i (points[i] → points[i+1]), on the edge's left.
    let poles: [SIMD3<Double>]
    /// Edge lengths (radians).
    let lengths: [Double]
    /// A point certainly inside the face and whether the face is the only one (then everything
    /// that is not on the ε-sliver along the seams is inside).
    let inner: SIMD3<Double>
    let singleFace: Bool
    /// Edge midpoints (bounding caps of the edges: centre and half the length).
    let midpoints: [SIMD3<Double>]
    /// Half of each edge's length plus 1e-9 (radians), and its cosine and sine.
    let halfLengths: [Double]
    let halfLengthCosSin: [SIMD2<Double>]
    /// Bounding caps of runs of `FaceRing.blockSize` consecutive edges (nil: a run wider than a
    /// hemisphere, always tested edge by edge), so that `edges(near:)` skips far runs at once.
    let blocks: [SphereBoundingCap?]
    static let blockSize = 16

    init(_ given: [SIMD3<Double>], singleFace: Bool) {
        let ring = FaceRing.sweepingPoles(given)
        points = ring.map { SpherePoint($0) }
        let n = ring.count
        var poles: [SIMD3<Double>] = [], lengths: [Double] = []
        for i in 0..<n {
            let a = ring[i], b = ring[(i + 1) % n]
            poles.append(UnitSphere.normalized(UnitSphere.cross(a, b)))
            lengths.append(UnitSphere.angle(a, b))
        }
        self.poles = poles
        self.lengths = lengths
        midpoints = (0..<n).map { UnitSphere.normalized(ring[$0] + ring[($0 + 1) % n]) }
        halfLengths = lengths.map { 0.5 * $0 + 1e-9 }
        halfLengthCosSin = halfLengths.map { SIMD2(cos($0), sin($0)) }
        let ringPoints = points
        blocks = stride(from: 0, to: n, by: FaceRing.blockSize).map { start in
            let end = min(n, start + FaceRing.blockSize)
            // The run's edges join points start...end (the last wraps to the first point).
            return SphereBoundingCap(Array(ringPoints[start..<end]) + [ringPoints[end % n]])
        }
        self.singleFace = singleFace
        // Just left of the middle of the longest edge.
        let i = lengths.indices.max { lengths[$0] < lengths[$1] } ?? 0
        let m = UnitSphere.normalized(ring[i] + ring[(i + 1) % n])
        inner = UnitSphere.normalized(m + poles[i] * 1e-7)
    }

    /// The ring with its turns round a pole traced along the pole: a run of points within 1e-7 rad
    /// of a pole (a seam's end or a junction of seams there) is replaced by points every 1° of
    /// longitude 1e-6 rad from the pole, from the longitude the ring arrives on to the one it
    /// leaves on, turning with the pole on the right (the face is on the left). Great-circle arcs
    /// through the pole would project as chords on maps that draw the pole as a line or an arc
    /// (conics, flat-pole pseudocylindricals).
    static func sweepingPoles(_ ring: [SIMD3<Double>]) -> [SIMD3<Double>] {
        let limit = cos(1e-7)
        // The sweep runs 1e-6 rad (6 m) from the pole, inset from the seams it starts and ends
        // at so that it stays 2ε away from them (at the pole a longitude offset is no distance).
        let colat = 1e-6, inset = 2 * ClipRegion.boundaryEpsilon / 1e-6
        let n = ring.count
        func pole(_ v: SIMD3<Double>) -> Int { v.z > limit ? 1 : v.z < -limit ? -1 : 0 }
        guard n >= 3, let start = ring.indices.first(where: { pole(ring[$0]) == 0 }) else { return ring }
        var out: [SIMD3<Double>] = []
        out.reserveCapacity(n)
        var k = 0
        while k < n {
            let i = (start + k) % n
            let p = pole(ring[i])
            if p == 0 {
                out.append(ring[i])
                k += 1
                continue
            }
            // A run of points at pole p, between ring[i − 1] and the first point after it.
            var m = k
            while m < n && pole(ring[(start + m) % n]) == p { m += 1 }
            let before = ring[(start + k - 1 + n) % n], after = ring[(start + m) % n]
            let north = p > 0
            let direction = north ? -1.0 : 1.0
            let la = atan2(before.y, before.x) + direction * inset, lb = atan2(after.y, after.x) - direction * inset
            var sweep = (north ? la - lb : lb - la).truncatingRemainder(dividingBy: 2 * .pi)
            if sweep < 0 { sweep += 2 * .pi }
            let steps = max(1, Int((sweep / (Double.pi / 180)).rounded(.up)))
            let z = north ? cos(colat) : -cos(colat), r = sin(colat)
            for s in 0...steps {
                let lon = la + direction * sweep * Double(s) / Double(steps)
                out.append(SIMD3(r * cos(lon), r * sin(lon), z))
            }
            k = m
        }
        return out
    }

    func contains(_ v: SIMD3<Double>) -> Bool {
        if singleFace { return true }
        // Parity of the crossings on a path from v to a point known to be inside.
        var path = [v]
        if UnitSphere.dot(v, inner) < 0 {
            var q = UnitSphere.cross(v, inner)
            if UnitSphere.length(q) < 1e-9 { q = UnitSphere.cross(v, abs(v.z) < 0.9 ? SIMD3(0, 0, 1) : SIMD3(1, 0, 0)) }
            path.append(UnitSphere.normalized(q))
        }
        path.append(inner)
        var odd = false
        let n = points.count
        for k in 1..<path.count {
            let a = path[k - 1], b = path[k]
            let m = UnitSphere.cross(a, b)
            for i in 0..<n {
                let sa = UnitSphere.dot(poles[i], a), sb = UnitSphere.dot(poles[i], b)
                guard (sa >= 0) != (sb >= 0) else { continue }
                let p = points[i].v, q = points[(i + 1) % n].v
                guard (UnitSphere.dot(m, p) >= 0) != (UnitSphere.dot(m, q) >= 0) else { continue }
                let x = SphereMath.crossing(a, b, sa: sa, sb: sb)
                if UnitSphere.dot(x, p + q) > 0 { odd.toggle() }
            }
        }
        return !odd
    }

    /// Appends the crossing of the arc a → b with edge i, if any.
    @inline(__always)
    func crossing(edge i: Int, _ a: SpherePoint, _ b: SpherePoint, into out: inout [Crossing]) {
        let sa = UnitSphere.dot(poles[i], a.v), sb = UnitSphere.dot(poles[i], b.v)
        guard (sa >= 0) != (sb >= 0) else { return }
        let p = points[i].v, q = points[(i + 1) % points.count].v
        let m = UnitSphere.cross(a.v, b.v)
        guard (UnitSphere.dot(m, p) >= 0) != (UnitSphere.dot(m, q) >= 0) else { return }
        let x = SphereMath.crossing(a.v, b.v, sa: sa, sb: sb)
        guard UnitSphere.dot(x, p + q) > 0 && UnitSphere.dot(x, a.v + b.v) > 0 else { return }
        let along = lengths[i] > 0 ? min(max(UnitSphere.angle(p, x) / lengths[i], 0), 0.999_999) : 0
        out.append(Crossing(order: -UnitSphere.dot(x, a.v), point: SpherePoint(x),
                            parameter: Double(i) + along, entering: sb >= 0))
    }

    /// The edges whose bounding caps meet the bounding cap of `path` (all when the path spans
    /// more than a hemisphere).
    func edges(near path: ArraySlice<SpherePoint>) -> [Int] {
        guard let cap = SphereBoundingCap(path) else { return Array(points.indices) }
        // Edge i is near when angle(centre, midpoint) ≤ R + h (h: half its length, with 1e-9 to
        // spare), i.e. dot(centre, midpoint) ≥ cos(R + h) = cos R cos h − sin R sin h.
        let (cosR, sinR) = (cap.cosRadius, cap.sinRadius)
        var out: [Int] = []
        for (b, block) in blocks.enumerated() {
            // The run can hold a near edge only if its cap meets the path's cap.
            if let block, cap.radius + block.radius < .pi,
               UnitSphere.dot(cap.center, block.center) < cosR * block.cosRadius - sinR * block.sinRadius - 1e-12 {
                continue
            }
            for i in (b * FaceRing.blockSize)..<min(points.count, (b + 1) * FaceRing.blockSize) {
                let h = halfLengthCosSin[i]
                if cap.radius + halfLengths[i] >= .pi
                    || UnitSphere.dot(cap.center, midpoints[i]) >= cosR * h.x - sinR * h.y - 1e-12 {
                    out.append(i)
                }
            }
        }
        return out
    }
}
