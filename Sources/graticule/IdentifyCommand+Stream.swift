import Foundation
import Graticule
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `graticule identify RASTER` reading points from standard input: all of it read at once with
/// `read(2)`, parsed in place (`NumberFormat.parse`, no strings), transformed in one batch, and
/// for text output each cell's values read through a `RasterCellReader` (the last decoded block
/// kept, no cache lookup per cell) and printed into one byte buffer (`ByteWriter`) flushed in
/// 1 MB writes. Nothing is allocated per line.
extension IdentifyCommand {
    /// One input line: its byte range in the input, and whether it failed to parse as `x y`.
    struct InputLine { var range: Range<Int>; var isBad: Bool }

    func streamStandardInput(_ r: Raster, operation: RasterCoordinateOperation?) throws {
        let input = Self.readAll(fd: 0)
        var (points, lines) = Self.parsePoints(input)
        let original = json && operation != nil ? points : []
        if let operation { points.withUnsafeMutableBufferPointer { operation.transform($0) } }
        if json {
            jsonLines(r, input: input, points: points, original: original, lines: lines, operation: operation)
        } else {
            textLines(r, input: input, points: points, lines: lines)
        }
    }

    /// `PIXEL LINE VALUE…` per line, `nodata` for a nodata band, `outside`, `error`.
    func textLines(_ r: Raster, input: [UInt8], points: [SIMD2<Double>], lines: [InputLine]) {
        var out = ByteWriter(fd: 1)
        defer { out.flush(); out.deallocate() }
        var reader = r.cellReader()
        let bandCount = r.bands.count
        let type = r.dataType
        let single = type == .float32
        var values: [RasterValue] = []
        values.reserveCapacity(bandCount)
        for i in points.indices {
            if lines[i].isBad {
                Self.badLine(i, input, lines[i])
                out.bytes("error\n")
                continue
            }
            let p = points[i]
            guard let (column, row) = r.cellIndex(x: p.x, y: p.y) else { out.bytes("outside\n"); continue }
            let valid: Bool
            values.removeAll(keepingCapacity: true)
            do {
                valid = try reader.isValid(column: column, row: row)
                for b in 0..<bandCount { values.append(try reader.value(band: b, column: column, row: row)) }
            } catch {
                FileHandle.standardError.write(Data("line \(i + 1): \(error)\n".utf8))
                out.bytes("error\n")
                continue
            }
            out.integer(column)
            out.byte(0x20)
            out.integer(row)
            for (b, v) in values.enumerated() {
                if !valid || reader.isNoData(v, band: b) { out.bytes(" nodata"); continue }
                out.byte(0x20)
                Self.write(v, single: single, type: type, into: &out)
            }
            out.byte(0x0A)
        }
    }

    /// A value as `RasterValue.text(as:)` prints it (integers in decimal; floating-point values
    /// that are whole numbers below 10^15 as integers, others in shortest round-trip form, Float32
    /// cells as Float32), without building a String except for complex values.
    @inline(__always)
    static func write(_ v: RasterValue, single: Bool, type: RasterDataType, into out: inout ByteWriter) {
        switch v {
        case let .integer(i): out.signed(i)
        case let .unsigned(u): out.unsigned(u)
        case let .float(d):
            if d.isNaN {
                out.bytes("nan")
            } else if d.isInfinite {
                out.bytes(d < 0 ? "-inf" : "inf")
            } else if d == d.rounded(), abs(d) < 1e15 {
                out.signed(Int64(d))
            } else if single {
                out.float(Float(d))
            } else {
                out.number(d)
            }
        case .complex: out.bytes(v.text(as: type).utf8)
        }
    }

    /// One JSON object per line: the cell's attributes, nodata flags and extents.
    func jsonLines(_ r: Raster, input: [UInt8], points: [SIMD2<Double>], original: [SIMD2<Double>], lines: [InputLine],
                   operation: RasterCoordinateOperation?) {
        var out = ByteWriter(fd: 1)
        defer { out.flush(); out.deallocate() }
        for i in points.indices {
            if lines[i].isBad {
                Self.badLine(i, input, lines[i])
                out.bytes("{\"error\":\"expected x y\"}\n")
                continue
            }
            let p = points[i]
            do {
                let cell = try r.identify(at: Point(x: p.x, y: p.y), using: nil)
                let given = operation == nil ? p : original[i]
                var j = Self.json(cell, x: given.x, y: given.y, raster: r)
                if let operation, let cell, case var .object(members) = j {
                    members.append(("extent", Self.extent(Self.requestedExtent(cell, operation))))
                    j = .object(members)
                }
                out.bytes(j.render().utf8)
                out.byte(0x0A)
            } catch {
                FileHandle.standardError.write(Data("line \(i + 1): \(error)\n".utf8))
                out.bytes("{\"error\":\(JSONText.string(error.description).render())}\n".utf8)
            }
        }
    }

    static func badLine(_ i: Int, _ input: [UInt8], _ line: InputLine) {
        let text = String(decoding: input[line.range], as: UTF8.self)
        FileHandle.standardError.write(Data("line \(i + 1): expected x y, got \(text.debugDescription)\n".utf8))
    }

    /// All bytes of a file descriptor until its end (one read of the whole file when it is a
    /// regular file).
    static func readAll(fd: Int32) -> [UInt8] {
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        var capacity = max(1 << 16, size + 1)
        var n = 0
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            if n == capacity {
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: buffer, byteCount: n)
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let got = read(fd, buffer + n, capacity - n)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            n += got
        }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: n))
    }

    /// Parses lines of `x y` (separated by blanks, tabs or a comma; CR ignored) from raw bytes in
    /// one pass, each number parsed in place (`NumberFormat.parse`: Clinger's fast path, `strtod`
    /// otherwise); a line that is not exactly two numbers is (NaN, NaN) and flagged.
    static func parsePoints(_ input: [UInt8]) -> ([SIMD2<Double>], [InputLine]) {
        var points: [SIMD2<Double>] = [], lines: [InputLine] = []
        points.reserveCapacity(input.count / 16)
        lines.reserveCapacity(input.count / 16)
        input.withUnsafeBytes { b in
            let n = b.count
            @inline(__always) func isSeparator(_ c: UInt8) -> Bool { c == 32 || c == 44 || c == 9 || c == 13 }
            var i = 0
            while i < n {
                let end = memchr(b.baseAddress! + i, 0x0A, n - i).map { b.baseAddress!.distance(to: UnsafeRawPointer($0)) } ?? n
                var values = (0.0, 0.0), count = 0
                var k = i, ok = true
                while k < end {
                    if isSeparator(b[k]) { k += 1; continue }
                    var e = k
                    while e < end && !isSeparator(b[e]) { e += 1 }
                    guard count < 2, let v = NumberFormat.parse(b, k, e) else { ok = false; break }
                    if count == 0 { values.0 = v } else { values.1 = v }
                    count += 1
                    k = e
                }
                ok = ok && count == 2
                points.append(ok ? SIMD2(values.0, values.1) : SIMD2(.nan, .nan))
                lines.append(InputLine(range: i..<end, isBad: !ok))
                i = end + 1
            }
        }
        return (points, lines)
    }
}
