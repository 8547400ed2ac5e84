import Foundation
import Graticule

/// The raster branch of `graticule info`: gdalinfo's report for a GeoTIFF (text or JSON).
enum RasterInfo: InfoSource {
    static func handles(_ path: String) -> Bool { isRaster(path) }

    static func describe(_ path: String, layer: String?, json: Bool) throws -> String {
        let raster = try Raster.open(path)
        return json ? RasterInfo.json(raster).render(pretty: true) : RasterInfo.text(raster)
    }

    /// True for a built-in raster name or a file that starts like a TIFF.
    static func isRaster(_ path: String) -> Bool {
        if !FileManager.default.fileExists(atPath: path) { return Raster.builtInNames[path.lowercased()] != nil }
        guard let h = FileHandle(forReadingAtPath: path), let head = try? h.read(upToCount: 4) else { return false }
        let b = [UInt8](head)
        return b.count == 4 && ((b[0] == 0x49 && b[1] == 0x49 && b[3] == 0) || (b[0] == 0x4D && b[1] == 0x4D && b[2] == 0))
            && (b[2] == 42 || b[2] == 43 || b[3] == 42 || b[3] == 43)
    }

    static func structure(_ r: Raster) -> [(String, String)] {
        var items: [(String, String)] = []
        if r.layout.compressionName != "NONE" { items.append(("COMPRESSION", r.layout.compressionName)) }
        items.append(("INTERLEAVE", r.bands.count == 1 ? "BAND" : r.layout.interleave))
        if r.layout.isCOG { items.append(("LAYOUT", "COG")) }
        if r.layout.predictor > 1 { items.append(("PREDICTOR", String(r.layout.predictor))) }
        return items
    }

    /// The four corners and the centre in the raster's spatial reference and in its geographic
    /// base (longitude/latitude degrees), as gdalinfo lists them.
    static func corners(_ r: Raster) -> [(String, SIMD2<Double>, SIMD2<Double>?)] {
        let w = Double(r.width), h = Double(r.height)
        let named: [(String, Double, Double)] = [("Upper Left", 0, 0), ("Lower Left", 0, h), ("Upper Right", w, 0),
                                                  ("Lower Right", w, h), ("Center", w / 2, h / 2)]
        var geographic: RasterCoordinateOperation?
        if let sr = r.spatialReference, sr.isProjected, let base = sr.baseGeographic {
            var lonLat = base.definition.geodetic!
            lonLat.coordinateSystem = .lonLatDegrees
            geographic = try? RasterCoordinateOperation(from: sr, to: SpatialReference(definition: .geodetic(lonLat)))
        }
        return named.map { name, px, py in
            let p = r.geoTransform.apply(pixel: px, line: py)
            var g: SIMD2<Double>?
            if let geographic, let t = try? geographic.transform(x: p.x, y: p.y) { g = SIMD2(t.x, t.y) }
            return (name, SIMD2(p.x, p.y), g)
        }
    }

    /// Degrees as gdalinfo writes them: `34d54'58.20"W`.
    static func dms(_ v: Double, positive: String, negative: String) -> String {
        let a = abs(v)
        var d = Int(a), m = Int((a - Double(d)) * 60)
        var s = (a - Double(d) - Double(m) / 60) * 3600
        if s >= 59.995 { s = 0; m += 1 }
        if m >= 60 { m = 0; d += 1 }
        return String(format: "%3dd%2d'%5.2f\"%@", d, m, s, v < 0 ? negative : positive)
    }

    static func text(_ r: Raster) -> String {
        var out: [String] = []
        out.append("Driver: GTiff/GeoTIFF (\(r.layout.isBigTIFF ? "BigTIFF" : "TIFF"), \(r.layout.isBigEndian ? "big" : "little")-endian)")
        out.append("Files: \(r.name)")
        out.append("Size is \(r.width), \(r.height)")
        if let sr = r.spatialReference {
            out.append("Coordinate System is:")
            out.append((try? sr.export("wkt2")) ?? sr.name)
        } else if let problem = r.spatialReferenceProblem {
            out.append("Coordinate System: none (\(problem))")
        }
        if r.isGeoreferenced {
            let g = r.geoTransform
            if g.isNorthUp {
                out.append("Origin = (\(String(format: "%.15f", g.c0)),\(String(format: "%.15f", g.c3)))")
                out.append("Pixel Size = (\(String(format: "%.15f", g.c1)),\(String(format: "%.15f", g.c5)))")
            } else {
                out.append("GeoTransform =")
                out.append("  \(g.c0), \(g.c1), \(g.c2)")
                out.append("  \(g.c3), \(g.c4), \(g.c5)")
            }
        }
        if !r.metadata.isEmpty {
            out.append("Metadata:")
            for (k, v) in r.metadata { out.append("  \(k)=\(v)") }
        }
        out.append("Image Structure Metadata:")
        for (k, v) in structure(r) { out.append("  \(k)=\(v)") }
        if r.isGeoreferenced {
            out.append("Corner Coordinates:")
            for (name, p, g) in corners(r) {
                let label = name.padding(toLength: 11, withPad: " ", startingAt: 0)
                var line = "\(label) (\(String(format: "%12.3f", p.x)), \(String(format: "%12.3f", p.y)))"
                if r.spatialReference?.isGeographic == true {
                    line = "\(label) (\(String(format: "%12.7f", p.x)), \(String(format: "%12.7f", p.y))) "
                        + "(\(dms(p.x, positive: "E", negative: "W")), \(dms(p.y, positive: "N", negative: "S")))"
                } else if let g {
                    line += " (\(dms(g.x, positive: "E", negative: "W")), \(dms(g.y, positive: "N", negative: "S")))"
                }
                out.append(line)
            }
        }
        for b in r.bands {
            out.append("Band \(b.index + 1) Block=\(r.layout.blockWidth)x\(r.layout.blockHeight) Type=\(b.dataType.gdalName), "
                       + "ColorInterp=\(b.colorInterpretation)")
            if !b.description.isEmpty { out.append("  Description = \(b.description)") }
            if let nd = b.noData { out.append("  NoData Value=\(nd.isNaN ? "nan" : RasterValue.float(nd).text(as: b.dataType))") }
            if !r.overviews.isEmpty { out.append("  Overviews: " + r.overviews.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")) }
            if r.hasMask { out.append("  Mask Flags: PER_DATASET") }
            if b.scale != 1 || b.offset != 0 { out.append("  Offset: \(b.offset),   Scale:\(b.scale)") }
            if b.bitsPerSample % 8 != 0 { out.append("  Image Structure Metadata:\n    NBITS=\(b.bitsPerSample)") }
            if let table = b.colorTable {
                out.append("  Color Table (RGB with \(table.count) entries)")
                for (i, c) in table.enumerated().prefix(8) { out.append("    \(i): \(c.x),\(c.y),\(c.z),\(c.w)") }
                if table.count > 8 { out.append("    …") }
            }
            if !b.metadata.isEmpty {
                out.append("  Metadata:")
                for (k, v) in b.metadata { out.append("    \(k)=\(v)") }
            }
        }
        return out.joined(separator: "\n")
    }

    static func json(_ r: Raster) -> JSONText {
        var members: [(String, JSONText)] = [
            ("description", .string(r.name)), ("driverShortName", .string("GTiff")),
            ("files", .array([.string(r.name)])), ("size", .array([.integer(Int64(r.width)), .integer(Int64(r.height))])),
        ]
        if let sr = r.spatialReference {
            var cs: [(String, JSONText)] = [("wkt", .string((try? sr.export("wkt2")) ?? sr.name)), ("name", .string(sr.name))]
            if let wkid = sr.wkid { cs.append(("wkid", .integer(Int64(wkid)))) }
            members.append(("coordinateSystem", .object(cs)))
        }
        if r.isGeoreferenced {
            let g = r.geoTransform
            members.append(("geoTransform", .array([g.c0, g.c1, g.c2, g.c3, g.c4, g.c5].map { .number($0) })))
            var cc: [(String, JSONText)] = []
            var ring: [JSONText] = []
            for (name, p, geo) in corners(r) {
                let key = name.prefix(1).lowercased() + name.replacingOccurrences(of: " ", with: "").dropFirst()
                cc.append((key, .array([.number(p.x), .number(p.y)])))
                if name != "Center", let geo { ring.append(.array([.number(geo.x), .number(geo.y)])) }
            }
            members.append(("cornerCoordinates", .object(cc)))
            if ring.count == 4 {
                // gdalinfo's order: upper left, lower left, lower right, upper right, closed.
                members.append(("geographicExtent", .object([("type", .string("Polygon")),
                    ("coordinates", .array([.array([ring[0], ring[1], ring[3], ring[2], ring[0]])]))])))
            }
        }
        members.append(("metadata", .object([
            ("", .object(r.metadata.map { ($0.name, .string($0.value)) })),
            ("IMAGE_STRUCTURE", .object(structure(r).map { ($0.0, .string($0.1)) })),
        ])))
        members.append(("bands", .array(r.bands.map { b in
            var m: [(String, JSONText)] = [
                ("band", .integer(Int64(b.index + 1))),
                ("block", .array([.integer(Int64(r.layout.blockWidth)), .integer(Int64(r.layout.blockHeight))])),
                ("type", .string(b.dataType.gdalName)), ("colorInterpretation", .string(b.colorInterpretation)),
            ]
            if !b.description.isEmpty { m.append(("description", .string(b.description))) }
            if let nd = b.noData { m.append(("noDataValue", nd.isFinite ? .number(nd) : .string(nd.isNaN ? "nan" : (nd < 0 ? "-inf" : "inf")))) }
            if b.scale != 1 || b.offset != 0 { m.append(("offset", .number(b.offset))); m.append(("scale", .number(b.scale))) }
            if !r.overviews.isEmpty {
                m.append(("overviews", .array(r.overviews.map { .object([("size", .array([.integer(Int64($0.width)), .integer(Int64($0.height))]))]) })))
            }
            if r.hasMask { m.append(("mask", .object([("flags", .array([.string("PER_DATASET")]))]))) }
            if let table = b.colorTable {
                m.append(("colorTable", .object([("palette", .string("RGB")), ("count", .integer(Int64(table.count))),
                    ("entries", .array(table.map { .array([.integer(Int64($0.x)), .integer(Int64($0.y)), .integer(Int64($0.z)), .integer(Int64($0.w))]) }))])))
            }
            if !b.metadata.isEmpty { m.append(("metadata", .object([("", .object(b.metadata.map { ($0.name, .string($0.value)) }))]))) }
            return .object(m)
        })))
        return .object(members)
    }
}
