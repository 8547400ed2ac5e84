import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// Reads ESRI Shapefiles: `.shp` geometry (every shape type: Point, MultiPoint, PolyLine,
/// Polygon, their Z and M forms, null shapes; MultiPatch is refused), `.shx` record index,
/// `.dbf` attributes (`DBFTable`, code page from `.cpg` or the language-driver byte) and `.prj`
/// spatial reference.
///
/// Nothing in the files is trusted: record offsets and lengths (from `.shx`, or the record headers
/// when there is no index) are checked against the file size, part and point counts against the
/// record's length, part offsets for order and range. A damaged file is an error naming the file
/// and the record number (0-based, as GDAL's feature ids).
///
/// Polygon rings are grouped as GDAL does: clockwise rings are exteriors, counter-clockwise
/// rings holes of the exterior that contains them (`PolygonGrouping`); rings that are not closed
/// are closed.
public struct ShapefileReader {
    public let name: String
    public let shapeType: Int
    public let schema: LayerSchema
    let shp: Data
    let records: [(offset: Int, length: Int)]
    let dbf: DBFTable?
    let shpPath: String

    public init(url: URL) throws(GraticuleError) {
        let base = url.deletingPathExtension()
        name = base.lastPathComponent
        // A write of this Shapefile killed among its renames: complete it first (`OutputFile`).
        OutputFile.completePendingSet(journal: ShapefileWriter.journal(for: base))
        func sibling(_ ext: String) -> URL? {
            for e in [ext, ext.uppercased()] {
                let u = base.appendingPathExtension(e)
                if FileManager.default.fileExists(atPath: u.path) { return u }
            }
            return nil
        }
        guard let shpURL = sibling("shp") else { throw .invalidInput("\(url.path): no .shp file") }
        shpPath = shpURL.path
        shp = try InputFile.bytes(shpURL, expected: "a Shapefile .shp")
        guard shp.count >= 100 else { throw .invalidInput("\(shpPath): \(shp.count) bytes, shorter than the 100-byte header") }
        let code = ShapefileReader.be32(shp, 0)
        guard code == 9994 else { throw .invalidInput("\(shpPath): file code \(code), not a Shapefile (9994)") }
        shapeType = Int(ShapefileReader.le32(shp, 32))
        guard [0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28].contains(shapeType) else {
            if shapeType == 31 { throw .unsupported("\(shpPath): MultiPatch shapes") }
            throw .invalidInput("\(shpPath): unknown shape type \(shapeType)")
        }
        // Record locations: from the .shx index when present, else by walking the record headers.
        var records: [(Int, Int)] = []
        if let shxURL = sibling("shx"), let shx = try? Data(contentsOf: shxURL, options: .alwaysMapped), shx.count >= 100 {
            let n = (shx.count - 100) / 8
            records.reserveCapacity(n)
            for i in 0 ..< n {
                let off = Int(ShapefileReader.be32(shx, 100 + 8 * i)) * 2
                let len = Int(ShapefileReader.be32(shx, 104 + 8 * i)) * 2
                records.append((off, len))
            }
        } else {
            var off = 100
            while off + 8 <= shp.count {
                let len = Int(ShapefileReader.be32(shp, off + 4)) * 2
                guard len >= 0, off + 8 + len <= shp.count else {
                    throw .invalidInput("\(shpPath): record \(records.count) at byte \(off): content length \(len) runs past the end of the file (\(shp.count) bytes)")
                }
                records.append((off, len))
                off += 8 + len
            }
        }
        self.records = records
        var codePage: String?
        if let cpg = sibling("cpg"), let text = try? String(contentsOf: cpg, encoding: .utf8) { codePage = text }
        dbf = try sibling("dbf").map { u throws(GraticuleError) in try DBFTable(url: u, codePage: codePage) }
        var sr: SpatialReference?
        if let prj = sibling("prj"), let bytes = try? Data(contentsOf: prj), !bytes.isEmpty {
            sr = ShapefileReader.identify(try? SpatialReference(textData: bytes))
        }
        let (gt, z, m) = ShapefileReader.geometryType(shapeType)
        schema = LayerSchema(fields: dbf?.fields ?? [], geometryType: gt, hasZ: z, hasM: m, spatialReference: sr)
    }

    /// A spatial reference read from text without an identifier gets WGS 84's or Web Mercator's
    /// when it is equivalent (Esri `.prj` files carry no codes).
    static func identify(_ sr: SpatialReference?) -> SpatialReference? {
        guard let sr else { return nil }
        if sr.identifier != nil { return sr }
        for wkid in [4326, 3857, 4269, 4258] {
            if let known = try? SpatialReference(wkid: wkid), (try? sr.isEquivalent(to: known, options: [.ignoreAxisOrder])) == true { return known }
        }
        return sr
    }

    static func geometryType(_ t: Int) -> (GeometryType, Bool, Bool) {
        switch t {
        case 1: (.point, false, false)
        case 11: (.point, true, true)
        case 21: (.point, false, true)
        case 3: (.polyline, false, false)
        case 13: (.polyline, true, true)
        case 23: (.polyline, false, true)
        case 5: (.polygon, false, false)
        case 15: (.polygon, true, true)
        case 25: (.polygon, false, true)
        case 8: (.multipoint, false, false)
        case 18: (.multipoint, true, true)
        case 28: (.multipoint, false, true)
        default: (.unknown, false, false)
        }
    }

    @inline(__always) static func be32(_ d: Data, _ o: Int) -> UInt32 {
        d.withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: o, as: UInt32.self)) }
    }
    @inline(__always) static func le32(_ d: Data, _ o: Int) -> UInt32 {
        d.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: o, as: UInt32.self)) }
    }

    /// Number of features: the records of the `.dbf` (GDAL's count), or of the `.shp` without one.
    public var featureCount: Int { dbf?.recordCount ?? records.count }

    /// Reads every feature.
    public func readLayer() throws(GraticuleError) -> FeatureLayer {
        var features: [Feature] = []
        features.reserveCapacity(featureCount)
        try forEachFeature { features.append($0) }
        return FeatureLayer(name: name, schema: schema, features: features)
    }

    /// Calls `body` with each feature in record order (deleted records skipped).
    public func forEachFeature(_ body: (Feature) throws(GraticuleError) -> Void) throws(GraticuleError) {
        let n = featureCount
        for i in 0 ..< n {
            if let dbf, try dbf.isDeleted(i) { continue }
            let attributes = try dbf?.record(i) ?? []
            let geometry: Geometry? = i < records.count ? try shape(i) : nil
            try body(Feature(id: Int64(i), geometry: geometry, attributes: attributes))
        }
    }

    /// The geometry of record `i`, nil for a null shape.
    public func shape(_ i: Int) throws(GraticuleError) -> Geometry? {
        let (off, len) = records[i]
        func fail(_ m: String) -> GraticuleError { .invalidInput("\(shpPath): record \(i): \(m)") }
        guard off >= 100, len >= 0, off + 8 + len <= shp.count else {
            throw fail("offset \(off) and length \(len) run past the end of the file (\(shp.count) bytes)")
        }
        let declared = Int(ShapefileReader.be32(shp, off + 4)) * 2
        guard declared == len || declared <= len else { throw fail("record header says \(declared) bytes, index says \(len)") }
        let result: Result<Geometry?, GraticuleError> = shp.withUnsafeBytes { raw in
            let content = UnsafeRawBufferPointer(rebasing: raw[(off + 8) ..< (off + 8 + len)])
            do throws(GraticuleError) {
                return .success(try ShapefileReader.decode(content, sr: schema.spatialReference))
            } catch { return .failure(fail("\(error)")) }
        }
        return try result.get()
    }

    /// Decodes one record's content (shape type onward); public for the fuzz target.
    public static func decode(_ c: UnsafeRawBufferPointer, sr: SpatialReference?) throws(GraticuleError) -> Geometry? {
        func need(_ n: Int, _ what: String) throws(GraticuleError) {
            guard n <= c.count else { throw .invalidInput("\(what) needs \(n) bytes, the record has \(c.count)") }
        }
        func d(_ o: Int) -> Double { Double(bitPattern: UInt64(littleEndian: c.loadUnaligned(fromByteOffset: o, as: UInt64.self))) }
        func i32(_ o: Int) -> Int { Int(Int32(littleEndian: c.loadUnaligned(fromByteOffset: o, as: Int32.self))) }
        try need(4, "shape type")
        let type = i32(0)
        switch type {
        case 0: return nil
        case 1, 11, 21:
            try need(20, "point")
            var p = Point(x: d(4), y: d(12), spatialReference: sr)
            if type == 11 { try need(28, "point z"); p.z = d(20); if c.count >= 36 { p.m = noData(d(28)) } }
            if type == 21 { try need(28, "point m"); p.m = noData(d(20)) }
            return .point(p)
        case 8, 18, 28:
            try need(40, "multipoint header")
            let n = i32(36)
            guard n >= 0, n <= (c.count - 40) / 16 else { throw .invalidInput("\(n) points do not fit in \(c.count) bytes") }
            var xy = [SIMD2<Double>](repeating: .zero, count: n)
            for k in 0 ..< n { xy[k] = SIMD2(d(40 + 16 * k), d(48 + 16 * k)) }
            var o = 40 + 16 * n
            let (z, m) = try zm(c, type: type, n: n, offset: &o)
            return .multipoint(Multipoint(points: xy, z: z, m: m, spatialReference: sr))
        case 3, 13, 23, 5, 15, 25:
            try need(44, "header")
            let np = i32(36), n = i32(40)
            guard np >= 0, n >= 0, np <= (c.count - 44) / 4, n <= (c.count - 44 - 4 * np) / 16 else {
                throw .invalidInput("\(np) parts and \(n) points do not fit in \(c.count) bytes")
            }
            // (fuzz finding: points in no part broke the one-buffer invariant)
            guard np > 0 || n == 0 else { throw .invalidInput("\(n) points in no part") }
            var offsets = [Int](repeating: 0, count: np + 1)
            for k in 0 ..< np {
                let s = i32(44 + 4 * k)
                guard s >= 0, s <= n, k == 0 ? s == 0 : s >= offsets[k - 1] else {
                    throw .invalidInput("part \(k) starts at point \(s) (of \(n))")
                }
                offsets[k] = s
            }
            offsets[np] = n
            let base = 44 + 4 * np
            var xy = [SIMD2<Double>](repeating: .zero, count: n)
            xy.withUnsafeMutableBufferPointer { out in
                for k in 0 ..< n { out[k] = SIMD2(d(base + 16 * k), d(base + 8 + 16 * k)) }
            }
            var o = base + 16 * n
            let (z, m) = try zm(c, type: type, n: n, offset: &o)
            // Drop empty parts.
            var parts = CoordinateParts(xy: xy, partOffsets: np == 0 ? [0] : offsets, z: z, m: m)
            if np > 0, (0 ..< np).contains(where: { offsets[$0] == offsets[$0 + 1] }) {
                parts = parts.filteringParts { offsets[$0] < offsets[$0 + 1] }
            }
            if type == 3 || type == 13 || type == 23 {
                return .polyline(Polyline(coordinates: parts, spatialReference: sr))
            }
            parts = closeRings(parts)
            return .polygon(PolygonGrouping.grouped(parts, spatialReference: sr))
        default:
            throw .invalidInput("shape type \(type) is not a supported Shapefile type")
        }
    }

    /// Shapefile "no data" for measures: any value below −10³⁸.
    static func noData(_ v: Double) -> Double? { v < -1e38 ? nil : v }

    static func zm(_ c: UnsafeRawBufferPointer, type: Int, n: Int, offset o: inout Int) throws(GraticuleError) -> ([Double]?, [Double]?) {
        func d(_ at: Int) -> Double { Double(bitPattern: UInt64(littleEndian: c.loadUnaligned(fromByteOffset: at, as: UInt64.self))) }
        var z: [Double]?, m: [Double]?
        if type >= 11 && type <= 18 {
            guard o + 16 + 8 * n <= c.count else { throw .invalidInput("z values need \(o + 16 + 8 * n) bytes, the record has \(c.count)") }
            z = (0 ..< n).map { d(o + 16 + 8 * $0) }
            o += 16 + 8 * n
        }
        if (type >= 11 && type <= 18 && o + 16 + 8 * n <= c.count) || type >= 21 {
            guard o + 16 + 8 * n <= c.count else { throw .invalidInput("m values need \(o + 16 + 8 * n) bytes, the record has \(c.count)") }
            m = (0 ..< n).map { noData(d(o + 16 + 8 * $0)) ?? .nan }
            o += 16 + 8 * n
        }
        return (z, m)
    }

    /// Closes rings whose last point differs from the first.
    static func closeRings(_ parts: CoordinateParts) -> CoordinateParts {
        let open = (0 ..< parts.partCount).filter { r in
            let range = parts.range(ofPart: r)
            return range.count > 0 && parts.xy[range.lowerBound] != parts.xy[range.upperBound - 1]
        }
        if open.isEmpty { return parts }
        var out = CoordinateParts()
        if parts.z != nil { out.z = [] }
        if parts.m != nil { out.m = [] }
        for r in 0 ..< parts.partCount {
            let range = parts.range(ofPart: r)
            out.xy.append(contentsOf: parts.xy[range])
            out.z?.append(contentsOf: parts.z![range])
            out.m?.append(contentsOf: parts.m![range])
            if open.contains(r) {
                out.xy.append(parts.xy[range.lowerBound])
                out.z?.append(parts.z![range.lowerBound])
                out.m?.append(parts.m![range.lowerBound])
            }
            out.partOffsets.append(out.xy.count)
        }
        return out
    }
}
