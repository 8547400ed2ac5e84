import Foundation
import GraticuleCore

/// Where the node values of a grid come from. An enum rather than a protocol so that the four
/// node reads of each interpolation are direct loads, not dynamic calls.
enum GridNodes: Sendable {
    /// NTv2 records (lat shift, lon shift positive west, two accuracies: 4 × float32, seconds)
    /// in a mapped file, rows south → north, each row east → west.
    case ntv2(MappedFile, offset: Int, bigEndian: Bool)
    /// Float32 samples in memory, rows south → north, columns west → east, one plane per band;
    /// `scale` converts a sample to radians (horizontal) or metres (vertical).
    case planes(FloatPlanes)
    /// GTX: big-endian float32 in a mapped file, rows south → north, columns west → east.
    case gtx(MappedFile, offset: Int)
    /// NADCON .las/.los pair: little-endian float32 records of `columns + 1` values (the first
    /// is a row label), rows south → north; latitude and longitude (positive west) shifts in
    /// seconds.
    case nadcon(las: MappedFile, los: MappedFile, offset: Int)
}

/// Samples decoded into memory (PROJ GeoTIFF grids).
final class FloatPlanes: Sendable {
    let planes: [[Float]]
    let scale: [Double]
    let offset: [Double]
    let noData: Float?
    init(planes: [[Float]], scale: [Double], offset: [Double], noData: Float?) {
        self.planes = planes
        self.scale = scale
        self.offset = offset
        self.noData = noData
    }
}

/// One lattice of a grid file (an NTv2 subgrid, a GeoTIFF image), with the finer lattices
/// nested in it. Coordinates are radians (longitude east positive); node (0, 0) is the
/// south-west corner.
struct GridLattice: Sendable {
    var name: String
    var west: Double
    var south: Double
    var east: Double
    var north: Double
    var resX: Double
    var resY: Double
    var columns: Int
    var rows: Int
    var nodes: GridNodes
    var children: [GridLattice] = []
    /// Longitude and latitude bands of a horizontal grid (GeoTIFF) or 0 for vertical ones.
    var lonBand = 1, latBand = 0
    /// True when the longitude band of a GeoTIFF grid is positive west.
    var lonPositiveWest = false

    /// PROJ's tolerance for points on the edge of a lattice (relative to the resolution).
    static let relativeTolerance = 1e-5

    /// True when the point lies inside the lattice, within PROJ's edge tolerance; longitudes are
    /// compared modulo 2π.
    func contains(_ lon: Double, _ lat: Double) -> Bool {
        let eps = (resX + resY) * GridLattice.relativeTolerance
        guard lat + eps >= south && lat - eps <= north else { return false }
        if isGlobal { return true }
        var x = lon
        if x + eps < west { x += 2 * .pi } else if x - eps > east { x -= 2 * .pi }
        return x + eps >= west && x - eps <= east
    }

    /// The finest lattice (this or a descendant) containing the point.
    func finest(_ lon: Double, _ lat: Double) -> GridLattice {
        for child in children where child.contains(lon, lat) { return child.finest(lon, lat) }
        return self
    }

    /// The node value: (Δλ east, Δφ) in radians for horizontal grids; (value, 0) for vertical ones.
    /// Nil for a node without data.
    @inline(__always)
    func node(_ ix: Int, _ iy: Int) -> SIMD2<Double>? {
        let secondsToRadians = Angle.radiansPerArcSecond
        switch nodes {
        case let .ntv2(file, offset, big):
            let o = offset + ((iy * columns) + (columns - 1 - ix)) * 16
            let lat = Double(file.float32(at: o, bigEndian: big))
            let lon = Double(file.float32(at: o + 4, bigEndian: big))
            return GridLattice.asPROJ(-lon * secondsToRadians, lat * secondsToRadians)
        case let .planes(p):
            let i = iy * columns + ix
            if p.planes.count == 1 {
                let v = p.planes[0][i]
                if let nd = p.noData, v == nd || (nd.isNaN && v.isNaN) { return nil }
                return SIMD2(Double(v) * p.scale[0] + p.offset[0], 0)
            }
            let lo = p.planes[lonBand][i], la = p.planes[latBand][i]
            if let nd = p.noData, lo == nd || la == nd { return nil }
            let lon = Double(lo) * p.scale[lonBand] + p.offset[lonBand]
            let lat = Double(la) * p.scale[latBand] + p.offset[latBand]
            return GridLattice.asPROJ(lonPositiveWest ? -lon : lon, lat)
        case let .gtx(file, offset):
            let v = file.float32(at: offset + (iy * columns + ix) * 4, bigEndian: true)
            if v == -88.8888 || v.isNaN { return nil }
            return SIMD2(Double(v), 0)
        case let .nadcon(las, los, offset):
            let o = offset + (iy * (columns + 1) + 1 + ix) * 4
            let lat = Double(las.float32(at: o, bigEndian: false))
            let lon = Double(los.float32(at: o, bigEndian: false))
            return GridLattice.asPROJ(-lon * secondsToRadians, lat * secondsToRadians)
        }
    }

    /// Horizontal shifts in radians rounded to float32, as PROJ keeps them: identical to the
    /// double values for real grids (shifts of seconds of arc: 1e-12 rad), and the same
    /// results as PROJ for grids with shifts of degrees.
    @inline(__always)
    static func asPROJ(_ lon: Double, _ lat: Double) -> SIMD2<Double> {
        SIMD2(Double(Float(lon)), Double(Float(lat)))
    }

    /// True when the columns go round the whole globe (the last column's east neighbour is the
    /// first column), as world geoid grids (egm96_15.gtx) do.
    var isGlobal: Bool { east - west + resX >= 2 * .pi - 1e-10 }

    /// Bilinear interpolation at a point inside the lattice, as PROJ's `pj_hgrid_interpolate`
    /// (a point within 1e-4 of a cell outside the last node snaps to the edge). Nil outside.
    func interpolate(_ lon: Double, _ lat: Double) -> SIMD2<Double>? {
        var tx = lon - west
        let eps = (resX + resY) * GridLattice.relativeTolerance
        if tx + eps < 0 { tx += 2 * .pi } else if tx - eps > east - west { tx -= 2 * .pi }
        tx /= resX
        let ty = (lat - south) / resY
        // (Far outside: no Int conversion of huge values.)
        guard tx.isFinite, ty.isFinite, abs(tx) < 1e9, abs(ty) < 1e9 else { return nil }
        var ix = Int(tx.rounded(.down)), iy = Int(ty.rounded(.down))
        var fx = tx - Double(ix), fy = ty - Double(iy)
        let edge = 10 * GridLattice.relativeTolerance
        var ix1 = ix + 1
        if isGlobal {
            // Wrap around the globe: columns modulo their count.
            ix = ((ix % columns) + columns) % columns
            ix1 = (ix + 1) % columns
        } else if ix < 0 {
            guard ix == -1 && fx > 1 - edge else { return nil }
            ix = 0; fx = 0
        } else if ix + 1 >= columns {
            guard ix + 1 == columns && fx < edge else { return nil }
            ix -= 1; fx = 1
        }
        if !isGlobal { ix1 = ix + 1 }
        if iy < 0 {
            guard iy == -1 && fy > 1 - edge else { return nil }
            iy = 0; fy = 0
        } else if iy + 1 >= rows {
            guard iy + 1 == rows && fy < edge else { return nil }
            iy -= 1; fy = 1
        }
        guard ix >= 0, iy >= 0, ix1 < columns, iy + 1 < rows, let v00 = node(ix, iy), let v10 = node(ix1, iy),
              let v01 = node(ix, iy + 1), let v11 = node(ix1, iy + 1) else { return nil }
        let m00 = (1 - fx) * (1 - fy), m10 = fx * (1 - fy), m01 = (1 - fx) * fy, m11 = fx * fy
        return m00 * v00 + m10 * v10 + m01 * v01 + m11 * v11
    }
}

/// The lattices of one grid file, top level first, and the file's name.
final class GridFile: Sendable {
    /// The name the grid was asked for (`ntf_r93.gsb`).
    let name: String
    /// The path it was read from.
    let path: String
    let lattices: [GridLattice]
    /// The format (`NTv2`, `GTiff`, `GTX`, `NADCON`).
    let format: String

    init(name: String, path: String, format: String, lattices: [GridLattice]) {
        self.name = name
        self.path = path
        self.format = format
        self.lattices = lattices
    }

    /// The finest lattice containing the point, nil when no lattice does.
    func lattice(_ lon: Double, _ lat: Double) -> GridLattice? {
        for l in lattices where l.contains(lon, lat) { return l.finest(lon, lat) }
        return nil
    }

    /// NTv2 nesting: each lattice goes under the lattice its PARENT names ("NONE": top level).
    static func nestByName(_ flat: [(lattice: GridLattice, parent: String)]) -> [GridLattice] {
        var top: [GridLattice] = []
        func insert(_ g: GridLattice, parent: String, into list: inout [GridLattice]) -> Bool {
            for i in list.indices {
                if list[i].name == parent {
                    list[i].children.append(g)
                    return true
                }
                if insert(g, parent: parent, into: &list[i].children) { return true }
            }
            return false
        }
        for (g, parent) in flat {
            if parent.uppercased() == "NONE" || parent.isEmpty || !insert(g, parent: parent, into: &top) {
                top.append(g)
            }
        }
        return top
    }

    /// GeoTIFF nesting: a lattice goes under the first lattice whose extent contains its own,
    /// as deep as it fits (PROJ's bounding-box method).
    static func nestByExtent(_ flat: [GridLattice]) -> [GridLattice] {
        func covers(_ p: GridLattice, _ g: GridLattice) -> Bool {
            let tol = 1e-10
            return g.west >= p.west - tol && g.east <= p.east + tol && g.south >= p.south - tol
                && g.north <= p.north + tol
        }
        func insert(_ g: GridLattice, into list: inout [GridLattice]) -> Bool {
            for i in list.indices where covers(list[i], g) {
                if !insert(g, into: &list[i].children) { list[i].children.append(g) }
                return true
            }
            return false
        }
        var top: [GridLattice] = []
        for g in flat where !insert(g, into: &top) { top.append(g) }
        return top
    }
}
