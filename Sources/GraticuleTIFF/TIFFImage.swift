import Foundation
import GraticuleCore

/// One image of a TIFF file (a directory), with its pixel layout validated: size, samples, sample
/// type, compression, predictor, planar configuration, and the strips or tiles that hold it.
///
/// Blocks (strips or tiles) are decoded on demand with `decodeBlock(column:row:plane:)`; the
/// image keeps no pixel data. A single uncompressed strip is split into blocks of about 64 KiB
/// as libtiff does, so huge uncompressed images stay cheap to read a pixel from.
public struct TIFFImage: Sendable {
    /// The directory's position in the file's chain.
    public let index: Int
    /// The directory.
    public let directory: TIFFDirectory
    /// Size in pixels.
    public let width: Int, height: Int
    /// Samples per pixel (bands, including extra samples such as alpha).
    public let samplesPerPixel: Int
    /// Bits per sample as stored (all samples have the same depth; 1–64, 128 for CFloat64).
    public let bitsPerSample: Int
    /// TIFF `SampleFormat` (1 unsigned, 2 signed, 3 float, 5 complex signed, 6 complex float).
    public let sampleFormat: Int
    /// The decoded sample type.
    public let sampleType: TIFFSampleType
    /// The compression scheme.
    public let compression: TIFFCompression
    /// `Predictor`: 1 none, 2 horizontal differencing, 3 floating point.
    public let predictor: Int
    /// True for `PlanarConfiguration` 2 (one plane per sample: "band interleaved").
    public let isPlanar: Bool
    /// `PhotometricInterpretation` (0 min-is-white, 1 min-is-black, 2 RGB, 3 palette, 4 mask, 6 YCbCr).
    public let photometric: Int
    /// `NewSubfileType` (bit 0 reduced-resolution overview, bit 2 transparency mask).
    public let subfileType: Int
    /// True for tiled images, false for strips.
    public let isTiled: Bool
    /// Block size in pixels (a strip is `width` × rows per strip).
    public let blockWidth: Int, blockHeight: Int
    /// The layout as the file declares it (rows per strip before any splitting of a single strip).
    public let declaredBlockHeight: Int
    /// Blocks per row and per column of blocks.
    public let blocksAcross: Int, blocksDown: Int
    /// `ExtraSamples` values (0 unspecified, 1 associated alpha, 2 unassociated alpha).
    public let extraSamples: [Int]
    /// `ColorMap` (3 × 2^bits values: red, then green, then blue, 16-bit), when present.
    public let colorMap: [UInt16]?
    /// `GDAL_NODATA` text, when present.
    public let gdalNoData: String?
    /// `GDAL_METADATA` XML, when present.
    public let gdalMetadata: String?
    /// `ImageDescription`, when present.
    public let imageDescription: String?

    let blockOffsets: [UInt64]
    let blockByteCounts: [UInt64]
    let data: Data
    let order: TIFFByteOrder
    let fileName: String

    /// The largest decoded block accepted, in bytes (a guard against absurd dimensions).
    public static let maximumBlockBytes = 1 << 28
    /// The largest image side accepted, in pixels.
    public static let maximumSide = 1 << 31 - 1

    /// True for a reduced-resolution (overview) image.
    public var isOverview: Bool { subfileType & 1 != 0 }
    /// True for a transparency mask (`NewSubfileType` bit 2, or photometric 4).
    public var isMask: Bool { subfileType & 4 != 0 || photometric == 4 }
    /// Samples stored in one block: all of them (chunky) or one (planar).
    public var samplesPerBlock: Int { isPlanar ? 1 : samplesPerPixel }
    /// Blocks per sample plane.
    public var blocksPerPlane: Int { blocksAcross * blocksDown }
    /// The number of strips or tiles the file lists.
    public var blockCount: Int { blockOffsets.count }

    init(directory dir: TIFFDirectory, index: Int, file: TIFFFile) throws(GraticuleError) {
        self.index = index
        self.directory = dir
        self.data = file.data
        self.order = TIFFByteOrder(bigEndian: file.isBigEndian)
        self.fileName = file.name
        let at = dir.offset
        func required(_ tag: UInt16) throws(GraticuleError) -> UInt64 {
            guard let v = try dir.integer(tag) else {
                throw tiffError("directory \(index) has no \(TIFFTag.name(tag)) tag", at: at)
            }
            return v
        }
        let w = try required(TIFFTag.imageWidth), h = try required(TIFFTag.imageLength)
        guard w >= 1, h >= 1, w <= UInt64(TIFFImage.maximumSide), h <= UInt64(TIFFImage.maximumSide) else {
            throw tiffError("directory \(index): image size \(w) × \(h) is outside 1 … \(TIFFImage.maximumSide)", at: at)
        }
        width = Int(w); height = Int(h)
        let spp = try dir.integer(TIFFTag.samplesPerPixel) ?? 1
        guard spp >= 1, spp <= 65535 else { throw tiffError("directory \(index): \(spp) samples per pixel", at: at) }
        samplesPerPixel = Int(spp)
        let bpsList = try dir.integers(TIFFTag.bitsPerSample) ?? [1]
        guard let bps = bpsList.first, bps >= 1, bps <= 128 else {
            throw tiffError("directory \(index): bits per sample \(bpsList.first.map(String.init) ?? "missing")", at: at)
        }
        if bpsList.contains(where: { $0 != bps }) {
            throw .unsupported("TIFF directory \(index) has different bit depths per sample \(bpsList); all samples must have the same")
        }
        bitsPerSample = Int(bps)
        let formats = try dir.integers(TIFFTag.sampleFormat) ?? [1]
        let format = Int(formats.first ?? 1)
        if formats.contains(where: { Int($0) != format }) {
            throw .unsupported("TIFF directory \(index) has different sample formats per sample \(formats)")
        }
        sampleFormat = format
        sampleType = try TIFFImage.sampleType(format: format, bits: bitsPerSample, directory: index)
        compression = TIFFCompression(code: Int(try dir.integer(TIFFTag.compression) ?? 1))
        predictor = Int(try dir.integer(TIFFTag.predictor) ?? 1)
        guard [1, 2, 3].contains(predictor) else {
            throw .unsupported("TIFF predictor \(predictor) in directory \(index) (1, 2 and 3 are defined)")
        }
        let planar = try dir.integer(TIFFTag.planarConfiguration) ?? 1
        guard planar == 1 || planar == 2 else {
            throw tiffError("directory \(index): planar configuration \(planar) (1 or 2 expected)", at: at)
        }
        isPlanar = planar == 2 && samplesPerPixel > 1
        photometric = Int(try dir.integer(TIFFTag.photometricInterpretation) ?? 1)
        subfileType = Int(try dir.integer(TIFFTag.newSubfileType) ?? 0)
        extraSamples = (try dir.integers(TIFFTag.extraSamples) ?? []).map { Int(clamping: $0) }
        if let fill = try dir.integer(TIFFTag.fillOrder), fill == 2, bitsPerSample < 8 {
            throw .unsupported("TIFF fill order 2 (least significant bit first) with \(bitsPerSample)-bit samples")
        }

        // Layout.
        if dir.has(TIFFTag.tileWidth) || dir.has(TIFFTag.tileOffsets) {
            isTiled = true
            let tw = try required(TIFFTag.tileWidth), th = try required(TIFFTag.tileLength)
            guard tw >= 1, th >= 1, tw <= 1 << 20, th <= 1 << 20 else {
                throw tiffError("directory \(index): tile size \(tw) × \(th) outside 1 … 1048576", at: at)
            }
            blockWidth = Int(tw); blockHeight = Int(th); declaredBlockHeight = blockHeight
            guard let offsets = try dir.integers(TIFFTag.tileOffsets) else {
                throw tiffError("directory \(index) is tiled but has no TileOffsets", at: at)
            }
            blockOffsets = offsets
            blockByteCounts = try dir.integers(TIFFTag.tileByteCounts) ?? []
        } else {
            isTiled = false
            let rps = min(try dir.integer(TIFFTag.rowsPerStrip) ?? UInt64(height), UInt64(height))
            guard rps >= 1 else { throw tiffError("directory \(index): rows per strip is 0", at: at) }
            blockWidth = width; declaredBlockHeight = Int(rps)
            guard let offsets = try dir.integers(TIFFTag.stripOffsets) else {
                throw tiffError("directory \(index) has neither StripOffsets nor TileOffsets", at: at)
            }
            var counts = try dir.integers(TIFFTag.stripByteCounts) ?? []
            var offs = offsets
            var rows = Int(rps)
            // One uncompressed strip: read it as strips of about 64 KiB (libtiff's "strip chopping").
            let bitsPerRow = width.multipliedReportingOverflow(by: (planar == 2 ? 1 : samplesPerPixel) * bitsPerSample)
            if compression == .none, offsets.count == (planar == 2 ? samplesPerPixel : 1), rows == height,
               !bitsPerRow.overflow, predictor == 1 {
                let rowBytes = (bitsPerRow.partialValue + 7) / 8
                let chop = max(1, (1 << 16) / max(rowBytes, 1))
                if chop < rows {
                    let perPlane = (height + chop - 1) / chop
                    var newOffsets: [UInt64] = [], newCounts: [UInt64] = []
                    newOffsets.reserveCapacity(perPlane * offsets.count)
                    for (p, start) in offsets.enumerated() {
                        let available = p < counts.count ? counts[p] : 0
                        for s in 0..<perPlane {
                            let r0 = s * chop, n = min(chop, height - r0)
                            let o = start &+ UInt64(r0 * rowBytes)
                            newOffsets.append(o)
                            let want = UInt64(n * rowBytes)
                            let have = available > UInt64(r0 * rowBytes) ? available - UInt64(r0 * rowBytes) : 0
                            newCounts.append(min(want, have))
                        }
                    }
                    offs = newOffsets; counts = newCounts; rows = chop
                }
            }
            blockHeight = rows
            blockOffsets = offs
            blockByteCounts = counts
        }
        blocksAcross = (width + blockWidth - 1) / blockWidth
        blocksDown = (height + blockHeight - 1) / blockHeight
        let expected = blocksAcross.multipliedReportingOverflow(by: blocksDown)
        let planes = isPlanar ? samplesPerPixel : 1
        let total = expected.partialValue.multipliedReportingOverflow(by: planes)
        guard !expected.overflow, !total.overflow else {
            throw tiffError("directory \(index): \(blocksAcross) × \(blocksDown) blocks overflow", at: at)
        }
        let kind = isTiled ? "tile" : "strip"
        guard blockOffsets.count >= total.partialValue else {
            throw tiffError("directory \(index): \(width) × \(height) pixels in \(blockWidth) × \(blockHeight) \(kind)s "
                            + "need \(total.partialValue) \(kind) offsets, the file lists \(blockOffsets.count)", at: at)
        }
        guard blockByteCounts.count >= total.partialValue || compression == .none else {
            throw tiffError("directory \(index): \(total.partialValue) \(kind)s but \(blockByteCounts.count) byte counts", at: at)
        }
        let decoded = blockWidth.multipliedReportingOverflow(by: blockHeight).partialValue
            .multipliedReportingOverflow(by: (isPlanar ? 1 : samplesPerPixel) * max(sampleType.byteSize, (bitsPerSample + 7) / 8))
        guard !decoded.overflow, decoded.partialValue <= TIFFImage.maximumBlockBytes else {
            throw tiffError("directory \(index): one \(blockWidth) × \(blockHeight) \(kind) of \(samplesPerBlockCount(planar: isPlanar, spp: samplesPerPixel)) "
                            + "\(bitsPerSample)-bit samples would decode to more than \(TIFFImage.maximumBlockBytes) bytes", at: at)
        }

        if photometric == 3 || dir.has(TIFFTag.colorMap) {
            let map = try dir.integers(TIFFTag.colorMap)?.map { UInt16(truncatingIfNeeded: $0) }
            if let map, bitsPerSample <= 16, map.count != 3 << bitsPerSample {
                throw tiffError("directory \(index): color map has \(map.count) entries, expected \(3 << bitsPerSample)", at: at)
            }
            colorMap = map
        } else {
            colorMap = nil
        }
        gdalNoData = try dir.string(TIFFTag.gdalNoData)
        gdalMetadata = try dir.string(TIFFTag.gdalMetadata)
        imageDescription = try dir.string(TIFFTag.imageDescription)
    }

    static func sampleType(format: Int, bits: Int, directory: Int) throws(GraticuleError) -> TIFFSampleType {
        switch format {
        case 1, 4:
            switch bits {
            case 1...8: return .uint8
            case 9...16: return .uint16
            case 17...32: return .uint32
            case 33...64: return .uint64
            default: break
            }
        case 2:
            switch bits {
            case 1...8: return .int8
            case 9...16: return .int16
            case 17...32: return .int32
            case 33...64: return .int64
            default: break
            }
        case 3:
            switch bits {
            case 16, 24, 32: return .float32
            case 64: return .float64
            default: break
            }
        case 5:
            switch bits {
            case 32: return .cint16
            case 64: return .cint32
            default: break
            }
        case 6:
            switch bits {
            case 64: return .cfloat32
            case 128: return .cfloat64
            default: break
            }
        default:
            throw .unsupported("TIFF sample format \(format) in directory \(directory) (1 unsigned, 2 signed, 3 float, 5 and 6 complex are defined)")
        }
        throw .unsupported("TIFF directory \(directory): \(bits)-bit samples of sample format \(format)")
    }
}

private func samplesPerBlockCount(planar: Bool, spp: Int) -> Int { planar ? 1 : spp }
