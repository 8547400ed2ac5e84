import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleProjection

/// Draws a world map in any spatial reference: countries, graticule, the map's outline and points,
/// clipped on the sphere to the region the projection draws (`ClipRegion`: the antimeridian cut,
/// horizons, the lobes of interrupted maps, the faces of nets), resampled in output pixels,
/// projected and clipped to the view; then painted by a sink (`svg()`, `png()`), hit-tested or
/// measured.
///
/// ```swift
/// let map = try MapRenderer(spatialReference: SpatialReference(text: "ESRI:54052"), width: 1024, height: 512)
/// let svg = map.svg()
/// let hit = map.hitTest(pixelX: 512, pixelY: 200)   // lon/lat and the country under the pixel
/// ```
///
/// - Coordinates: `extent` is in the spatial reference's units and x/y order (easting/northing,
///   longitude/latitude) and names the outer edges of the image, as a WMS BBOX: the top-left
///   corner of pixel (0, 0) is (xMin, yMax). Pixel coordinates are continuous, x right, y down;
///   the centre of pixel (i, j) is (i + 0.5, j + 0.5).
/// - Data: Natural Earth (and `.features`, `.points`) in WGS 84 longitude/latitude, shifted to the
///   CRS's datum by the default datum transformation from EPSG:4326 (ranked for the CRS's area of
///   use, as PROJ ranks it: what `cs2cs EPSG:4326 <crs>` applies; no shift on the same datum or
///   when only a ballpark is known). Hit tests return WGS 84 longitude/latitude.
/// - Cost: creating a renderer resolves the projection and the view (a few microseconds, plus the
///   default extent's outline); the countries clipped to a projection's region are cached per
///   spatial reference and resolution, so further maps in the same spatial reference only project.
public struct MapRenderer: Sendable {
    public let spatialReference: SpatialReference
    /// The view's outer edges in map units (the given extent, or the whole map fitted to the size).
    public let extent: Envelope
    public let width: Int
    public let height: Int
    public private(set) var layers: [MapLayer]
    public private(set) var style: MapStyle

    let projection: MapProjection
    let view: PixelTransform
    let clipper: RegionClipper
    /// Radians on the sphere per pixel at the view's centre (ground size / semi-major axis).
    let radiansPerPixel: Double
    /// The smallest ground size of a pixel over the view (radians), from a 9 × 9 sample of pixels
    /// and their neighbours through the inverse projection: the simplification tolerance must
    /// hold where the map's scale is largest (a conic's far side, Mercator's high latitudes).
    let finestRadiansPerPixel: Double
    let capStep: Double

    /// Largest image side accepted (pixels).
    public static let maximumSide = 16_384

    /// - Parameters:
    ///   - extent: the view in map units (outer pixel edges); nil fits the whole map (the
    ///     projected outline of the region the projection draws) to the size, centred.
    ///   - width, height: output size in pixels, 1…16,384.
    /// - Throws: `invalidInput` for a bad size or an empty/non-finite extent; `unsupported` for a
    ///   spatial reference that is not geographic or projected, or whose method is not implemented.
    public init(spatialReference: SpatialReference, extent: Envelope? = nil, width: Int, height: Int,
                layers: [MapLayer] = MapLayer.standard, style: MapStyle = .standard) throws(GraticuleError) {
        guard (1...MapRenderer.maximumSide).contains(width), (1...MapRenderer.maximumSide).contains(height) else {
            throw .invalidInput("map size \(width)×\(height): width and height must be 1…\(MapRenderer.maximumSide) pixels")
        }
        let projection = try MapProjection.cached(spatialReference)
        self.spatialReference = spatialReference
        self.width = width
        self.height = height
        self.layers = layers
        self.style = style
        self.projection = projection
        let resolved: Envelope
        if let extent {
            guard extent.xMin.isFinite, extent.xMax.isFinite, extent.yMin.isFinite, extent.yMax.isFinite,
                  extent.xMax > extent.xMin, extent.yMax > extent.yMin else {
                throw .invalidInput("map extent \(extent.xMin),\(extent.yMin),\(extent.xMax),\(extent.yMax): "
                                    + "need finite XMIN < XMAX and YMIN < YMAX")
            }
            resolved = extent
        } else {
            let key = FittedKey(spatialReference: spatialReference, width: width, height: height)
            if let hit = MapRenderer.fittedExtents.value(for: key) {
                resolved = hit
            } else {
                resolved = try MapRenderer.fittedExtent(projection, width: width, height: height)
                MapRenderer.fittedExtents.insert(resolved, for: key)
            }
        }
        self.extent = Envelope(xMin: resolved.xMin, yMin: resolved.yMin, xMax: resolved.xMax, yMax: resolved.yMax,
                          spatialReference: spatialReference)
        let upp = SIMD2(resolved.width / Double(width), resolved.height / Double(height))
        view = PixelTransform(xMin: resolved.xMin, yMax: resolved.yMax, unitsPerPixel: upp)
        radiansPerPixel = min(upp.x, upp.y) * projection.groundMetresPerUnit / projection.semiMajorAxis
        finestRadiansPerPixel = MapRenderer.finestRadiansPerPixel(projection, view, width: width, height: height,
                                                                  fallback: radiansPerPixel)
        capStep = MapRenderer.capStep(radiansPerPixel: finestRadiansPerPixel)
        clipper = RegionClipper.cached(region: projection.region, capStep: capStep)
    }

    /// The same view (spatial reference, extent, size: its projection, scale and clipper reused)
    /// drawing other layers in another style.
    func with(layers: [MapLayer], style: MapStyle) -> MapRenderer {
        var other = self
        other.layers = layers
        other.style = style
        return other
    }

    static func finestRadiansPerPixel(_ projection: MapProjection, _ view: PixelTransform, width: Int, height: Int,
                                      fallback: Double) -> Double {
        var finest = fallback
        for j in 0..<9 {
            for i in 0..<9 {
                let p = SIMD2((Double(i) + 0.5) * Double(width) / 9, (Double(j) + 0.5) * Double(height) / 9)
                let c = projection.inverse(view.map(p))
                guard c.x.isFinite && c.y.isFinite else { continue }
                let v = UnitSphere.vector(c)
                // A pixel's size is its larger side (on a plate carrée near a pole, 1 px in x is
                // almost nothing on the ground, 1 px in y is not).
                var size = 0.0
                for d in [SIMD2<Double>(1, 0), SIMD2<Double>(0, 1)] {
                    let q = projection.inverse(view.map(p + d))
                    guard q.x.isFinite && q.y.isFinite else { continue }
                    size = max(size, UnitSphere.angle(v, UnitSphere.vector(q)))
                }
                if size > 0 { finest = min(finest, size) }
            }
        }
        return max(finest, 1e-12)
    }

    /// Spacing of the points that trace a cap's circle: chords within ¼ pixel of the circle,
    /// between 0.1° and 1°.
    static func capStep(radiansPerPixel: Double) -> Double {
        let s = (2 * radiansPerPixel).squareRoot()
        // Quantised to powers of two so that nearby zooms share cached geometry.
        let q = pow(2, (log2(s)).rounded(.down))
        return min(max(q, 0.1 * Angle.radiansPerDegree), Angle.radiansPerDegree)
    }

    /// The whole map's outline bounds, padded by 1 % and widened to the image's aspect ratio.
    static func fittedExtent(_ projection: MapProjection, width: Int, height: Int) throws(GraticuleError) -> Envelope {
        // A provisional view: the globe's circumference over 1,000 pixels.
        let upp = 2 * Double.pi * projection.semiMajorAxis / projection.groundMetresPerUnit / 1000
        let view = PixelTransform(xMin: 0, yMax: 0, unitsPerPixel: SIMD2(upp, upp))
        // Caps traced every 1° (a chord then strays 4e-5 rad, 0.006 px of this view, from the
        // circle): the clipper a world map of ordinary size draws with (`capStep`), so a cold
        // first map builds one clipper, not two.
        let clipper = RegionClipper.cached(region: projection.region, capStep: Angle.radiansPerDegree)
        let resampler = Resampler(projection: projection, view: view, precision: 0.25)
        var lo = SIMD2(Double.infinity, .infinity), hi = -lo
        var dropped = 0
        var pts: [SIMD2<Double>] = [], scratch = Resampler.Scratch()
        for ring in clipper.outline() {
            pts.removeAll(keepingCapacity: true)
            resampler.project(ring, closed: true, into: &pts, dropped: &dropped, scratch: &scratch)
            for p in pts where p.x.isFinite && p.y.isFinite {
                let m = view.map(p)
                lo = pointwiseMin(lo, m)
                hi = pointwiseMax(hi, m)
            }
        }
        guard lo.x < hi.x && lo.y < hi.y else {
            throw .unsupported("cannot fit the map of \(projection.region): its outline projects to nothing")
        }
        return fit(Envelope(xMin: lo.x, yMin: lo.y, xMax: hi.x, yMax: hi.y), width: width, height: height, padding: 0.01)
    }

    /// `box` padded by `padding` (a fraction of its size on each side) and widened to the aspect
    /// ratio of width × height, keeping its centre.
    static func fit(_ box: Envelope, width: Int, height: Int, padding: Double) -> Envelope {
        var w = box.width * (1 + 2 * padding), h = box.height * (1 + 2 * padding)
        if w == 0 && h == 0 { w = 1; h = 1 }
        let aspect = Double(width) / Double(height)
        if w / max(h, .leastNormalMagnitude) > aspect { h = w / aspect } else { w = h * aspect }
        let cx = (box.xMin + box.xMax) / 2, cy = (box.yMin + box.yMax) / 2
        return Envelope(xMin: cx - w / 2, yMin: cy - h / 2, xMax: cx + w / 2, yMax: cy + h / 2)
    }

    /// Ground size of a pixel at the view's centre (metres, approximate for projected CRSs).
    public var metresPerPixel: Double { radiansPerPixel * projection.semiMajorAxis }

    /// The countries layer a `resolution` resolves to at this view's scale (`countries110` or `countries10m`).
    public func countriesLayerName(_ resolution: CountryResolution) -> String {
        switch resolution {
        case .low: "countries110"
        case .high: "countries10m"
        case .automatic: metresPerPixel < CountryResolution.highResolutionBelow ? "countries10m" : "countries110"
        }
    }

    /// Pixel (continuous, y down) → map x/y in the spatial reference's units.
    public func mapPoint(pixelX: Double, pixelY: Double) -> SIMD2<Double> { view.map(SIMD2(pixelX, pixelY)) }

    /// Map x/y → pixel (continuous, y down).
    public func pixel(mapX: Double, mapY: Double) -> SIMD2<Double> { view.pixel(SIMD2(mapX, mapY)) }

    /// WGS 84 longitude/latitude degrees → pixel; nil where the point is not on the map (outside
    /// the region the projection draws).
    public func pixel(longitude: Double, latitude: Double) -> SIMD2<Double>? {
        guard longitude.isFinite, abs(latitude) <= 90 else { return nil }
        let ll = projection.frame(lon: longitude, lat: latitude)
        guard clipper.contains(UnitSphere.vector(ll)) else { return nil }
        let p = view.pixel(projection.forward(ll))
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    /// Empties the process-wide caches of countries clipped per spatial reference and projected
    /// per scale, map projections, region clippers and fitted extents (to free memory, or to time
    /// a first map: `graticule bench render`).
    public static func clearCache() {
        PreparedCountries.clear()
        ProjectedCountries.clear()
        RegionClipper.clearCache()
        MapProjection.clearCache()
        fittedExtents.removeAll()
    }

    struct FittedKey: Hashable, Sendable {
        let spatialReference: SpatialReference
        let width: Int, height: Int
    }
    /// Whole-map extents by spatial reference and size (the outline projected once).
    static let fittedExtents = BoundedCache<FittedKey, Envelope>(capacity: 256)
}
