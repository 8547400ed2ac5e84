import Foundation
import GraticuleCore
import GraticuleGeometry

/// dBASE III tables (`.dbf`), the attribute part of a Shapefile.
///
/// Text is decoded with the code page named by the `.cpg` file, else by the language-driver byte
/// (offset 29), else as UTF-8 when valid and ISO-8859-1 otherwise. Field types map as GDAL does:
/// `C` string (blank is null), `N`/`F` integer when it has no decimals and fewer than 19 digits,
/// real otherwise (blank or `*` is null), `D` date (`YYYYMMDD`, blank or zeros null), `L` boolean
/// (`T`/`Y` true, `F`/`N` false, `?` or blank null; GDAL 3.6 reads these as the text `T`/`F`). Deleted records are skipped. Every count and length in the header is checked
/// against the file's size.
public struct DBFTable {
    public let fields: [FieldDefinition]
    let kinds: [UInt8]
    let offsets: [Int]
    let widths: [Int]
    public let recordCount: Int
    let headerLength: Int
    let recordLength: Int
    let data: Data
    let path: String
    let encoding: String.Encoding?

    public init(url: URL, codePage: String?) throws(GraticuleError) {
        path = url.path
        data = try InputFile.bytes(url, expected: "a dBASE .dbf file")
        guard data.count >= 32 else { throw .invalidInput("\(path): \(data.count) bytes, shorter than a dBASE header (32)") }
        let (n, hl, rl, ldid) = data.withUnsafeBytes { b in
            (Int(b.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian),
             Int(b.loadUnaligned(fromByteOffset: 8, as: UInt16.self).littleEndian),
             Int(b.loadUnaligned(fromByteOffset: 10, as: UInt16.self).littleEndian), b[29])
        }
        guard hl >= 33, hl <= data.count else {
            throw .invalidInput("\(path): header length \(hl) is outside the file (\(data.count) bytes)")
        }
        var fields: [FieldDefinition] = []
        var kinds: [UInt8] = [], offsets: [Int] = [], widths: [Int] = []
        var off = 32, pos = 1
        var names = Set<String>()
        while off + 32 <= hl, data[off] != 0x0D {
            let raw = data[off ..< off + 11]
            let nameBytes = raw.prefix { $0 != 0 }
            var name = String(decoding: nameBytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let type = data[off + 11]
            let width = Int(data[off + 16]), decimals = Int(data[off + 17])
            if name.isEmpty { name = "FIELD_\(fields.count + 1)" }
            while names.contains(name) { name += "_" }
            names.insert(name)
            let ft: FieldType
            switch type {
            case UInt8(ascii: "N"), UInt8(ascii: "F"):
                ft = (decimals == 0 && width < 19 && type == UInt8(ascii: "N")) ? .integer : .real
            case UInt8(ascii: "D"): ft = .date
            case UInt8(ascii: "L"): ft = .boolean
            default: ft = .string
            }
            fields.append(FieldDefinition(name: name, type: ft, width: width, precision: decimals))
            kinds.append(type)
            offsets.append(pos)
            widths.append(width)
            pos += width
            off += 32
        }
        guard pos <= max(rl, 1) else {
            throw .invalidInput("\(path): fields need \(pos) bytes per record but the header says \(rl)")
        }
        self.fields = fields
        self.kinds = kinds
        self.offsets = offsets
        self.widths = widths
        self.headerLength = hl
        self.recordLength = rl
        self.recordCount = n
        self.encoding = DBFTable.encoding(codePage: codePage, ldid: ldid)
        if rl > 0, n > (data.count - hl) / rl {
            // Do not trust the count: records that are not there are reported when read.
        }
    }

    /// The encoding of a `.cpg` name or a language-driver id; nil means UTF-8 if valid, else Latin-1.
    static func encoding(codePage: String?, ldid: UInt8) -> String.Encoding? {
        if let cp = codePage?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(), !cp.isEmpty {
            let key = cp.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
            switch key {
            case "UTF8", "65001": return .utf8
            case "1252", "CP1252", "WINDOWS1252", "ANSI1252": return .windowsCP1252
            case "88591", "ISO88591", "LATIN1", "CP28591": return .isoLatin1
            case "1250", "CP1250", "WINDOWS1250": return .windowsCP1250
            case "1251", "CP1251", "WINDOWS1251": return .windowsCP1251
            case "1253", "CP1253": return .windowsCP1253
            case "1254", "CP1254": return .windowsCP1254
            case "ASCII", "USASCII": return .ascii
            default: return nil
            }
        }
        switch ldid {
        case 0x57, 0x03: return .windowsCP1252
        case 0xC8: return .windowsCP1250
        case 0xC9: return .windowsCP1251
        case 0xCB: return .windowsCP1253
        case 0xCA: return .windowsCP1254
        default: return nil
        }
    }

    func decode(_ bytes: Data.SubSequence) -> String {
        if let encoding, encoding != .utf8 {
            return String(data: Data(bytes), encoding: encoding) ?? String(decoding: bytes, as: UTF8.self)
        }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return String(data: Data(bytes), encoding: .isoLatin1) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// True when record `i` is marked deleted.
    public func isDeleted(_ i: Int) throws(GraticuleError) -> Bool {
        let start = headerLength + i * recordLength
        guard i >= 0, i < recordCount, start + recordLength <= data.count else {
            throw .invalidInput("\(path): record \(i) is beyond the end of the file (header says \(recordCount) records of \(recordLength) bytes from byte \(headerLength); the file has \(data.count) bytes)")
        }
        return data[start] == UInt8(ascii: "*")
    }

    /// The values of record `i` (0-based).
    public func record(_ i: Int) throws(GraticuleError) -> [AttributeValue] {
        _ = try isDeleted(i)
        let base = headerLength + i * recordLength
        var values: [AttributeValue] = []
        values.reserveCapacity(fields.count)
        for f in fields.indices {
            let start = base + offsets[f], end = start + widths[f]
            var a = start, b = end
            switch kinds[f] {
            case UInt8(ascii: "C"):
                while b > a, data[b - 1] == 0x20 || data[b - 1] == 0 { b -= 1 }
                values.append(a == b ? .null : .string(decode(data[a ..< b])))
            case UInt8(ascii: "N"), UInt8(ascii: "F"):
                while a < b, data[a] == 0x20 { a += 1 }
                while b > a, data[b - 1] == 0x20 || data[b - 1] == 0 { b -= 1 }
                if a == b || data[a] == UInt8(ascii: "*") { values.append(.null); continue }
                let text = String(decoding: data[a ..< b], as: UTF8.self)
                if fields[f].type == .integer, let v = Int64(text) { values.append(.integer(v)) }
                else if let d = Double(text) {
                    values.append(fields[f].type == .integer ? .integer(Int64(exactly: d.rounded()) ?? 0) : .real(d))
                } else { values.append(.null) }
            case UInt8(ascii: "D"):
                let text = String(decoding: data[a ..< b], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if text.isEmpty || text == "00000000" { values.append(.null) }
                else if let d = CivilDate(parsing: text) { values.append(.date(d)) } else { values.append(.null) }
            case UInt8(ascii: "L"):
                switch a < b ? data[a] : 0x20 {
                case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "Y"), UInt8(ascii: "y"): values.append(.boolean(true))
                case UInt8(ascii: "F"), UInt8(ascii: "f"), UInt8(ascii: "N"), UInt8(ascii: "n"): values.append(.boolean(false))
                default: values.append(.null)
                }
            default:
                while b > a, data[b - 1] == 0x20 || data[b - 1] == 0 { b -= 1 }
                values.append(a == b ? .null : .string(decode(data[a ..< b])))
            }
        }
        return values
    }
}

