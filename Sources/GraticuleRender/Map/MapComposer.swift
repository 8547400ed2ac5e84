import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster

/// Maps made of raster and vector layers: the one compositing path of `graticule render` (when
/// it draws a raster layer) and of the server's WMS GetMap and tiles.
///
/// Bottom-up: the background, the sphere's fill (when an outline is among the vector layers),
/// then each layer in the order given: a raster layer warped and coloured (`RasterLayer`),
/// composited source-over, or a run of consecutive vector layers, whose scene (one
/// `MapRenderer`) is painted over the image directly (`MapRenderer.paint(_:onto:)`: the same as
/// painting it on a transparent canvas and compositing that, up to 8-bit rounding).
public enum MapComposer {
    /// One layer of a composed map.
    public enum Layer: Sendable {
        case raster(RasterLayer)
        case vector(MapLayer)
    }

    /// The composed map.
    /// - Parameters:
    ///   - extent: in the spatial reference's x/y units (outer pixel edges); nil fits the whole map.
    ///   - style: colours; its background is the bottom of the map.
    ///   - outlineCountriesOverRasters: countries drawn above a raster layer are outlined, not
    ///     filled, so that the raster shows through them (`graticule render`); false keeps the
    ///     style's fill (a WMS client orders and styles its layers itself).
    /// - Returns: the image and the vector layers' warnings.
    /// - Throws: `MapRenderer`'s errors (size, extent, spatial reference), the rasters' warp and
    ///   decoding errors.
    public static func image(spatialReference: SpatialReference, extent: Envelope?, width: Int, height: Int,
                             layers: [Layer], style: MapStyle = .standard,
                             outlineCountriesOverRasters: Bool = false) throws(GraticuleError) -> (image: RGBAImage, warnings: [String]) {
        let map = try canvas(spatialReference: spatialReference, extent: extent, width: width, height: height, layers: layers,
                             style: style, outlineCountriesOverRasters: outlineCountriesOverRasters)
        return (RGBAImage(width: width, height: height, pixels: map.canvas.rgba), map.warnings)
    }

    /// The composed map on a canvas (`image` without copying the pixels out: `Canvas.png()`
    /// encodes them where they are).
    public static func canvas(spatialReference: SpatialReference, extent: Envelope?, width: Int, height: Int,
                              layers: [Layer], style: MapStyle = .standard,
                              outlineCountriesOverRasters: Bool = false) throws(GraticuleError) -> (canvas: Canvas, warnings: [String]) {
        try canvas(view: MapRenderer(spatialReference: spatialReference, extent: extent, width: width, height: height, layers: []),
                   layers: layers, style: style, outlineCountriesOverRasters: outlineCountriesOverRasters)
    }

    /// `canvas(spatialReference:extent:width:height:layers:style:outlineCountriesOverRasters:)`
    /// for the view (spatial reference, extent, size) of a renderer already made (its layers
    /// and style are not used): the view is not resolved again.
    public static func canvas(view: MapRenderer, layers: [Layer], style: MapStyle = .standard,
                              outlineCountriesOverRasters: Bool = false) throws(GraticuleError) -> (canvas: Canvas, warnings: [String]) {
        let (spatialReference, width, height) = (view.spatialReference, view.width, view.height)
        let vectors = layers.compactMap { if case let .vector(v) = $0 { v } else { nil } }
        // The base: background and sphere fill; it also fixes the extent for every layer.
        let base = view.with(layers: vectors.contains(.outline) ? [.outline] : [], style: style)
        var baseScene = try base.scene()
        baseScene.items = baseScene.items.filter { $0.layer == "sphere" }
        var canvas = MapRenderer.canvas(of: baseScene)
        let e = base.extent
        let rasterView = RasterView(spatialReference: spatialReference,
                                    extent: RasterExtent(xMin: e.xMin, yMin: e.yMin, xMax: e.xMax, yMax: e.yMax),
                                    width: width, height: height)
        var layerStyle = style
        layerStyle.background = .transparent
        layerStyle.sphereFill = .transparent
        var warnings: [String] = []
        var run: [MapLayer] = []
        var belowIsRaster = false
        func flush() throws(GraticuleError) {
            guard !run.isEmpty else { return }
            if belowIsRaster && outlineCountriesOverRasters { layerStyle.countryFill = .transparent }
            let scene = try base.with(layers: run, style: layerStyle).scene()
            warnings += scene.warnings
            MapRenderer.paint(scene, onto: &canvas)
            run.removeAll()
        }
        for layer in layers {
            switch layer {
            case let .vector(v):
                run.append(v)
            case let .raster(r):
                try flush()
                let top = try r.image(rasterView).pixels
                top.withUnsafeBytes { t in canvas.withUnsafeMutableRGBA { composite(t, over: $0) } }
                belowIsRaster = true
            }
        }
        try flush()
        return (canvas, warnings)
    }

    /// Source-over compositing of straight-alpha RGBA `top` onto `bottom` (same size).
    public static func composite(_ top: [UInt8], over bottom: inout [UInt8]) {
        top.withUnsafeBytes { t in bottom.withUnsafeMutableBytes { composite(t, over: $0) } }
    }

    /// `composite` on bytes in memory the caller owns (a canvas's pixels, no copy).
    static func composite(_ top: UnsafeRawBufferPointer, over bottom: UnsafeMutableRawBufferPointer) {
        let n = min(top.count, bottom.count) / 4
        let t = top.bindMemory(to: UInt8.self), b = bottom.bindMemory(to: UInt8.self)
        for k in 0..<n {
            let i = 4 * k
            let a = Int(t[i + 3])
            if a == 0 { continue }
            if a == 255 { b[i] = t[i]; b[i + 1] = t[i + 1]; b[i + 2] = t[i + 2]; b[i + 3] = 255; continue }
            let ba = Int(b[i + 3])
            let outA = a + ba * (255 - a) / 255
            guard outA > 0 else { continue }
            for c in 0..<3 {
                let v = (Int(t[i + c]) * a + Int(b[i + c]) * ba * (255 - a) / 255) / outA
                b[i + c] = UInt8(min(255, v))
            }
            b[i + 3] = UInt8(outA)
        }
    }
}
