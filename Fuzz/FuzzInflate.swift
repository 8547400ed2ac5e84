// libFuzzer target: Graticule's inflate (GraticuleTIFF's Deflate codec) against the system zlib.
//
// Each input is a zlib stream. zlib (inflateInit, header and Adler-32 checked) decodes it first,
// into at most 1 MiB; then the same bytes go, as the one strip of a one-row 8-bit TIFF held in
// memory, through `TIFFImage.decodeBlock`, whose Deflate path is Graticule's own decoder:
//
// - zlib reached the stream's end with N > 0 bytes: the strip (N bytes wide) must decode to those
//   N bytes exactly;
// - zlib failed after P > 0 bytes: a strip P bytes wide must either be refused or decode to
//   zlib's P bytes (both decoders stop once the strip is full, before the fault).
//
// A difference is a finding (the process traps with both outputs' lengths), as are crashes,
// AddressSanitizer reports, hangs and memory blow-ups. Build and run with
// `FUZZ_TARGET=inflate Fuzz/run.sh [SECONDS]`; seeds in Fuzz/seeds-inflate (zlib streams made by
// Fuzz/seeds-inflate/make.py).
import CZlib
import Foundation
import GraticuleTIFF

/// zlib's output for `input` (at most `limit` bytes) and whether it reached the stream's end.
func zlibInflate(_ input: UnsafeRawBufferPointer, limit: Int) -> (bytes: [UInt8], complete: Bool) {
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return ([], false) }
    defer { inflateEnd(&stream) }
    // Not zero-filled (1 MiB per input would be most of the run): only zlib's output is kept.
    var status: Int32 = Z_OK
    let out = [UInt8](unsafeUninitializedCapacity: limit) { o, count in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = o.baseAddress
        stream.avail_out = uInt(o.count)
        status = inflate(&stream, Z_FINISH)
        count = o.count - Int(stream.avail_out)
    }
    return (out, status == Z_STREAM_END)
}

/// A little-endian TIFF: one image `width` × 1 of 8-bit grey, one Deflate strip holding `strip`.
func oneStripTIFF(width: Int, strip: UnsafeRawBufferPointer) -> Data {
    var d = Data([0x49, 0x49, 42, 0, 8, 0, 0, 0])
    func u16(_ v: Int) { d.append(UInt8(v & 0xFF)); d.append(UInt8(v >> 8 & 0xFF)) }
    func u32(_ v: Int) { for k in 0..<4 { d.append(UInt8(v >> (8 * k) & 0xFF)) } }
    let entries: [(tag: Int, type: Int, value: Int)] = [
        (256, 4, width), (257, 3, 1), (258, 3, 8), (259, 3, 8), (262, 3, 1),
        (273, 4, 8 + 2 + 9 * 12 + 4), (277, 3, 1), (278, 4, 1), (279, 4, strip.count),
    ]
    u16(entries.count)
    for e in entries {
        u16(e.tag); u16(e.type); u32(1)
        if e.type == 3 { u16(e.value); u16(0) } else { u32(e.value) }
    }
    u32(0)
    d.append(contentsOf: strip)
    return d
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let reference = zlibInflate(input, limit: 1 << 20)
    guard !reference.bytes.isEmpty else { return 0 }
    let tiff = oneStripTIFF(width: reference.bytes.count, strip: input)
    let block: TIFFBlock?
    do {
        block = try TIFFFile(data: tiff, name: "fuzz").image(at: 0).decodeBlock(column: 0, row: 0, plane: 0)
    } catch {
        // Refused: a difference only when zlib decoded the whole stream.
        if reference.complete { fatalError("zlib decoded \(reference.bytes.count) bytes to the end; Graticule: \(error)") }
        return 0
    }
    guard let block, block.bytes == reference.bytes else {
        fatalError("zlib \(reference.bytes.count) bytes (complete: \(reference.complete)); Graticule \(block?.bytes.count ?? -1), different")
    }
    return 0
}
