import Foundation
import GraticuleCore
import GraticuleCRS

/// Reads Graticule's compact layer files (`.grl`), the form in which the built-in Natural Earth
/// layers ship (written by `tools/naturalearth/generate.py`).
///
/// Format (little-endian; varint = unsigned LEB128, zigzag for signed values):
/// `"GRTLAYR1"`; varint field count, per field u8 type (1 string, 2 integer, 3 real, 4 date),
/// varint width, varint precision, string name; string provenance; varint feature count; per
/// feature and field a u8 tag (0 null, 1 string, 2 zigzag integer, 3 f64 real, 4 varint yyyymmdd)
/// and its value; per feature varint polygon count, per polygon varint ring count, per ring varint
/// point count; then every point as zigzag varint deltas of round(lon·10⁷), round(lat·10⁷) from the
/// previous point. Strings are a varint byte length and UTF-8. Coordinates are therefore exact to
/// 5·10⁻⁸ degrees (≤ 6 mm), far below Natural Earth's own accuracy.
///
/// Nothing in the file is trusted: every count is checked against the bytes that remain, and a
/// damaged file gives `GraticuleError.invalidInput` naming the file and what is wrong.
public enum CompactLayer {
    /// Reads a compact layer file.
    public static func read(_ url: URL, name: String, spatialReference: SpatialReference?) throws(GraticuleError)
        -> (layer: FeatureLayer, provenance: String) {
        let data = try InputFile.bytes(url, expected: "a Graticule layer file (.grl)")
        let result: Result<(layer: FeatureLayer, provenance: String), GraticuleError> = data.withUnsafeBytes { raw in
            var r = ByteReader(raw.bindMemory(to: UInt8.self))
            do throws(GraticuleError) { return .success(try decode(&r, name: name, spatialReference: spatialReference)) } catch {
                return .failure(error)
            }
        }
        switch result {
        case let .success(v): return v
        case let .failure(e): throw .invalidInput("\(url.path): \(e)")
        }
    }

    static func decode(_ r: inout ByteReader, name: String, spatialReference: SpatialReference?) throws(GraticuleError)
        -> (layer: FeatureLayer, provenance: String) {
        guard try r.bytes(8).elementsEqual(Array("GRTLAYR1".utf8)) else { throw .invalidInput("not a Graticule compact layer") }
        let fieldCount = try r.count(atMost: 10_000, minimumBytesEach: 4, "field count")
        var fields: [FieldDefinition] = []
        for _ in 0 ..< fieldCount {
            let t = try r.byte()
            let width = try r.varint(), precision = try r.varint()
            let fname = try r.string()
            let type: FieldType
            switch t {
            case 1: type = .string
            case 2: type = .integer
            case 3: type = .real
            case 4: type = .date
            default: throw .invalidInput("field \(fname): unknown type \(t)")
            }
            fields.append(FieldDefinition(name: fname, type: type, width: Int(min(width, 1 << 20)),
                                          precision: Int(min(precision, 1 << 20))))
        }
        let provenance = try r.string()
        let featureCount = try r.count(atMost: Int.max, minimumBytesEach: max(1, fieldCount), "feature count")
        var attributes: [[AttributeValue]] = []
        attributes.reserveCapacity(featureCount)
        for f in 0 ..< featureCount {
            var row: [AttributeValue] = []
            row.reserveCapacity(fieldCount)
            for _ in 0 ..< fieldCount {
                switch try r.byte() {
                case 0: row.append(.null)
                case 1: row.append(.string(try r.string()))
                case 2: row.append(.integer(try r.zigzag()))
                case 3: row.append(.real(try r.float64()))
                case 4:
                    let v = Int(try r.varint() % 100_000_000)
                    row.append(.date(CivilDate(year: v / 10000, month: v / 100 % 100, day: v % 100)))
                case let t: throw .invalidInput("feature \(f): unknown value tag \(t)")
                }
            }
            attributes.append(row)
        }
        // Structure, then coordinates.
        var structure: [[[Int]]] = []
        var total = 0
        for f in 0 ..< featureCount {
            let polys = try r.count(atMost: Int.max, minimumBytesEach: 1, "feature \(f) polygon count")
            var ps: [[Int]] = []
            for _ in 0 ..< polys {
                let rings = try r.count(atMost: Int.max, minimumBytesEach: 1, "feature \(f) ring count")
                var rs: [Int] = []
                for _ in 0 ..< rings {
                    let n = try r.count(atMost: Int.max, minimumBytesEach: 0, "feature \(f) point count")
                    total += n
                    guard total <= r.remaining else { throw .invalidInput("feature \(f): \(total) points but \(r.remaining) bytes left") }
                    rs.append(n)
                }
                ps.append(rs)
            }
            structure.append(ps)
        }
        var features: [Feature] = []
        features.reserveCapacity(featureCount)
        var qx: Int64 = 0, qy: Int64 = 0
        for (f, ps) in structure.enumerated() {
            var xy: [SIMD2<Double>] = []
            xy.reserveCapacity(ps.reduce(0) { $0 + $1.reduce(0, +) })
            var offsets = [0], groups = [0]
            for rs in ps {
                for n in rs {
                    for _ in 0 ..< n {
                        qx &+= try r.zigzag()
                        qy &+= try r.zigzag()
                        xy.append(SIMD2(Double(qx) / 1e7, Double(qy) / 1e7))
                    }
                    offsets.append(xy.count)
                }
                groups.append(offsets.count - 1)
            }
            let geometry: Geometry? = ps.isEmpty ? nil : .polygon(Polygon(
                coordinates: CoordinateParts(xy: xy, partOffsets: offsets), ringGroups: groups,
                spatialReference: spatialReference))
            features.append(Feature(id: Int64(f), geometry: geometry, attributes: attributes[f]))
        }
        let schema = LayerSchema(fields: fields, geometryType: .polygon, spatialReference: spatialReference)
        return (FeatureLayer(name: name, schema: schema, features: features), provenance)
    }
}

/// A bounds-checked little-endian reader over bytes; every read throws past the end.
public struct ByteReader {
    public let bytes: UnsafeBufferPointer<UInt8>
    public var offset = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    public var remaining: Int { bytes.count - offset }

    public mutating func byte() throws(GraticuleError) -> UInt8 {
        guard offset < bytes.count else { throw .invalidInput("unexpected end of data at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func bytes(_ n: Int) throws(GraticuleError) -> UnsafeBufferPointer<UInt8> {
        guard n >= 0, n <= remaining else { throw .invalidInput("\(n) bytes needed at byte \(offset), \(remaining) left") }
        defer { offset += n }
        return UnsafeBufferPointer(rebasing: bytes[offset ..< offset + n])
    }

    public mutating func varint() throws(GraticuleError) -> UInt64 {
        var v: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw .invalidInput("varint longer than 64 bits at byte \(offset)") }
            v |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return v }
            shift += 7
        }
    }

    public mutating func zigzag() throws(GraticuleError) -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// A count that cannot exceed what the remaining bytes can hold.
    public mutating func count(atMost limit: Int, minimumBytesEach: Int, _ what: String) throws(GraticuleError) -> Int {
        let v = try varint()
        let cap = minimumBytesEach > 0 ? remaining / minimumBytesEach : Int.max
        guard v <= UInt64(min(limit, cap)) else { throw .invalidInput("\(what) \(v) is larger than the data can hold") }
        return Int(v)
    }

    public mutating func string() throws(GraticuleError) -> String {
        let n = try varint()
        guard n <= UInt64(remaining) else { throw .invalidInput("string of \(n) bytes at byte \(offset), \(remaining) left") }
        return String(decoding: try bytes(Int(n)), as: UTF8.self)
    }

    public mutating func float64() throws(GraticuleError) -> Double {
        let b = try bytes(8)
        var v: UInt64 = 0
        for i in 0 ..< 8 { v |= UInt64(b[i]) << (8 * UInt64(i)) }
        return Double(bitPattern: v)
    }
}
