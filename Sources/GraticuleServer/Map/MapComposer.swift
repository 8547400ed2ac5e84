import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import GraticuleRender

/// A layer a map request may draw: a raster of the catalog, or a built-in vector layer.
enum ServedLayer: Sendable {
    case raster(Raster)
    case countries(BuiltInLayer)

    var name: String {
        switch self {
        case let .raster(r): return r.name
        case let .countries(l): return l.name == "countries110" ? "countries" : l.name
        }
    }
}

/// One map image: the view (spatial reference, extent in its x/y units, size in pixels), the
/// layers bottom-up, and the background.
struct MapRequest: Sendable {
    var spatialReference: SpatialReference
    var extent: RasterExtent
    var width: Int, height: Int
    var layers: [ServedLayer]
    /// Background colour; alpha 0 for a transparent map.
    var background: SIMD4<UInt8> = SIMD4(255, 255, 255, 255)

    /// What makes two requests draw the same image: the spatial reference, the extent's exact
    /// bits, the size, the layers by name and the background.
    struct Key: Hashable, Sendable {
        var spatialReference: SpatialReference
        var extent: [UInt64]
        var width: Int, height: Int
        var layers: [String]
        var background: SIMD4<UInt8>
    }

    var key: Key {
        Key(spatialReference: spatialReference,
            extent: [extent.xMin, extent.yMin, extent.xMax, extent.yMax].map(\.bitPattern),
            width: width, height: height, layers: layers.map(\.name), background: background)
    }
}

extension GraticuleServer {
    /// The layer names of maps, WMS and tiles: `countries` (Natural Earth 1:110m),
    /// `countries10m`, and every raster of the catalog.
    func mapLayer(_ name: String) throws(APIError) -> ServedLayer {
        switch name {
        case "countries", "countries110":
            return .countries(try engine("layers") { () throws(GraticuleError) in try NaturalEarth.layer(named: "countries110") })
        case "countries10m":
            return .countries(try engine("layers") { () throws(GraticuleError) in try NaturalEarth.layer(named: "countries10m") })
        default:
            guard state.rasters.files[name] != nil else {
                throw APIError(.badRequest, "layers: no layer \(APIError.quoted(name)); layers: \(mapLayerNames.joined(separator: ", "))")
            }
            return .raster(try state.rasters.raster(name))
        }
    }

    var mapLayerNames: [String] { ["countries", "countries10m"] + state.rasters.names }

    /// The map as PNG (WMS GetMap, `/api/map`, tiles): served from the image cache when the same
    /// map was drawn before, else drawn within the request timeout and kept.
    func mapPNG(_ map: MapRequest) async throws -> [UInt8] {
        let key = map.key
        if let hit = state.images.value(for: key) { return hit }
        let png = try await withDeadline(state.configuration.limits.requestTimeout) { () throws -> [UInt8] in
            let image = try self.composeMap(map)
            return try engine { () throws(GraticuleError) in try image.png(compressionLevel: 1) }
        }
        state.images.insert(png, for: key, cost: png.count)
        return png
    }

    /// Draws the map: background, then each layer composited over it (source-over).
    func composeMap(_ request: MapRequest) throws(APIError) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: request.width * request.height * 4)
        let bg = request.background
        for k in 0..<(request.width * request.height) {
            pixels[4 * k] = bg.x; pixels[4 * k + 1] = bg.y; pixels[4 * k + 2] = bg.z; pixels[4 * k + 3] = bg.w
        }
        for layer in request.layers {
            let image: RGBAImage
            switch layer {
            case let .raster(r):
                image = try rasterImage(r, sr: request.spatialReference, extent: request.extent,
                                        width: request.width, height: request.height, ramp: nil)
            case let .countries(l):
                image = try vectorImage(l, request)
            }
            MapComposer.composite(image.pixels, over: &pixels)
        }
        return RGBAImage(width: request.width, height: request.height, pixels: pixels)
    }

    /// A vector layer drawn by GraticuleRender's `MapRenderer` (clipped on the sphere against the
    /// projection's region, anti-aliased) on a transparent canvas, to be composited over the layers
    /// below it.
    func vectorImage(_ layer: BuiltInLayer, _ request: MapRequest) throws(APIError) -> RGBAImage {
        let renderer = try vectorRenderer([.countries(layer.name == "countries10m" ? .high : .low)], request,
                                          background: .transparent)
        let canvas = MapRenderer.canvas(of: try engine("layers") { () throws(GraticuleError) in try renderer.scene() })
        return RGBAImage(width: request.width, height: request.height, pixels: canvas.rgba)
    }

    /// A `MapRenderer` for the request's view; the sphere is left unfilled.
    func vectorRenderer(_ layers: [MapLayer], _ request: MapRequest, background: MapColor) throws(APIError) -> MapRenderer {
        var style = MapStyle.standard
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

enum MapComposer {
    /// Source-over compositing of straight-alpha RGBA `top` onto `bottom` (same size).
    static func composite(_ top: [UInt8], over bottom: inout [UInt8]) {
        let n = min(top.count, bottom.count) / 4
        top.withUnsafeBufferPointer { t in
            bottom.withUnsafeMutableBufferPointer { b in
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
    }
}
