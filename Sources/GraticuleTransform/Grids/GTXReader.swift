import Foundation
import GraticuleCore

/// Reads GTX vertical grids (NOAA VDatum format): a 40-byte big-endian header (south-west
/// latitude and longitude, latitude and longitude spacing in degrees as float64, rows and
/// columns as int32) followed by rows × columns big-endian float32 values (metres), rows south
/// → north, columns west → east; −88.8888 marks a node without data. Longitudes may be given in
/// 0…360; they are brought into −180…180 as PROJ does.
enum GTXReader {
    static func read(_ file: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        func fail(_ why: String) -> GraticuleError { .invalidInput("GTX grid \(file.path): \(why)") }
        guard file.has(0, 40) else { throw fail("file too short for the header (\(file.count) bytes)") }
        let lat0 = file.float64(at: 0, bigEndian: true), lon0Raw = file.float64(at: 8, bigEndian: true)
        let dlat = file.float64(at: 16, bigEndian: true), dlon = file.float64(at: 24, bigEndian: true)
        let rows = Int(file.int32(at: 32, bigEndian: true)), columns = Int(file.int32(at: 36, bigEndian: true))
        guard [lat0, lon0Raw, dlat, dlon].allSatisfy(\.isFinite), dlat > 0, dlon > 0, rows >= 2, columns >= 2,
              rows < 10_000_000, columns < 10_000_000, abs(lat0) <= 90, abs(lon0Raw) <= 360 else {
            throw fail("inconsistent header (origin \(lon0Raw), \(lat0); spacing \(dlon), \(dlat); "
                       + "\(columns) × \(rows) nodes)")
        }
        guard file.has(40, rows * columns * 4) else {
            throw fail("truncated: \(columns) × \(rows) nodes need \(40 + rows * columns * 4) bytes, "
                       + "the file has \(file.count)")
        }
        var lon0 = lon0Raw
        if lon0 >= 180 { lon0 -= 360 }
        let r = Angle.radiansPerDegree
        let lattice = GridLattice(
            name: name, west: lon0 * r, south: lat0 * r, east: (lon0 + Double(columns - 1) * dlon) * r,
            north: (lat0 + Double(rows - 1) * dlat) * r, resX: dlon * r, resY: dlat * r, columns: columns,
            rows: rows, nodes: .gtx(file, offset: 40))
        return GridFile(name: name, path: file.path, format: "GTX", lattices: [lattice])
    }
}

/// Reads NADCON grid pairs (`.las` latitude shifts and `.los` longitude shifts, NOAA's binary
/// format): a header record of 56 characters of text, then columns, rows and z count (int32)
/// and the minimum longitude, longitude spacing, minimum latitude and latitude spacing (float32,
/// degrees), padded to a record of 4 × (columns + 1) bytes; then one record per row, south →
/// north, of a row label and `columns` float32 shifts in seconds of arc (longitude positive
/// west). Both files must have the same header. Either file name may be given.
enum NADCONReader {
    static func read(url: URL, name: String) throws(GraticuleError) -> GridFile {
        let base = url.deletingPathExtension()
        let lasURL = base.appendingPathExtension(url.pathExtension == url.pathExtension.uppercased() ? "LAS" : "las")
        let losURL = base.appendingPathExtension(url.pathExtension == url.pathExtension.uppercased() ? "LOS" : "los")
        let las = try MappedFile(path: lasURL.path), los = try MappedFile(path: losURL.path)
        return try read(las: las, los: los, name: name)
    }

    static func read(las: MappedFile, los: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        func fail(_ f: MappedFile, _ why: String) -> GraticuleError { .invalidInput("NADCON grid \(f.path): \(why)") }
        var header: (columns: Int, rows: Int, lon0: Double, dlon: Double, lat0: Double, dlat: Double)?
        for f in [las, los] {
            guard f.has(0, 92) else { throw fail(f, "file too short for the header (\(f.count) bytes)") }
            let columns = Int(f.int32(at: 64, bigEndian: false)), rows = Int(f.int32(at: 68, bigEndian: false))
            let lon0 = Double(f.float32(at: 76, bigEndian: false)), dlon = Double(f.float32(at: 80, bigEndian: false))
            let lat0 = Double(f.float32(at: 84, bigEndian: false)), dlat = Double(f.float32(at: 88, bigEndian: false))
            guard columns >= 2, rows >= 2, columns < 1_000_000, rows < 1_000_000, dlon > 0, dlat > 0,
                  abs(lon0) <= 360, abs(lat0) <= 90 else {
                throw fail(f, "inconsistent header (\(columns) × \(rows) nodes, origin \(lon0), \(lat0), "
                           + "spacing \(dlon), \(dlat))")
            }
            let record = (columns + 1) * 4
            guard f.has(record, rows * record) else {
                throw fail(f, "truncated: \(rows) rows of \(record) bytes after the header need "
                           + "\(record * (rows + 1)) bytes, the file has \(f.count)")
            }
            if let h = header {
                guard h.columns == columns, h.rows == rows, h.lon0 == lon0, h.lat0 == lat0, h.dlon == dlon,
                      h.dlat == dlat else { throw fail(f, "header differs from its companion \(las.path)") }
            }
            header = (columns, rows, lon0, dlon, lat0, dlat)
        }
        let h = header!
        let r = Angle.radiansPerDegree
        let lattice = GridLattice(
            name: name, west: h.lon0 * r, south: h.lat0 * r, east: (h.lon0 + Double(h.columns - 1) * h.dlon) * r,
            north: (h.lat0 + Double(h.rows - 1) * h.dlat) * r, resX: h.dlon * r, resY: h.dlat * r,
            columns: h.columns, rows: h.rows, nodes: .nadcon(las: las, los: los, offset: (h.columns + 1) * 4))
        return GridFile(name: name, path: las.path, format: "NADCON", lattices: [lattice])
    }
}
