import Foundation
import GraticuleCore
import GraticuleRaster

/// A raster drawn as a map layer: warped into the map's spatial reference (`Raster.warp`, GDAL's
/// approximate transformer and kernels) and coloured (`Raster.render(to:ramp:)`: a colour ramp
/// for one band, the colour table of a palette band, or RGB for three byte bands).
public struct RasterLayer: Sendable {
    public var raster: Raster
    /// The ramp for a single band; nil uses the raster's colour table or RGB bands, else grey over
    /// the values in view.
    public var ramp: ColorRamp?
    public var band: Int
    public var resampling: Resampling

    public init(_ raster: Raster, ramp: ColorRamp? = nil, band: Int = 0, resampling: Resampling = .nearest) {
        self.raster = raster
        self.ramp = ramp
        self.band = band
        self.resampling = resampling
    }

    /// A raster layer as `graticule render --layers` names it: a built-in raster by name (`ndvi`,
    /// with the NDVI ramp) or a GeoTIFF by path. A single band without a colour table gets a
    /// ramp stretched over the band's minimum and maximum (`Raster.valueRange`): `terrain` for
    /// elevation-like data (a band whose unit is metres or feet or whose description names
    /// elevation/height/DEM), grey otherwise; palette and RGB rasters keep their colours.
    /// - Throws: `invalidInput` naming the path when it is neither a readable GeoTIFF nor a
    ///   built-in name; the reader's errors for a damaged file.
    public static func open(_ pathOrName: String) throws(GraticuleError) -> RasterLayer {
        let raster = try Raster.open(pathOrName)
        if raster.name == "ndvi" && Raster.builtInNames[pathOrName.lowercased()] != nil {
            return RasterLayer(raster, ramp: .ndvi)
        }
        return RasterLayer(raster, ramp: try defaultRamp(raster))
    }

    /// The ramp `open` gives a raster (nil for palette and RGB rasters).
    public static func defaultRamp(_ raster: Raster) throws(GraticuleError) -> ColorRamp? {
        guard !raster.isRGB, raster.bands[0].colorTable == nil else { return nil }
        guard let (lo, hi) = try raster.valueRange(band: 0) else { return nil }
        let top = hi > lo ? hi : lo + 1
        let b = raster.bands[0]
        let words = (b.unit + " " + b.description).lowercased()
        let elevation = ["metre", "meter", "foot", "feet"].contains(where: { words.contains($0) }) || b.unit == "m"
            || ["elev", "height", "dem", "altitude"].contains(where: { words.contains($0) })
        return elevation ? .terrain(min: lo, max: top) : .grey(min: lo, max: top)
    }

    /// The layer warped to a view and coloured.
    public func image(_ view: RasterView) throws(GraticuleError) -> RGBAImage {
        try raster.render(to: view, ramp: ramp, band: band, resampling: resampling)
    }
}
