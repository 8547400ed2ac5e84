import Foundation
import GraticuleCore

/// A TIFF or BigTIFF file, either byte order: its header and the chain of image file directories.
///
/// The file is memory-mapped, not read: opening a 10 GB COG touches only its directories. Nothing
/// in the file is trusted: every offset and count is checked against the file length before it
/// is used, the directory chain is followed with loop detection and a limit, and errors name the
/// problem and its byte offset (`TIFF parse error at offset 8: IFD loop: directory 2 points back
/// to offset 8`).
public struct TIFFFile: Sendable {
    /// Where the file came from (a path, or a name given with the data).
    public let name: String
    /// The whole file.
    public let data: Data
    /// True for "MM" (big-endian) files.
    public let isBigEndian: Bool
    /// True for BigTIFF (version 43, 8-byte offsets).
    public let isBigTIFF: Bool
    /// The main chain of directories, in file order (full-resolution image first; overviews and
    /// masks follow in GDAL's and COG's layout).
    public let directories: [TIFFDirectory]

    /// The most directories followed in one chain.
    public static let maximumDirectories = 65_536
    /// The most entries in one directory.
    public static let maximumEntries = 65_535

    /// Opens a file (memory-mapped).
    /// - Throws: `invalidInput` when the file cannot be read, `parse` when it is not a valid TIFF.
    public init(contentsOf url: URL) throws(GraticuleError) {
        let data = try InputFile.bytes(url, expected: "a TIFF or GeoTIFF file")
        try self.init(data: data, name: url.path)
    }

    /// Reads a TIFF from bytes in memory.
    /// - Throws: `parse` naming what is wrong and where.
    public init(data: Data, name: String = "TIFF data") throws(GraticuleError) {
        self.name = name
        self.data = data
        let length = UInt64(data.count)
        guard length >= 8 else { throw tiffError("\(name) is \(length) bytes, too short for a TIFF header") }
        let header = [UInt8](data.prefix(16))
        let big: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): big = false
        case (0x4D, 0x4D): big = true
        default:
            throw tiffError("\(name) is not a TIFF file (byte order mark \(String(format: "%02X %02X", header[0], header[1])), expected II or MM)")
        }
        isBigEndian = big
        let order = TIFFByteOrder(bigEndian: big)
        let version = data.withUnsafeBytes { order.u16($0, 2) }
        var first: UInt64
        switch version {
        case 42:
            isBigTIFF = false
            first = UInt64(data.withUnsafeBytes { order.u32($0, 4) })
        case 43:
            isBigTIFF = true
            guard length >= 16 else { throw tiffError("BigTIFF header truncated (\(length) bytes)") }
            let (offsetSize, reserved) = data.withUnsafeBytes { (order.u16($0, 4), order.u16($0, 6)) }
            guard offsetSize == 8, reserved == 0 else {
                throw tiffError("BigTIFF header has offset size \(offsetSize) and reserved \(reserved), expected 8 and 0", at: 4)
            }
            first = data.withUnsafeBytes { order.u64($0, 8) }
        default:
            throw tiffError("\(name): unknown TIFF version \(version) (42 is TIFF, 43 BigTIFF)", at: 2)
        }
        var dirs: [TIFFDirectory] = []
        var seen = Set<UInt64>()
        while first != 0 {
            guard seen.insert(first).inserted else {
                throw tiffError("IFD loop: directory \(dirs.count) points back to offset \(first)", at: first)
            }
            guard dirs.count < TIFFFile.maximumDirectories else {
                throw tiffError("more than \(TIFFFile.maximumDirectories) directories", at: first)
            }
            let (dir, next) = try TIFFFile.readDirectory(data: data, at: first, order: order, bigTIFF: isBigTIFF,
                                                        index: dirs.count)
            dirs.append(dir)
            first = next
        }
        guard !dirs.isEmpty else { throw tiffError("\(name) has no image directory (first IFD offset is 0)", at: 4) }
        directories = dirs
    }

    /// Reads one directory and the offset of the next.
    static func readDirectory(data: Data, at offset: UInt64, order: TIFFByteOrder, bigTIFF: Bool,
                              index: Int) throws(GraticuleError) -> (TIFFDirectory, UInt64) {
        let length = UInt64(data.count)
        let countSize: UInt64 = bigTIFF ? 8 : 2
        let entrySize: UInt64 = bigTIFF ? 20 : 12
        let offsetSize: UInt64 = bigTIFF ? 8 : 4
        guard offset.addingReportingOverflow(countSize).partialValue <= length, offset <= length else {
            throw tiffError("directory \(index) offset \(offset) beyond end of file (\(length) bytes)", at: offset)
        }
        let count: UInt64 = data.withUnsafeBytes {
            bigTIFF ? order.u64($0, Int(offset)) : UInt64(order.u16($0, Int(offset)))
        }
        guard count <= UInt64(maximumEntries) else {
            throw tiffError("directory \(index) claims \(count) entries (at most \(maximumEntries))", at: offset)
        }
        let end = offset + countSize + count * entrySize
        guard end + offsetSize <= length else {
            throw tiffError("directory \(index) with \(count) entries runs past the end of the file (\(length) bytes)",
                            at: offset)
        }
        let inlineSize = bigTIFF ? 8 : 4
        var entries: [TIFFEntry] = []
        entries.reserveCapacity(Int(count))
        let next: UInt64 = data.withUnsafeBytes { p in
            for i in 0..<Int(count) {
                let e = Int(offset + countSize) + i * Int(entrySize)
                let tag = order.u16(p, e)
                let type = order.u16(p, e + 2)
                let n: UInt64 = bigTIFF ? order.u64(p, e + 4) : UInt64(order.u32(p, e + 4))
                guard let size = TIFFEntry.size(ofType: type) else { continue }  // unknown type: ignored, as libtiff does
                let (bytes, overflow) = n.multipliedReportingOverflow(by: UInt64(size))
                let valueField = UInt64(e + (bigTIFF ? 12 : 8))
                var defect: String?
                var valueOffset = valueField
                if overflow {
                    defect = "count \(n) overflows"
                } else if bytes > UInt64(inlineSize) {
                    valueOffset = bigTIFF ? order.u64(p, Int(valueField)) : UInt64(order.u32(p, Int(valueField)))
                    let (stop, o2) = valueOffset.addingReportingOverflow(bytes)
                    if o2 || stop > length {
                        defect = "\(n) values at offset \(valueOffset) run past the end of the file (\(length) bytes)"
                    }
                }
                entries.append(TIFFEntry(tag: tag, type: type, count: n, valueOffset: valueOffset, defect: defect))
            }
            return bigTIFF ? order.u64(p, Int(end)) : UInt64(order.u32(p, Int(end)))
        }
        entries.sort { $0.tag < $1.tag }
        // Duplicate tags: keep the first, as libtiff does.
        var unique: [TIFFEntry] = []
        unique.reserveCapacity(entries.count)
        for e in entries where unique.last?.tag != e.tag { unique.append(e) }
        return (TIFFDirectory(offset: offset, entries: unique, data: data, order: order), next)
    }

    /// The images of the file (one per directory), each validated.
    /// - Throws: the first directory's error; use `image(at:)` to read the others one by one.
    public func image(at index: Int) throws(GraticuleError) -> TIFFImage {
        guard directories.indices.contains(index) else {
            throw .invalidInput("\(name) has \(directories.count) directories, no directory \(index)")
        }
        return try TIFFImage(directory: directories[index], index: index, file: self)
    }
}
