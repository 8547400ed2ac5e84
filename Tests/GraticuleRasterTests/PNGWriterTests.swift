import CZlib
import Foundation
import GraticuleCore
@testable import GraticuleIO
import Testing

/// PNGWriter output checked against the PNG specification (ISO/IEC 15948): signature, chunk
/// layout, CRC-32 (computed here bit by bit, independently of zlib's table), IHDR fields, and the
/// pixels recovered by inflating IDAT and undoing the row filters as a decoder does.
@Suite struct PNGWriterTests {
    struct Decoded {
        var width = 0, height = 0, colorType = 0
        var chunks: [String] = []
        var palette: [UInt8] = [], transparency: [UInt8] = []
        var pixels: [UInt8] = []
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }

    static func decode(_ png: [UInt8]) throws -> Decoded {
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var d = Decoded()
        var idat: [UInt8] = []
        var i = 8
        while i < png.count {
            let length = be32(png, i)
            let type = String(decoding: png[i + 4 ..< i + 8], as: UTF8.self)
            let body = Array(png[i + 8 ..< i + 8 + length])
            #expect(UInt32(be32(png, i + 8 + length)) == crc32(png[i + 4 ..< i + 8 + length]), "CRC of \(type)")
            d.chunks.append(type)
            switch type {
            case "IHDR":
                d.width = be32(body, 0); d.height = be32(body, 4); d.colorType = Int(body[9])
                #expect(body[8] == 8 && body[10] == 0 && body[11] == 0 && body[12] == 0)
            case "PLTE": d.palette = body
            case "tRNS": d.transparency = body
            case "IDAT": idat += body
            default: break
            }
            i += 12 + length
        }
        #expect(d.chunks.first == "IHDR" && d.chunks.last == "IEND")
        let bpp = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][d.colorType]!
        let rowBytes = d.width * bpp
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * d.height)
        var size = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
        }
        #expect(status == Z_OK && Int(size) == raw.count)
        var pixels = [UInt8](repeating: 0, count: rowBytes * d.height)
        for y in 0..<d.height {
            let filter = raw[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let v = Int(raw[y * (rowBytes + 1) + 1 + x])
                let a = x >= bpp ? Int(pixels[y * rowBytes + x - bpp]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + x]) : 0
                let c = x >= bpp && y > 0 ? Int(pixels[(y - 1) * rowBytes + x - bpp]) : 0
                let p: Int
                switch filter {
                case 0: p = 0
                case 1: p = a
                case 2: p = b
                case 3: p = (a + b) / 2
                case 4:
                    let e = a + b - c
                    p = abs(e - a) <= abs(e - b) && abs(e - a) <= abs(e - c) ? a : (abs(e - b) <= abs(e - c) ? b : c)
                default: Issue.record("filter type \(filter)"); p = 0
                }
                pixels[y * rowBytes + x] = UInt8((v + p) & 0xFF)
            }
        }
        d.pixels = pixels
        return d
    }

    static func noise(_ n: Int, seed: UInt64) -> [UInt8] {
        var s = seed
        return (0..<n).map { i in
            s = s &* 6364136223846793005 &+ 1442695040888963407
            // A smooth gradient with some noise, like map imagery.
            return UInt8(truncatingIfNeeded: (i % 251) + Int(s >> 61))
        }
    }

    @Test(arguments: [(PNGPixelFormat.grey, 0), (.greyAlpha, 4), (.rgb, 2), (.rgba, 6)])
    func roundTrip(_ format: PNGPixelFormat, _ colorType: Int) throws {
        for (w, h) in [(1, 1), (7, 3), (256, 256), (301, 17)] {
            let pixels = Self.noise(w * h * format.samplesPerPixel, seed: UInt64(w * h))
            for filter in [PNGFilterStrategy.adaptive, .none, .sub, .up] {
                for strategy in [PNGDeflateStrategy.standard, .runLength] {
                    let png = try PNGWriter.encode(width: w, height: h, pixels: pixels, format: format, filter: filter,
                                                   strategy: strategy)
                    let d = try Self.decode(png)
                    #expect(d.width == w && d.height == h && d.colorType == colorType)
                    #expect(d.pixels == pixels, "\(format) \(w)×\(h) \(filter) \(strategy)")
                }
            }
        }
    }

    @Test func paletteWithTransparency() throws {
        let colors: [SIMD4<UInt8>] = [SIMD4(0, 0, 0, 0), SIMD4(255, 0, 0, 255), SIMD4(0, 128, 0, 128), SIMD4(9, 9, 9, 255)]
        let pixels: [UInt8] = (0..<(40 * 30)).map { UInt8($0 % 4) }
        let d = try Self.decode(try PNGWriter.encode(width: 40, height: 30, pixels: pixels, format: .palette(colors)))
        #expect(d.colorType == 3 && d.pixels == pixels)
        #expect(d.palette == [0, 0, 0, 255, 0, 0, 0, 128, 0, 9, 9, 9])
        #expect(d.transparency == [0, 255, 128])  // trailing opaque entries omitted
        #expect(d.chunks == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
    }

    @Test func badInputIsRefused() {
        #expect(throws: GraticuleError.self) { try PNGWriter.encode(width: 0, height: 1, pixels: [], format: .grey) }
        #expect(throws: GraticuleError.self) { try PNGWriter.encode(width: 2, height: 2, pixels: [1, 2, 3], format: .grey) }
        #expect(throws: GraticuleError.self) {
            try PNGWriter.encode(width: 1, height: 1, pixels: [5], format: .palette([SIMD4(0, 0, 0, 255)]))
        }
    }

    /// `encodeCompact` picks the smallest lossless layout, and the decoded pixels are the RGBA
    /// input (alpha 255 where the file has none; palette entries looked up with tRNS).
    @Test func compactLayoutIsLossless() throws {
        let (w, h) = (301, 17)
        // Few colours (a flat map with anti-aliased edges of a few levels): palette.
        var few: [UInt8] = []
        for i in 0..<(w * h) {
            let alpha: UInt8 = i % 11 == 0 ? 128 : 255
            few += [UInt8(i % 7 * 30), 200, UInt8(i / w % 5), alpha]
        }
        // Many colours, opaque: RGB; many colours with some alpha: RGBA.
        let opaque: [UInt8] = Self.noise(w * h * 4, seed: 3).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        var translucent = opaque
        translucent[4 * 1000 + 3] = 7
        for (pixels, colorType) in [(few, 3), (opaque, 2), (translucent, 6)] {
            for filter in [PNGFilterStrategy.sub, .none, .up, .adaptive] {
                let png = try PNGWriter.encodeCompact(width: w, height: h, rgba: pixels, filter: filter, strategy: .runLength)
                let d = try Self.decode(png)
                #expect(d.colorType == colorType && d.width == w && d.height == h)
                #expect(Self.expand(d) == pixels, "colour type \(colorType), \(filter)")
            }
        }
        // Exactly 256 colours still fit a palette; 257 do not.
        var c256: [UInt8] = [], c257: [UInt8] = []
        for i in 0..<(w * h) {
            c256 += [UInt8(i % 256), 0, 0, 255]
            let g: UInt8 = i % 257 == 256 ? 1 : 0
            c257 += [UInt8(i % 256), g, 0, 255]
        }
        #expect(try Self.decode(PNGWriter.encodeCompact(width: w, height: h, rgba: c256)).colorType == 3)
        #expect(try Self.decode(PNGWriter.encodeCompact(width: w, height: h, rgba: c257)).colorType == 2)
        #expect(throws: GraticuleError.self) { try PNGWriter.encodeCompact(width: 0, height: 0, rgba: []) }
        #expect(throws: GraticuleError.self) { try PNGWriter.encodeCompact(width: 2, height: 2, rgba: [1, 2, 3]) }
    }

    /// The decoded pixels as RGBA (alpha 255 where the file has none; palette entries looked up
    /// with tRNS).
    static func expand(_ d: Decoded) -> [UInt8] {
        var out: [UInt8] = []
        switch d.colorType {
        case 2:
            for i in stride(from: 0, to: d.pixels.count, by: 3) {
                out += [d.pixels[i], d.pixels[i + 1], d.pixels[i + 2], 255]
            }
        case 3:
            for i in d.pixels {
                let k = Int(i)
                let alpha: UInt8 = k < d.transparency.count ? d.transparency[k] : 255
                out += [d.palette[3 * k], d.palette[3 * k + 1], d.palette[3 * k + 2], alpha]
            }
        default: out = d.pixels
        }
        return out
    }

    /// A map-like RGBA image: flat areas (a background and discs of a few colours), anti-aliased
    /// rims of many colours, rows repeating the row above, runs of every length around the 258-
    /// byte match limit, and a noise band that matches nothing.
    static func mapLike(width w: Int, height h: Int, seed: UInt64, translucent: Bool = false) -> [UInt8] {
        var s = seed
        func random() -> UInt64 {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return s >> 33
        }
        var px = [UInt8](repeating: 0, count: w * h * 4)
        let discs = (0..<6).map { _ in (Double(random() % UInt64(w)), Double(random() % UInt64(h)), Double(5 + random() % 40)) }
        let colours: [[UInt8]] = [[232, 228, 216], [200, 60, 40], [40, 90, 200], [102, 102, 102], [10, 200, 30], [250, 250, 0]]
        for y in 0..<h {
            for x in 0..<w {
                var c: [Double] = [221, 238, 255]
                for (k, d) in discs.enumerated() {
                    // Coverage of the disc's rim over about one pixel: many intermediate colours.
                    let r = ((Double(x) + 0.5 - d.0) * (Double(x) + 0.5 - d.0) + (Double(y) + 0.5 - d.1) * (Double(y) + 0.5 - d.1)).squareRoot()
                    let cov = min(1, max(0, d.2 - r + 0.5))
                    for ch in 0..<3 { c[ch] += (Double(colours[k][ch]) - c[ch]) * cov }
                }
                let i = 4 * (y * w + x)
                for ch in 0..<3 { px[i + ch] = UInt8(c[ch].rounded()) }
                px[i + 3] = 255
                // Runs of 80 … 95 pixels of one colour (match pieces of 258 bytes and their rests).
                if y % 7 == 3, x < 80 + y % 16 {
                    px[i] = 1; px[i + 1] = 2; px[i + 2] = 3
                }
                // A band of noise: literals only.
                if y % 11 == 5, x > w / 2, x < w / 2 + 40 {
                    for ch in 0..<3 { px[i + ch] = UInt8(truncatingIfNeeded: random()) }
                }
                if translucent, (x + y) % 97 == 0 { px[i + 3] = UInt8(truncatingIfNeeded: random() % 255) }
            }
        }
        return px
    }

    /// `encodeForDisplay` (the maps' and server images' encoder: unfiltered rows through its own
    /// deflate) is lossless: zlib's inflate and the row filters undone as above give back every
    /// pixel, in RGB when opaque, RGBA when not, a palette for few colours; rows too wide for
    /// matches with the row above (3·w + 1 > 32,768 bytes) and wider than the fast path's limit
    /// (16,384 pixels) too.
    @Test(arguments: [(1, 1), (2, 3), (7, 5), (301, 40), (1024, 64), (11_000, 3), (16_500, 2)])
    func displayEncodingIsLossless(_ w: Int, _ h: Int) throws {
        for translucent in [false, true] {
            let pixels = Self.mapLike(width: w, height: h, seed: UInt64(w * 31 + h), translucent: translucent)
            let d = try Self.decode(try PNGWriter.encodeForDisplay(width: w, height: h, rgba: pixels))
            #expect(d.width == w && d.height == h)
            let colours = Set(stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 4]) }).count
            let opaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
            #expect(d.colorType == (colours <= 256 ? 3 : opaque ? 2 : 6), "\(w)×\(h): \(colours) colours, opaque \(opaque)")
            #expect(Self.expand(d) == pixels, "\(w)×\(h) translucent \(translucent)")
        }
        // One colour everywhere (long matches across rows) and pure noise (no match at all).
        var flat = [UInt8](repeating: 0, count: w * h * 4)
        var noise = Self.noise(w * h * 4, seed: 9)
        for i in 0..<(w * h) {
            flat[4 * i] = 7; flat[4 * i + 1] = 8; flat[4 * i + 2] = 9; flat[4 * i + 3] = 255
            noise[4 * i + 3] = 255
        }
        for pixels in [flat, noise] {
            let d = try Self.decode(try PNGWriter.encodeForDisplay(width: w, height: h, rgba: pixels))
            #expect(Self.expand(d) == pixels, "\(w)×\(h)")
        }
    }

    /// Images of at most 256 colours go through the palette replay of `ImageDeflate`'s tokens
    /// (`paletteZlibStream`) and stay lossless: map-like images quantised to a few colours (runs,
    /// rows repeating the one above, runs around the 258-byte limit), with translucent pixels
    /// (tokens of 4-byte pixels), and a three-colour noise (copies of one or two pixels, too short
    /// for deflate, also at row ends, and rows starting like the one above for a pixel or two);
    /// rows too wide for matches with the row above in RGB (3·w + 1 > 32,768) too.
    @Test(arguments: [(1, 1), (2, 3), (7, 5), (301, 40), (1024, 64), (11_000, 3)])
    func paletteDisplayEncodingIsLossless(_ w: Int, _ h: Int) throws {
        var images: [[UInt8]] = []
        for translucent in [false, true] {
            var pixels = Self.mapLike(width: w, height: h, seed: UInt64(w * 17 + h), translucent: translucent)
            for i in 0..<(w * h) {
                for ch in 0..<3 { pixels[4 * i + ch] &= 0xC0 }
                if pixels[4 * i + 3] != 255 { pixels[4 * i + 3] = 128 }
            }
            images.append(pixels)
        }
        var s: UInt64 = 77
        var noise = [UInt8](repeating: 255, count: w * h * 4)
        let three: [[UInt8]] = [[0, 0, 0], [255, 0, 0], [9, 9, 9]]
        for i in 0..<(w * h) {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            let c = three[Int(s >> 33) % 3]
            noise[4 * i] = c[0]; noise[4 * i + 1] = c[1]; noise[4 * i + 2] = c[2]
        }
        images.append(noise)
        for pixels in images {
            let d = try Self.decode(try PNGWriter.encodeForDisplay(width: w, height: h, rgba: pixels))
            #expect(d.width == w && d.height == h && d.colorType == 3)
            #expect(Self.expand(d) == pixels, "\(w)×\(h)")
        }
    }

    /// `RowChanges` (a renderer's knowledge of where its rows change colour) changes nothing in
    /// the file: the same bytes as without, with the true change bits, with random extra ones
    /// (a set bit promises nothing), and with words to spare per row; RGB, RGBA and palette
    /// images, widths around the 64-bit words.
    @Test(arguments: [(1, 1), (7, 5), (63, 9), (64, 9), (65, 9), (301, 40), (1024, 64)])
    func rowChangesGiveTheSameFile(_ w: Int, _ h: Int) throws {
        var images: [[UInt8]] = []
        for translucent in [false, true] {
            images.append(Self.mapLike(width: w, height: h, seed: UInt64(w * 5 + h), translucent: translucent))
        }
        var quantised = images[0]
        for i in 0..<(w * h) { for ch in 0..<3 { quantised[4 * i + ch] &= 0xC0 } }
        images.append(quantised)
        images.append([UInt8](repeating: 200, count: w * h * 4))
        var s: UInt64 = 3
        for (n, pixels) in images.enumerated() {
            let plain = try PNGWriter.encodeForDisplay(width: w, height: h, rgba: pixels)
            for (extra, spare) in [(0, 0), (8, 0), (2, 3)] {
                let words = (w + 63) / 64 + spare
                var bits = [UInt64](repeating: 0, count: words * h)
                for y in 0..<h {
                    for x in 0..<w {
                        let i = 4 * (y * w + x)
                        s = s &* 6364136223846793005 &+ 1442695040888963407
                        let differs = x > 0 && pixels[i..<i + 4] != pixels[i - 4..<i]
                        if differs || (extra > 0 && Int(s >> 59) < extra) { bits[y * words + x / 64] |= 1 << UInt64(x % 64) }
                    }
                }
                let hinted = try pixels.withUnsafeBytes { p in
                    try bits.withUnsafeBufferPointer { b in
                        try PNGWriter.encodeForDisplay(width: w, height: h, rgbaBytes: p,
                                                       changes: RowChanges(bits: b.baseAddress!, wordsPerRow: words))
                    }
                }
                #expect(hinted == plain, "image \(n), \(w)×\(h), extra \(extra), spare words \(spare)")
            }
        }
    }

    /// Deflate's distance symbols by formula equal RFC 1951's table: each distance 1…32,768 falls
    /// in its symbol's range.
    @Test func distanceSymbolsFollowTheTable() {
        let base = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
                    3073, 4097, 6145, 8193, 12289, 16385, 24577, 32769]
        var wrong = 0
        for d in 1...32768 {
            let s = ImageDeflate.distanceSymbol(d)
            if !(s >= 0 && s < 30 && base[s] <= d && d < base[s + 1]) { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    /// A photo-like image (pixels drawn at random from 300 colours, few equal to a neighbour)
    /// copies each colour from where it was last seen: lossless, and well under the three bytes
    /// per pixel that literal bytes of random colours need.
    @Test(arguments: [(128, 64), (300, 7), (1024, 16)])
    func photoLikeRowsCopyColoursFromFartherBack(_ w: Int, _ h: Int) throws {
        var s: UInt64 = 11
        let colours: [UInt32] = (0..<300).map { _ in
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: s >> 40) & 0xFF_FFFF
        }
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            let c = colours[Int(s >> 33) % colours.count]
            pixels[4 * i] = UInt8(c & 0xFF); pixels[4 * i + 1] = UInt8(c >> 8 & 0xFF); pixels[4 * i + 2] = UInt8(c >> 16)
        }
        let png = try PNGWriter.encodeForDisplay(width: w, height: h, rgba: pixels)
        let d = try Self.decode(png)
        #expect(d.colorType == 2)
        #expect(Self.expand(d) == pixels)
        #expect(Double(png.count) < 0.8 * Double(w * h * 3), "\(png.count) bytes for \(w)×\(h)")
    }
}
