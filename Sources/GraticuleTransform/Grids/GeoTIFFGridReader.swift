import CZlib
import Foundation
import GraticuleCore

/// Reads PROJ GeoTIFF grids (the "Geodetic TIFF Grids" profile of the PROJ-CDN files such as
/// `uk_os_OSTN15_NTv2_OSGBtoETRS.tif`): classic TIFF or BigTIFF, either byte order; strips or
/// tiles; no compression or Deflate; predictors 1, 2 (horizontal) and 3 (floating point);
/// samples float32/float64 or 8/16/32-bit integers with GDAL scale and offset; each full-resolution
/// image (IFD) a subgrid, nested by extent (overviews, NewSubfileType 1, skipped).
///
/// Band meaning comes from GDAL_METADATA: `latitude_offset` / `longitude_offset` (horizontal shift,
/// arc-seconds unless UNITTYPE says degree or radian; a longitude positive west when
/// `positive_value` says so), `geoid_undulation` / `vertical_offset` (metres). Without
/// descriptions, a 1-band grid is vertical and bands 0, 1 of a wider one are latitude, longitude,
/// as PROJ assumes. Georeferencing: ModelTiepoint + ModelPixelScale (or ModelTransformation
/// without rotation); PixelIsArea grids have their nodes at cell centres.
///
/// Everything is checked against the file; a truncated or corrupt file is an `invalidInput`
/// error naming it. This reader covers the grid profile only; general GeoTIFF reading is
/// GraticuleIO's.
enum GeoTIFFGridReader {
    struct Entry {
        var type: Int
        var count: Int
        var valueOffset: Int  // where the values are (inline or at the offset)
    }

    static func read(_ file: MappedFile, name: String) throws(GraticuleError) -> GridFile {
        func fail(_ why: String) -> GraticuleError { .invalidInput("GeoTIFF grid \(file.path): \(why)") }
        guard file.has(0, 8) else { throw fail("file too short for a TIFF header (\(file.count) bytes)") }
        let big = file.bytes[0] == 0x4D
        let magic = file.uint32(at: 0, bigEndian: big) & 0xFFFF
        func u16(_ o: Int) -> Int {
            let v = file.bytes.loadUnaligned(fromByteOffset: o, as: UInt16.self)
            return Int(big ? UInt16(bigEndian: v) : UInt16(littleEndian: v))
        }
        func u64(_ o: Int) -> Int {
            let v = file.bytes.loadUnaligned(fromByteOffset: o, as: UInt64.self)
            let x = big ? UInt64(bigEndian: v) : UInt64(littleEndian: v)
            return x > UInt64(Int.max) ? -1 : Int(x)
        }
        let version = u16(2)
        let isBig: Bool
        var ifd: Int
        switch version {
        case 42: isBig = false; ifd = Int(file.uint32(at: 4, bigEndian: big))
        case 43:
            guard file.has(0, 16) else { throw fail("truncated BigTIFF header") }
            isBig = true; ifd = u64(8)
        default: throw fail("not a TIFF file (version \(version), magic \(magic))")
        }
        var flat: [(lattice: GridLattice, parent: String)] = []
        var bands = BandState()
        var seen = Set<Int>()
        var index = 0
        while ifd != 0 {
            guard ifd > 0, !seen.contains(ifd), seen.count < 1000 else { throw fail("IFD chain loops or is too long") }
            seen.insert(ifd)
            let countSize = isBig ? 8 : 2, entrySize = isBig ? 20 : 12
            guard file.has(ifd, countSize) else { throw fail("IFD \(index) at byte \(ifd) is beyond the end of the file") }
            let n = isBig ? u64(ifd) : u16(ifd)
            guard n >= 0, n < 10_000, file.has(ifd + countSize, n * entrySize + (isBig ? 8 : 4)) else {
                throw fail("IFD \(index) at byte \(ifd) is truncated")
            }
            var tags: [Int: Entry] = [:]
            for k in 0..<n {
                let e = ifd + countSize + k * entrySize
                let tag = u16(e), type = u16(e + 2)
                let count = isBig ? u64(e + 4) : Int(file.uint32(at: e + 4, bigEndian: big))
                let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8][type] ?? 0
                guard size > 0, count >= 0, count < 1 << 32 else { continue }
                let inline = isBig ? 8 : 4
                let valueOffset = size * count <= inline ? e + (isBig ? 12 : 8)
                    : (isBig ? u64(e + 12) : Int(file.uint32(at: e + 8, bigEndian: big)))
                guard file.has(valueOffset, size * count) else {
                    throw fail("tag \(tag) of IFD \(index): \(count) values at byte \(valueOffset) are beyond the end of the file")
                }
                tags[tag] = Entry(type: type, count: count, valueOffset: valueOffset)
            }
            let next = ifd + countSize + n * entrySize
            ifd = isBig ? u64(next) : Int(file.uint32(at: next, bigEndian: big))

            func values(_ tag: Int) -> [Double] {
                guard let t = tags[tag] else { return [] }
                return (0..<t.count).map { i -> Double in
                    let o = t.valueOffset
                    switch t.type {
                    case 1, 7: return Double(file.bytes[o + i])
                    case 6: return Double(Int8(bitPattern: file.bytes[o + i]))
                    case 3: return Double(u16(o + 2 * i))
                    case 8: return Double(Int16(truncatingIfNeeded: u16(o + 2 * i)))
                    case 4: return Double(file.uint32(at: o + 4 * i, bigEndian: big))
                    case 9: return Double(file.int32(at: o + 4 * i, bigEndian: big))
                    case 11: return Double(file.float32(at: o + 4 * i, bigEndian: big))
                    case 12: return file.float64(at: o + 8 * i, bigEndian: big)
                    case 16, 18: return Double(u64(o + 8 * i))
                    case 17: return Double(Int64(bitPattern: UInt64(truncatingIfNeeded: u64(o + 8 * i))))
                    case 5:
                        let d = Double(file.uint32(at: o + 8 * i + 4, bigEndian: big))
                        return d == 0 ? .nan : Double(file.uint32(at: o + 8 * i, bigEndian: big)) / d
                    default: return .nan
                    }
                }
            }
            func ascii(_ tag: Int) -> String? {
                guard let t = tags[tag], t.type == 2 else { return nil }
                return String(decoding: file.bytes[t.valueOffset..<t.valueOffset + t.count].prefix { $0 != 0 }, as: UTF8.self)
            }
            defer { index += 1 }
            if let sub = values(254).first, Int(sub) & 1 == 1 { continue }  // an overview
            flat.append(try image(file: file, index: index, values: values, ascii: ascii, name: name, big: big,
                                  bands: &bands, fail: fail))
        }
        guard !flat.isEmpty else { throw fail("no full-resolution image") }
        // Nesting: by parent_grid_name where it names an image of the file, else by extent (PROJ).
        let names = Set(flat.map(\.lattice.name))
        let byName = flat.filter { !$0.parent.isEmpty && names.contains($0.parent) }
        let rest = flat.filter { $0.parent.isEmpty || !names.contains($0.parent) }.map(\.lattice)
        var lattices = GridFile.nestByExtent(rest)
        if !byName.isEmpty {
            lattices = GridFile.nestByName(lattices.map { ($0, "NONE") } + byName)
        }
        return GridFile(name: name, path: file.path, format: "GTiff", lattices: lattices)
    }

    /// Which bands hold the latitude and longitude offsets, their unit and the longitude's sign. As
    /// in PROJ's reader, what an image states carries over to the following images (subgrids
    /// usually state nothing), and `positive_value` is read only from an image that names its
    /// longitude_offset band.
    struct BandState {
        var lat = 0, lon = 1
        var unit = Angle.radiansPerArcSecond
        var positiveWest = false
    }

    /// The metadata items of GDAL_METADATA: (name, sample, role) → value.
    static func metadata(_ xml: String) -> [(name: String, sample: Int?, role: String?, value: String)] {
        var out: [(String, Int?, String?, String)] = []
        var rest = Substring(xml)
        while let start = rest.range(of: "<Item") {
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(of: ">"), let end = rest.range(of: "</Item>") else { break }
            let attrs = rest[..<close]
            func attr(_ a: String) -> String? {
                guard let r = attrs.range(of: a + "=\"") else { return nil }
                let tail = attrs[r.upperBound...]
                return tail.firstIndex(of: "\"").map { String(tail[..<$0]) }
            }
            let value = String(rest[rest.index(after: close)..<end.lowerBound])
            out.append((attr("name") ?? "", attr("sample").flatMap { Int($0) }, attr("role"), value))
            rest = rest[end.upperBound...]
        }
        return out
    }

    static func image(file: MappedFile, index: Int, values: (Int) -> [Double], ascii: (Int) -> String?, name: String,
                      big: Bool, bands state: inout BandState,
                      fail: (String) -> GraticuleError) throws(GraticuleError) -> (lattice: GridLattice, parent: String) {
        let width = Int(values(256).first ?? 0), height = Int(values(257).first ?? 0)
        let spp = Int(values(277).first ?? 1)
        let bps = Int(values(258).first ?? 1)
        let format = Int(values(339).first ?? 1)
        let compression = Int(values(259).first ?? 1)
        let predictor = Int(values(317).first ?? 1)
        let planar = Int(values(284).first ?? 1)
        guard width >= 2, height >= 2, width < 1 << 20, height < 1 << 20, spp >= 1, spp <= 16, width * height * spp < 1 << 28 else {
            throw fail("image \(index): unusable size \(width) × \(height) × \(spp)")
        }
        guard [8, 16, 32, 64].contains(bps), [1, 2, 3].contains(format), !(format == 3 && bps < 32) else {
            throw fail("image \(index): unsupported samples (\(bps) bits, format \(format))")
        }
        guard [1, 8, 32946].contains(compression) else {
            throw fail("image \(index): compression \(compression) is not supported (none or Deflate)")
        }
        guard [1, 2, 3].contains(predictor) else { throw fail("image \(index): predictor \(predictor) is not supported") }
        let bytesPerSample = bps / 8
        // Blocks: tiles or strips.
        let tiled = !values(322).isEmpty
        let bw = tiled ? Int(values(322)[0]) : width
        let bh = tiled ? Int(values(323).first ?? 0) : min(height, Int(values(278).first ?? Double(height)))
        let offsets = values(tiled ? 324 : 273), counts = values(tiled ? 325 : 279)
        guard bw >= 1, bh >= 1, bw < 1 << 16 || !tiled else { throw fail("image \(index): bad block size \(bw) × \(bh)") }
        let across = (width + bw - 1) / bw, down = (height + bh - 1) / bh
        let planes = planar == 2 ? spp : 1
        let samplesPerBlockPixel = planar == 2 ? 1 : spp
        guard offsets.count >= across * down * planes, counts.count >= offsets.count else {
            throw fail("image \(index): \(offsets.count) block offsets for \(across * down * planes) blocks")
        }
        var bands = [[Float]](repeating: [Float](repeating: .nan, count: width * height), count: spp)
        let blockBytes = bw * bh * samplesPerBlockPixel * bytesPerSample
        var buffer = [UInt8](repeating: 0, count: blockBytes)
        for plane in 0..<planes {
            for by in 0..<down {
                for bx in 0..<across {
                    let b = plane * across * down + by * across + bx
                    let off = Int(offsets[b]), cnt = Int(counts[b])
                    guard off >= 0, cnt >= 0, file.has(off, cnt) else {
                        throw fail("image \(index): block \(b) (\(cnt) bytes at byte \(off)) is beyond the end of the file")
                    }
                    let src = UnsafeRawBufferPointer(rebasing: file.bytes[off..<off + cnt])
                    if compression == 1 {
                        guard cnt >= blockBytes || (!tiled && by == down - 1) else {
                            throw fail("image \(index): block \(b) has \(cnt) bytes, \(blockBytes) expected")
                        }
                        buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: src.prefix(blockBytes))) }
                    } else {
                        try inflate(src, into: &buffer, block: b, fail: fail)
                    }
                    let rowBytes = bw * samplesPerBlockPixel * bytesPerSample
                    // Predictors undo row by row.
                    for r in 0..<bh {
                        buffer.withUnsafeMutableBytes { row in
                            let base = r * rowBytes
                            if predictor == 2 {
                                undoHorizontal(row, base, bw, samplesPerBlockPixel, bytesPerSample, big)
                            } else if predictor == 3 {
                                undoFloatingPoint(row, base, rowBytes, samplesPerBlockPixel, bytesPerSample)
                            }
                        }
                    }
                    let swapped = predictor == 3 ? false : big  // predictor 3 yields host (little-endian) order
                    for r in 0..<bh {
                        let y = by * bh + r
                        guard y < height else { break }
                        for c in 0..<bw {
                            let x = bx * bw + c
                            guard x < width else { break }
                            for s in 0..<samplesPerBlockPixel {
                                let o = (r * bw + c) * samplesPerBlockPixel * bytesPerSample + s * bytesPerSample
                                let v = sample(buffer, o, bps, format, swapped)
                                // Row 0 of the image is the north edge: store rows south → north.
                                bands[planar == 2 ? plane : s][(height - 1 - y) * width + x] = v
                            }
                        }
                    }
                }
            }
        }
        // Georeferencing.
        var sx = 0.0, sy = 0.0, x0 = 0.0, y0 = 0.0
        let scale = values(33550), tie = values(33922), matrix = values(34264)
        if scale.count >= 2, tie.count >= 6 {
            sx = scale[0]; sy = scale[1]
            x0 = tie[3] - tie[0] * sx; y0 = tie[4] + tie[1] * sy
        } else if matrix.count >= 16, matrix[1] == 0, matrix[4] == 0 {
            sx = matrix[0]; sy = -matrix[5]; x0 = matrix[3]; y0 = matrix[7]
        } else {
            throw fail("image \(index): no georeferencing (ModelTiepoint and ModelPixelScale)")
        }
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite, x0.isFinite, y0.isFinite else {
            throw fail("image \(index): bad georeferencing (scale \(sx), \(sy))")
        }
        let keys = values(34735)
        var pixelIsPoint = false
        if keys.count >= 4 {
            let nk = Int(keys[3])
            for k in 0..<nk where 4 + 4 * k + 3 < keys.count && Int(keys[4 + 4 * k]) == 1025 {
                pixelIsPoint = Int(keys[4 + 4 * k + 3]) == 2
            }
        }
        if !pixelIsPoint { x0 += sx / 2; y0 -= sy / 2 }
        // Band meanings from GDAL_METADATA.
        let items = ascii(42112).map(metadata) ?? []
        var bandScale = [Double](repeating: 1, count: spp), bandOffset = [Double](repeating: 0, count: spp)
        var gridName = "", parentName = "", vertical = spp == 1
        var latDescribed = false, lonDescribed = false
        for item in items where item.name.uppercased() == "DESCRIPTION" {
            guard let s = item.sample, s < spp else { continue }
            switch item.value.lowercased() {
            case "latitude_offset": state.lat = s; latDescribed = true
            case "longitude_offset": state.lon = s; lonDescribed = true
            case "geoid_undulation", "vertical_offset": vertical = true; state.lat = s
            default: break
            }
        }
        if !vertical && latDescribed != lonDescribed {
            throw fail("image \(index): a latitude_offset band without a longitude_offset band, or the reverse")
        }
        for item in items {
            let lower = item.value.lowercased()
            switch (item.name.uppercased(), item.role?.lowercased()) {
            case ("UNITTYPE", _):
                guard item.sample == state.lat else { continue }
                state.unit = lower == "degree" ? Angle.radiansPerDegree : lower == "radian" ? 1 : Angle.radiansPerArcSecond
            case ("POSITIVE_VALUE", _):
                if lonDescribed && item.sample == state.lon { state.positiveWest = lower == "west" }
            case (_, "scale"): if let s = item.sample, s < spp, let v = Double(item.value) { bandScale[s] = v }
            case (_, "offset"): if let s = item.sample, s < spp, let v = Double(item.value) { bandOffset[s] = v }
            case ("GRID_NAME", _): gridName = item.value
            case ("PARENT_GRID_NAME", _): parentName = item.value
            case ("TYPE", _): if lower.hasPrefix("vertical") || lower.contains("geographic_to_vertical") { vertical = true }
            default: break
            }
        }
        guard vertical || (state.lat < spp && state.lon < spp && spp >= 2) else {
            throw fail("image \(index): \(spp) band(s), no latitude and longitude offset bands")
        }
        let latBand = state.lat, lonBand = state.lon, westPositive = state.positiveWest
        let unitFactor = [Double](repeating: vertical ? 1 : state.unit, count: spp)
        let noData = ascii(42113).flatMap { Float($0.trimmingCharacters(in: .whitespaces)) }
        let r = Angle.radiansPerDegree
        let planesOut: FloatPlanes
        if vertical {
            planesOut = FloatPlanes(planes: [bands[latBand]], scale: [bandScale[latBand]], offset: [bandOffset[latBand]],
                                    noData: noData)
        } else {
            planesOut = FloatPlanes(planes: bands, scale: (0..<spp).map { bandScale[$0] * unitFactor[$0] },
                                    offset: (0..<spp).map { bandOffset[$0] * unitFactor[$0] }, noData: noData)
        }
        var lattice = GridLattice(
            name: gridName.isEmpty ? "\(name)#\(index)" : gridName, west: x0 * r, south: (y0 - Double(height - 1) * sy) * r,
            east: (x0 + Double(width - 1) * sx) * r, north: y0 * r, resX: sx * r, resY: sy * r, columns: width,
            rows: height, nodes: .planes(planesOut))
        lattice.latBand = vertical ? 0 : latBand
        lattice.lonBand = vertical ? 0 : lonBand
        lattice.lonPositiveWest = westPositive
        return (lattice, parentName)
    }

    static func sample(_ b: [UInt8], _ o: Int, _ bps: Int, _ format: Int, _ big: Bool) -> Float {
        b.withUnsafeBytes { p -> Float in
            switch (bps, format) {
            case (32, 3):
                let v = p.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                return Float(bitPattern: big ? UInt32(bigEndian: v) : UInt32(littleEndian: v))
            case (64, 3):
                let v = p.loadUnaligned(fromByteOffset: o, as: UInt64.self)
                return Float(Double(bitPattern: big ? UInt64(bigEndian: v) : UInt64(littleEndian: v)))
            case (8, 1): return Float(p[o])
            case (8, 2): return Float(Int8(bitPattern: p[o]))
            case (16, _):
                let v = p.loadUnaligned(fromByteOffset: o, as: UInt16.self)
                let u = big ? UInt16(bigEndian: v) : UInt16(littleEndian: v)
                return format == 2 ? Float(Int16(bitPattern: u)) : Float(u)
            case (32, _):
                let v = p.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                let u = big ? UInt32(bigEndian: v) : UInt32(littleEndian: v)
                return format == 2 ? Float(Int32(bitPattern: u)) : Float(u)
            default: return .nan
            }
        }
    }

    /// Predictor 2: each sample is the difference from the one `spp` samples before it.
    static func undoHorizontal(_ p: UnsafeMutableRawBufferPointer, _ base: Int, _ w: Int, _ spp: Int, _ size: Int, _ big: Bool) {
        guard w > 1 else { return }
        for i in spp..<(w * spp) {
            let o = base + i * size, prev = base + (i - spp) * size
            switch size {
            case 1: p[o] = p[o] &+ p[prev]
            case 2:
                let a = p.loadUnaligned(fromByteOffset: o, as: UInt16.self), b = p.loadUnaligned(fromByteOffset: prev, as: UInt16.self)
                let v = big ? UInt16(bigEndian: a) &+ UInt16(bigEndian: b) : UInt16(littleEndian: a) &+ UInt16(littleEndian: b)
                p.storeBytes(of: big ? v.bigEndian : v.littleEndian, toByteOffset: o, as: UInt16.self)
            case 4:
                let a = p.loadUnaligned(fromByteOffset: o, as: UInt32.self), b = p.loadUnaligned(fromByteOffset: prev, as: UInt32.self)
                let v = big ? UInt32(bigEndian: a) &+ UInt32(bigEndian: b) : UInt32(littleEndian: a) &+ UInt32(littleEndian: b)
                p.storeBytes(of: big ? v.bigEndian : v.littleEndian, toByteOffset: o, as: UInt32.self)
            default:
                let a = p.loadUnaligned(fromByteOffset: o, as: UInt64.self), b = p.loadUnaligned(fromByteOffset: prev, as: UInt64.self)
                let v = big ? UInt64(bigEndian: a) &+ UInt64(bigEndian: b) : UInt64(littleEndian: a) &+ UInt64(littleEndian: b)
                p.storeBytes(of: big ? v.bigEndian : v.littleEndian, toByteOffset: o, as: UInt64.self)
            }
        }
    }

    /// Predictor 3 (floating point): bytes differenced with a stride of `spp`, then stored as
    /// byte planes, most significant first; the result is in the host's (little-endian) order.
    static func undoFloatingPoint(_ p: UnsafeMutableRawBufferPointer, _ base: Int, _ rowBytes: Int, _ spp: Int, _ size: Int) {
        guard rowBytes > spp else { return }
        for i in spp..<rowBytes { p[base + i] = p[base + i] &+ p[base + i - spp] }
        let count = rowBytes / size
        let tmp = [UInt8](UnsafeRawBufferPointer(rebasing: p[base..<base + rowBytes]))
        for k in 0..<count {
            for byte in 0..<size { p[base + size * k + byte] = tmp[(size - byte - 1) * count + k] }
        }
    }

    static func inflate(_ src: UnsafeRawBufferPointer, into dst: inout [UInt8], block: Int,
                        fail: (String) -> GraticuleError) throws(GraticuleError) {
        guard src.count > 0 else { throw fail("Deflate block \(block) is empty") }
        var status: Int32 = Z_OK
        var produced = 0
        dst.withUnsafeMutableBytes { out in
            var stream = z_stream()
            status = inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else { return }
            defer { inflateEnd(&stream) }
            stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress!.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(src.count)
            stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(out.count)
            status = CZlib.inflate(&stream, Z_FINISH)
            produced = out.count - Int(stream.avail_out)
        }
        guard status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == dst.count) || status == Z_OK else {
            throw fail("Deflate block \(block) is corrupt (zlib status \(status))")
        }
        guard produced == dst.count else {
            throw fail("Deflate block \(block) gives \(produced) bytes, \(dst.count) expected")
        }
    }
}
