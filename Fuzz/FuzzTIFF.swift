// libFuzzer target for Graticule's TIFF/GeoTIFF reader (the GraticuleTIFF target).
//
// Each input is read as a TIFF file: the header and directory chain, every image's layout, every
// block decoded (all codecs: LZW, Deflate, PackBits, ZSTD, predictors, bit unpacking), the GeoKeys,
// the georeferencing and the spatial reference they build. Thrown `GraticuleError`s are the
// expected outcome for malformed input; a crash, an AddressSanitizer report, a hang (-timeout) or
// a memory blow-up (-rss_limit_mb) is a finding. Build and run with Fuzz/run_tiff.sh.
import Foundation
import GraticuleTIFF

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    _ = try? TIFFFile(data: Data([0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0]))
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let file = try? TIFFFile(data: Data(bytes: data, count: size), name: "fuzz") else { return 0 }
    var decoded = 0
    for i in file.directories.indices {
        guard let image = try? file.image(at: i) else { continue }
        if let geo = try? GeoTIFFGeoreference(directory: image.directory) {
            _ = geo.geoTransform()
            _ = geo.groundControlPoints
            _ = try? geo.spatialReference()
        }
        if let xml = image.gdalMetadata { _ = GDALMetadata(xml: xml).items.count }
        for p in 0..<(image.isPlanar ? image.samplesPerPixel : 1) {
            for r in 0..<image.blocksDown {
                for c in 0..<image.blocksAcross {
                    _ = try? image.decodeBlock(column: c, row: r, plane: p)
                    decoded += 1
                    if decoded > 256 { return 0 }  // bound the work per input
                }
            }
        }
    }
    return 0
}
