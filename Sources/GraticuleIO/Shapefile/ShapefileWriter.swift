import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// Writes ESRI Shapefiles: `.shp`, `.shx`, `.dbf` (UTF-8, with a `.cpg` saying so) and `.prj`
/// (Esri WKT) when the layer has a spatial reference.
///
/// The shape type follows the layer's geometry type (Point, MultiPoint, PolyLine, Polygon; Z forms
/// when the layer has z, with m). Polygon rings are written clockwise for exteriors and
/// counter-clockwise for holes, as the format requires. Fields: strings as `C` (width from the
/// data, at most 254 bytes), integers as `N` (width 18), reals as `N` 24.15, dates as `D`; names
/// are cut to 10 characters and made unique, as GDAL does.
///
/// The parts are written as a set (`OutputFile.commitSet`): all of them, `.prj` included, to
/// temporary files first, then renamed together, so a failure or a kill leaves the Shapefile
/// that was there. An existing Shapefile (any of its parts) is refused unless
/// `options.overwrite`; its parts the new one does not have (`.prj`, `.qix`, `.sbn`, …) are
/// removed with the same commit.
public enum ShapefileWriter {
    /// The extensions of a Shapefile's parts: those written, and those of other programs
    /// (spatial indexes) that describe the old geometry once it is replaced.
    static let partExtensions = ["shp", "shx", "dbf", "prj", "cpg", "qix", "sbn", "sbx", "shp.xml"]

    /// The journal of a set commit of the Shapefile at `base` (its path without extension).
    static func journal(for base: URL) -> String {
        base.deletingLastPathComponent().appendingPathComponent(".\(base.lastPathComponent).shp-journal").path
    }

    public static func write(_ layer: FeatureLayer, to url: URL, options: OutputOptions = OutputOptions()) throws(GraticuleError) {
        let base = url.deletingPathExtension()
        let files = try parts(layer, url)
        let journal = journal(for: base)
        OutputFile.completePendingSet(journal: journal)
        let existing = partExtensions.flatMap { [$0, $0.uppercased()] }.map { base.path + "." + $0 }.filter(OutputFile.exists)
        if let first = existing.first, !options.overwrite {
            throw .invalidInput("\(first.clipped()): exists; give --overwrite to replace the Shapefile")
        }
        var moves: [(temporary: String, target: String)] = []
        var written: Set<String> = []
        do {
            for (ext, bytes) in files {
                let path = base.path + "." + ext
                written.insert(path)
                let target = try OutputFile.destination(path, options: options, mayExist: true)
                let temp = try OutputFile.temporary(beside: target)
                moves.append((temp, target))
                try OutputFile.writeBytes(bytes, to: temp)
            }
        } catch {
            for m in moves { OutputFile.discard(m.temporary) }
            throw error
        }
        try OutputFile.commitSet(moves, removing: existing.filter { !written.contains($0) }, journal: journal)
    }

    /// The files of the Shapefile of a layer, by extension, in memory.
    static func parts(_ layer: FeatureLayer, _ url: URL) throws(GraticuleError) -> [(String, [UInt8])] {
        let schema = layer.schema
        var geometryType = schema.geometryType
        if geometryType == .unknown || geometryType == .envelope {
            let types = Set(layer.features.compactMap { $0.geometry?.type })
            guard types.count <= 1 else {
                throw .unsupported("\(url.path): a Shapefile holds one geometry type; the layer mixes \(types.map(\.rawValue).sorted())")
            }
            geometryType = types.first ?? .point
            if geometryType == .envelope { geometryType = .polygon }
        }
        let hasZ = schema.hasZ || layer.features.contains { $0.geometry?.hasZ ?? false }
        let shapeType: Int32
        switch geometryType {
        case .point: shapeType = hasZ ? 11 : 1
        case .multipoint: shapeType = hasZ ? 18 : 8
        case .polyline: shapeType = hasZ ? 13 : 3
        default: shapeType = hasZ ? 15 : 5
        }
        var shp = ByteWriter(), shx = ByteWriter()
        shp.header(); shx.header()
        var bounds = Envelope.empty()
        var zBounds: ClosedRange<Double>?
        for (i, f) in layer.features.enumerated() {
            var content = ByteWriter()
            if var g = f.geometry, !g.isEmpty {
                if case let .envelope(e) = g {
                    g = .polygon(Polygon(polygons: [[[SIMD2(e.xMin, e.yMin), SIMD2(e.xMin, e.yMax), SIMD2(e.xMax, e.yMax),
                                                       SIMD2(e.xMax, e.yMin), SIMD2(e.xMin, e.yMin)]]]))
                }
                guard g.type == geometryType || (geometryType == .multipoint && g.type == .point) else {
                    throw .unsupported("\(url.path): feature \(i) is a \(g.type.rawValue) in a \(geometryType.rawValue) layer")
                }
                bounds = bounds.union(g.extent)
                if let zr = g.extent.zRange { zBounds = zBounds.map { min($0.lowerBound, zr.lowerBound) ... max($0.upperBound, zr.upperBound) } ?? zr }
                encode(g, shapeType: shapeType, into: &content)
            } else {
                content.le32(0)
            }
            // Offsets and lengths are counted in 16-bit words in 32 bits: at most 4 GiB.
            guard (shp.bytes.count + 8 + content.bytes.count) / 2 < Int(Int32.max) else {
                throw .unsupported("\(url.path.clipped()): a Shapefile holds at most 4 GiB of geometry (feature \(i) goes past it); write a GeoPackage")
            }
            shx.be32(Int32(shp.bytes.count / 2))
            shx.be32(Int32(content.bytes.count / 2))
            shp.be32(Int32(i + 1))
            shp.be32(Int32(content.bytes.count / 2))
            shp.bytes.append(contentsOf: content.bytes)
        }
        if bounds.isEmpty { bounds = Envelope(xMin: 0, yMin: 0, xMax: 0, yMax: 0) }
        for w in [0, 1] {
            var b = w == 0 ? shp : shx
            b.patchHeader(shapeType: shapeType, bounds: bounds, z: zBounds)
            if w == 0 { shp = b } else { shx = b }
        }
        var files = [("shp", shp.bytes), ("shx", shx.bytes), ("dbf", try dbf(layer)), ("cpg", Array("UTF-8\n".utf8))]
        if let sr = schema.spatialReference, let wkt = try? sr.export("esri") { files.append(("prj", Array(wkt.utf8))) }
        return files
    }

    static func encode(_ g: Geometry, shapeType: Int32, into c: inout ByteWriter) {
        let z = shapeType >= 11 && shapeType <= 18
        switch g {
        case let .point(p):
            c.le32(shapeType); c.f64(p.x); c.f64(p.y)
            if z { c.f64(p.z ?? 0); c.f64(p.m ?? -1e39) }
        case let .multipoint(m):
            multipoint(m.coordinates, shapeType: shapeType, z: z, into: &c)
        case let .polyline(l):
            parts(l.coordinates, shapeType: shapeType, z: z, into: &c)
        case let .polygon(p):
            // Exteriors clockwise, holes counter-clockwise.
            var out = CoordinateParts()
            if p.coordinates.z != nil { out.z = [] }
            for k in 0 ..< p.polygonCount {
                for r in p.rings(ofPolygon: k) {
                    let range = p.coordinates.range(ofPart: r)
                    let ccw = p.signedArea(ofRing: r) > 0
                    let reverse = (r == p.ringGroups[k]) ? ccw : !ccw
                    let idx: [Int] = reverse ? range.reversed() : Array(range)
                    out.append(part: idx.map { p.coordinates.xy[$0] }, z: p.coordinates.z.map { zs in idx.map { zs[$0] } })
                }
            }
            parts(out, shapeType: shapeType, z: z, into: &c)
        case .envelope: break
        }
    }

    static func multipoint(_ pts: CoordinateParts, shapeType: Int32, z: Bool, into c: inout ByteWriter) {
        c.le32(shapeType)
        box(pts, into: &c)
        c.le32(Int32(pts.pointCount))
        for p in pts.xy { c.f64(p.x); c.f64(p.y) }
        if z { zm(pts, into: &c) }
    }

    static func parts(_ pts: CoordinateParts, shapeType: Int32, z: Bool, into c: inout ByteWriter) {
        c.le32(shapeType)
        box(pts, into: &c)
        c.le32(Int32(pts.partCount))
        c.le32(Int32(pts.pointCount))
        for k in 0 ..< pts.partCount { c.le32(Int32(pts.partOffsets[k])) }
        c.bytes.reserveCapacity(c.bytes.count + 16 * pts.pointCount)
        for p in pts.xy { c.f64(p.x); c.f64(p.y) }
        if z { zm(pts, into: &c) }
    }

    static func box(_ pts: CoordinateParts, into c: inout ByteWriter) {
        let b = pts.bounds
        c.f64(b.min.x); c.f64(b.min.y); c.f64(b.max.x); c.f64(b.max.y)
    }

    static func zm(_ pts: CoordinateParts, into c: inout ByteWriter) {
        let zs = pts.z ?? [Double](repeating: 0, count: pts.pointCount)
        c.f64(zs.min() ?? 0); c.f64(zs.max() ?? 0)
        for v in zs { c.f64(v) }
        let ms = pts.m?.map { $0.isNaN ? -1e39 : $0 } ?? [Double](repeating: -1e39, count: pts.pointCount)
        c.f64(ms.min() ?? 0); c.f64(ms.max() ?? 0)
        for v in ms { c.f64(v) }
    }

    /// The dBASE table (UTF-8).
    static func dbf(_ layer: FeatureLayer) throws(GraticuleError) -> [UInt8] {
        let fields = layer.schema.fields
        var names: [String] = []
        var used = Set<String>()
        for f in fields {
            var n = String(f.name.utf8.prefix(10)).map { $0 } ?? f.name
            var k = 1
            while used.contains(n.uppercased()) { let suffix = "_\(k)"; n = String(n.prefix(10 - suffix.count)) + suffix; k += 1 }
            used.insert(n.uppercased())
            names.append(n)
        }
        var kinds: [UInt8] = [], widths: [Int] = [], decimals: [Int] = []
        for (i, f) in fields.enumerated() {
            switch f.type {
            case .string, .dateTime:
                var w = 1
                for feat in layer.features where i < feat.attributes.count {
                    w = max(w, feat.attributes[i].description.utf8.count)
                }
                kinds.append(UInt8(ascii: "C")); widths.append(min(254, max(w, min(f.width, 254)))); decimals.append(0)
            case .integer: kinds.append(UInt8(ascii: "N")); widths.append(f.width > 0 && f.width < 19 ? max(f.width, 1) : 18); decimals.append(0)
            case .real:
                let w = f.width > 0 ? f.width : 24, d = f.width > 0 ? f.precision : 15
                kinds.append(UInt8(ascii: "N")); widths.append(min(w, 254)); decimals.append(min(d, 15))
            case .date: kinds.append(UInt8(ascii: "D")); widths.append(8); decimals.append(0)
            // As GDAL 3.6 writes a boolean: a one-digit number, 1 or 0 (GDAL reads a dBASE L field as text).
            case .boolean: kinds.append(UInt8(ascii: "N")); widths.append(1); decimals.append(0)
            }
        }
        let recordLength = 1 + widths.reduce(0, +)
        let headerLength = 32 + 32 * fields.count + 1
        guard recordLength <= 65535, headerLength <= 65535 else { throw .unsupported("a dBASE record of \(recordLength) bytes") }
        var b = ByteWriter()
        b.bytes.append(0x03)
        b.bytes.append(contentsOf: [126, 1, 1])   // last update 2026-01-01 (fixed: reproducible output)
        b.le32(Int32(layer.features.count))
        b.le16(UInt16(headerLength)); b.le16(UInt16(recordLength))
        b.bytes.append(contentsOf: [UInt8](repeating: 0, count: 17))
        b.bytes.append(0)   // language driver: none (the .cpg says UTF-8)
        b.bytes.append(contentsOf: [0, 0])
        for (i, n) in names.enumerated() {
            var nameBytes = Array(n.utf8.prefix(10))
            nameBytes += [UInt8](repeating: 0, count: 11 - nameBytes.count)
            b.bytes.append(contentsOf: nameBytes)
            b.bytes.append(kinds[i])
            b.bytes.append(contentsOf: [0, 0, 0, 0])
            b.bytes.append(UInt8(widths[i])); b.bytes.append(UInt8(decimals[i]))
            b.bytes.append(contentsOf: [UInt8](repeating: 0, count: 14))
        }
        b.bytes.append(0x0D)
        for f in layer.features {
            b.bytes.append(0x20)
            for i in fields.indices {
                let v = i < f.attributes.count ? f.attributes[i] : .null
                let w = widths[i]
                var cell: [UInt8]
                switch (v, kinds[i]) {
                case (.null, UInt8(ascii: "N")): cell = []
                case (.null, _): cell = []
                case let (.date(d), UInt8(ascii: "D")):
                    cell = Array(String(format: "%04d%02d%02d", d.year, d.month, d.day).utf8)
                case let (.integer(n), UInt8(ascii: "N")): cell = Array(String(n).utf8)
                case let (.real(x), UInt8(ascii: "N")):
                    cell = Array(String(format: "%.\(decimals[i])f", x).utf8)
                    if cell.count > w { cell = Array(String(format: "%.\(max(0, w - 8))e", x).utf8) }
                default:
                    cell = Array(v.description.utf8)
                    if cell.count > w {
                        // Cut on a character boundary.
                        var cut = w
                        while cut > 0 && (cell[cut] & 0xC0) == 0x80 { cut -= 1 }
                        cell = Array(cell[0 ..< cut])
                    }
                }
                if kinds[i] == UInt8(ascii: "N") {
                    if cell.count > w { cell = [UInt8](repeating: UInt8(ascii: "*"), count: w) }
                    b.bytes.append(contentsOf: [UInt8](repeating: 0x20, count: w - cell.count))
                    b.bytes.append(contentsOf: cell)
                } else {
                    b.bytes.append(contentsOf: cell)
                    b.bytes.append(contentsOf: [UInt8](repeating: 0x20, count: w - cell.count))
                }
            }
        }
        b.bytes.append(0x1A)
        return b.bytes
    }
}

/// Little- and big-endian byte output.
struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func le32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func be32(_ v: Int32) { withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) } }
    mutating func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func header() { bytes.append(contentsOf: [UInt8](repeating: 0, count: 100)) }

    /// Fills the 100-byte Shapefile header once the length is known.
    mutating func patchHeader(shapeType: Int32, bounds: Envelope, z: ClosedRange<Double>?) {
        var h = ByteWriter()
        h.be32(9994)
        h.bytes.append(contentsOf: [UInt8](repeating: 0, count: 20))
        h.be32(Int32(bytes.count / 2))
        h.le32(1000)
        h.le32(shapeType)
        h.f64(bounds.xMin); h.f64(bounds.yMin); h.f64(bounds.xMax); h.f64(bounds.yMax)
        h.f64(z?.lowerBound ?? 0); h.f64(z?.upperBound ?? 0); h.f64(0); h.f64(0)
        bytes.replaceSubrange(0 ..< 100, with: h.bytes)
    }
}
