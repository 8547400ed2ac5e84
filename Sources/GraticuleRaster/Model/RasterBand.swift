import GraticuleIO
/// One band of a raster: its type, nodata value, scale and offset, description and colours.
public struct RasterBand: Sendable, Hashable {
    /// 0-based index.
    public let index: Int
    /// The band's description (GDAL_METADATA `DESCRIPTION`, e.g. `B4`), empty when none.
    public let description: String
    /// The cell type.
    public let dataType: RasterDataType
    /// Bits per cell as stored (1–7 for sub-byte bands, 12 for NBITS=12 …).
    public let bitsPerSample: Int
    /// The nodata value (GDAL_NODATA; may be NaN), or nil.
    public let noData: Double?
    /// Scale and offset: physical value = raw × scale + offset (1 and 0 when the file has none).
    public let scale: Double, offset: Double
    /// The unit of the physical values (GDAL `UNITTYPE`), empty when none.
    public let unit: String
    /// GDAL's colour interpretation (`Gray`, `Red`, `Green`, `Blue`, `Alpha`, `Palette`, `Undefined`).
    public let colorInterpretation: String
    /// The palette (RGBA, 0–255), for palette bands.
    public let colorTable: [SIMD4<UInt8>]?
    /// Band metadata items (name → value), e.g. statistics GDAL wrote.
    public let metadata: [(name: String, value: String)]

    public static func == (a: RasterBand, b: RasterBand) -> Bool {
        a.index == b.index && a.description == b.description && a.dataType == b.dataType
            && a.bitsPerSample == b.bitsPerSample && a.noData?.bitPattern == b.noData?.bitPattern
            && a.scale == b.scale && a.offset == b.offset && a.unit == b.unit
            && a.colorInterpretation == b.colorInterpretation && a.colorTable == b.colorTable
            && a.metadata.map(\.name) == b.metadata.map(\.name) && a.metadata.map(\.value) == b.metadata.map(\.value)
    }

    public func hash(into h: inout Hasher) {
        h.combine(index); h.combine(description); h.combine(dataType)
    }

    /// True when `value` is this band's nodata value (NaN matches a NaN nodata; Float32 bands
    /// compare in single precision, as GDAL does).
    @inlinable
    public func isNoData(_ value: Double) -> Bool {
        RasterBand.isNoData(value, noData: noData, singlePrecision: dataType == .float32 || dataType == .cfloat32)
    }

    /// The nodata test of `isNoData(_:)` on its parts (for loops that keep them, not the band).
    @inlinable @inline(__always)
    public static func isNoData(_ value: Double, noData: Double?, singlePrecision: Bool) -> Bool {
        guard let noData else { return false }
        if noData.isNaN { return value.isNaN }
        if singlePrecision { return Float(value) == Float(noData) }
        return value == noData
    }
}
