import Foundation
import GraticuleCore

/// One decoded strip or tile: samples of `sampleType` in host byte order, row by row, pixel
/// interleaved (`samples` per pixel: all of the image's for chunky images, one for planar).
public struct TIFFBlock: Sendable {
    /// Width in pixels (the tile width, or the image width for strips).
    public let width: Int
    /// Rows decoded (the tile height, or the rows of this strip: the last strip may be shorter).
    public let rows: Int
    /// Samples per pixel in this block.
    public let samples: Int
    /// The sample type.
    public let sampleType: TIFFSampleType
    /// `width × rows × samples × sampleType.byteSize` bytes.
    public let bytes: [UInt8]
}

extension TIFFImage {
    /// The index of a block in the file's offset arrays.
    public func blockIndex(column: Int, row: Int, plane: Int = 0) -> Int {
        (isPlanar ? plane * blocksPerPlane : 0) + row * blocksAcross + column
    }

    /// True when the file holds no data for a block (offset or byte count 0: a sparse file);
    /// GDAL reads such a block as the nodata value, or 0.
    public func isSparse(column: Int, row: Int, plane: Int = 0) -> Bool {
        let i = blockIndex(column: column, row: row, plane: plane)
        let count = i < blockByteCounts.count ? blockByteCounts[i] : 1
        return blockOffsets[i] == 0 || count == 0
    }

    /// Decodes one block: decompression, byte order, predictor, bit unpacking.
    /// - Returns: nil for a block the file does not hold (sparse).
    /// - Throws: `parse` for damaged data (naming the block and the offset), `unsupported` for a
    ///   compression scheme this reader does not decode.
    public func decodeBlock(column: Int, row: Int, plane: Int = 0) throws(GraticuleError) -> TIFFBlock? {
        guard column >= 0, column < blocksAcross, row >= 0, row < blocksDown, plane >= 0,
              plane < (isPlanar ? samplesPerPixel : 1) else {
            throw .invalidInput("block (\(column), \(row), plane \(plane)) is outside the \(blocksAcross) × \(blocksDown) blocks of directory \(index)")
        }
        let i = blockIndex(column: column, row: row, plane: plane)
        let kind = isTiled ? "tile" : "strip"
        let rows = isTiled ? blockHeight : min(blockHeight, height - row * blockHeight)
        let samples = samplesPerBlock
        let bits = bitsPerSample
        let rowBits = blockWidth * samples * bits
        let rowBytes = (rowBits + 7) / 8
        let packedSize = rowBytes * rows
        let offset = blockOffsets[i]
        var count: UInt64 = i < blockByteCounts.count ? blockByteCounts[i] : UInt64(packedSize)
        if offset == 0 || count == 0 { return nil }
        let length = UInt64(data.count)
        guard offset < length else {
            throw tiffError("\(kind) \(i) offset \(offset) beyond end of file (\(length) bytes)", at: offset)
        }
        if offset + count > length {
            // libtiff reads what is there of an uncompressed block and fails if short; so do we.
            guard compression == .none else {
                throw tiffError("\(kind) \(i): \(count) bytes at offset \(offset) run past the end of the file (\(length) bytes)", at: offset)
            }
            count = length - offset
        }
        guard compression.isSupported else {
            throw .unsupported("TIFF compression \(compression.description) in \(fileName) (decoded: NONE, LZW, DEFLATE, PACKBITS, ZSTD)")
        }

        let type = sampleType
        let containerSize = type.byteSize
        let byteAligned = bits % 8 == 0
        let direct = byteAligned && bits / 8 == containerSize * 1 && !(type == .float32 && bits != 32)
        let outSize = blockWidth * rows * samples * containerSize

        // Never allocate more than the block's bytes could decode to: each codec has a largest
        // expansion (Deflate 1032:1, LZW 9 bits → 4096 bytes, PackBits 2 → 128, ZSTD 4 bytes → 128 KiB).
        let expansion: UInt64
        switch compression.code {
        case 1: expansion = 1
        case 32773: expansion = 64
        case 5: expansion = 3641
        case 8, 32946: expansion = 1032
        default: expansion = 32768
        }
        let (limit, overflow) = count.multipliedReportingOverflow(by: expansion)
        if compression == .none ? count < UInt64(packedSize) : (!overflow && limit + 1024 < UInt64(packedSize)) {
            throw tiffError("\(kind) \(i): \(count) bytes of \(compression.name) data cannot hold the \(packedSize) bytes "
                            + "of a \(blockWidth) × \(rows) block", at: offset)
        }
        let compression = self.compression
        // Not zero-filled first: the codec writes every byte, or the block is refused below
        // (`produced` short) before anything reads it.
        var result: Result<Int, GraticuleError> = .success(0)
        var packed = [UInt8](unsafeUninitializedCapacity: packedSize) { dst, initialized in
            result = data.withUnsafeBytes { file in
                Result { () throws(GraticuleError) -> Int in
                    let src = UnsafeRawBufferPointer(rebasing: file[Int(offset) ..< Int(offset + count)])
                    return try TIFFImage.decompress(compression, src, into: UnsafeMutableRawBufferPointer(dst), block: i)
                }
            }
            initialized = packedSize
        }
        let produced = try result.get()
        guard produced == packedSize else {
            throw tiffError("\(compression.name) \(kind) \(i) decoded to \(produced) bytes, \(packedSize) expected "
                            + "(\(blockWidth) × \(rows) pixels of \(samples) × \(bits) bits)", at: offset)
        }

        let swapSize = predictor == 3 ? 0 : (byteAligned && bits >= 16 ? (type.isComplex ? bits / 16 : bits / 8) : 0)
        let needsSwap = order.bigEndian != (UInt16(1).bigEndian == 1) && [2, 4, 8].contains(swapSize)
        if predictor == 2 && !(byteAligned && [8, 16, 32, 64].contains(bits)) {
            throw .unsupported("horizontal differencing (predictor 2) with \(bits)-bit samples in \(kind) \(i)")
        }
        if predictor == 3 && !(sampleFormat == 3 && [16, 24, 32, 64].contains(bits)) {
            throw .unsupported("floating-point predictor (predictor 3) with \(bits)-bit samples of format \(sampleFormat)")
        }
        let predictor = self.predictor
        packed.withUnsafeMutableBytes { buffer in
            if needsSwap { SampleUnpacking.swap(buffer, wordSize: swapSize) }
            if predictor == 2 {
                Predictor.undoHorizontal(buffer, rowBytes: rowBytes, rows: rows, samplesPerPixel: samples, wordSize: bits / 8)
            } else if predictor == 3 {
                withUnsafeTemporaryAllocation(byteCount: rowBytes, alignment: 16) { scratch in
                    Predictor.undoFloatingPoint(buffer, rowBytes: rowBytes, rows: rows, samplesPerPixel: samples,
                                                bytesPerSample: bits / 8, scratch: scratch)
                }
            }
        }
        if direct {
            return TIFFBlock(width: blockWidth, rows: rows, samples: samples, sampleType: type, bytes: packed)
        }
        var out = [UInt8](repeating: 0, count: outSize)
        packed.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                let perRow = blockWidth * samples
                if type == .float32 && bits == 16 {
                    for k in 0..<(perRow * rows) {
                        let r = k / perRow, c = k % perRow
                        let h = src.loadUnaligned(fromByteOffset: r * rowBytes + 2 * c, as: UInt16.self)
                        dst.storeBytes(of: SampleUnpacking.float16to32(h), toByteOffset: 4 * k, as: Float.self)
                    }
                } else if type == .float32 && bits == 24 {
                    let big = order.bigEndian && predictor != 3
                    for k in 0..<(perRow * rows) {
                        let r = k / perRow, c = k % perRow
                        let p = r * rowBytes + 3 * c
                        let b0 = UInt32(src[p]), b1 = UInt32(src[p + 1]), b2 = UInt32(src[p + 2])
                        let v = big ? (b0 << 16 | b1 << 8 | b2) : (b2 << 16 | b1 << 8 | b0)
                        dst.storeBytes(of: SampleUnpacking.float24to32(v), toByteOffset: 4 * k, as: Float.self)
                    }
                } else if byteAligned && !order.bigEndian && bits < containerSize * 8 {
                    // e.g. 24-bit integers in a little-endian file: bytes are least significant first.
                    let n = bits / 8
                    for k in 0..<(perRow * rows) {
                        let r = k / perRow, c = k % perRow
                        var v: UInt64 = 0
                        for b in 0..<n { v |= UInt64(src[r * rowBytes + n * c + b]) << UInt64(8 * b) }
                        if type.isSigned && v & (1 << UInt64(bits - 1)) != 0 { v |= ~((1 << UInt64(bits)) - 1) }
                        switch containerSize {
                        case 4: dst.storeBytes(of: UInt32(truncatingIfNeeded: v), toByteOffset: 4 * k, as: UInt32.self)
                        default: dst.storeBytes(of: v, toByteOffset: 8 * k, as: UInt64.self)
                        }
                    }
                } else {
                    SampleUnpacking.unpackBits(src, rowBytes: rowBytes, rows: rows, samplesPerRow: perRow, bits: bits,
                                               signed: type.isSigned, into: dst, containerSize: containerSize)
                }
            }
        }
        return TIFFBlock(width: blockWidth, rows: rows, samples: samples, sampleType: type, bytes: out)
    }

    /// Decompresses one block's bytes into `dst`; returns the bytes produced.
    static func decompress(_ compression: TIFFCompression, _ src: UnsafeRawBufferPointer,
                           into dst: UnsafeMutableRawBufferPointer, block: Int) throws(GraticuleError) -> Int {
        switch compression.code {
        case 1:
            let n = min(src.count, dst.count)
            if n > 0 { dst.baseAddress!.copyMemory(from: src.baseAddress!, byteCount: n) }
            return n
        case 5: return try LZW.decode(src, into: dst, block: block)
        case 8, 32946: return try Inflate.decode(src, into: dst, block: block)
        case 32773: return PackBits.decode(src, into: dst)
        case 50000: return try Zstd.decode(src, into: dst, block: block)
        default:
            throw .unsupported("TIFF compression \(compression.description)")
        }
    }
}
