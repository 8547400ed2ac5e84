import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import GraticuleRender

/// A layer a map request may draw: a raster of the catalog, a built-in vector layer, or a
/// vector file of the catalog.
enum ServedLayer: Sendable {
    case raster(Raster)
    case countries(BuiltInLayer)
    case features(VectorFile)

    var name: String {
        switch self {
        case let .raster(r): return r.name
        case let .countries(l): return l.name == "countries110" ? "countries" : l.name
        case let .features(v): return v.name
        }
    }

    /// The name image cache keys use: a vector file's with its reading (`VectorFile.version`).
    var cacheName: String {
        if case let .features(v) = self { return "\(v.name)#\(v.version)" }
        return name
    }

    /// The layer as the renderer draws it, at `pixelRatio` device pixels per reference pixel
    /// (a vector file's own line width is scaled with the map style's).
    func composed(pixelRatio: Double) -> MapComposer.Layer {
        switch self {
        case let .raster(r): return .raster(RasterLayer(r, ramp: Self.ramp(for: r)))
        case let .countries(l): return .vector(.countries(l.name == "countries10m" ? .high : .low))
        case let .features(v): return .vector(.preparedFeatures(v.prepared, style: v.style?.scaled(by: pixelRatio)))
        }
    }

    /// The ramp a raster is served with unless a request names one: the NDVI ramp for the NDVI
    /// raster; nil (`Raster.render`'s own colours: RGB, its colour table, or grey over the
    /// values in view) for the others.
    static func ramp(for raster: Raster) -> ColorRamp? { raster.name == "ndvi" ? .ndvi : nil }
}

/// One map image: the view (spatial reference, extent in its x/y units, size in pixels), the
/// layers bottom-up, the background and the file format.
struct MapRequest: Sendable {
    var spatialReference: SpatialReference
    var extent: RasterExtent
    var width: Int, height: Int
    var layers: [ServedLayer]
    /// Background colour; alpha 0 for a transparent map (a JPEG is flattened over its colour).
    var background: SIMD4<UInt8> = SIMD4(255, 255, 255, 255)
    var format: MapImageFormat = .png
    /// Device pixels per reference (96 dpi) pixel: line widths are multiplied by it
    /// (`MapStyle.scaled(by:)`); 1 unless a client asks for a HiDPI or print image.
    var pixelRatio: Double = 1

    /// For a tile: the whole tile matrix of its zoom level, over which labels are placed once
    /// (so that a label across two tiles is in both, and neither drops it); nil for other maps.
    var labelCanvas: LabelCanvas?

    /// The labels' font: the 6 × 13 bitmap font, twice as large from a pixel ratio of 1.5 on
    /// (HiDPI tiles, print resolutions), and so on.
    var labelFont: BitmapFont { .fixed6x13.scaled(by: Int(pixelRatio.rounded())) }

    /// The pixel ratios a request may ask for (`pixelRatio`, WMS DPI 24 … 384).
    static let pixelRatios: ClosedRange<Double> = 0.25...4

    /// What makes two requests give the same file: the spatial reference, the extent's exact
    /// bits, the size, the layers by name, the background, the format, the pixel ratio and
    /// whether it is a tile.
    struct Key: Hashable, Sendable {
        var spatialReference: SpatialReference
        var extent: [UInt64]
        var width: Int, height: Int
        var layers: [String]
        var background: SIMD4<UInt8>
        var format: MapImageFormat
        var pixelRatio: UInt64
        /// A tile's labels are placed over its level, not within it.
        var tiled: Bool
    }

    var key: Key {
        Key(spatialReference: spatialReference,
            extent: [extent.xMin, extent.yMin, extent.xMax, extent.yMax].map(\.bitPattern),
            width: width, height: height, layers: layers.map(\.cacheName), background: background, format: format,
            pixelRatio: pixelRatio.bitPattern, tiled: labelCanvas != nil)
    }
}

extension GraticuleServer {
    /// The layer names of maps, WMS and tiles: `countries` (Natural Earth 1:110m),
    /// `countries10m`, every raster of the catalog and every vector file.
    func mapLayer(_ name: String) throws(APIError) -> ServedLayer {
        if let builtIn = Self.countriesLayers.first(where: { $0.0 == name || $0.1 == name })?.1 {
            return .countries(try engine("layers") { () throws(GraticuleError) in try NaturalEarth.layer(named: builtIn) })
        }
        if let v = state.vectors.files[name] { return .features(v) }
        guard state.rasters.files[name] != nil else {
            throw APIError(.badRequest, "layers: no layer \(APIError.quoted(name)); layers: \(mapLayerNames.joined(separator: ", "))")
        }
        return .raster(try state.rasters.raster(name))
    }

    var mapLayerNames: [String] { Self.countriesLayers.map(\.0) + state.rasters.names + state.vectors.names }

    /// The map's file in its format (WMS GetMap, `/api/map`, tiles): served from the image
    /// cache when the same map was drawn before, else drawn within the request timeout and kept.
    func mapImage(_ map: MapRequest) async throws -> [UInt8] {
        let key = map.key
        if let hit = state.images.value(for: key) { return hit }
        let file = try await withDeadline(state.configuration.limits.requestTimeout) { () throws -> [UInt8] in
            let canvas = try self.composeMap(map)
            let bg = map.background
            return try engine { () throws(GraticuleError) in try map.format.file(of: canvas, matte: SIMD3(bg.x, bg.y, bg.z)) }
        }
        state.images.insert(file, for: key, cost: file.count)
        return file
    }

    /// Draws the map: background, then each layer composited over it (source-over), through
    /// GraticuleRender's `MapComposer` (the path `graticule render` uses for raster layers too).
    func composeMap(_ request: MapRequest) throws(APIError) -> Canvas {
        let view = try vectorRenderer([], request, background: .transparent)  // the view's errors name bbox
        let layers = request.layers.map { $0.composed(pixelRatio: request.pixelRatio) }
        var style = MapStyle.standard.scaled(by: request.pixelRatio)
        let bg = request.background
        style.background = MapColor(red: bg.x, green: bg.y, blue: bg.z, alpha: bg.w)
        style.sphereFill = .transparent
        var canvas = try engine("layers") { () throws(GraticuleError) in
            try MapComposer.canvas(view: view, layers: layers, style: style).canvas
        }
        try drawLabels(request, on: &canvas)
        return canvas
    }

    /// Writes the labels of the vector files that have them (`VectorStyle.Label`), over all the
    /// layers: each file's label points projected into the view (with the default
    /// transformation), the larger polygons' first, overlapping ones left out (across files
    /// too). A tile's labels are placed over its whole zoom level (`LabelCanvas`, kept in
    /// `ServerState.tileLabels`), and those that reach into the tile are written, cut at its edges.
    func drawLabels(_ request: MapRequest, on canvas: inout Canvas) throws(APIError) {
        let font = request.labelFont
        for label in try labels(request) {
            guard label.x + font.width(of: label.text) + 1 > 0, label.x - 1 < canvas.width, label.y + font.cellHeight + 1 > 0,
                  label.y - 1 < canvas.height else { continue }
            canvas.drawLabel(label.text, x: label.x, y: label.y, color: label.color, halo: SIMD4(255, 255, 255, 230), font: font)
        }
    }

    /// The labels of a map (PNG, JPEG and SVG alike), in its pixels (a tile's from its level's).
    func labels(_ request: MapRequest) throws(APIError) -> [PlacedLabel] {
        let labelled = request.layers.filter { if case let .features(v) = $0 { v.label != nil && !v.labelPoints.isEmpty } else { false } }
        guard !labelled.isEmpty else { return [] }
        let placed: [PlacedLabel]
        var origin = SIMD2(0, 0)
        if let whole = request.labelCanvas {
            let key = TileLabelsKey(spatialReference: request.spatialReference, canvas: whole.size, layers: labelled.map(\.cacheName),
                                    pixelRatio: request.pixelRatio.bitPattern)
            if let hit = state.tileLabels.value(for: key) {
                placed = hit
            } else {
                placed = try placeLabels(labelled, request, extent: whole.size.extent, width: whole.size.width, height: whole.size.height)
                state.tileLabels.insert(placed, for: key, cost: placed.count)
            }
            origin = whole.origin
        } else {
            placed = try placeLabels(labelled, request, extent: request.extent, width: request.width, height: request.height)
        }
        guard origin != .zero else { return placed }
        return placed.map { PlacedLabel(text: $0.text, x: $0.x - origin.x, y: $0.y - origin.y, color: $0.color) }
    }

    /// The labels of the labelled files on a `width` × `height` canvas over `extent` (in the
    /// request's spatial reference), placed in order: the files in turn, each file's larger
    /// polygons first.
    func placeLabels(_ labelled: [ServedLayer], _ request: MapRequest, extent e: RasterExtent, width: Int,
                     height: Int) throws(APIError) -> [PlacedLabel] {
        let t = try state.transformer(from: try state.spatialReference("OGC:CRS84", parameter: "layers"), to: request.spatialReference,
                                      transformation: nil, catalog: state.embeddedCatalog)
        let sx = Double(width) / e.width, sy = Double(height) / e.height
        var placer = LabelPlacer()
        var placed: [PlacedLabel] = []
        let font = request.labelFont
        for case let .features(v) in labelled {
            // A point's label stands clear above its dot: half the text's height, the dot's radius and 2 px a bit.
            let radius = (v.style?.pointRadius ?? MapStyle.standard.pointRadius) * request.pixelRatio
            let lift = Double(font.cellHeight) / 2 + radius + 2 * Double(font.scale)
            for (text, p, above) in v.labelPoints {
                guard let q = try? t.transform(x: p.x, y: p.y, z: 0), q.x.isFinite, q.y.isFinite else { continue }
                let label = MapLabel(text: text, x: (q.x - e.xMin) * sx, y: (e.yMax - q.y) * sy - (above ? lift : 0))
                if let (x, y) = placer.place(label, width: width, height: height, font: font) {
                    placed.append(PlacedLabel(text: text, x: x, y: y, color: v.label!.color.rgba))
                }
            }
        }
        return placed
    }

    /// A `MapRenderer` for the request's view; the sphere is left unfilled.
    func vectorRenderer(_ layers: [MapLayer], _ request: MapRequest, background: MapColor) throws(APIError) -> MapRenderer {
        var style = MapStyle.standard.scaled(by: request.pixelRatio)
        style.background = background
        style.sphereFill = .transparent
        let e = request.extent
        return try engine("bbox") { () throws(GraticuleError) in
            try MapRenderer(spatialReference: request.spatialReference,
                            extent: Envelope(xMin: e.xMin, yMin: e.yMin, xMax: e.xMax, yMax: e.yMax,
                                             spatialReference: request.spatialReference),
                            width: request.width, height: request.height, layers: layers, style: style)
        }
    }
}

/// A tile's place in its whole zoom level, for its labels: the level's extent and size in
/// pixels, and the tile's top-left pixel in it.
struct LabelCanvas: Sendable {
    struct Size: Hashable, Sendable {
        var extent: RasterExtent
        var width: Int, height: Int
    }

    var size: Size
    var origin: SIMD2<Int>
}

/// What makes a zoom level's labels the same: the spatial reference, the level, the labelled
/// layers' readings and the pixel ratio.
struct TileLabelsKey: Hashable, Sendable {
    var spatialReference: SpatialReference
    var canvas: LabelCanvas.Size
    var layers: [String]
    var pixelRatio: UInt64
}
