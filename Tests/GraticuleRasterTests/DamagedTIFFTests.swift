import Foundation
import GraticuleCore
import GraticuleIO
import GraticuleRaster
import Testing

/// Damaged files give clear errors — never a crash, a hang or an allocation beyond what the file
/// could hold. The corpus is made here from valid test files: truncations, offsets past the end,
/// absurd dimensions, tile count mismatches, codec garbage, IFD loops, and random byte flips.
@Suite struct DamagedTIFFTests {
    /// Opens the bytes and decodes every block of every image; returns the first error.
    @discardableResult
    static func readAll(_ data: Data) -> GraticuleError? {
        do {
            let file = try TIFFFile(data: data, name: "damaged")
            for i in file.directories.indices {
                let image = try file.image(at: i)
                for p in 0..<(image.isPlanar ? image.samplesPerPixel : 1) {
                    for r in 0..<image.blocksDown { for c in 0..<image.blocksAcross { _ = try image.decodeBlock(column: c, row: r, plane: p) } }
                }
            }
            let raster = try Raster(data: data, name: "damaged")
            _ = try raster.identify(at: .init(x: raster.geoTransform.c0, y: raster.geoTransform.c3))
            _ = raster.spatialReference
            return nil
        } catch {
            return error
        }
    }

    static func bytes(_ file: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: RasterFixtures.url(file))) }

    /// The byte offset of a tag's entry in the first IFD of a classic little-endian TIFF.
    static func entryOffset(_ b: [UInt8], tag: UInt16) -> Int? {
        let ifd = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        let n = Int(b[ifd]) | Int(b[ifd + 1]) << 8
        for i in 0..<n {
            let e = ifd + 2 + 12 * i
            if UInt16(b[e]) | UInt16(b[e + 1]) << 8 == tag { return e }
        }
        return nil
    }

    static func put32(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
        for k in 0..<4 { b[at + k] = UInt8((v >> (8 * UInt32(k))) & 0xFF) }
    }

    static let sources = ["matrix/elev_LZW.tif", "matrix/elev_DEFLATE.tif", "matrix/elev_ZSTD.tif",
                          "matrix/elev_PACKBITS.tif", "matrix/elev_tiled16.tif", "matrix/elev_NONE.tif",
                          "matrix/olinda_f32_zstd_pred3_tiled32.tif", "matrix/elev_bigtiff.tif"]

    @Test(arguments: sources)
    func truncationsGiveErrors(_ file: String) throws {
        let b = try Self.bytes(file)
        for length in [0, 1, 4, 7, 8, 9, 15, 16, 40, b.count / 4, b.count / 2, b.count - 100, b.count - 1] where length < b.count {
            let error = Self.readAll(Data(b.prefix(length)))
            // A truncated file must fail (its last block or its directory is cut).
            #expect(error != nil, "\(file) cut to \(length) bytes read without error")
            if let error { #expect(!error.description.isEmpty) }
        }
        #expect(Self.readAll(Data(b)) == nil, "\(file) intact must read")
    }

    @Test func headerErrorsAreNamed() {
        #expect(Self.readAll(Data()).map { "\($0)" }?.contains("too short") == true)
        #expect(Self.readAll(Data("GIF89a....".utf8)).map { "\($0)" }?.contains("not a TIFF") == true)
        #expect(Self.readAll(Data([0x49, 0x49, 44, 0, 8, 0, 0, 0])).map { "\($0)" }?.contains("version 44") == true)
        #expect(Self.readAll(Data([0x49, 0x49, 42, 0, 0, 0, 0, 0])).map { "\($0)" }?.contains("no image directory") == true)
        #expect(Self.readAll(Data([0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0])).map { "\($0)" }?.contains("beyond end of file") == true)
    }

    @Test func stripOffsetPastTheEnd() throws {
        var b = try Self.bytes("matrix/elev_NONE.tif")
        let e = try #require(Self.entryOffset(b, tag: TIFFTag.stripOffsets))
        // StripOffsets is an array: move it to point its first value past the end.
        let count = Int(b[e + 4]) | Int(b[e + 5]) << 8
        #expect(count > 1)
        let array = Int(b[e + 8]) | Int(b[e + 9]) << 8 | Int(b[e + 10]) << 16 | Int(b[e + 11]) << 24
        Self.put32(&b, array, UInt32(b.count + 1000))
        let error = try #require(Self.readAll(Data(b)))
        #expect(error.description.contains("strip 0 offset \(b.count + 1000) beyond end of file"), "\(error)")
        // The array itself pointed outside the file:
        Self.put32(&b, e + 8, 0xFFFF_FFF0)
        let error2 = try #require(Self.readAll(Data(b)))
        #expect(error2.description.contains("run past the end of the file"), "\(error2)")
    }

    @Test func absurdDimensions() throws {
        for (tag, value) in [(TIFFTag.imageWidth, UInt32.max), (TIFFTag.imageLength, 2_000_000_000), (TIFFTag.imageWidth, 0)] {
            var b = try Self.bytes("matrix/elev_tiled16.tif")
            let e = try #require(Self.entryOffset(b, tag: tag))
            b[e + 2] = 4; b[e + 3] = 0  // LONG
            Self.put32(&b, e + 8, value)
            let error = try #require(Self.readAll(Data(b)), "size \(value) accepted")
            #expect(error.description.contains("size") || error.description.contains("tile offsets"), "\(error)")
        }
        // A single strip claiming billions of rows: refused before allocating.
        var b = try Self.bytes("matrix/elev_DEFLATE.tif")
        for tag in [TIFFTag.imageLength, TIFFTag.rowsPerStrip] {
            let e = try #require(Self.entryOffset(b, tag: tag))
            b[e + 2] = 4; b[e + 3] = 0
            Self.put32(&b, e + 8, 2_000_000_000)
        }
        let error = try #require(Self.readAll(Data(b)))
        #expect(error.description.contains("would decode to more than") || error.description.contains("strip offsets"), "\(error)")
    }

    @Test func tileCountMismatch() throws {
        var b = try Self.bytes("matrix/elev_tiled16.tif")
        for tag in [TIFFTag.tileOffsets, TIFFTag.tileByteCounts] {
            let e = try #require(Self.entryOffset(b, tag: tag))
            b[e + 4] = 3; b[e + 5] = 0; b[e + 6] = 0; b[e + 7] = 0  // 3 tiles where 36 are needed
        }
        let error = try #require(Self.readAll(Data(b)))
        #expect(error.description.contains("need 36 tile offsets, the file lists 3"), "\(error)")
    }

    @Test(arguments: ["matrix/elev_LZW.tif", "matrix/elev_DEFLATE.tif", "matrix/elev_ZSTD.tif", "matrix/elev_PACKBITS.tif",
                      "matrix/elev_lzw_pred2.tif", "matrix/olinda_f32_deflate_pred3.tif"])
    func codecGarbage(_ file: String) throws {
        let b = try Self.bytes(file)
        let raster = try Raster(data: Data(b))
        let image = try TIFFFile(data: Data(b)).image(at: 0)
        #expect(raster.width > 0 && image.blockCount > 0)
        // Overwrite the data area (the last two thirds of the file) with noise: every read either
        // decodes something or throws; a codec with framing (LZW codes, zlib, ZSTD) must notice.
        var g = SplitMix(seed: 42)
        var errors = 0
        for trial in 0..<40 {
            var d = b
            let start = b.count / 3
            for i in start..<d.count where trial % 2 == 0 || i % 7 == 0 { d[i] = UInt8(truncatingIfNeeded: g.next()) }
            if Self.readAll(Data(d)) != nil { errors += 1 }
        }
        // PackBits has no framing: noise decodes to noise of the right length, as in libtiff.
        if image.compression != .packBits {
            #expect(errors > 0, "\(file): noise in the compressed data never gave an error")
        }
    }

    @Test func ifdLoops() throws {
        var b = try Self.bytes("matrix/elev_LZW.tif")
        let ifd = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        let n = Int(b[ifd]) | Int(b[ifd + 1]) << 8
        Self.put32(&b, ifd + 2 + 12 * n, UInt32(ifd))  // next IFD = itself
        let error = try #require(Self.readAll(Data(b)))
        #expect(error.description.contains("IFD loop: directory 1 points back to offset \(ifd)"), "\(error)")
        // A two-directory loop in a file with overviews.
        var o = try Self.bytes("matrix/elev_ovr.tif")
        let first = Int(o[4]) | Int(o[5]) << 8 | Int(o[6]) << 16 | Int(o[7]) << 24
        let file = try TIFFFile(data: Data(o))
        #expect(file.directories.count == 3)
        let last = Int(file.directories[2].offset)
        let m = Int(o[last]) | Int(o[last + 1]) << 8
        Self.put32(&o, last + 2 + 12 * m, UInt32(first))
        let error2 = try #require(Self.readAll(Data(o)))
        #expect(error2.description.contains("IFD loop"), "\(error2)")
    }

    @Test func unsupportedCodecsAreNamed() throws {
        for (file, name) in [("matrix/elev_LERC.tif", "LERC"), ("matrix/elev_LZMA.tif", "LZMA"),
                             ("matrix/l7_rgb_jpeg_ycbcr.tif", "JPEG"), ("matrix/l7_rgb_webp.tif", "WEBP")] {
            let raster = try RasterFixtures.open(file)  // the directory reads
            #expect(throws: GraticuleError.self) { _ = try raster.value(band: 0, column: 0, row: 0) }
            do { _ = try raster.value(band: 0, column: 0, row: 0) } catch {
                #expect(error.description.contains("unsupported: TIFF compression \(name)"), "\(error)")
            }
        }
    }

    /// Random byte flips, insertions and truncations of every source file: each read either
    /// succeeds or throws a GraticuleError (a crash fails the whole test run).
    @Test(arguments: sources)
    func randomMutations(_ file: String) throws {
        let b = try Self.bytes(file)
        var rng = SplitMix(seed: file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })  // stable across runs
        var failures = 0
        let trials = 300
        for _ in 0..<trials {
            var d = b
            for _ in 0..<Int(rng.next() % 8 + 1) {
                let i = Int(rng.next() % UInt64(d.count))
                // Bias towards the header and directories, where offsets and counts live.
                let j = rng.next() % 2 == 0 ? i % min(d.count, 1024) : i
                d[j] = UInt8(truncatingIfNeeded: rng.next())
            }
            if Self.readAll(Data(d)) != nil { failures += 1 }
        }
        #expect(failures > 0 && failures <= trials)
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
