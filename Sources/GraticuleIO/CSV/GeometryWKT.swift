import Foundation
import GraticuleCore
import GraticuleGeometry

/// Well-known text of geometries (OGC Simple Features): POINT, LINESTRING, POLYGON, MULTIPOINT,
/// MULTILINESTRING, MULTIPOLYGON, with Z, M and ZM, and EMPTY.
public enum GeometryWKT {
    /// The WKT of a geometry (coordinates in shortest round-trip form).
    public static func text(_ g: Geometry) -> String {
        var out = ""
        func num(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
        func pos(_ c: CoordinateParts, _ i: Int) -> String {
            var s = num(c.xy[i].x) + " " + num(c.xy[i].y)
            if let z = c.z { s += " " + num(z[i]) }
            return s
        }
        func seq(_ c: CoordinateParts, _ r: Range<Int>) -> String { "(" + r.map { pos(c, $0) }.joined(separator: ",") + ")" }
        switch g {
        case let .point(p):
            if p.isEmpty { return "POINT EMPTY" }
            out = p.z != nil ? "POINT Z (\(num(p.x)) \(num(p.y)) \(num(p.z!)))" : "POINT (\(num(p.x)) \(num(p.y)))"
        case let .multipoint(m):
            let c = m.coordinates
            if c.pointCount == 0 { return "MULTIPOINT EMPTY" }
            out = "MULTIPOINT" + (c.z != nil ? " Z " : " ") + "(" + (0 ..< c.pointCount).map { "(" + pos(c, $0) + ")" }.joined(separator: ",") + ")"
        case let .polyline(l):
            let c = l.coordinates
            if c.partCount == 0 { return "LINESTRING EMPTY" }
            let z = c.z != nil ? " Z " : " "
            out = c.partCount == 1 ? "LINESTRING" + z + seq(c, c.range(ofPart: 0))
                : "MULTILINESTRING" + z + "(" + (0 ..< c.partCount).map { seq(c, c.range(ofPart: $0)) }.joined(separator: ",") + ")"
        case let .polygon(p):
            let c = p.coordinates
            if c.partCount == 0 { return "POLYGON EMPTY" }
            let z = c.z != nil ? " Z " : " "
            let polys = (0 ..< p.polygonCount).map { k in "(" + p.rings(ofPolygon: k).map { seq(c, c.range(ofPart: $0)) }.joined(separator: ",") + ")" }
            out = p.polygonCount == 1 ? "POLYGON" + z + polys[0] : "MULTIPOLYGON" + z + "(" + polys.joined(separator: ",") + ")"
        case let .envelope(e):
            return text(.polygon(Polygon(polygons: [[[SIMD2(e.xMin, e.yMin), SIMD2(e.xMin, e.yMax), SIMD2(e.xMax, e.yMax),
                                                      SIMD2(e.xMax, e.yMin), SIMD2(e.xMin, e.yMin)]]])))
        }
        return out
    }

    /// Parses WKT.
    /// - Throws: `GraticuleError.parse` naming the offset.
    public static func parse(_ text: String) throws(GraticuleError) -> Geometry {
        var p = Parser(bytes: Array(text.utf8))
        let g = try p.geometry()
        p.skip()
        guard p.i == p.bytes.count else { throw p.error("text after the geometry") }
        return g
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0
        func error(_ m: String) -> GraticuleError { .parse(format: "WKT geometry", message: m, offset: i) }
        mutating func skip() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 } }
        mutating func word() -> String {
            skip()
            let s = i
            while i < bytes.count, (bytes[i] | 0x20) >= 0x61 && (bytes[i] | 0x20) <= 0x7A { i += 1 }
            return String(decoding: bytes[s ..< i], as: UTF8.self).uppercased()
        }
        mutating func take(_ c: UInt8) -> Bool { skip(); if i < bytes.count, bytes[i] == c { i += 1; return true }; return false }
        mutating func expect(_ c: UInt8) throws(GraticuleError) { guard take(c) else { throw error("expected '\(Character(UnicodeScalar(c)))'") } }
        mutating func number() throws(GraticuleError) -> Double {
            skip()
            let s = i
            while i < bytes.count, bytes[i] != 0x20, bytes[i] != 0x2C, bytes[i] != 0x29, bytes[i] != 0x28 { i += 1 }
            guard let v = Double(String(decoding: bytes[s ..< i], as: UTF8.self)), v.isFinite else {
                i = s
                throw error("invalid number")
            }
            return v
        }
        mutating func position(_ dims: Int, _ c: inout CoordinateParts, _ zs: inout [Double]) throws(GraticuleError) {
            let x = try number(), y = try number()
            var n = 2
            var z = 0.0
            while true {
                skip()
                guard i < bytes.count, bytes[i] != 0x2C, bytes[i] != 0x29 else { break }
                let v = try number()
                if n == 2 && dims != 3 { z = v } else if n == 2 { z = v }
                n += 1
                guard n <= 4 else { throw error("more than 4 ordinates") }
            }
            c.xy.append(SIMD2(x, y))
            zs.append(z)
        }
        mutating func sequence(_ dims: Int, _ c: inout CoordinateParts, _ zs: inout [Double]) throws(GraticuleError) {
            try expect(0x28)
            repeat {
                if take(0x28) { try position(dims, &c, &zs); try expect(0x29) } else { try position(dims, &c, &zs) }
            } while take(0x2C)
            try expect(0x29)
            c.partOffsets.append(c.xy.count)
        }
        mutating func takeEmpty() -> Bool {
            let s = i
            if word() == "EMPTY" { return true }
            i = s
            return false
        }
        mutating func geometry() throws(GraticuleError) -> Geometry {
            let type = word()
            var dims = 2
            let save = i
            let mod = word()
            if mod == "Z" || mod == "ZM" { dims = 3 } else if mod == "M" { dims = 2 } else if mod == "EMPTY" { i = save } else { i = save }
            var c = CoordinateParts()
            var zs: [Double] = []
            let empty = takeEmpty()
            var groups = [0]
            switch type {
            case "POINT":
                if empty { return .point(.empty()) }
                try expect(0x28); try position(dims, &c, &zs); try expect(0x29)
                return .point(Point(x: c.xy[0].x, y: c.xy[0].y, z: dims == 3 ? zs[0] : nil))
            case "MULTIPOINT":
                if !empty { try sequence(dims, &c, &zs) }
                return .multipoint(Multipoint(points: c.xy, z: dims == 3 ? zs : nil))
            case "LINESTRING":
                if !empty { try sequence(dims, &c, &zs) }
            case "MULTILINESTRING", "POLYGON":
                if !empty { try expect(0x28); repeat { try sequence(dims, &c, &zs) } while take(0x2C); try expect(0x29) }
                groups.append(c.partCount)
            case "MULTIPOLYGON":
                if !empty {
                    try expect(0x28)
                    repeat {
                        try expect(0x28); repeat { try sequence(dims, &c, &zs) } while take(0x2C); try expect(0x29)
                        groups.append(c.partCount)
                    } while take(0x2C)
                    try expect(0x29)
                }
            default: throw error("unknown geometry type \(type.isEmpty ? "(none)" : type)")
            }
            if dims == 3 { c.z = zs }
            if type == "POLYGON" || type == "MULTIPOLYGON" {
                if c.partCount == 0 { groups = [0] }
                for r in 0 ..< c.partCount where c.xy[c.partOffsets[r]] != c.xy[c.partOffsets[r + 1] - 1] || c.partOffsets[r + 1] - c.partOffsets[r] < 4 {
                    throw error("ring \(r) is not closed or has fewer than 4 points")
                }
                return .polygon(Polygon(coordinates: c, ringGroups: groups))
            }
            return .polyline(Polyline(coordinates: c))
        }
    }
}
