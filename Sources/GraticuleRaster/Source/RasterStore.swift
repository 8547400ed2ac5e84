import Foundation
import GraticuleCore
import GraticuleIO

/// The images of a raster file (full resolution, overviews, masks) and the cache of their
/// decoded blocks.
final class RasterStore: Sendable {
    /// All images; index 0 is the full-resolution image.
    let images: [TIFFImage]
    let cache: BlockCache

    init(images: [TIFFImage], cacheBytes: Int) {
        self.images = images
        self.cache = BlockCache(capacity: cacheBytes)
    }

    /// The decoded block (column, row, plane) of an image, from the cache or decoded now.
    @inline(__always)
    func block(image: Int, column: Int, row: Int, plane: Int) throws(GraticuleError) -> DecodedBlock {
        let img = images[image]
        let key = BlockCache.Key(image: image, block: img.blockIndex(column: column, row: row, plane: plane))
        while true {
            switch cache.claim(key) {
            case let .cached(hit):
                return hit
            case let .wait(decoding):
                // Another thread is decoding it: wait, then look again (if that decoding failed,
                // this thread claims the block and meets the error itself).
                decoding.done.wait()
            case .decode:
                defer { cache.finish(key) }
                let decoded = DecodedBlock(try img.decodeBlock(column: column, row: row, plane: plane))
                cache.put(key, decoded)
                return decoded
            }
        }
    }

    /// One sample of an image as a Double (the real part for complex cells); `fill` for sparse blocks.
    @inline(__always)
    func sample(image: Int, band: Int, column: Int, row: Int, fill: Double) throws(GraticuleError) -> Double {
        let img = images[image]
        let bx = column / img.blockWidth, by = row / img.blockHeight
        let d = try block(image: image, column: bx, row: by, plane: img.isPlanar ? band : 0)
        guard let b = d.block else { return fill }
        let i = ((row - by * img.blockHeight) * b.width + (column - bx * img.blockWidth)) * b.samples + (img.isPlanar ? 0 : band)
        return RasterStore.double(b.bytes, index: i, type: b.sampleType)
    }

    /// One sample as its exact value.
    func value(image: Int, band: Int, column: Int, row: Int, fill: Double) throws(GraticuleError) -> RasterValue {
        let img = images[image]
        let bx = column / img.blockWidth, by = row / img.blockHeight
        let d = try block(image: image, column: bx, row: by, plane: img.isPlanar ? band : 0)
        return RasterStore.value(d, image: img, band: band, column: column - bx * img.blockWidth,
                                 row: row - by * img.blockHeight, fill: fill)
    }

    /// One sample of a decoded block of `image` as its exact value, at (column, row) within the
    /// block; `fill` for a sparse block.
    @inline(__always)
    static func value(_ d: DecodedBlock, image img: TIFFImage, band: Int, column: Int, row: Int, fill: Double) -> RasterValue {
        let type = img.sampleType
        guard let b = d.block, let base = d.base else { return sparseValue(type, fill: fill) }
        let i = (row * b.width + column) * b.samples + (img.isPlanar ? 0 : band)
        return load(base, index: i, type: type)
    }

    /// The value of a block the file does not hold: `fill` in the sample type.
    static func sparseValue(_ type: TIFFSampleType, fill: Double) -> RasterValue {
        if type.isComplex { return .complex(fill, 0) }
        if type.isFloatingPoint { return .float(fill) }
        return type.isSigned ? .integer(Int64(fill)) : .unsigned(UInt64(fill))
    }

    /// The `i`-th sample of decoded block bytes as its exact value.
    @inline(__always)
    static func load(_ p: UnsafeRawPointer, index i: Int, type: TIFFSampleType) -> RasterValue {
        let o = i * type.byteSize
        switch type {
        case .uint8: return .unsigned(UInt64(p.load(fromByteOffset: o, as: UInt8.self)))
        case .int8: return .integer(Int64(p.load(fromByteOffset: o, as: Int8.self)))
        case .uint16: return .unsigned(UInt64(p.loadUnaligned(fromByteOffset: o, as: UInt16.self)))
        case .int16: return .integer(Int64(p.loadUnaligned(fromByteOffset: o, as: Int16.self)))
        case .uint32: return .unsigned(UInt64(p.loadUnaligned(fromByteOffset: o, as: UInt32.self)))
        case .int32: return .integer(Int64(p.loadUnaligned(fromByteOffset: o, as: Int32.self)))
        case .uint64: return .unsigned(p.loadUnaligned(fromByteOffset: o, as: UInt64.self))
        case .int64: return .integer(p.loadUnaligned(fromByteOffset: o, as: Int64.self))
        case .float32: return .float(Double(p.loadUnaligned(fromByteOffset: o, as: Float.self)))
        case .float64: return .float(p.loadUnaligned(fromByteOffset: o, as: Double.self))
        case .cint16:
            return .complex(Double(p.loadUnaligned(fromByteOffset: o, as: Int16.self)),
                            Double(p.loadUnaligned(fromByteOffset: o + 2, as: Int16.self)))
        case .cint32:
            return .complex(Double(p.loadUnaligned(fromByteOffset: o, as: Int32.self)),
                            Double(p.loadUnaligned(fromByteOffset: o + 4, as: Int32.self)))
        case .cfloat32:
            return .complex(Double(p.loadUnaligned(fromByteOffset: o, as: Float.self)),
                            Double(p.loadUnaligned(fromByteOffset: o + 4, as: Float.self)))
        case .cfloat64:
            return .complex(p.loadUnaligned(fromByteOffset: o, as: Double.self),
                            p.loadUnaligned(fromByteOffset: o + 8, as: Double.self))
        }
    }

    /// The `index`-th sample of a decoded block as a Double.
    @inline(__always)
    static func double(_ bytes: [UInt8], index i: Int, type: TIFFSampleType) -> Double {
        bytes.withUnsafeBytes { type.double($0, index: i) }
    }
}
