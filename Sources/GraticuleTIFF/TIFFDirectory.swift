import Foundation
import GraticuleCore

/// One field of an image file directory: tag, field type, count and where its value lies.
public struct TIFFEntry: Sendable, Hashable {
    public let tag: UInt16
    /// The TIFF field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 6 SBYTE, 7 UNDEFINED,
    /// 8 SSHORT, 9 SLONG, 10 SRATIONAL, 11 FLOAT, 12 DOUBLE, 13 IFD, 16 LONG8, 17 SLONG8, 18 IFD8).
    public let type: UInt16
    /// The number of values.
    public let count: UInt64
    /// The byte offset of the first value in the file (inline values: inside the entry).
    public let valueOffset: UInt64
    /// Why the value cannot be read (it lies beyond the end of the file), or nil.
    let defect: String?

    /// Bytes per value of a field type; nil for types this reader does not know.
    static func size(ofType type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: nil
        }
    }
}

/// An image file directory (IFD): the fields of one image of a TIFF file, read lazily.
///
/// Every value's byte range was checked against the file length when the directory was read; an
/// out-of-range value is reported (with the tag and the offset) only when a caller asks for it.
public struct TIFFDirectory: Sendable {
    /// The file offset of the directory.
    public let offset: UInt64
    /// The fields, sorted by tag.
    public let entries: [TIFFEntry]
    let data: Data
    let order: TIFFByteOrder

    /// The entry for a tag, if present.
    public func entry(_ tag: UInt16) -> TIFFEntry? {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].tag < tag { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].tag == tag ? entries[lo] : nil
    }

    /// True when the directory has the tag.
    public func has(_ tag: UInt16) -> Bool { entry(tag) != nil }

    private func checked(_ tag: UInt16) throws(GraticuleError) -> TIFFEntry? {
        guard let e = entry(tag) else { return nil }
        if let defect = e.defect { throw tiffError("tag \(TIFFTag.name(tag)): \(defect)", at: e.valueOffset) }
        return e
    }

    /// The unsigned integer values of a tag (BYTE, SHORT, LONG, LONG8, IFD, IFD8, and the signed
    /// integer types when non-negative), or nil when the tag is absent.
    /// - Throws: when the tag has another type, a negative value, or lies beyond the file.
    public func integers(_ tag: UInt16) throws(GraticuleError) -> [UInt64]? {
        guard let e = try checked(tag) else { return nil }
        let n = Int(e.count), base = Int(e.valueOffset)
        let order = self.order
        let result: [UInt64]? = data.withUnsafeBytes { p -> [UInt64]? in
            switch e.type {
            case 1, 7: return (0..<n).map { UInt64(p[base + $0]) }
            case 3: return (0..<n).map { UInt64(order.u16(p, base + 2 * $0)) }
            case 4, 13: return (0..<n).map { UInt64(order.u32(p, base + 4 * $0)) }
            case 16, 18: return (0..<n).map { order.u64(p, base + 8 * $0) }
            case 6:
                let v = (0..<n).map { Int64(Int8(bitPattern: p[base + $0])) }
                return v.contains { $0 < 0 } ? nil : v.map { UInt64($0) }
            case 8:
                let v = (0..<n).map { Int64(Int16(bitPattern: order.u16(p, base + 2 * $0))) }
                return v.contains { $0 < 0 } ? nil : v.map { UInt64($0) }
            case 9:
                let v = (0..<n).map { Int64(Int32(bitPattern: order.u32(p, base + 4 * $0))) }
                return v.contains { $0 < 0 } ? nil : v.map { UInt64($0) }
            case 17:
                let v = (0..<n).map { Int64(bitPattern: order.u64(p, base + 8 * $0)) }
                return v.contains { $0 < 0 } ? nil : v.map { UInt64($0) }
            default: return nil
            }
        }
        guard let result else {
            throw tiffError("tag \(TIFFTag.name(tag)) has type \(e.type) or a negative value where unsigned integers are required",
                            at: e.valueOffset)
        }
        return result
    }

    /// The first unsigned integer value of a tag, or nil when absent.
    /// - Throws: as `integers(_:)`, or when the tag has no value.
    public func integer(_ tag: UInt16) throws(GraticuleError) -> UInt64? {
        guard let e = entry(tag) else { return nil }
        if e.count == 0 { throw tiffError("tag \(TIFFTag.name(tag)) has no value", at: e.valueOffset) }
        if e.count == 1 { return try integers(tag)?.first }
        // Read only the first value of a long array.
        let one = TIFFEntry(tag: e.tag, type: e.type, count: 1, valueOffset: e.valueOffset, defect: e.defect)
        return try TIFFDirectory(offset: offset, entries: [one], data: data, order: order).integers(tag)?.first
    }

    /// The numeric values of a tag as doubles (any integer, rational or floating type), or nil
    /// when absent.
    public func doubles(_ tag: UInt16) throws(GraticuleError) -> [Double]? {
        guard let e = try checked(tag) else { return nil }
        let n = Int(e.count), base = Int(e.valueOffset)
        let order = self.order
        let result: [Double]? = data.withUnsafeBytes { p -> [Double]? in
            switch e.type {
            case 1, 7: return (0..<n).map { Double(p[base + $0]) }
            case 6: return (0..<n).map { Double(Int8(bitPattern: p[base + $0])) }
            case 3: return (0..<n).map { Double(order.u16(p, base + 2 * $0)) }
            case 8: return (0..<n).map { Double(Int16(bitPattern: order.u16(p, base + 2 * $0))) }
            case 4, 13: return (0..<n).map { Double(order.u32(p, base + 4 * $0)) }
            case 9: return (0..<n).map { Double(Int32(bitPattern: order.u32(p, base + 4 * $0))) }
            case 16, 18: return (0..<n).map { Double(order.u64(p, base + 8 * $0)) }
            case 17: return (0..<n).map { Double(Int64(bitPattern: order.u64(p, base + 8 * $0))) }
            case 11: return (0..<n).map { Double(order.f32(p, base + 4 * $0)) }
            case 12: return (0..<n).map { order.f64(p, base + 8 * $0) }
            case 5: return (0..<n).map { Double(order.u32(p, base + 8 * $0)) / Double(order.u32(p, base + 8 * $0 + 4)) }
            case 10:
                return (0..<n).map {
                    Double(Int32(bitPattern: order.u32(p, base + 8 * $0)))
                        / Double(Int32(bitPattern: order.u32(p, base + 8 * $0 + 4)))
                }
            default: return nil
            }
        }
        guard let result else { throw tiffError("tag \(TIFFTag.name(tag)) has non-numeric type \(e.type)", at: e.valueOffset) }
        return result
    }

    /// The text of an ASCII (or BYTE/UNDEFINED) tag up to its first NUL, decoded as UTF-8 (Latin-1
    /// when not valid UTF-8), or nil when absent.
    public func string(_ tag: UInt16) throws(GraticuleError) -> String? {
        guard let bytes = try bytes(tag) else { return nil }
        let text = bytes.prefix { $0 != 0 }
        return String(validating: text, as: UTF8.self) ?? String(text.map { Character(Unicode.Scalar($0)) })
    }

    /// The raw value bytes of a tag (any type, in file byte order), or nil when absent.
    public func bytes(_ tag: UInt16) throws(GraticuleError) -> [UInt8]? {
        guard let e = try checked(tag) else { return nil }
        guard let size = TIFFEntry.size(ofType: e.type) else { return nil }
        let start = Int(e.valueOffset), n = Int(e.count) * size
        return [UInt8](data[data.startIndex + start ..< data.startIndex + start + n])
    }
}
