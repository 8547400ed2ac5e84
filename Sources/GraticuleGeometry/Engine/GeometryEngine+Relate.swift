extension GeometryEngine {
    /// The DE-9IM matrix of two geometries, planar (x/y as given, no wrapping at the
    /// antimeridian). Polygons are areas (even-odd over their rings; an envelope is its
    /// rectangle), their boundary their rings; lines are their segments, their boundary the
    /// ends that an odd number of parts end at (the mod-2 rule of OGC Simple Features and GEOS);
    /// points have no boundary.
    ///
    /// Each geometry's segments are cut where the other's vertices and segments meet them, so
    /// that every piece lies wholly in the other's interior, boundary or exterior; the pieces,
    /// the points where they were cut and the geometries' own points then give every entry.
    /// Where two polygons share part of their boundary, which side each one's area lies on is
    /// taken a millionth of the piece's length off it. A vertex is on another geometry's segment
    /// when the orientation determinant of the input coordinates is zero in double precision:
    /// coordinates that are not collinear in binary floating point (0.1 and its multiples) are
    /// mostly not on the line, as GEOS, which computes the determinant's sign exactly, also
    /// finds; where rounding hides a determinant a few ulps from zero, the two can differ.
    /// Cost: the product of the vertex counts at worst, segments whose extents are apart skipped.
    public static func relate(_ a: Geometry, _ b: Geometry) -> IntersectionMatrix {
        let sa = RelateShape(a), sb = RelateShape(b)
        var m = IntersectionMatrix()
        m.raise(.exterior, .exterior, to: 2)
        guard sa.dimension >= 0, sb.dimension >= 0 else {
            // An empty geometry meets nothing; the other lies in its exterior.
            if sa.dimension >= 0 { m.raise(.interior, .exterior, to: sa.dimension) }
            if sa.boundaryDimension >= 0 { m.raise(.boundary, .exterior, to: sa.boundaryDimension) }
            if sb.dimension >= 0 { m.raise(.exterior, .interior, to: sb.dimension) }
            if sb.boundaryDimension >= 0 { m.raise(.exterior, .boundary, to: sb.boundaryDimension) }
            return m
        }
        // An area's interior is never covered by points or lines.
        if sa.dimension == 2 && sb.dimension < 2 { m.raise(.interior, .exterior, to: 2) }
        if sb.dimension == 2 && sa.dimension < 2 { m.raise(.exterior, .interior, to: 2) }
        var ab = IntersectionMatrix(), ba = IntersectionMatrix()
        sa.place(in: sb, into: &ab)
        sb.place(in: sa, into: &ba)
        let t = ba.transposed
        for k in 0..<9 { m.raise(k / 3, k % 3, max(ab.dimensions[k], t.dimensions[k])) }
        return m
    }

    /// Whether the geometries are topologically equal (DE-9IM `T*F**FFF*`): the same points.
    public static func equals(_ a: Geometry, _ b: Geometry) -> Bool { relate(a, b).matches("T*F**FFF*") }

    /// Whether `a` lies within `b` (DE-9IM `T*F**F***`): no point of a outside b, and their
    /// interiors meet (so a polygon's boundary alone is not within it).
    public static func within(_ a: Geometry, _ b: Geometry) -> Bool { relate(a, b).matches("T*F**F***") }

    /// Whether `a` contains `b`: `within(b, a)`.
    public static func contains(_ a: Geometry, _ b: Geometry) -> Bool { within(b, a) }

    /// Whether the geometries meet only on their boundaries (interiors apart, DE-9IM
    /// `FT*******`, `F**T*****` or `F***T****`); never for two point geometries.
    public static func touches(_ a: Geometry, _ b: Geometry) -> Bool {
        let m = relate(a, b)
        return m.matches("FT*******") || m.matches("F**T*****") || m.matches("F***T****")
    }

    /// Whether the geometries cross: a point or line geometry and one of higher dimension whose
    /// interiors meet with part of the lower one outside (`T*T******`, or `T*****T**` the other
    /// way round), or two line geometries whose interiors meet in points only (`0********`).
    public static func crosses(_ a: Geometry, _ b: Geometry) -> Bool {
        let (da, db) = (RelateShape.dimension(of: a), RelateShape.dimension(of: b))
        guard da >= 0, db >= 0 else { return false }
        let m = relate(a, b)
        if da < db { return m.matches("T*T******") }
        if da > db { return m.matches("T*****T**") }
        return da == 1 && m.matches("0********")
    }

    /// Whether two geometries of the same dimension overlap: their interiors meet in that
    /// dimension and each has points outside the other (`T*T***T**`; `1*T***T**` for lines).
    public static func overlaps(_ a: Geometry, _ b: Geometry) -> Bool {
        let (da, db) = (RelateShape.dimension(of: a), RelateShape.dimension(of: b))
        guard da == db, da >= 0 else { return false }
        return relate(a, b).matches(da == 1 ? "1*T***T**" : "T*T***T**")
    }
}

private extension IntersectionMatrix {
    mutating func raise(_ a: Int, _ b: Int, _ dimension: Int) {
        guard dimension >= 0 else { return }
        raise(Location(rawValue: a)!, Location(rawValue: b)!, to: dimension)
    }
}

/// A geometry as `relate` walks it: its points, its segments, its rings (for areas) and its
/// boundary points (for lines).
private struct RelateShape {
    typealias Location = IntersectionMatrix.Location
    typealias XY = SIMD2<Double>

    /// 0 points, 1 lines, 2 areas, −1 empty.
    private(set) var dimension = -1
    var points: [XY] = []
    var segments: [(XY, XY)] = []
    var rings: [[XY]] = []
    /// A line geometry's boundary: the ends of an odd number of its parts.
    var ends: Set<XY> = []

    static func dimension(of g: Geometry) -> Int {
        if g.isEmpty { return -1 }
        switch g {
        case .point, .multipoint: return 0
        case .polyline: return 1
        case .polygon, .envelope: return 2
        }
    }

    init(_ g: Geometry) {
        var dimension = Self.dimension(of: g)
        switch g {
        case let .point(p): if !p.isEmpty { points = [p.xy] }
        case let .multipoint(m): points = m.coordinates.xy
        case let .polyline(l):
            var count: [XY: Int] = [:]
            for part in l.coordinates.parts where part.count >= 2 {
                addSegments(part)
                if part.first != part.last {
                    count[part.first!, default: 0] += 1
                    count[part.last!, default: 0] += 1
                }
            }
            ends = Set(count.filter { $0.value % 2 == 1 }.keys)
        case let .polygon(p):
            for ring in p.coordinates.parts where ring.count >= 4 {
                addSegments(ring)
                rings.append(Array(ring))
            }
        case let .envelope(e):
            if !e.isEmpty {
                let ring = e.closedRing
                addSegments(ring[...])
                rings = [ring]
            }
        }
        // Lines and rings of zero length hold only points.
        if dimension >= 1 && segments.isEmpty {
            points = Array(Set(g.coordinates?.xy ?? []))
            dimension = points.isEmpty ? -1 : 0
        }
        self.dimension = dimension
    }

    private mutating func addSegments(_ part: ArraySlice<XY>) {
        var i = part.startIndex
        while i + 1 < part.endIndex {
            if part[i] != part[i + 1] { segments.append((part[i], part[i + 1])) }
            i += 1
        }
    }

    /// The dimension of the boundary (−1 when it is empty).
    var boundaryDimension: Int {
        switch dimension {
        case 2: 1
        case 1: ends.isEmpty ? -1 : 0
        default: -1
        }
    }

    /// Where a point lies (exact tests on the coordinates given).
    func locate(_ p: XY) -> Location {
        switch dimension {
        case 0: return points.contains(p) ? .interior : .exterior
        case 1:
            if ends.contains(p) { return .boundary }
            return segments.contains { GeometryEngine.isOnSegment($0.0, $0.1, p) } ? .interior : .exterior
        case 2:
            if segments.contains(where: { GeometryEngine.isOnSegment($0.0, $0.1, p) }) { return .boundary }
            return inside(p) ? .interior : .exterior
        default: return .exterior
        }
    }

    /// Where a point of this geometry's own segments lies in it (lines: its interior unless it
    /// is a boundary end; areas: the boundary).
    func ownLocation(_ p: XY) -> Location {
        dimension == 2 || ends.contains(p) ? .boundary : .interior
    }

    /// Inside the area (even-odd over the rings; points on the boundary either way).
    func inside(_ p: XY) -> Bool {
        var inside = false
        for ring in rings where ring.withUnsafeBufferPointer({ PlanarRing.contains($0, p) }) { inside.toggle() }
        return inside
    }

    /// Adds to `m` (this geometry's parts as rows, `other`'s as columns) what this geometry's
    /// points, cut points and pieces meet in `other`, and, for an area, what its interior and
    /// exterior beside each piece meet.
    func place(in other: RelateShape, into m: inout IntersectionMatrix) {
        for p in points { m.raise(.interior, other.locate(p), to: 0) }
        let otherExtent = Envelope(points: other.points + other.segments.flatMap { [$0.0, $0.1] })
        for (p, q) in segments {
            let d = q - p
            let length2 = (d * d).sum()
            @inline(__always) func param(_ u: XY) -> Double { ((u - p) * d).sum() / length2 }
            // Cut points (parameter along p → q, where it lies in `other`) and stretches along
            // `other`'s segments.
            var cuts: [(t: Double, location: Location)] = [(0, other.locate(p)), (1, other.locate(q))]
            var along: [ClosedRange<Double>] = []
            if otherExtent.intersects(Envelope(points: [p, q])) {
                for u in other.points where GeometryEngine.isOnSegment(p, q, u) && u != p && u != q {
                    cuts.append((param(u), .interior))
                }
                for (u, v) in other.segments {
                    guard max(u.x, v.x) >= min(p.x, q.x), min(u.x, v.x) <= max(p.x, q.x),
                          max(u.y, v.y) >= min(p.y, q.y), min(u.y, v.y) <= max(p.y, q.y) else { continue }
                    let o1 = GeometryEngine.orient(p, q, u), o2 = GeometryEngine.orient(p, q, v)
                    if o1 == 0 && u != p && u != q && GeometryEngine.onSegment(p, q, u) { cuts.append((param(u), other.locate(u))) }
                    if o2 == 0 && v != p && v != q && GeometryEngine.onSegment(p, q, v) { cuts.append((param(v), other.locate(v))) }
                    if o1 == 0 && o2 == 0 {
                        let tu = param(u), tv = param(v)
                        let lo = max(min(tu, tv), 0), hi = min(max(tu, tv), 1)
                        if lo < hi { along.append(lo...hi) }
                        continue
                    }
                    let o3 = GeometryEngine.orient(u, v, p), o4 = GeometryEngine.orient(u, v, q)
                    if ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)) {
                        // A crossing inside both segments.
                        let t = min(max(o3 / (o3 - o4), 0), 1)
                        cuts.append((t, other.dimension == 2 ? .boundary : .interior))
                    }
                }
            }
            cuts.sort { $0.t < $1.t }
            // The cut points: this geometry's vertices where they are, new ones inside a segment
            // (its interior for a line, the boundary for an area).
            for c in cuts {
                let mine: Location = c.t == 0 ? ownLocation(p) : c.t == 1 ? ownLocation(q)
                    : dimension == 2 ? .boundary : .interior
                m.raise(mine, c.location, to: 0)
            }
            let piece: Location = dimension == 2 ? .boundary : .interior
            for (c0, c1) in zip(cuts, cuts.dropFirst()) where c0.t < c1.t {
                let mid = p + d * ((c0.t + c1.t) / 2)
                let onOther = along.contains { $0.lowerBound <= c0.t && c1.t <= $0.upperBound }
                let there: Location = onOther ? (other.dimension == 2 ? .boundary : .interior)
                    : other.dimension == 2 && other.inside(mid) ? .interior : .exterior
                m.raise(piece, there, to: 1)
                guard dimension == 2 else { continue }
                // An area's boundary piece: its interior on one side, its exterior on the other.
                switch there {
                case .interior where other.dimension == 2:
                    m.raise(.interior, .interior, to: 2)
                    m.raise(.exterior, .interior, to: 2)
                case .exterior:
                    m.raise(.interior, .exterior, to: 2)
                case .boundary where other.dimension == 2:
                    // Shared with the other area's boundary: on which sides do the two areas lie?
                    let len = (length2 * (c1.t - c0.t) * (c1.t - c0.t)).squareRoot()
                    let normal = XY(-d.y, d.x) / length2.squareRoot() * (len * 1e-6)
                    let mineLeft = inside(mid + normal), otherLeft = other.inside(mid + normal)
                    let mineRight = inside(mid - normal), otherRight = other.inside(mid - normal)
                    if (mineLeft && otherLeft) || (mineRight && otherRight) { m.raise(.interior, .interior, to: 2) }
                    if (mineLeft && !otherLeft) || (mineRight && !otherRight) { m.raise(.interior, .exterior, to: 2) }
                    if (!mineLeft && otherLeft) || (!mineRight && otherRight) { m.raise(.exterior, .interior, to: 2) }
                case .interior, .boundary:
                    break
                }
            }
        }
    }
}
