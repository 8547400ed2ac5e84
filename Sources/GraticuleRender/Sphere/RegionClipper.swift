import Foundation
import GraticuleCore
import GraticuleGeometry
import GraticuleProjection

/// Clips geometry on the sphere to a projection's `ClipRegion`: each cap's circle in turn, then
/// the faces of its seam graph (`ClipRegion.boundaryRings`, ε-offset into each face, so no clipped
/// vertex lies on a seam and the seam owner never has to be asked). Rings and lines are in the
/// projection frame (radians from the base CRS's prime meridian).
struct RegionClipper: Sendable {
    let caps: [ClipBoundary]
    let faces: [ClipBoundary]

    /// - Parameter capStep: spacing (radians) of the points that trace a cap's circle.
    init(region: ClipRegion, capStep: Double) {
        caps = region.caps.map { ClipBoundary(cap: $0, step: capStep) }
        let rings = region.boundaryRings()
        faces = rings.map { ClipBoundary(face: $0, singleFace: rings.count == 1) }
    }

    private struct Key: Hashable, Sendable {
        let region: ClipRegion
        let capStep: Double
    }
    private static let cache = BoundedCache<Key, RegionClipper>(capacity: 64)

    /// The clipper of `region` at `capStep`, built once per process (a region's face rings —
    /// seams swept round the poles, edge poles, bounding caps — cost more than a small map).
    static func cached(region: ClipRegion, capStep: Double) -> RegionClipper {
        let key = Key(region: region, capStep: capStep)
        if let hit = cache.value(for: key) { return hit }
        let built = RegionClipper(region: region, capStep: capStep)
        cache.insert(built, for: key)
        return built
    }

    static func clearCache() { cache.removeAll() }

    /// Whether a point is on the map (inside every cap and, with several faces, in one of them).
    func contains(_ v: SIMD3<Double>) -> Bool {
        for c in caps where !c.contains(v) { return false }
        return faces.count <= 1 || faces.contains { $0.contains(v) }
    }

    /// The rings of one polygon (kept side on the left) clipped to the region. `encloses` tells
    /// whether the source polygon contains a point (frame radians); `nil` means the whole sphere.
    func clipPolygon(_ rings: [SpherePath], encloses: ((SpherePoint) -> Bool)?) -> [SpherePath] {
        var current = rings
        var done: [ClipBoundary] = []
        func enclosed(_ p: SpherePoint) -> Bool {
            for b in done where !b.contains(p.v) { return false }
            return encloses?(p) ?? true
        }
        for cap in caps {
            current = SphereClipper.clipPolygon(current, boundary: cap, enclosesReference: enclosed)
            done.append(cap)
            if current.isEmpty && encloses != nil && !enclosed(cap.referencePoint) { return [] }
        }
        if faces.count == 1 {
            return SphereClipper.clipPolygon(current, boundary: faces[0], enclosesReference: enclosed)
        }
        var out: [SpherePath] = []
        for face in faces {
            out += SphereClipper.clipPolygon(current, boundary: face, enclosesReference: enclosed)
        }
        return faces.isEmpty ? current : out
    }

    /// A longitude/latitude polygon (degrees, stitched: no cuts at ±180°) clipped to the region:
    /// its rings read by `input` (checked, simplified, oriented), then `clipPolygon` with the
    /// polygon's own spherical containment deciding whether it encloses a clip boundary.
    func clip(_ polygon: Polygon, input: inout SphereInput, name: String) -> [SpherePath] {
        let pm = input.primeMeridianDegrees
        let rings = input.rings(of: polygon, name: name)
        guard !rings.isEmpty else { return [] }
        // The source's vertices are within the simplification tolerance of the rings' vertices:
        // a point outside the rings' bounding cap widened by it is outside the polygon.
        let bound = SphereBoundingCap(rings, margin: input.tolerance)
        return clipPolygon(rings) { p in
            if let bound, !bound.mayContain(p.v) { return false }
            return SphericalPolygon.contains(polygon, lon: p.ll.x * Angle.degreesPerRadian + pm,
                                             lat: p.ll.y * Angle.degreesPerRadian)
        }
    }

    /// A line clipped to the region: the runs on the map.
    func clipLine(_ line: SpherePath) -> [SpherePath] {
        var current = [line]
        for cap in caps { current = current.flatMap { SphereClipper.clipLine($0, boundary: cap) } }
        guard !faces.isEmpty else { return current }
        return faces.flatMap { face in current.flatMap { SphereClipper.clipLine($0, boundary: face) } }
    }

    /// The outline of the map on the sphere: the region's boundary as rings (the whole sphere clipped).
    func outline() -> [SpherePath] { clipPolygon([], encloses: nil) }
}
