// libFuzzer target: the display PNG encoder (`PNGWriter.encodeForDisplay`: our own deflate for
// RGB and RGBA images, and the palette replay of its tokens for images of at most 256 colours)
// against zlib's inflate.
//
// Each input describes a small image: byte 0 its width (1 … 48), byte 1 its height (1 … 24),
// byte 2 how many colours it draws from (1 … 8, or 300 when byte 2 ≥ 240, past a palette), byte 3
// whether some colours are translucent; then one byte per pixel, cycling when the input ends: a
// colour, or a copy of the pixel above or to the left (runs and row matches of every length,
// copies of one or two pixels, rows that start like the one above). The file is parsed here
// (IHDR, PLTE, tRNS, IDAT), the IDAT inflated by the system zlib and the unfiltered rows expanded
// to RGBA; anything but the input's pixels is a finding (the process traps), as are crashes,
// AddressSanitizer reports and hangs. The image is also encoded with `RowChanges` (its true
// change bits, plus extra set bits where an input byte says so, as a renderer may over-mark):
// a file other than the plain one is a finding. Build and run with `FUZZ_TARGET=pngwrite Fuzz/run.sh
// [SECONDS]`; seeds in Fuzz/seeds-pngwrite.
//
// Built with -D FUZZ_PNG8 (`FUZZ_TARGET=png8`), the same images go through the 8-bit encoder
// (`PNGWriter.encodeQuantized`, the quantiser) with a palette of 1 … 256 colours (the input's
// last byte): the file must decode to at most that many colours, to the image itself (fully
// transparent pixels as transparent black) when it has no more, and be the same with RowChanges.
import CZlib
import Foundation
import GraticuleIO

/// The image an input describes (RGBA bytes), with its size.
func image(from input: UnsafeRawBufferPointer) -> (width: Int, height: Int, rgba: [UInt8])? {
    guard input.count >= 5 else { return nil }
    let width = 1 + Int(input[0]) % 48, height = 1 + Int(input[1]) % 24
    let colours = input[2] >= 240 ? 300 : 1 + Int(input[2]) % 8
    let translucent = input[3] & 1 == 1
    let body = input[4...]
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        let b = Int(body[body.startIndex + i % body.count])
        let x = i % width
        var source = -1
        if b >= 250 && i >= width { source = i - width }
        if b >= 240 && b < 250 && x > 0 { source = i - 1 }
        if source >= 0 {
            for c in 0..<4 { rgba[4 * i + c] = rgba[4 * source + c] }
            continue
        }
        let k = (b &* 31 &+ i / 7) % colours
        rgba[4 * i] = UInt8(truncatingIfNeeded: k &* 73)
        rgba[4 * i + 1] = UInt8(truncatingIfNeeded: k &* 151 &+ 7)
        rgba[4 * i + 2] = UInt8(truncatingIfNeeded: k / 256 &* 97 &+ k)
        rgba[4 * i + 3] = translucent && k % 3 == 1 ? UInt8(truncatingIfNeeded: 40 &+ k) : 255
    }
    return (width, height, rgba)
}

func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }

/// The PNG's pixels as RGBA, or nil where it is not one this encoder writes (8-bit palette, RGB
/// or RGBA, every row filter 0).
func decode(_ png: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
    guard png.count > 8, Array(png[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { return nil }
    var i = 8, width = 0, height = 0, colourType = -1
    var palette: [UInt8] = [], alpha: [UInt8] = [], idat: [UInt8] = []
    while i + 8 <= png.count {
        let length = be32(png, i), type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
        guard i + 12 + length <= png.count else { return nil }
        let data = Array(png[(i + 8)..<(i + 8 + length)])
        switch type {
        case "IHDR": width = be32(data, 0); height = be32(data, 4); colourType = Int(data[9])
        case "PLTE": palette = data
        case "tRNS": alpha = data
        case "IDAT": idat += data
        default: break
        }
        i += 12 + length
    }
    let bpp = colourType == 3 ? 1 : colourType == 2 ? 3 : colourType == 6 ? 4 : 0
    guard bpp > 0, width > 0, height > 0 else { return nil }
    let rowBytes = 1 + bpp * width
    var raw = [UInt8](repeating: 0, count: rowBytes * height)
    var size = uLongf(raw.count)
    guard uncompress(&raw, &size, idat, uLong(idat.count)) == Z_OK, Int(size) == raw.count else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(width * height * 4)
    for y in 0..<height {
        guard raw[y * rowBytes] == 0 else { return nil }
        for x in 0..<width {
            let p = y * rowBytes + 1 + x * bpp
            switch bpp {
            case 1:
                let k = Int(raw[p])
                guard 3 * k + 2 < palette.count else { return nil }
                out += [palette[3 * k], palette[3 * k + 1], palette[3 * k + 2], k < alpha.count ? alpha[k] : 255]
            case 3: out += [raw[p], raw[p + 1], raw[p + 2], 255]
            default: out += raw[p..<(p + 4)]
            }
        }
    }
    return (width, height, out)
}

/// Where the image's rows change colour, plus extra set bits where an input byte says so.
func changeBits(_ picture: (width: Int, height: Int, rgba: [UInt8]), _ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt64] {
    let (w, h) = (picture.width, picture.height)
    let words = (w + 63) / 64
    var bits = [UInt64](repeating: 0, count: words * h)
    for y in 0..<h {
        for x in 1..<max(1, w) {
            let i = 4 * (y * w + x)
            let extra = data[(y * w + x) % size] & 0x0F == 0x0F
            if extra || picture.rgba[i..<(i + 4)] != picture.rgba[(i - 4)..<i] { bits[y * words + x / 64] |= 1 << UInt64(x % 64) }
        }
    }
    return bits
}

#if FUZZ_PNG8
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG8(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let picture = image(from: UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
    let (w, h) = (picture.width, picture.height)
    let maximum = 1 + Int(data[size - 1])
    var expected = picture.rgba
    for i in stride(from: 0, to: expected.count, by: 4) where expected[i + 3] == 0 { expected[i..<(i + 4)] = [0, 0, 0, 0] }
    let colours = Set(stride(from: 0, to: expected.count, by: 4).map { Array(expected[$0..<($0 + 4)]) })
    let words = (w + 63) / 64, bits = changeBits(picture, data, size)
    let (plain, hinted) = picture.rgba.withUnsafeBytes { p in
        bits.withUnsafeBufferPointer { b in
            (try? PNGWriter.encodeQuantized(width: w, height: h, rgbaBytes: p, maximumColours: maximum),
             try? PNGWriter.encodeQuantized(width: w, height: h, rgbaBytes: p, maximumColours: maximum,
                                            changes: RowChanges(bits: b.baseAddress!, wordsPerRow: words)))
        }
    }
    guard let plain, let decoded = decode(plain), decoded.width == w, decoded.height == h else {
        fatalError("the \(w) × \(h) 8-bit PNG of \(maximum) colours is refused or does not decode")
    }
    let got = Set(stride(from: 0, to: decoded.rgba.count, by: 4).map { Array(decoded.rgba[$0..<($0 + 4)]) })
    if got.count > maximum { fatalError("\(got.count) colours in a palette of \(maximum)") }
    if colours.count <= maximum && decoded.rgba != expected { fatalError("\(colours.count) colours of \(maximum) changed") }
    if hinted != plain { fatalError("the \(w) × \(h) 8-bit PNG made with RowChanges differs from the plain one") }
    return 0
}
#else
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGWrite(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let picture = image(from: UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
    guard let png = try? PNGWriter.encodeForDisplay(width: picture.width, height: picture.height, rgba: picture.rgba) else {
        fatalError("encodeForDisplay refused a \(picture.width) × \(picture.height) image")
    }
    guard let decoded = decode(png) else {
        fatalError("the \(picture.width) × \(picture.height) PNG does not decode (\(png.count) bytes)")
    }
    if decoded.width != picture.width || decoded.height != picture.height || decoded.rgba != picture.rgba {
        fatalError("the \(picture.width) × \(picture.height) PNG decodes to other pixels")
    }
    // The same image with where its rows change colour: the same bytes.
    let (w, h) = (picture.width, picture.height)
    let words = (w + 63) / 64, bits = changeBits(picture, data, size)
    let hinted = picture.rgba.withUnsafeBytes { p in
        bits.withUnsafeBufferPointer { b in
            try? PNGWriter.encodeForDisplay(width: w, height: h, rgbaBytes: p, changes: RowChanges(bits: b.baseAddress!, wordsPerRow: words))
        }
    }
    if hinted != png { fatalError("the \(w) × \(h) PNG made with RowChanges differs from the plain one") }
    return 0
}
#endif
