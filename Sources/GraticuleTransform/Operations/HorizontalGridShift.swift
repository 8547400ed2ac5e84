import Foundation
import GraticuleCore

/// A horizontal grid shift (NTv2, NADCON, PROJ GeoTIFF `hgridshift` grids): longitude and
/// latitude offsets interpolated bilinearly in the finest (sub)grid containing the point, as
/// PROJ's `hgridshift`. The inverse iterates the forward to 1e-12 rad (at most 10 times), as
/// PROJ does. A point outside every (sub)grid becomes NaN: it is never shifted by zero.
public struct HorizontalGridShift: DatumOperation {
    let grids: [GridFile]
    /// The grid names, as the pipeline string shows them.
    public var gridNames: [String] { grids.map(\.name) }

    init(grids: [GridFile]) { self.grids = grids }

    /// A grid shift from the bytes of a grid file held in memory (NTv2 `.gsb`, PROJ GeoTIFF, GTX
    /// by `name`'s extension), e.g. a user-supplied grid.
    /// - Throws: `invalidInput` naming `name` and the fault when the bytes are not a valid grid.
    public init(gridData: [UInt8], name: String) throws(GraticuleError) {
        let file = MappedFile(path: name, data: gridData)
        grids = [try GridStore.read(file, name: name, extension: (name as NSString).pathExtension.lowercased())]
    }

    /// The number of (sub)grids, nested ones included.
    public var latticeCount: Int {
        func count(_ l: [GridLattice]) -> Int { l.reduce(0) { $0 + 1 + count($1.children) } }
        return grids.reduce(0) { $0 + count($1.lattices) }
    }

    /// The extent of the grids (degrees), west, south, east, north.
    public var extent: (west: Double, south: Double, east: Double, north: Double)? {
        let all = grids.flatMap(\.lattices)
        guard let w = all.map(\.west).min(), let s = all.map(\.south).min(), let e = all.map(\.east).max(),
              let n = all.map(\.north).max() else { return nil }
        let d = Angle.degreesPerRadian
        return (w * d, s * d, e * d, n * d)
    }

    /// The lattice for a point, in the first grid that covers it.
    @inline(__always) func lattice(_ lon: Double, _ lat: Double) -> GridLattice? {
        for g in grids { if let l = g.lattice(lon, lat) { return l } }
        return nil
    }

    /// The shift at a point, nil outside every grid.
    func shift(_ lon: Double, _ lat: Double) -> SIMD2<Double>? {
        lattice(lon, lat)?.interpolate(lon, lat)
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            let p = points[i]
            if let d = shift(p.x, p.y) {
                points[i].x += d.x
                points[i].y += d.y
            } else {
                points[i] = invalidPoint
            }
        }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            let p = points[i]
            if let q = inverse(SIMD2(p.x, p.y)) {
                points[i].x = q.x
                points[i].y = q.y
            } else {
                points[i] = invalidPoint
            }
        }
    }

    /// The point whose forward shift lands on `target`.
    func inverse(_ target: SIMD2<Double>) -> SIMD2<Double>? {
        guard var grid = lattice(target.x, target.y), let first = grid.interpolate(target.x, target.y) else {
            return nil
        }
        var t = target - first
        var iterations = 10
        var dif = SIMD2<Double>(.infinity, .infinity)
        repeat {
            guard let del = grid.interpolate(t.x, t.y) else {
                // The estimate left this lattice: continue in the one that holds it.
                guard let next = lattice(t.x, t.y), next.name != grid.name || next.west != grid.west else { break }
                grid = next
                dif = SIMD2(.infinity, .infinity)
                iterations -= 1
                continue
            }
            dif = t + del - target
            t -= dif
            iterations -= 1
        } while iterations > 0 && (dif * dif).sum() > 1e-24
        guard iterations > 0 || (dif * dif).sum() <= 1e-24 else { return nil }
        return t
    }

    public var projSteps: [String] { ["+proj=hgridshift +grids=\(gridNames.joined(separator: ","))"] }
}

/// A vertical grid shift: heights offset by a value interpolated in a geoid or offset grid (GTX,
/// PROJ GeoTIFF `vgridshift`/`geoid_like` grids). `multiplier` −1 turns an ellipsoidal height
/// into a gravity-related one with a geoid model (H = h − N), +1 adds an offset grid. A point
/// outside the grid becomes NaN.
public struct VerticalGridShift: DatumOperation {
    let grids: [GridFile]
    public let multiplier: Double
    public var gridNames: [String] { grids.map(\.name) }

    init(grids: [GridFile], multiplier: Double) {
        self.grids = grids
        self.multiplier = multiplier
    }

    func value(_ lon: Double, _ lat: Double) -> Double? {
        for g in grids {
            if let l = g.lattice(lon, lat), let v = l.interpolate(lon, lat) { return v.x }
        }
        return nil
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            if let v = value(points[i].x, points[i].y) { points[i].z += multiplier * v } else { points[i] = invalidPoint }
        }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            if let v = value(points[i].x, points[i].y) { points[i].z -= multiplier * v } else { points[i] = invalidPoint }
        }
    }

    public var projSteps: [String] {
        ["+proj=vgridshift +grids=\(gridNames.joined(separator: ",")) +multiplier=\(multiplier)"]
    }
}
