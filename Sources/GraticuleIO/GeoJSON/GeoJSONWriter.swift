import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// Encodes features as GeoJSON `Feature` objects into memory: properties in schema order,
/// coordinates in shortest round-trip form (exact), real fields always with a fraction or
/// exponent, dates as ISO 8601 strings; winding kept unless `rfc7946`, which writes exteriors
/// counter-clockwise and holes clockwise. `GeoJSONWriter` streams its output to a file; the
/// server's OGC API Features pages are made from it.
public struct GeoJSONEncoder {
    var out = JSONOutput()
    let rfc7946: Bool
    let keys: [[UInt8]]

    public init(schema: LayerSchema, rfc7946: Bool = false) {
        self.rfc7946 = rfc7946
        keys = schema.fields.map { f in
            var o = JSONOutput()
            o.string(f.name)
            o.bytes.append(UInt8(ascii: ":"))
            return o.bytes
        }
    }

    /// The UTF-8 text written so far.
    public var bytes: [UInt8] { out.bytes }

    /// Appends text as it is (JSON the caller vouches for).
    public mutating func raw(_ text: StaticString) { out.raw(text) }

    /// Appends bytes as they are (JSON the caller vouches for).
    public mutating func append(_ json: some Sequence<UInt8>) { out.bytes.append(contentsOf: json) }

    /// Appends one feature, with `id` when given (else the feature's own, if any).
    public mutating func feature(_ feature: Feature, id: Int64? = nil) {
        out.raw("{\"type\":\"Feature\"")
        if let id = id ?? feature.id { out.raw(",\"id\":"); out.integer(id) }
        out.raw(",\"properties\":{")
        for (i, v) in feature.attributes.enumerated() where i < keys.count {
            if i > 0 { out.bytes.append(UInt8(ascii: ",")) }
            out.bytes.append(contentsOf: keys[i])
            switch v {
            case .null: out.raw("null")
            case let .string(s): out.string(s)
            case let .integer(n): out.integer(n)
            case let .real(d):
                if d.isFinite && d == d.rounded() && abs(d) < 1e15 { out.integer(Int64(d)); out.raw(".0") } else { out.number(d) }
            case let .date(d): out.string(d.description)
            case let .boolean(b): out.raw(b ? "true" : "false")
            }
        }
        out.raw("},\"geometry\":")
        if let g = feature.geometry { geometry(g) } else { out.raw("null") }
        out.raw("}")
    }

    mutating func removeAll() { out.bytes.removeAll(keepingCapacity: true) }

    mutating func position(_ p: SIMD2<Double>, _ z: Double?) {
        out.bytes.append(UInt8(ascii: "["))
        out.number(p.x)
        out.bytes.append(UInt8(ascii: ","))
        out.number(p.y)
        if let z { out.bytes.append(UInt8(ascii: ",")); out.number(z) }
        out.bytes.append(UInt8(ascii: "]"))
    }

    mutating func positions(_ c: CoordinateParts, _ range: Range<Int>, reversed: Bool = false) {
        out.bytes.append(UInt8(ascii: "["))
        var first = true
        let indices: [Int] = reversed ? range.reversed() : Array(range)
        for i in indices {
            if !first { out.bytes.append(UInt8(ascii: ",")) }
            first = false
            position(c.xy[i], c.z?[i])
        }
        out.bytes.append(UInt8(ascii: "]"))
    }

    mutating func geometry(_ g: Geometry) {
        switch g {
        case let .point(p):
            if p.isEmpty { out.raw("{\"type\":\"Point\",\"coordinates\":[]}"); return }
            out.raw("{\"type\":\"Point\",\"coordinates\":")
            position(p.xy, p.z)
            out.raw("}")
        case let .multipoint(m):
            out.raw("{\"type\":\"MultiPoint\",\"coordinates\":[")
            for i in 0 ..< m.pointCount {
                if i > 0 { out.bytes.append(UInt8(ascii: ",")) }
                position(m.coordinates.xy[i], m.coordinates.z?[i])
            }
            out.raw("]}")
        case let .polyline(l):
            let c = l.coordinates
            if c.partCount == 1 {
                out.raw("{\"type\":\"LineString\",\"coordinates\":")
                positions(c, c.range(ofPart: 0))
            } else {
                out.raw("{\"type\":\"MultiLineString\",\"coordinates\":[")
                for p in 0 ..< c.partCount {
                    if p > 0 { out.bytes.append(UInt8(ascii: ",")) }
                    positions(c, c.range(ofPart: p))
                }
                out.bytes.append(UInt8(ascii: "]"))
            }
            out.raw("}")
        case let .polygon(p):
            let multi = p.polygonCount != 1
            out.raw(multi ? "{\"type\":\"MultiPolygon\",\"coordinates\":[" : "{\"type\":\"Polygon\",\"coordinates\":")
            for k in 0 ..< p.polygonCount {
                if k > 0 { out.bytes.append(UInt8(ascii: ",")) }
                out.bytes.append(UInt8(ascii: "["))
                for r in p.rings(ofPolygon: k) {
                    if r > p.ringGroups[k] { out.bytes.append(UInt8(ascii: ",")) }
                    var reverse = false
                    if rfc7946 {
                        let ccw = p.signedArea(ofRing: r) > 0
                        reverse = (r == p.ringGroups[k]) ? !ccw : ccw
                    }
                    positions(p.coordinates, p.coordinates.range(ofPart: r), reversed: reverse)
                }
                out.bytes.append(UInt8(ascii: "]"))
            }
            if multi { out.bytes.append(UInt8(ascii: "]")) }
            out.raw("}")
        case let .envelope(e):
            geometry(.polygon(Polygon(polygons: [[[SIMD2(e.xMin, e.yMin), SIMD2(e.xMin, e.yMax), SIMD2(e.xMax, e.yMax),
                                                   SIMD2(e.xMax, e.yMin), SIMD2(e.xMin, e.yMin)]]])))
        }
    }
}

/// Writes GeoJSON feature collections, streaming to a file through a 1 MiB buffer.
///
/// Output is a FeatureCollection with `name`, a 2008-style `crs` member when the spatial reference
/// is not WGS 84 longitude/latitude (as `ogr2ogr -f GeoJSON` writes), and features as
/// `GeoJSONEncoder` writes them.
public struct GeoJSONWriter {
    let handle: FileHandle
    let path: String
    var encoder: GeoJSONEncoder
    var count = 0

    /// Opens `url` for writing (an existing file is emptied, keeping its permissions; a new one
    /// is created) and writes the collection's header. `VectorDataset.write` gives it a
    /// temporary file (`OutputFile`), renamed over the target when complete.
    public init(url: URL, name: String, schema: LayerSchema, rfc7946: Bool = false) throws(GraticuleError) {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw .invalidInput("\(url.path.clipped()): cannot create file")
            }
        }
        guard let h = FileHandle(forWritingAtPath: url.path) else { throw .invalidInput("\(url.path.clipped()): cannot open for writing") }
        do { try h.truncate(atOffset: 0) } catch { throw .invalidInput("\(url.path.clipped()): cannot empty (\(error))") }
        handle = h
        path = url.path
        encoder = GeoJSONEncoder(schema: schema, rfc7946: rfc7946)
        encoder.out.bytes.reserveCapacity(1 << 21)
        encoder.raw("{\"type\":\"FeatureCollection\",\"name\":")
        encoder.out.string(name)
        if let sr = schema.spatialReference, !GeoJSONWriter.isWGS84LonLat(sr), let id = sr.identifier {
            encoder.raw(",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":")
            encoder.out.string("urn:ogc:def:crs:\(id.authority):\(id.authority == "EPSG" ? ":" : ":")\(id.code)")
            encoder.raw("}}")
        }
        encoder.raw(",\"features\":[\n")
    }

    static func isWGS84LonLat(_ sr: SpatialReference) -> Bool {
        if let w = sr.wkid, w == 4326 { return true }
        if let id = sr.identifier, id.authority == "OGC", id.code == "CRS84" { return true }
        return false
    }

    /// Appends one feature.
    public mutating func write(_ feature: Feature) throws(GraticuleError) {
        if count > 0 { encoder.raw(",\n") }
        count += 1
        encoder.feature(feature)
        if encoder.out.bytes.count > 1 << 20 { try flush() }
    }

    mutating func flush() throws(GraticuleError) {
        do { try handle.write(contentsOf: encoder.bytes) } catch { throw .invalidInput("\(path): write failed (\(error))") }
        encoder.removeAll()
    }

    /// Writes the closing brackets and closes the file.
    public mutating func finish() throws(GraticuleError) {
        encoder.raw("\n]}\n")
        try flush()
        do { try handle.close() } catch { throw .invalidInput("\(path): close failed (\(error))") }
    }
}
