import Foundation
import GraticuleCore
import GraticuleGeometry

/// Well-known binary geometries (OGC ISO WKB, as GeoPackage stores them; EWKB Z/M flags also
/// read). Counts are checked against the bytes left before anything is allocated.
public enum WKB {
    /// Decodes a WKB geometry.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(GraticuleError) -> Geometry {
        var r = Reader(b: bytes)
        let g = try r.geometry(depth: 0)
        return g
    }

    struct Reader {
        let b: UnsafeRawBufferPointer
        var o = 0
        var little = true
        func fail(_ m: String) -> GraticuleError { .invalidInput("WKB: \(m) at byte \(o)") }
        mutating func u8() throws(GraticuleError) -> UInt8 {
            guard o < b.count else { throw fail("unexpected end") }
            defer { o += 1 }
            return b[o]
        }
        mutating func u32() throws(GraticuleError) -> UInt32 {
            guard o + 4 <= b.count else { throw fail("unexpected end") }
            let v = b.loadUnaligned(fromByteOffset: o, as: UInt32.self)
            o += 4
            return little ? UInt32(littleEndian: v) : UInt32(bigEndian: v)
        }
        mutating func f64() throws(GraticuleError) -> Double {
            guard o + 8 <= b.count else { throw fail("unexpected end") }
            let v = b.loadUnaligned(fromByteOffset: o, as: UInt64.self)
            o += 8
            return Double(bitPattern: little ? UInt64(littleEndian: v) : UInt64(bigEndian: v))
        }
        mutating func count(_ each: Int) throws(GraticuleError) -> Int {
            let n = Int(try u32())
            guard n <= (b.count - o) / max(each, 1) else { throw fail("count \(n) larger than the \(b.count - o) bytes left allow") }
            return n
        }
        /// (base type, has z, has m)
        mutating func header() throws(GraticuleError) -> (Int, Bool, Bool) {
            let order = try u8()
            guard order <= 1 else { throw fail("byte order \(order)") }
            little = order == 1
            var t = try u32()
            var z = t & 0x8000_0000 != 0, m = t & 0x4000_0000 != 0
            t &= 0x0FFF_FFFF
            let thousands = Int(t) / 1000
            if thousands == 1 || thousands == 3 { z = true }
            if thousands == 2 || thousands == 3 { m = true }
            return (Int(t) % 1000, z, m)
        }
        mutating func points(_ n: Int, z: Bool, m: Bool, into c: inout CoordinateParts) throws(GraticuleError) {
            let dims = 2 + (z ? 1 : 0) + (m ? 1 : 0)
            guard n <= (b.count - o) / (8 * dims) else { throw fail("\(n) points larger than the bytes left allow") }
            for _ in 0 ..< n {
                let x = try f64(), y = try f64()
                c.xy.append(SIMD2(x, y))
                if z { c.z!.append(try f64()) }
                if m { c.m!.append(try f64()) }
            }
        }
        mutating func ring(z: Bool, m: Bool, into c: inout CoordinateParts) throws(GraticuleError) {
            let n = try count(16)
            try points(n, z: z, m: m, into: &c)
            c.partOffsets.append(c.xy.count)
        }
        mutating func geometry(depth: Int) throws(GraticuleError) -> Geometry {
            let (t, z, m) = try header()
            var c = CoordinateParts()
            if z { c.z = [] }
            if m { c.m = [] }
            switch t {
            case 1:
                let x = try f64(), y = try f64()
                let zv = z ? try f64() : nil, mv = m ? try f64() : nil
                if x.isNaN && y.isNaN { return .point(.empty()) }
                return .point(Point(x: x, y: y, z: zv, m: mv))
            case 2:
                try points(try count(16), z: z, m: m, into: &c)
                if !c.xy.isEmpty { c.partOffsets.append(c.xy.count) }
                return .polyline(Polyline(coordinates: c))
            case 3:
                let nr = try count(4)
                for _ in 0 ..< nr { try ring(z: z, m: m, into: &c) }
                return .polygon(Polygon(coordinates: c, ringGroups: nr == 0 ? [0] : [0, nr]))
            case 4, 5, 6:
                guard depth == 0 else { throw fail("nested multi-geometry") }
                let n = try count(5)
                var groups = [0]
                for _ in 0 ..< n {
                    let saveLittle = little
                    let (pt, _, _) = try header()
                    guard pt == t - 3 else { throw fail("a \(t == 4 ? "MultiPoint" : t == 5 ? "MultiLineString" : "MultiPolygon") holds type \(pt)") }
                    switch pt {
                    case 1:
                        let x = try f64(), y = try f64()
                        c.xy.append(SIMD2(x, y))
                        if z { c.z!.append(try f64()) }
                        if m { c.m!.append(try f64()) }
                    case 2:
                        try points(try count(16), z: z, m: m, into: &c)
                        c.partOffsets.append(c.xy.count)
                    default:
                        let nr = try count(4)
                        for _ in 0 ..< nr { try ring(z: z, m: m, into: &c) }
                        groups.append(c.partCount)
                    }
                    little = saveLittle
                }
                if t == 4 {
                    c.partOffsets = c.xy.isEmpty ? [0] : [0, c.xy.count]
                    return .multipoint(Multipoint(coordinates: c))
                }
                if t == 5 { return .polyline(Polyline(coordinates: c)) }
                return .polygon(Polygon(coordinates: c, ringGroups: groups))
            default:
                throw .unsupported("WKB geometry type \(t) (collections and curves)")
            }
        }
    }

    /// Encodes a geometry as little-endian ISO WKB (Z types when it has z; m is not written).
    public static func encode(_ g: Geometry, into out: inout [UInt8]) {
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
        func head(_ t: UInt32, _ z: Bool) { out.append(1); u32(t + (z ? 1000 : 0)) }
        func pts(_ c: CoordinateParts, _ r: Range<Int>) {
            u32(UInt32(r.count))
            for i in r { f64(c.xy[i].x); f64(c.xy[i].y); if let z = c.z { f64(z[i]) } }
        }
        switch g {
        case let .point(p):
            head(1, p.z != nil); f64(p.x); f64(p.y); if let z = p.z { f64(z) }
        case let .multipoint(mp):
            let c = mp.coordinates, z = c.z != nil
            head(4, z); u32(UInt32(c.pointCount))
            for i in 0 ..< c.pointCount { head(1, z); f64(c.xy[i].x); f64(c.xy[i].y); if let zs = c.z { f64(zs[i]) } }
        case let .polyline(l):
            let c = l.coordinates, z = c.z != nil
            if c.partCount == 1 { head(2, z); pts(c, c.range(ofPart: 0)) } else {
                head(5, z); u32(UInt32(c.partCount))
                for p in 0 ..< c.partCount { head(2, z); pts(c, c.range(ofPart: p)) }
            }
        case let .polygon(p):
            let c = p.coordinates, z = c.z != nil
            func poly(_ k: Int) {
                head(3, z); u32(UInt32(p.rings(ofPolygon: k).count))
                for r in p.rings(ofPolygon: k) { pts(c, c.range(ofPart: r)) }
            }
            if p.polygonCount == 1 { poly(0) } else {
                head(6, z); u32(UInt32(p.polygonCount))
                for k in 0 ..< p.polygonCount { poly(k) }
            }
        case let .envelope(e):
            encode(.polygon(Polygon(polygons: [[[SIMD2(e.xMin, e.yMin), SIMD2(e.xMin, e.yMax), SIMD2(e.xMax, e.yMax),
                                                  SIMD2(e.xMax, e.yMin), SIMD2(e.xMin, e.yMin)]]])), into: &out)
        }
    }
}
