import GraticuleIO

/// The data type of a raster's cells (GDAL's names: `Byte`, `Int16`, `Float32`, `CFloat32` …).
public typealias RasterDataType = TIFFSampleType

extension TIFFSampleType {
    /// The name ArcGIS gives the pixel type in a raster cell's `Pixel.Type` attribute
    /// (`uint8`, `int16`, `float32`, `uint1`/`uint2`/`uint4` for 1-, 2- and 4-bit cells …);
    /// types ArcGIS has no name for use GDAL's, lower-cased (`cfloat32`).
    public func arcGISPixelType(bits: Int) -> String {
        switch self {
        case .uint8 where bits == 1: "uint1"
        case .uint8 where bits == 2: "uint2"
        case .uint8 where bits <= 4: "uint4"
        default: rawValue
        }
    }
}

/// The value of one band of one cell, exactly as stored (no scale or offset applied).
public enum RasterValue: Sendable, Hashable, CustomStringConvertible {
    /// A signed integer cell (Int8 … Int64).
    case integer(Int64)
    /// An unsigned integer cell (Byte … UInt64, and sub-byte cells).
    case unsigned(UInt64)
    /// A floating-point cell (Float32 values are exact in a Double).
    case float(Double)
    /// A complex cell (real, imaginary).
    case complex(Double, Double)

    /// The value as a Double (the real part of a complex value; integers beyond 2^53 round).
    public var doubleValue: Double {
        switch self {
        case let .integer(v): Double(v)
        case let .unsigned(v): Double(v)
        case let .float(v): v
        case let .complex(re, _): re
        }
    }

    /// Shortest round-trip text: integers in decimal, Float32 cells as Float32 (`3490.482`),
    /// complex values as `re+imi` (as gdallocationinfo writes them).
    public func text(as type: RasterDataType) -> String {
        switch self {
        case let .integer(v): return String(v)
        case let .unsigned(v): return String(v)
        case let .float(v): return RasterValue.format(v, single: type == .float32)
        case let .complex(re, im):
            let single = type == .cfloat32
            let r = RasterValue.format(re, single: single), i = RasterValue.format(abs(im), single: single)
            return "\(r)\(im < 0 || (im == 0 && im.sign == .minus) ? "-" : "+")\(i)i"
        }
    }

    public var description: String { text(as: .float64) }

    static func format(_ v: Double, single: Bool) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return single ? "\(Float(v))" : "\(v)"
    }
}
