import Foundation
import GraticuleCore

/// Fuller (Dymaxion / AirOcean) projection: Esri `Fuller` (ESRI:54050 World_Fuller, Option 0).
/// No EPSG method code; PROJ 9.5.1 has none (PROJ ≥ 9.6 `airocean` uses gnomonic faces and another
/// net, so it is not this map).
///
/// The sphere is cut into the 20 faces of an icosahedron (2 poles + 10 vertices at latitude
/// ±atan ½, longitudes 36°·i − 180°) and unfolded into Fuller's AirOcean net exactly as
/// d3-geo-polygon 2.0.1 `geoAirocean()` does (src/airocean.js): face 15 split in three at its
/// centroid, face 14 split at the gnomonic midpoint of an edge and face 19 cut to join it (24
/// pieces), joined along the spanning tree `[-1, 0, 1, 11, 13, 6, 7, 1, 7, 8, 9, 10, 11, 12, 13, 6,
/// 8, 10, 17, 21, 16, 15, 19, 19]`; the sphere is first turned by d3's
/// rotate([−83.65929, 25.44458, −87.45184]) (3-axis, degrees). Within each face R. W. Gray's exact
/// Fuller transformation ("Exact transformation equations for Fuller's world map", Cartographica
/// 32(3):17–25, 1995): the face-centred gnomonic point (x, y) scaled by
/// Z = √(5 + 2√5)/√15 gives three angles aᵢ = atan((hᵢ − el/6)/dve) of its distances hᵢ along the
/// triangle's altitudes (el = √8/√(5 + √5), dve = √(3 + √5)/√(5 + √5)), and the planar point is
/// (√3 (a₂ − a₃), 2a₁ − a₂ − a₃). Faces are placed by unfolding: each child face is turned and
/// moved so that its edge shared with its parent lands on the parent's (Gray's map scales all
/// edges alike, so every placement is a rotation).
///
/// Metres: (x, y) = a · (X, −Y), where (X, Y) = `geoAirocean().scale(1).translate([0, 0])` of the
/// point (d3's default layout — angle −60°, centre [126°, 0] — at unit scale, y turned north) and
/// a is the semi-major axis (Esri: sphere of radius a). d3's snapshot pixel is
/// (480 + 45.4631 X, 250 + 45.4631 Y). Esri does not publish its net's orientation and origin,
/// and PROJ (before 9.6's `airocean`, a different in-face map) has no Fuller, so ESRI:54050's
/// metres are defined by this d3 layout.
///
/// The inverse is exact (not d3's 30-step fixed-point approximation): the planar triangle
/// containing the point gives the face; Gray's three angles obey tan a₁ + tan a₂ + tan a₃ = −el/(2 dve)
/// (the altitudes' distances sum to zero), a monotone equation in a₁ solved by safeguarded Newton.
///
/// Accuracy: agrees with tools/oracle/fuller_airocean.py (an independent Python transcription of
/// d3-geo-polygon's pipeline, whose graticule overlays d3's `test/snapshots/airocean.png`
/// pixel for pixel) to 6.7e-8 m at 958 points; round trip 6e-14° (52,000 points over the
/// globe). Domain: the whole sphere; `clipRegion` is torn along the 13 cut edges of the net; the inverse
/// gives NaN outside the net.
public struct Fuller: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Fuller", names: ["Fuller"])

    public let frame: ProjectionFrame

    /// One of the 24 pieces of the net, in the frame turned by d3's rotation.
    @usableFromInline
    struct Face: Sendable {
        /// Rows of the rotation to the face frame (x toward the face centroid, d3's
        /// rotate([−λc, −φc, direction])).
        @usableFromInline var r0, r1, r2: SIMD3<Double>
        /// Inward normals of the three spherical edges.
        @usableFromInline var n0, n1, n2: SIMD3<Double>
        /// Placement of Gray's plane in the map (unit sphere): p = (c·Gx − s·Gy, s·Gx + c·Gy) + o.
        @usableFromInline var c, s: Double
        @usableFromInline var o: SIMD2<Double>
        /// The placed triangle as three inward edge lines: a·p + b ≥ 0.
        @usableFromInline var e0, e1, e2: SIMD3<Double>
    }

    /// The 24 faces in d3's order, read through a buffer pointer (an array: no copy of the
    /// table per point — a tuple read with `withUnsafeBytes(of:)` was copied, 7.7 kB, on every call).
    @usableFromInline
    struct Faces: Sendable {
        @usableFromInline let storage: [Face]
        @usableFromInline static let count = 24

        @inlinable
        func withFaces<R>(_ body: (UnsafeBufferPointer<Face>) -> R) -> R {
            storage.withUnsafeBufferPointer(body)
        }
    }

    @usableFromInline let faces: Faces
    /// Rows of d3's outer rotation rotate([−83.65929, 25.44458, −87.45184]).
    @usableFromInline let m0, m1, m2: SIMD3<Double>
    /// The net's cut edges (pairs of unit vectors in the geographic frame).
    let cuts: [(SIMD3<Double>, SIMD3<Double>)]

    // Gray's constants.
    @usableFromInline static let sqrt3 = 3.0.squareRoot()
    @usableFromInline static let grayZ = (5 + 2 * 5.0.squareRoot()).squareRoot() / 15.0.squareRoot()
    @usableFromInline static let grayEl = 8.0.squareRoot() / (5 + 5.0.squareRoot()).squareRoot()
    @usableFromInline static let grayDve = (3 + 5.0.squareRoot()).squareRoot() / (5 + 5.0.squareRoot()).squareRoot()

    /// The net's 13 cut edges (a tree through the icosahedron's vertices); a point on a cut goes to
    /// the first face in d3's order that holds it, found from the kernel.
    /// Computed once at construction (`makeClipRegion`), not on every access.
    public private(set) var clipRegion: ClipRegion = .sphere

    /// The region of this map, from its parameters (called once, by `init`).
    func makeClipRegion() -> ClipRegion {
        ClipRegion(seams: cuts.flatMap { ClipRegion.Seam.split([UnitSphere.lonLat($0.0), UnitSphere.lonLat($0.1)], project) })
    }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let option = p.value(names: ["Option"], default: 0)
        guard option == 0 else {
            throw .invalidParameter(name: "Option", value: option,
                                    reason: "only Option 0 (Fuller's standard AirOcean net) is defined")
        }
        frame = try ProjectionFrame(parameters: p, centralMeridian: 0,
                                ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
        let net = Fuller.buildNet()
        faces = net.faces
        (m0, m1, m2) = net.rotation
        cuts = net.cuts
        clipRegion = makeClipRegion()
    }

    // MARK: Kernels

    /// Gray's planar point of a face-frame unit vector (x toward the centroid).
    @inlinable @inline(__always)
    static func gray(_ l: SIMD3<Double>) -> SIMD2<Double> {
        let x = grayZ * l.y / l.x, y = grayZ * l.z / l.x
        let k = grayEl / 6
        let a1 = atan((2 * y / sqrt3 - k) / grayDve)
        let a2 = atan((x - y / sqrt3 - k) / grayDve)
        let a3 = atan((-x - y / sqrt3 - k) / grayDve)
        return SIMD2(sqrt3 * (a2 - a3), 2 * a1 - a2 - a3)
    }

    /// The face-frame unit vector of Gray's planar point, or nil when no point of the face's
    /// gnomonic plane maps there.
    @inlinable
    static func grayInverse(_ g: SIMD2<Double>) -> SIMD3<Double>? {
        // a₂ = a₁ − u, a₃ = a₁ − w; solve tan a₁ + tan a₂ + tan a₃ + el/(2 dve) = 0 for a₁.
        let d = g.x / sqrt3
        let u = 0.5 * (g.y - d), w = 0.5 * (g.y + d)
        let half = Double.pi / 2
        var lo = max(-half, -half + u, -half + w), hi = min(half, half + u, half + w)
        guard lo < hi else { return nil }
        let target = -grayEl / (2 * grayDve)
        var t = 0.5 * (lo + hi)
        for _ in 0..<100 {
            let t1 = tan(t), t2 = tan(t - u), t3 = tan(t - w)
            let f = t1 + t2 + t3 - target
            if f > 0 { hi = t } else { lo = t }
            let df = 3 + t1 * t1 + t2 * t2 + t3 * t3
            var tn = t - f / df
            if !(tn > lo && tn < hi) { tn = 0.5 * (lo + hi) }
            if abs(tn - t) <= 1e-16 * max(1, abs(t)) { t = tn; break }
            t = tn
        }
        let k = grayEl / 6
        let h1 = grayDve * tan(t) + k, h2 = grayDve * tan(t - u) + k
        let y = 0.5 * sqrt3 * h1
        let x = h2 + y / sqrt3
        let gx = x / grayZ, gy = y / grayZ
        guard gx.isFinite && gy.isFinite else { return nil }
        let n = (1 + gx * gx + gy * gy).squareRoot()
        return SIMD3(1 / n, gx / n, gy / n)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard lam.isFinite && abs(phi) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let cp = cos(phi)
        let v = SIMD3(cp * cos(lam), cp * sin(lam), sin(phi))
        let w = SIMD3((m0 * v).sum(), (m1 * v).sum(), (m2 * v).sum())
        return faces.withFaces { f -> SIMD2<Double> in
            var best = 0, bestMargin = -Double.infinity
            for i in 0..<Faces.count {
                let face = f[i]
                let margin = min((face.n0 * w).sum(), (face.n1 * w).sum(), (face.n2 * w).sum())
                if margin >= -1e-15 { best = i; bestMargin = margin; break }
                if margin > bestMargin { best = i; bestMargin = margin }
            }
            let face = f[best]
            let l = SIMD3((face.r0 * w).sum(), (face.r1 * w).sum(), (face.r2 * w).sum())
            let g = Fuller.gray(l)
            return SIMD2(face.c * g.x - face.s * g.y, face.s * g.x + face.c * g.y) + face.o
        }
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite else { return SIMD2(.nan, .nan) }
        let p3 = SIMD3(xy.x, xy.y, 1)
        let w: SIMD3<Double>? = faces.withFaces { f -> SIMD3<Double>? in
            for i in 0..<Faces.count {
                let face = f[i]
                let tol = -1e-12
                guard (face.e0 * p3).sum() >= tol, (face.e1 * p3).sum() >= tol, (face.e2 * p3).sum() >= tol else {
                    continue
                }
                let q = xy - face.o
                let g = SIMD2(face.c * q.x + face.s * q.y, -face.s * q.x + face.c * q.y)
                guard let l = Fuller.grayInverse(g) else { continue }
                return face.r0 * l.x + face.r1 * l.y + face.r2 * l.z
            }
            return nil
        }
        guard let w else { return SIMD2(.nan, .nan) }
        let v = m0 * w.x + m1 * w.y + m2 * w.z
        return SIMD2(atan2(v.y, v.x), atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()))
    }

    // MARK: The net

    /// d3's rotation rotate([δλ, δφ, δγ]) (degrees) as matrix rows: λ += δλ, then the φ/γ turn of
    /// d3-geo's rotation.js (x′ = x cos δφ − z sin δφ, k = z cos δφ + x sin δφ,
    /// y′ = y cos δγ − k sin δγ, z′ = k cos δγ + y sin δγ).
    static func d3Rotation(_ dl: Double, _ dp: Double, _ dg: Double)
        -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    {
        let l = dl * .pi / 180, p = dp * .pi / 180, g = dg * .pi / 180
        let cl = cos(l), sl = sin(l), cp = cos(p), sp = sin(p), cg = cos(g), sg = sin(g)
        // Rz(δλ) rows: (cl, −sl, 0), (sl, cl, 0), (0, 0, 1).
        let z0 = SIMD3(cl, -sl, 0.0), z1 = SIMD3(sl, cl, 0.0), z2 = SIMD3(0.0, 0, 1)
        // φ/γ rows: (cp, 0, −sp), (−sg sp, cg, −sg cp), (cg sp, sg, cg cp).
        let r0 = cp * z0 - sp * z2
        let r1 = -sg * sp * z0 + cg * z1 - sg * cp * z2
        let r2 = cg * sp * z0 + sg * z1 + cg * cp * z2
        return (r0, r1, r2)
    }

    static func unit(lonDeg: Double, latDeg: Double) -> SIMD3<Double> {
        let l = lonDeg * .pi / 180, p = latDeg * .pi / 180
        return SIMD3(cos(p) * cos(l), cos(p) * sin(l), sin(p))
    }

    static func normalized(_ v: SIMD3<Double>) -> SIMD3<Double> { v / (v * v).sum().squareRoot() }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    static func buildNet() -> (faces: Faces, rotation: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>),
                               cuts: [(SIMD3<Double>, SIMD3<Double>)])
    {
        // Points: 0 N pole, 1 S pole, 2…11 the ring vertices, 12 centroid of face 15, 13 midpoint
        // of edge 2–10 (the gnomonic midpoint of equidistant points is the chord midpoint).
        let theta = atan(0.5) * 180 / .pi
        var pts = [unit(lonDeg: 0, latDeg: 90), unit(lonDeg: 0, latDeg: -90)]
        for i in 0..<10 {
            let lon = Double((i * 36 + 180) % 360 - 180)
            pts.append(unit(lonDeg: lon, latDeg: i & 1 == 1 ? theta : -theta))
        }
        let ico: [[Int]] = [
            [0, 3, 11], [0, 5, 3], [0, 7, 5], [0, 9, 7], [0, 11, 9],
            [2, 11, 3], [3, 4, 2], [4, 3, 5], [5, 6, 4], [6, 5, 7], [7, 8, 6], [8, 7, 9], [9, 10, 8],
            [10, 9, 11], [11, 2, 10],
            [1, 2, 4], [1, 4, 6], [1, 6, 8], [1, 8, 10], [1, 10, 2],
        ]
        let centroids = ico.map { f in normalized(pts[f[0]] + pts[f[1]] + pts[f[2]]) }
        pts.append(centroids[15])                      // 12
        pts.append(normalized(pts[2] + pts[10]))       // 13
        var faceIdx = ico
        var frameOf = Array(0..<20)                    // whose centroid frame each piece uses
        faceIdx[15] = [12, 2, 4]
        faceIdx.append([1, 12, 4]); frameOf.append(15)  // 20
        faceIdx.append([1, 2, 12]); frameOf.append(15)  // 21
        faceIdx[14] = [11, 13, 10]
        faceIdx.append([11, 2, 13]); frameOf.append(14) // 22
        faceIdx[19] = [1, 13, 2]
        faceIdx.append([13, 1, 10]); frameOf.append(19) // 23
        let parents = [-1, 0, 1, 11, 13, 6, 7, 1, 7, 8, 9, 10, 11, 12, 13, 6, 8, 10, 17, 21, 16, 15, 19, 19]

        // Face frames: d3 rotate([−λc, −φc, direction]), direction 0 for centroid latitudes
        // 52.62° and −10.81°, else 60°.
        let frames = centroids.map { c -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) in
            let lon = atan2(c.y, c.x) * 180 / .pi, lat = asin(c.z) * 180 / .pi
            let direction: Double = (abs(lat - 52.62) < 1 || abs(lat + 10.81) < 1) ? 0 : 60
            return d3Rotation(-lon, -lat, direction)
        }
        func grayOf(_ piece: Int, _ point: Int) -> SIMD2<Double> {
            let (r0, r1, r2) = frames[frameOf[piece]]
            let v = pts[point]
            return gray(SIMD3((r0 * v).sum(), (r1 * v).sum(), (r2 * v).sum()))
        }

        // Unfold: placement (θ, o) with p = R(θ)·G + o; the root is the identity.
        var angle = [Double](repeating: .nan, count: 24)
        var offset = [SIMD2<Double>](repeating: .zero, count: 24)
        func place(_ i: Int, _ g: SIMD2<Double>) -> SIMD2<Double> {
            let c = cos(angle[i]), s = sin(angle[i])
            return SIMD2(c * g.x - s * g.y, s * g.x + c * g.y) + offset[i]
        }
        angle[0] = 0
        var joined = Set<[Int]>()
        var pending = Array(1..<24)
        while !pending.isEmpty {
            let before = pending.count
            pending.removeAll { i in
                let parent = parents[i]
                guard !angle[parent].isNaN else { return false }
                let shared = faceIdx[i].filter { faceIdx[parent].contains($0) }
                precondition(shared.count == 2, "net: faces \(i) and \(parent) must share an edge")
                let g1 = grayOf(i, shared[0]), g2 = grayOf(i, shared[1])
                let p1 = place(parent, grayOf(parent, shared[0])), p2 = place(parent, grayOf(parent, shared[1]))
                let dg = g2 - g1, dp = p2 - p1
                angle[i] = atan2(dg.x * dp.y - dg.y * dp.x, (dg * dp).sum())
                offset[i] = .zero
                offset[i] = p1 - place(i, g1)
                joined.insert(shared.sorted())
                return true
            }
            precondition(pending.count < before, "net: spanning tree is disconnected")
        }

        // d3's outer pipeline: rotate, then angle −60° about the projected centre [126°, 0].
        let rotation = d3Rotation(-83.65929, 25.44458, -87.45184)
        func containingPiece(_ v: SIMD3<Double>) -> Int {
            for i in 0..<24 {
                let f = faceIdx[i].map { pts[$0] }
                let o: Double = (cross(f[0], f[1]) * f[2]).sum() > 0 ? 1 : -1
                if (0..<3).allSatisfy({ k in o * (cross(f[k], f[(k + 1) % 3]) * v).sum() >= 0 }) { return i }
            }
            return 0
        }
        let centre = unit(lonDeg: 126, latDeg: 0)
        let cPiece = containingPiece(centre)
        let (cr0, cr1, cr2) = frames[frameOf[cPiece]]
        let cRaw = place(cPiece, gray(SIMD3((cr0 * centre).sum(), (cr1 * centre).sum(), (cr2 * centre).sum())))
        let alpha = -60.0 * .pi / 180
        let ca = cos(alpha), sa = sin(alpha)

        var built: [Face] = []
        for i in 0..<24 {
            let f = faceIdx[i].map { pts[$0] }
            let orient: Double = (cross(f[0], f[1]) * f[2]).sum() > 0 ? 1 : -1
            let n = (0..<3).map { k in orient * normalized(cross(f[k], f[(k + 1) % 3])) }
            let (r0, r1, r2) = frames[frameOf[i]]
            let th = angle[i] + alpha
            let o0 = offset[i] - cRaw
            let o = SIMD2(ca * o0.x - sa * o0.y, sa * o0.x + ca * o0.y)
            var face = Face(r0: r0, r1: r1, r2: r2, n0: n[0], n1: n[1], n2: n[2], c: cos(th), s: sin(th), o: o,
                            e0: .zero, e1: .zero, e2: .zero)
            // Placed vertices and their inward edge lines.
            let q = faceIdx[i].map { k -> SIMD2<Double> in
                let g = grayOf(i, k)
                return SIMD2(face.c * g.x - face.s * g.y, face.s * g.x + face.c * g.y) + face.o
            }
            let area = (q[1] - q[0]).x * (q[2] - q[0]).y - (q[1] - q[0]).y * (q[2] - q[0]).x
            let sgn: Double = area > 0 ? 1 : -1
            let lines = (0..<3).map { k -> SIMD3<Double> in
                let a = q[k], b = q[(k + 1) % 3]
                // sgn · cross(b − a, p − a) ≥ 0 inside.
                let nx = -(b.y - a.y) * sgn, ny = (b.x - a.x) * sgn
                let len = (nx * nx + ny * ny).squareRoot()
                return SIMD3(nx / len, ny / len, -(nx * a.x + ny * a.y) / len)
            }
            face.e0 = lines[0]; face.e1 = lines[1]; face.e2 = lines[2]
            built.append(face)
        }
        precondition(built.count == Faces.count, "Fuller net: \(built.count) faces built, expected \(Faces.count)")
        let faces = Faces(storage: built)

        // Cuts: every piece edge not used to join a child to its parent, back in the geographic frame.
        let (q0, q1, q2) = rotation
        func geographic(_ v: SIMD3<Double>) -> SIMD3<Double> { q0 * v.x + q1 * v.y + q2 * v.z }
        var seen = Set<[Int]>()
        var cuts: [(SIMD3<Double>, SIMD3<Double>)] = []
        for f in faceIdx {
            for k in 0..<3 {
                let e = [f[k], f[(k + 1) % 3]].sorted()
                if joined.contains(e) || seen.contains(e) { continue }
                seen.insert(e)
                cuts.append((geographic(pts[e[0]]), geographic(pts[e[1]])))
            }
        }
        return (faces, rotation, cuts)
    }
}
