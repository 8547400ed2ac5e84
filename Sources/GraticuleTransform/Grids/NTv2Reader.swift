import Foundation
import GraticuleCore

/// Reads NTv2 grid shift files (`.gsb`, Canada's National Transformation version 2 format):
/// an overview header of 11 16-byte records, then for each subgrid a header of 11 records and
/// GS_COUNT nodes of four float32 (latitude shift, longitude shift positive west, and their
/// accuracies, in seconds), rows south → north, each row east → west. Little- and big-endian
/// files are both accepted (NUM_OREC = 11 tells which). Subgrids nest through their PARENT names.
///
/// Every size and offset is checked against the file before use: a truncated or corrupt file is
/// an `invalidInput` error naming the file and what is wrong, never a crash.
enum NTv2Reader {
    static func read(_ file: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        func fail(_ why: String) -> GraticuleError { .invalidInput("NTv2 grid \(file.path): \(why)") }
        guard file.has(0, 176) else { throw fail("file too short for the overview header (\(file.count) bytes)") }
        guard file.ascii(at: 0, 8) == "NUM_OREC" else {
            throw fail("not an NTv2 file (first record is \"\(file.ascii(at: 0, 8))\", expected NUM_OREC)")
        }
        let big: Bool
        if file.int32(at: 8, bigEndian: false) == 11 { big = false } else if file.int32(at: 8, bigEndian: true) == 11 {
            big = true
        } else {
            throw fail("NUM_OREC is \(file.int32(at: 8, bigEndian: false)), expected 11")
        }
        let gsType = file.ascii(at: 56, 8).uppercased()
        guard gsType.hasPrefix("SECONDS") else { throw fail("GS_TYPE \"\(gsType)\" is not supported (only SECONDS)") }
        let numFiles = Int(file.int32(at: 40, bigEndian: big))
        guard numFiles >= 1 && numFiles <= 10_000 else { throw fail("NUM_FILE is \(numFiles)") }
        var offset = 176
        var flat: [(lattice: GridLattice, parent: String)] = []
        for index in 0..<numFiles {
            guard file.has(offset, 176) else {
                throw fail("truncated: subgrid \(index + 1) of \(numFiles) header at byte \(offset) is beyond the end "
                           + "(\(file.count) bytes)")
            }
            guard file.ascii(at: offset, 8) == "SUB_NAME" else {
                throw fail("subgrid \(index + 1) header at byte \(offset) does not start with SUB_NAME")
            }
            let subName = file.ascii(at: offset + 8, 8)
            let parent = file.ascii(at: offset + 24, 8)
            func dbl(_ record: Int) -> Double { file.float64(at: offset + 16 * record + 8, bigEndian: big) }
            let sLat = dbl(4), nLat = dbl(5), eLong = dbl(6), wLong = dbl(7), latInc = dbl(8), lonInc = dbl(9)
            let count = Int(file.int32(at: offset + 16 * 10 + 8, bigEndian: big))
            let s = Angle.radiansPerArcSecond
            let south = sLat * s, north = nLat * s, east = -eLong * s, west = -wLong * s
            let resY = latInc * s, resX = lonInc * s
            guard [south, north, east, west, resX, resY].allSatisfy(\.isFinite), abs(west) <= 4 * .pi,
                  abs(east) <= 4 * .pi, abs(north) <= .pi + 1e-5, abs(south) <= .pi + 1e-5, west < east,
                  south < north, resX > 1e-10, resY > 1e-10 else {
                throw fail("subgrid \(subName) has inconsistent georeferencing (S \(sLat) N \(nLat) E \(eLong) "
                           + "W \(wLong) seconds, increments \(latInc) \(lonInc))")
            }
            let columnsD = ((east - west) / resX + 0.5).rounded(.down) + 1
            let rowsD = ((north - south) / resY + 0.5).rounded(.down) + 1
            guard columnsD < 1e7, rowsD < 1e7 else { throw fail("subgrid \(subName) is too large") }
            let columns = Int(columnsD), rows = Int(rowsD)
            guard columns >= 2, rows >= 2 else {
                throw fail("subgrid \(subName) has \(columns) × \(rows) nodes (at least 2 × 2 are needed)")
            }
            guard count == columns * rows else {
                throw fail("subgrid \(subName): GS_COUNT \(count) does not match \(columns) × \(rows) nodes")
            }
            let data = offset + 176
            guard file.has(data, count * 16) else {
                throw fail("truncated: subgrid \(subName) needs \(count * 16) bytes of nodes at byte \(data), "
                           + "the file has \(file.count)")
            }
            flat.append((GridLattice(name: subName, west: west, south: south, east: east, north: north, resX: resX,
                                     resY: resY, columns: columns, rows: rows,
                                     nodes: .ntv2(file, offset: data, bigEndian: big)), parent))
            offset = data + count * 16
        }
        return GridFile(name: name, path: file.path, format: "NTv2", lattices: GridFile.nestByName(flat))
    }
}
