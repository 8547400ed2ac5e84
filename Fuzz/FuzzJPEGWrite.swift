// libFuzzer target: the JPEG writer (`JPEGWriter.encode`) on small images of any size, pixels,
// alpha, matte and quality. Its bytes are checked against libjpeg's by JPEGWriterTests; here the
// findings are crashes, AddressSanitizer reports (the entropy writer reserves its room once per
// MCU) and files a decoder would reject: SOI; the segments in libjpeg's order with consistent
// lengths; DQT entries within 1 … 255; SOF0 stating the image's size; and entropy-coded data in
// which every 0xFF is stuffed (followed by 0x00) up to the EOI that ends the file.
//
// Input: byte 0 the width (1 … 64), byte 1 the height (1 … 40), byte 2 the quality (1 … 100),
// byte 3 how pixels are drawn (bit 0: translucent pixels; bit 1: noise rather than flat runs),
// bytes 4–6 the matte; then pixel bytes, cycling. Build and run with
// `FUZZ_TARGET=jpegwrite Fuzz/run.sh [SECONDS]`; seeds in Fuzz/seeds-jpegwrite.
import Foundation
import GraticuleIO

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGWrite(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 8 else { return 0 }
    let width = 1 + Int(data[0]) % 64, height = 1 + Int(data[1]) % 40, quality = 1 + Int(data[2]) % 100
    let translucent = data[3] & 1 == 1, noise = data[3] & 2 == 2
    let matte = SIMD3(data[4], data[5], data[6])
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        let b = data[7 + i % (size - 7)]
        for c in 0..<3 {
            rgba[4 * i + c] = noise ? b &* UInt8(37 + 64 * c) &+ UInt8(truncatingIfNeeded: i &* (c + 1)) : b & 0xF0 | UInt8(c)
        }
        rgba[4 * i + 3] = translucent && b & 3 == 0 ? b : 255
    }
    guard let jpeg = try? JPEGWriter.encode(width: width, height: height, rgba: rgba, quality: quality, matte: matte) else {
        fatalError("JPEGWriter refused a \(width) × \(height) image")
    }
    // The header: markers and lengths chain from SOI to SOS.
    guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { fatalError("no SOI") }
    var i = 2
    var markers: [UInt8] = []
    while i + 4 <= jpeg.count, jpeg[i] == 0xFF, markers.last != 0xDA {
        let marker = jpeg[i + 1], length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
        markers.append(marker)
        guard i + 2 + length <= jpeg.count else { fatalError("segment \(marker) runs past the end") }
        if marker == 0xDB && (length != 67 || jpeg[(i + 5)..<(i + 69)].contains(0)) { fatalError("bad DQT") }
        if marker == 0xC0 && (Int(jpeg[i + 5]) << 8 | Int(jpeg[i + 6]) != height || Int(jpeg[i + 7]) << 8 | Int(jpeg[i + 8]) != width) {
            fatalError("SOF0 does not state \(width) × \(height)")
        }
        i += 2 + length
    }
    guard markers == [0xE0, 0xDB, 0xDB, 0xC0, 0xC4, 0xC4, 0xC4, 0xC4, 0xDA] else {
        fatalError("segments \(markers) in a \(width) × \(height) JPEG at quality \(quality)")
    }
    // Entropy-coded data: no marker before the EOI.
    var k = i
    while k < jpeg.count - 2 {
        if jpeg[k] == 0xFF {
            guard jpeg[k + 1] == 0 else { fatalError("unstuffed 0xFF at byte \(k) of \(jpeg.count)") }
            k += 2
        } else {
            k += 1
        }
    }
    guard k == jpeg.count - 2, jpeg[k] == 0xFF, jpeg[k + 1] == 0xD9 else { fatalError("no EOI at the end") }
    return 0
}
