import Foundation
import GraticuleCore

/// Map units ↔ output pixels: the view's extent names the outer edges of the image (as a WMS
/// BBOX): the top-left corner of pixel (0, 0) is (xMin, yMax); pixels are `unitsPerPixel` wide and
/// high (they may differ); pixel y grows downwards.
struct PixelTransform: Sendable, Hashable {
    let xMin: Double
    let yMax: Double
    let unitsPerPixel: SIMD2<Double>

    @inline(__always) func pixel(_ map: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2((map.x - xMin) / unitsPerPixel.x, (yMax - map.y) / unitsPerPixel.y)
    }

    @inline(__always) func map(_ pixel: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(xMin + pixel.x * unitsPerPixel.x, yMax - pixel.y * unitsPerPixel.y)
    }
}

/// Projects clipped paths on the sphere to pixels with d3-geo's adaptive resampling: every
/// great-circle arc is subdivided at its spherical midpoint while the projected midpoint lies more
/// than `precision` pixels off the chord, or too near one end (|t − ½| > 0.3), or the arc is longer
/// than 30°; only chords longer than 2 × precision are tested; at most 16 levels. So edges bend as
/// the projection bends them, in output pixels.
struct Resampler {
    let projection: MapProjection
    let view: PixelTransform
    /// Largest distance (pixels) of a projected midpoint from the chord.
    let precision: Double
    static let maxDepth = 16
    static let cosMinDistance = cos(30 * Double.pi / 180)
    /// Pixel coordinates are clamped to ±`limit` (far-off points of a huge zoom stay finite).
    static let limit = 1e7

    init(projection: MapProjection, view: PixelTransform, precision: Double = 0.5) {
        self.projection = projection
        self.view = view
        self.precision = precision
    }

    @inline(__always) func pixel(_ p: SpherePoint) -> SIMD2<Double> { clamped(view.pixel(projection.forward(p.ll))) }

    @inline(__always) func clamped(_ q: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(min(max(q.x, -Resampler.limit), Resampler.limit), min(max(q.y, -Resampler.limit), Resampler.limit))
    }

    /// Reusable buffers of `project` (the path's projected vertices, its arcs' midpoints).
    struct Scratch {
        var vertices: [SIMD2<Double>] = []
        var midpoints: [SIMD2<Double>] = []
        var midpointVectors: [SIMD3<Double>] = []
    }

    /// Appends the projected, resampled path to `out` (for a ring, the closing arc back to its first
    /// point is resampled too, without repeating the first point). Points that do not project
    /// (NaN) are left out and counted in `dropped`. The path's vertices are projected in one batch,
    /// then the midpoints of all its arcs long enough to be tested in a second batch (the kernels'
    /// paired loops); only the midpoints of arcs subdivided further are projected one by one.
    func project(_ path: SpherePath, closed: Bool, into out: inout [SIMD2<Double>], dropped: inout Int,
                 scratch: inout Scratch) {
        let n = path.count
        guard n > 0 else { return }
        let delta2 = precision * precision
        scratch.vertices.removeAll(keepingCapacity: true)
        for p in path { scratch.vertices.append(p.ll) }
        scratch.vertices.withUnsafeMutableBufferPointer { xy in
            projection.forward(xy)
            for i in xy.indices { xy[i] = clamped(view.pixel(xy[i])) }
        }
        let count = closed ? n : n - 1
        // The first level of subdivision for every arc at once: midpoints of the arcs whose chord
        // is long enough to test (NaN for the others).
        scratch.midpoints.removeAll(keepingCapacity: true)
        scratch.midpointVectors.removeAll(keepingCapacity: true)
        for i in 0..<max(0, count) {
            let k = i + 1 == n ? 0 : i + 1
            let pa = scratch.vertices[i], pb = scratch.vertices[k]
            let d = pb - pa
            let sum = path[i].v + path[k].v
            let len = UnitSphere.length(sum)
            if d.x * d.x + d.y * d.y > 4 * delta2 && len > 1e-12 {
                let m = sum / len
                scratch.midpointVectors.append(m)
                scratch.midpoints.append(SpherePoint(fast: m).ll)
            } else {
                scratch.midpointVectors.append(SIMD3(repeating: .nan))
                scratch.midpoints.append(SIMD2(repeating: .nan))
            }
        }
        scratch.midpoints.withUnsafeMutableBufferPointer { xy in
            projection.forward(xy)
            for i in xy.indices { xy[i] = clamped(view.pixel(xy[i])) }
        }
        var prevIndex = 0
        var prevXY = scratch.vertices[0]
        if prevXY.x.isNaN || prevXY.y.isNaN { dropped += 1 } else { out.append(prevXY) }
        for i in 0..<max(0, count) {
            let k = i + 1 == n ? 0 : i + 1
            let xy = scratch.vertices[k]
            if xy.x.isNaN || xy.y.isNaN {
                dropped += 1
                continue
            }
            if !(prevXY.x.isNaN || prevXY.y.isNaN) {
                if prevIndex == i {
                    // The arc i → k: its midpoint is in the batch unless the arc is too short to test.
                    let m = scratch.midpointVectors[i]
                    if !m.x.isNaN {
                        split(path[i].v, prevXY, path[k].v, xy, m, scratch.midpoints[i], depth: Resampler.maxDepth,
                              delta2: delta2, into: &out)
                    }
                } else {
                    // From the last vertex that projected, over the ones that did not.
                    subdivide(path[prevIndex].v, prevXY, path[k].v, xy, depth: Resampler.maxDepth, delta2: delta2,
                              into: &out)
                }
            }
            if !(closed && i == n - 1) { out.append(xy) }
            prevIndex = k
            prevXY = xy
        }
    }

    /// `project` into `buffer` emptied first (its capacity kept, so one buffer serves every
    /// path of a layer); returns the points it holds.
    func project(_ path: SpherePath, closed: Bool, replacing buffer: inout [SIMD2<Double>], dropped: inout Int,
                 scratch: inout Scratch) -> Int {
        buffer.removeAll(keepingCapacity: true)
        project(path, closed: closed, into: &buffer, dropped: &dropped, scratch: &scratch)
        return buffer.count
    }

    private func subdivide(_ a: SIMD3<Double>, _ pa: SIMD2<Double>, _ b: SIMD3<Double>, _ pb: SIMD2<Double>,
                           depth: Int, delta2: Double, into out: inout [SIMD2<Double>]) {
        let d = pb - pa
        let d2 = d.x * d.x + d.y * d.y
        guard d2 > 4 * delta2 && depth > 0 else { return }
        let sum = a + b
        let len = UnitSphere.length(sum)
        guard len > 1e-12 else { return }
        let m = sum / len
        split(a, pa, b, pb, m, pixel(SpherePoint(fast: m)), depth: depth, delta2: delta2, into: &out)
    }

    /// d3's test of the arc a → b against its projected midpoint `pm` (of `m`), and the recursion.
    @inline(__always)
    private func split(_ a: SIMD3<Double>, _ pa: SIMD2<Double>, _ b: SIMD3<Double>, _ pb: SIMD2<Double>,
                       _ m: SIMD3<Double>, _ pm: SIMD2<Double>, depth: Int, delta2: Double, into out: inout [SIMD2<Double>]) {
        guard depth > 0, pm.x.isFinite && pm.y.isFinite else { return }
        let d = pb - pa
        let d2 = d.x * d.x + d.y * d.y
        let d1 = pm - pa
        let dz = d.y * d1.x - d.x * d1.y
        if dz * dz / d2 > delta2 || abs((d.x * d1.x + d.y * d1.y) / d2 - 0.5) > 0.3
            || UnitSphere.dot(a, b) < Resampler.cosMinDistance {
            subdivide(a, pa, m, pm, depth: depth - 1, delta2: delta2, into: &out)
            out.append(pm)
            subdivide(m, pm, b, pb, depth: depth - 1, delta2: delta2, into: &out)
        }
    }
}
