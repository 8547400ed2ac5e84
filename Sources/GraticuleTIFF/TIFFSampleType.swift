/// The type of one decoded sample, as GDAL names raster data types.
///
/// Sub-byte and odd bit depths (TIFF `BitsPerSample` 1–7, 12, 24 …) decode to the smallest
/// container that holds them (`uint8`, `uint16`, `uint32`); 16- and 24-bit floats decode to
/// `float32`. Complex types hold two components (real, imaginary) of half the size each.
public enum TIFFSampleType: String, Sendable, Hashable, CaseIterable {
    case uint8, int8, uint16, int16, uint32, int32, uint64, int64, float32, float64
    case cint16, cint32, cfloat32, cfloat64

    /// Bytes of one decoded sample (both components for complex types).
    public var byteSize: Int {
        switch self {
        case .uint8, .int8: 1
        case .uint16, .int16: 2
        case .uint32, .int32, .float32, .cint16: 4
        case .uint64, .int64, .float64, .cint32, .cfloat32: 8
        case .cfloat64: 16
        }
    }

    /// True for complex types (two components per sample).
    public var isComplex: Bool {
        switch self {
        case .cint16, .cint32, .cfloat32, .cfloat64: true
        default: false
        }
    }

    /// True for floating-point types (real or complex).
    public var isFloatingPoint: Bool {
        switch self {
        case .float32, .float64, .cfloat32, .cfloat64: true
        default: false
        }
    }

    /// True for signed integer types (real or complex).
    public var isSigned: Bool {
        switch self {
        case .int8, .int16, .int32, .int64, .cint16, .cint32: true
        default: false
        }
    }

    /// GDAL's name of the type (`Byte`, `Int16`, `Float32`, `CFloat32` …).
    public var gdalName: String {
        switch self {
        case .uint8: "Byte"
        case .int8: "Int8"
        case .uint16: "UInt16"
        case .int16: "Int16"
        case .uint32: "UInt32"
        case .int32: "Int32"
        case .uint64: "UInt64"
        case .int64: "Int64"
        case .float32: "Float32"
        case .float64: "Float64"
        case .cint16: "CInt16"
        case .cint32: "CInt32"
        case .cfloat32: "CFloat32"
        case .cfloat64: "CFloat64"
        }
    }
}

/// TIFF compression schemes by their `Compression` tag value.
public struct TIFFCompression: Sendable, Hashable, CustomStringConvertible {
    /// The tag value.
    public let code: Int
    public init(code: Int) { self.code = code }

    public static let none = TIFFCompression(code: 1)
    public static let lzw = TIFFCompression(code: 5)
    public static let jpeg = TIFFCompression(code: 7)
    public static let adobeDeflate = TIFFCompression(code: 8)
    public static let packBits = TIFFCompression(code: 32773)
    public static let deflate = TIFFCompression(code: 32946)
    public static let lerc = TIFFCompression(code: 34887)
    public static let lzma = TIFFCompression(code: 34925)
    public static let zstd = TIFFCompression(code: 50000)
    public static let webp = TIFFCompression(code: 50001)

    /// The name GDAL reports (`COMPRESSION=DEFLATE`).
    public var name: String {
        switch code {
        case 1: "NONE"
        case 2: "CCITTRLE"
        case 3: "CCITTFAX3"
        case 4: "CCITTFAX4"
        case 5: "LZW"
        case 6: "OJPEG"
        case 7: "JPEG"
        case 8, 32946: "DEFLATE"
        case 32773: "PACKBITS"
        case 32809: "THUNDERSCAN"
        case 32908, 32909: "PIXARLOG"
        case 34661: "JBIG"
        case 34676, 34677: "SGILOG"
        case 34712: "JPEG2000"
        case 34887: "LERC"
        case 34892: "JPEG (DNG lossy)"
        case 34925: "LZMA"
        case 50000: "ZSTD"
        case 50001: "WEBP"
        case 50002, 52546: "JXL"
        default: "compression \(code)"
        }
    }

    /// True for the schemes this reader decodes.
    public var isSupported: Bool {
        [1, 5, 8, 32773, 32946, 50000].contains(code)
    }

    public var description: String { "\(name) (\(code))" }
}

extension TIFFSampleType {
    /// The `index`-th sample of host-order samples of this type (a decoded `TIFFBlock`'s bytes) as
    /// a Double; the real part of a complex sample. Callers check that the index is in range.
    @inlinable
    public func double(_ p: UnsafeRawBufferPointer, index i: Int) -> Double {
        precondition((i + 1) * byteSize <= p.count, "sample \(i) beyond \(p.count) bytes")
        return double(p.baseAddress!, index: i)
    }

    /// The `i`-th sample at `p` as a Double (as `double(_:index:)` on a buffer, unchecked: the
    /// caller knows the sample is there).
    @inlinable @inline(__always)
    public func double(_ p: UnsafeRawPointer, index i: Int) -> Double {
        let o = i * byteSize
        switch self {
        case .uint8: return Double(p.load(fromByteOffset: o, as: UInt8.self))
        case .int8: return Double(p.load(fromByteOffset: o, as: Int8.self))
        case .uint16: return Double(p.loadUnaligned(fromByteOffset: o, as: UInt16.self))
        case .int16: return Double(p.loadUnaligned(fromByteOffset: o, as: Int16.self))
        case .uint32: return Double(p.loadUnaligned(fromByteOffset: o, as: UInt32.self))
        case .int32: return Double(p.loadUnaligned(fromByteOffset: o, as: Int32.self))
        case .uint64: return Double(p.loadUnaligned(fromByteOffset: o, as: UInt64.self))
        case .int64: return Double(p.loadUnaligned(fromByteOffset: o, as: Int64.self))
        case .float32, .cfloat32: return Double(p.loadUnaligned(fromByteOffset: o, as: Float.self))
        case .float64, .cfloat64: return p.loadUnaligned(fromByteOffset: o, as: Double.self)
        case .cint16: return Double(p.loadUnaligned(fromByteOffset: o, as: Int16.self))
        case .cint32: return Double(p.loadUnaligned(fromByteOffset: o, as: Int32.self))
        }
    }
}
