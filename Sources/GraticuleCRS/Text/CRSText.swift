import GraticuleCore

/// A CRS read from text, with the usage the text gave.
struct ParsedCRS: Sendable {
    var crs: CRS
    var areaOfUse: AreaOfUse?
    var scope: String?
}

/// Dispatches CRS text to the reader of its format.
///
/// Input is limited to `maximumLength` bytes of UTF-8 so that a hostile or mistaken input (a
/// 10 MB string) fails at once; every reader is linear in its input and nests at most 32 levels.
enum CRSText {
    /// The longest text accepted, in bytes of UTF-8 (1 MiB). The longest CRS definitions PROJ
    /// writes (a compound CRS in pretty PROJJSON) are under 20 KB.
    static let maximumLength = 1 << 20

    /// Parses WKT1, WKT2, PROJJSON or a PROJ string, resolving names against `registry`.
    static func parse(_ text: String, registry: Registry) throws(GraticuleError) -> ParsedCRS {
        var bytes: [UInt8] = []
        let count = text.utf8.count
        guard count <= maximumLength else { throw tooLong(count) }
        bytes.reserveCapacity(count)
        bytes.append(contentsOf: text.utf8)
        return try parse(utf8: bytes, registry: registry)
    }

    /// Parses UTF-8 bytes, rejecting invalid UTF-8 with the offset of the first bad byte.
    static func parse(bytes: [UInt8], registry: Registry) throws(GraticuleError) -> ParsedCRS {
        guard bytes.count <= maximumLength else { throw tooLong(bytes.count) }
        try validateUTF8(bytes)
        return try parse(utf8: bytes, registry: registry)
    }

    static func tooLong(_ count: Int) -> GraticuleError {
        .parse(format: "CRS text", message: "input is \(count) bytes; the limit is \(maximumLength) bytes (1 MiB)",
               offset: maximumLength)
    }

    /// The format of CRS text, from its first characters.
    enum Format { case wkt, projjson, proj }

    static func detect(_ bytes: [UInt8]) throws(GraticuleError) -> Format {
        var i = 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else {
            throw .parse(format: "CRS text", message: "empty input: expected WKT, PROJJSON or a PROJ string", offset: 0)
        }
        let b = bytes[i]
        if b == 0x7B { return .projjson }  // {
        if b == 0x2B { return .proj }  // +
        if b == 0x5B || b == 0x22 {
            throw .parse(format: "PROJJSON", message: "PROJJSON must be a JSON object, found \(b == 0x5B ? "an array" : "a string")",
                         offset: TextOffsets.characterOffset(bytes, byteOffset: i))
        }
        if WKTLexer.isKeywordStart(b) {
            var j = i
            while j < bytes.count, WKTLexer.isKeywordByte(bytes[j]) { j += 1 }
            var k = j
            while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
            if k < bytes.count, bytes[k] == 0x3D { return .proj }  // proj=… without the plus
            if k < bytes.count, bytes[k] == 0x5B || bytes[k] == 0x28 { return .wkt }  // KEYWORD[ or KEYWORD(
            throw .parse(format: "CRS text", message: "unrecognised spatial reference \"\(excerpt(bytes, from: i))\": "
                            + formsTried, offset: TextOffsets.characterOffset(bytes, byteOffset: i))
        }
        throw .parse(format: "CRS text",
                     message: "unrecognised CRS text: found " + WKTLexer(bytes: bytes).describeByte(at: i) + "; " + formsTried,
                     offset: TextOffsets.characterOffset(bytes, byteOffset: i))
    }

    /// The forms `SpatialReference(text:)` reads, for the message of text that is none of them.
    static let formsTried = "tried a WKID (4326), AUTH:CODE (EPSG:4326, ESRI:102100), an OGC URN or URI, "
        + "WKT (a keyword and brackets: GEOGCS[…], PROJCRS[…]), PROJJSON ({…}) and a PROJ string (+proj=…)"

    /// At most 40 characters of the text from byte `start`, for a message.
    static func excerpt(_ bytes: [UInt8], from start: Int) -> String {
        let text = String(decoding: bytes[start...], as: UTF8.self).trimmingWhitespace
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// Parses valid UTF-8.
    static func parse(utf8 text: [UInt8], registry: Registry) throws(GraticuleError) -> ParsedCRS {
        // A UTF-8 byte-order mark (`.prj` files written on Windows) is not part of any format.
        let bytes = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        let format = try detect(bytes)
        let resolve = try CRSResolve(registry: registry)
        switch format {
        case .wkt: return try WKTReader.read(bytes, resolve: resolve)
        case .projjson: return try PROJJSONReader.read(bytes, resolve: resolve)
        case .proj: return try PROJStringReader.read(bytes, resolve: resolve)
        }
    }

    /// Throws a parse error at the first byte that is not valid UTF-8 (overlong forms, surrogates
    /// and values above U+10FFFF included).
    static func validateUTF8(_ bytes: [UInt8]) throws(GraticuleError) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            var need = 0
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED: need = 2; upper = 0x9F
            case 0xF0: need = 3; lower = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; upper = 0x8F
            default: throw invalid(bytes, at: i)
            }
            guard i + need < n else { throw invalid(bytes, at: i, truncated: true) }
            let second = bytes[i + 1]
            guard second >= lower && second <= upper else { throw invalid(bytes, at: i) }
            for k in 2..<(need + 1) where bytes[i + k] & 0xC0 != 0x80 { throw invalid(bytes, at: i) }
            i += need + 1
        }
    }

    static func invalid(_ bytes: [UInt8], at i: Int, truncated: Bool = false) -> GraticuleError {
        .parse(format: "CRS text",
               message: (truncated ? "truncated UTF-8 sequence" : "invalid UTF-8")
                + " at byte offset \(i) (byte 0x\(String(bytes[i], radix: 16, uppercase: true)))",
               offset: TextOffsets.characterOffset(bytes, byteOffset: i))
    }
}
