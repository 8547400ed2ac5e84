import Foundation
import GraticuleCore
import GraticuleGeometry

/// Turns longitude/latitude geometry into rings and lines on the sphere for clipping: checks every
/// coordinate, drops repeated and sub-tolerance vertices, and orients rings so that the polygon's
/// inside is on their left (exteriors: their smaller side; holes: their larger side — the
/// reading of `SphericalPolygon`, so clockwise and counter-clockwise data mean the same).
struct SphereInput {
    /// Longitude offset applied before conversion (degrees; the CRS's prime meridian).
    let primeMeridianDegrees: Double
    /// Consecutive vertices closer than this (radians) are merged: simplification to the output
    /// resolution (0 keeps every distinct vertex).
    let tolerance: Double
    /// What was skipped, for the caller's warnings.
    var warnings: [String] = []

    init(primeMeridianDegrees: Double, tolerance: Double) {
        self.primeMeridianDegrees = primeMeridianDegrees
        self.tolerance = tolerance
    }

    /// Largest |longitude| accepted (degrees): anything beyond is a broken coordinate, not a wrap.
    static let longitudeLimit = 720.0

    /// The vertices of one part as sphere points, without invalid or repeated ones; nil (with a
    /// warning) when the part has invalid coordinates.
    mutating func path(_ part: ArraySlice<SIMD2<Double>>, closed: Bool, name: String) -> SpherePath? {
        var out: SpherePath = []
        out.reserveCapacity(part.count)
        let cosTolerance = cos(tolerance)
        var bad = 0
        for p in part {
            guard SphereInput.isValid(p) else {
                bad += 1
                continue
            }
            let ll = SIMD2(p.x - primeMeridianDegrees, min(max(p.y, -90), 90)) * Angle.radiansPerDegree
            let sp = SpherePoint(fastLonLat: ll)
            if let last = out.last {
                let d = UnitSphere.dot(last.v, sp.v)
                if d >= 1 || (tolerance > 0 && d > cosTolerance) { continue }
            }
            out.append(sp)
        }
        if bad > 0 {
            warnings.append("\(name): skipped \(bad) vertices with NaN, infinite or out-of-range coordinates")
        }
        if closed, out.count > 1, UnitSphere.dot(out[0].v, out[out.count - 1].v) >= (tolerance > 0 ? cosTolerance : 1) {
            out.removeLast()
        }
        return out
    }

    /// The polygon's rings, oriented with its inside on the left; degenerate rings (fewer than
    /// three distinct vertices, zero area) are dropped — with a warning unless simplification to
    /// the output resolution made them so.
    mutating func rings(of polygon: Polygon, name: String) -> [SpherePath] {
        var rings: [SpherePath] = []
        for k in 0..<polygon.polygonCount {
            for r in polygon.rings(ofPolygon: k) {
                guard var ring = path(polygon.ring(r), closed: true, name: name) else { continue }
                guard ring.count >= 3 else {
                    if tolerance == 0 || Set(polygon.ring(r).filter(SphereInput.isValid)).count < 3 {
                        warnings.append("\(name): skipped a degenerate ring of \(polygon.ring(r).count) vertices")
                    }
                    continue
                }
                let area = SphereMath.leftArea(ring)
                guard area > 1e-18 && area < 4 * .pi - 1e-18 else {
                    warnings.append("\(name): skipped a ring of zero area")
                    continue
                }
                let isHole = r != polygon.ringGroups[k]
                if (area > 2 * .pi) != isHole { ring.reverse() }
                rings.append(ring)
            }
        }
        return rings
    }

    /// Whether a longitude/latitude vertex is usable.
    @inline(__always) static func isValid(_ p: SIMD2<Double>) -> Bool {
        p.x.isFinite && p.y.isFinite && abs(p.x) <= longitudeLimit && abs(p.y) <= 90 + 1e-9
    }

    /// The polygon without its invalid vertices (itself when all are valid), for the spherical
    /// containment tests that decide whether a polygon encloses a clip boundary.
    mutating func sanitized(_ polygon: Polygon, name: String) -> Polygon {
        let bad = polygon.coordinates.xy.reduce(0) { $0 + (SphereInput.isValid($1) ? 0 : 1) }
        guard bad > 0 else { return polygon }
        warnings.append("\(name): skipped \(bad) vertices with NaN, infinite or out-of-range coordinates")
        var groups: [[[SIMD2<Double>]]] = []
        for k in 0..<polygon.polygonCount {
            var rings: [[SIMD2<Double>]] = []
            for r in polygon.rings(ofPolygon: k) {
                let ring = polygon.ring(r).filter(SphereInput.isValid)
                if ring.count >= 4 { rings.append(ring) }
            }
            if !rings.isEmpty { groups.append(rings) }
        }
        return Polygon(polygons: groups, spatialReference: polygon.spatialReference)
    }
}
