import Foundation
import GraticuleCore

/// Rings on the sphere: longitude/latitude vertices in degrees joined by great-circle arcs (the
/// edge semantics of d3-geo and of the renderer), as opposed to the straight lon/lat segments of
/// planar GIS.
///
/// **Which side is inside.** A ring splits the sphere in two; Graticule takes the *smaller* side
/// (less than a hemisphere) as the ring's interior, whatever the winding. So Natural Earth's
/// clockwise exteriors, RFC 7946's counter-clockwise ones and Antarctica's ring around the South
/// Pole (cut or stitched) all mean what a reader expects. A polygon is the even-odd union of its
/// rings (a hole's interior is removed from its exterior's).
///
/// Vertices at ±180° and the poles are ordinary points: an edge along the antimeridian is a
/// meridian arc and an edge between two pole vertices has zero length, so Natural Earth's cut
/// rings and their stitched forms contain the same points.
public enum SphericalRing {
    /// The unit vector of (lon, lat) degrees: x towards (0°, 0°), z towards the North Pole.
    @inlinable public static func unitVector(lon: Double, lat: Double) -> SIMD3<Double> {
        let (sl, cl) = Angle.sincosd(lon)
        let (sp, cp) = Angle.sincosd(lat)
        return SIMD3(cp * cl, cp * sl, sp)
    }

    @inlinable static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    @inlinable static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    /// T = Σ signed area of the spherical triangles (South Pole, a, b) over the ring's edges
    /// (steradians; d3-geo's area accumulation, with φ' = φ/2 + π/4), and the ring's total turn in
    /// longitude (0 or ±360°: whether it winds round the polar axis). T is the area of the region on
    /// the right of the ring (travelling along it, y up) modulo 4π.
    static func southPoleSum(_ ring: UnsafeBufferPointer<SIMD2<Double>>) -> (t: Double, turn: Double) {
        guard ring.count >= 2 else { return (0, 0) }
        var sum = 0.0, comp = 0.0, turn = 0.0
        var p0 = ring[0]
        var (s0, c0) = sincos(Angle.radians(p0.y) / 2 + .pi / 4)
        for i in 1 ..< ring.count {
            let p = ring[i]
            let (s, c) = sincos(Angle.radians(p.y) / 2 + .pi / 4)
            let (sd, cd) = Angle.sincosd(p.x - p0.x)
            // Edges along or into a pole say nothing about winding round the axis.
            if abs(p.y) != 90 && abs(p0.y) != 90 { turn += Angle.normalizeDegrees(p.x - p0.x) }
            let k = s0 * s
            let term = atan2(k * sd, c0 * c + k * cd)
            // Kahan summation: rings of 100,000 edges.
            let y = term - comp
            let t = sum + y
            comp = (t - sum) - y
            sum = t
            p0 = p; s0 = s; c0 = c
        }
        return (2 * sum, turn)
    }

    @inlinable static func sincos(_ x: Double) -> (Double, Double) { (Foundation.sin(x), Foundation.cos(x)) }

    /// The area (steradians, on the unit sphere) of the ring's smaller side, and whether the South
    /// Pole lies on that side.
    public static func smallerSide(_ ring: UnsafeBufferPointer<SIMD2<Double>>) -> (area: Double, containsSouthPole: Bool) {
        let (t, turn) = southPoleSum(ring)
        // Winding 0: the South Pole is on the right exactly when T < 0. A ring going round the
        // axis eastward (+360°) has the South Pole on its right, westward on its left.
        let poleRight = abs(turn) < 180 ? t < 0 : turn > 0
        let right = t < 0 ? t + 4 * .pi : t
        if right <= 2 * .pi { return (right, poleRight) }
        return (4 * .pi - right, !poleRight)
    }

    /// True when the meridian arc from (lon, lat) down to the South Pole crosses an odd number of
    /// the ring's edges. Longitudes are compared half-open, so a vertex on the meridian counts once.
    static func oddCrossingsBelow(_ ring: UnsafeBufferPointer<SIMD2<Double>>, lon: Double, lat: Double) -> Bool {
        guard ring.count >= 2 else { return false }
        let (sl, cl) = Angle.sincosd(lon)
        let q = SIMD3(-sl, cl, 0)          // normal of the meridian plane
        let m = SIMD3(cl, sl, 0)           // direction of the meridian half-plane
        let sinLat = Angle.sincosd(lat).sin
        var odd = false
        var a = ring[0]
        var ta = Angle.normalizeDegrees(a.x - lon)
        for i in 1 ..< ring.count {
            let b = ring[i]
            let tb = ta + Angle.normalizeDegrees(b.x - a.x)
            if (ta > 0) != (tb > 0) {
                let va = unitVector(lon: a.x, lat: a.y), vb = unitVector(lon: b.x, lat: b.y)
                var d = cross(cross(va, vb), q)
                if dot(d, m) < 0 { d = -d }
                let len = (d * d).sum().squareRoot()
                if len > 0, d.z < sinLat * len { odd.toggle() }
            }
            a = b
            ta = Angle.normalizeDegrees(tb)
        }
        return odd
    }

    /// True when (lon, lat) lies on the smaller side of the ring (see the type's documentation).
    public static func contains(_ ring: UnsafeBufferPointer<SIMD2<Double>>, lon: Double, lat: Double) -> Bool {
        guard ring.count >= 4 else { return false }
        return smallerSide(ring).containsSouthPole != oddCrossingsBelow(ring, lon: lon, lat: lat)
    }
}

/// Spherical predicates on `Polygon`s in longitude/latitude degrees.
public enum SphericalPolygon {
    /// True when (lon, lat) is inside the polygon on the sphere: on the smaller side of an odd
    /// number of its rings (`SphericalRing`). Correct across the antimeridian and around the poles.
    public static func contains(_ polygon: Polygon, lon: Double, lat: Double) -> Bool {
        polygon.coordinates.withUnsafeBuffers { xy, o in
            var inside = false
            for r in 0 ..< o.count - 1 where SphericalRing.contains(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]]),
                                                                    lon: lon, lat: lat) {
                inside.toggle()
            }
            return inside
        }
    }

    /// Area on the unit sphere (steradians): exteriors' smaller sides less holes'.
    /// Multiply by R² for a sphere of radius R; `GeometryEngine.geodeticArea` gives the ellipsoidal area.
    public static func area(_ polygon: Polygon) -> Double {
        polygon.coordinates.withUnsafeBuffers { xy, o in
            var total = 0.0
            for k in 0 ..< polygon.polygonCount {
                for r in polygon.rings(ofPolygon: k) {
                    let a = SphericalRing.smallerSide(UnsafeBufferPointer(rebasing: xy[o[r] ..< o[r + 1]])).area
                    total += r == polygon.ringGroups[k] ? a : -a
                }
            }
            return total
        }
    }
}
