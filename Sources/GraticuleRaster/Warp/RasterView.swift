import GraticuleCRS
import GraticuleIO

/// A grid of output pixels in a spatial reference: what a map image covers.
///
/// The extent names the outer edges of the image, as a WMS BBOX does: the top-left corner of
/// pixel (0, 0) is (xMin, yMax), so pixel (i, j)'s centre is
/// (xMin + (i + ½)·(xMax − xMin)/width, yMax − (j + ½)·(yMax − yMin)/height).
public struct RasterView: Sendable {
    public var spatialReference: SpatialReference
    public var width: Int, height: Int
    /// Pixel/line → map x/y of the view (north-up: c2 = c4 = 0).
    public var geoTransform: GeoTransform

    /// A view covering `extent` with `width × height` pixels.
    public init(spatialReference: SpatialReference, extent: RasterExtent, width: Int, height: Int) {
        self.spatialReference = spatialReference
        self.width = width
        self.height = height
        geoTransform = GeoTransform(extent.xMin, (extent.xMax - extent.xMin) / Double(width), 0,
                                    extent.yMax, 0, -(extent.yMax - extent.yMin) / Double(height))
    }

    /// A view given by its geotransform (as a GeoTIFF or gdalwarp output defines its grid).
    public init(spatialReference: SpatialReference, geoTransform: GeoTransform, width: Int, height: Int) {
        self.spatialReference = spatialReference
        self.width = width
        self.height = height
        self.geoTransform = geoTransform
    }

    /// The outer edges of the view.
    public var extent: RasterExtent {
        let a = geoTransform.apply(pixel: 0, line: 0), b = geoTransform.apply(pixel: Double(width), line: Double(height))
        return RasterExtent(xMin: min(a.x, b.x), yMin: min(a.y, b.y), xMax: max(a.x, b.x), yMax: max(a.y, b.y))
    }

    /// The map coordinates of a position in pixel units (0 … width, 0 … height from the top left).
    @inlinable
    public func point(x: Double, y: Double) -> SIMD2<Double> {
        let p = geoTransform.apply(pixel: x, line: y)
        return SIMD2(p.x, p.y)
    }
}

/// How a warp picks source cells.
public enum Resampling: String, Sendable, CaseIterable {
    /// The cell under each output pixel's centre (GDAL's `-r near`).
    case nearest
    /// Bilinear interpolation of the four cells around the centre; nodata cells are left out and
    /// the others' weights renormalised (GDAL's `-r bilinear`).
    case bilinear
}

/// Which resolution of the raster a warp reads.
public enum OverviewPolicy: Sendable, Hashable {
    /// The full-resolution image always.
    case none
    /// The coarsest overview still at least as fine as the output (GDAL's `-ovr AUTO`).
    case automatic
}

/// Options of `Raster.warp(to:options:)`.
public struct WarpOptions: Sendable {
    public var resampling: Resampling
    /// The largest position error the approximate transformer may make, in source pixels
    /// (GDAL's default `-et 0.125`); 0 transforms every pixel exactly.
    public var errorThreshold: Double
    public var overviews: OverviewPolicy
    /// The bands to warp (0-based); nil for all.
    public var bands: [Int]?

    public init(resampling: Resampling = .nearest, errorThreshold: Double = 0.125, overviews: OverviewPolicy = .automatic,
                bands: [Int]? = nil) {
        self.resampling = resampling
        self.errorThreshold = errorThreshold
        self.overviews = overviews
        self.bands = bands
    }
}
