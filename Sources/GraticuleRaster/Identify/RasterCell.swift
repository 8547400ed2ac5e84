import GraticuleCRS
import GraticuleGeometry

/// An attribute value of a raster cell: a number or text.
public enum CellAttribute: Sendable, Hashable, CustomStringConvertible {
    case value(RasterValue, RasterDataType)
    case text(String)

    public var description: String {
        switch self {
        case let .value(v, t): v.text(as: t)
        case let .text(s): s
        }
    }
}

/// What is under a point of a raster: the cell, its value in every band and its extent, with the
/// attributes named as ArcGIS names them in a `RasterCell` (`Band_0`, `Band_1`, …, `Pixel.Type`).
public struct RasterCell: Sendable {
    /// The cell's column (pixel) and row (line), 0-based from the top-left.
    public let column: Int, row: Int
    /// The queried point in the raster's spatial reference.
    public let location: Point
    /// The value of each band as stored.
    public let values: [RasterValue]
    /// The value of each band with the band's scale and offset applied (NaN for nodata).
    public let scaledValues: [Double]
    /// Per band: true when the value is the band's nodata value or the mask marks the cell invalid.
    public let noData: [Bool]
    /// The cell type, as ArcGIS names it (`float32`, `uint8`, `int16` …).
    public let pixelType: String
    /// The data type.
    public let dataType: RasterDataType
    /// The cell's four corners in the raster's spatial reference (top-left, top-right,
    /// bottom-right, bottom-left; a rotated grid gives a rotated footprint).
    public let footprint: [Point]
    /// The bounding box of the footprint in the raster's spatial reference.
    public let extent: RasterExtent
    /// The raster's spatial reference.
    public let spatialReference: SpatialReference?
    /// The bounding box of the footprint in the spatial reference the point was given in (the
    /// four corners transformed), or nil when the point was given in the raster's own.
    public let requestedExtent: RasterExtent?
    /// The spatial reference the point was given in, when not the raster's.
    public let requestedSpatialReference: SpatialReference?
    /// True when the datums differ and no datum shift was applied (see `RasterCoordinateOperation`).
    public let isBallpark: Bool
    /// The datum transformation the point went through (its name), when the datums differ.
    public let transformationName: String?

    /// True when every band is nodata.
    public var isNoData: Bool { noData.allSatisfy { $0 } }

    /// The attributes in ArcGIS's names and order: `Band_0` … `Band_n-1` (raw values), then
    /// `Pixel.Type`.
    public var attributes: [(name: String, value: CellAttribute)] {
        var out = values.enumerated().map { ("Band_\($0.offset)", CellAttribute.value($0.element, dataType)) }
        out.append(("Pixel.Type", .text(pixelType)))
        return out
    }
}
