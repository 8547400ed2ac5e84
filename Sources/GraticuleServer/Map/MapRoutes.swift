import Foundation
import GraticuleCore
import GraticuleRaster
import GraticuleRender
import Hummingbird

/// `/api/map?sr=&bbox=xmin,ymin,xmax,ymax&width=&height=&layers=countries,ndvi[&format=png|jpeg|svg]
/// [&background=RRGGBB][&transparent=true][&pixelRatio=2]`: a map image in any spatial reference,
/// bbox in its x/y units (longitude/latitude, easting/northing; never flipped, unlike WMS 1.3.0).
/// `pixelRatio` (0.25 … 4, default 1) multiplies line widths, for HiDPI screens and print: the
/// viewer asks for its map at devicePixelRatio × its size in CSS pixels with that ratio.
extension GraticuleServer {
    func addMapRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/layers") { _, _ in
            Responses.json(JSONValue.object(["layers": .array(self.layerDescriptions.map { l in
                .object(["name": .string(l.name), "kind": .string(l.kind), "title": .string(l.title),
                         "lonLatExtent": .array(l.box.map { .number($0) })])
            })]))
        }
        router.get("/api/map") { request, _ in
            let query = try Query(request)
            let sr = try state.spatialReference(query["sr"] ?? "EPSG:4326", parameter: "sr")
            let (width, height) = try self.imageSize(query)
            guard let box = try query.numbers("bbox", count: 4) else {
                throw APIError.missing("bbox", "xmin,ymin,xmax,ymax in the x/y units of sr")
            }
            let extent = try self.extent(box, parameter: "bbox", raw: query["bbox"] ?? "")
            let names = (query["layers"] ?? "countries").split(separator: ",").map(String.init)
            guard !names.isEmpty, names.count <= 16 else {
                throw APIError.badParameter("layers", query["layers"] ?? "", "expected 1 to 16 layer names")
            }
            var layers: [ServedLayer] = []
            for name in names { layers.append(try self.mapLayer(name)) }
            layers = try self.filteringLayers(layers, query["cql_filter"], parameter: "cql_filter")
            var background = SIMD4<UInt8>(255, 255, 255, 255)
            if let hex = query["background"] {
                guard hex.count == 6, let v = UInt32(hex, radix: 16) else {
                    throw APIError.badParameter("background", hex, "expected RRGGBB in hexadecimal")
                }
                background = SIMD4(UInt8(v >> 16), UInt8((v >> 8) & 255), UInt8(v & 255), 255)
            }
            if try query.bool("transparent", default: false) { background.w = 0 }
            let format = (query["format"] ?? "png").lowercased()
            let imageFormat = MapImageFormat(name: format)
            guard imageFormat != nil || format == "svg" else {
                throw APIError.badParameter("format", format, "expected png, png8, jpeg or svg")
            }
            let map = MapRequest(spatialReference: sr, extent: extent, width: width, height: height, layers: layers,
                                 background: background, format: imageFormat ?? .png, pixelRatio: try query.pixelRatio("pixelratio", shown: "pixelRatio"))
            if format == "svg" {
                // The countries, then the graticule and the map's outline.
                return try await self.svgMap(map, adding: [.graticule(stepDegrees: 30), .outline], format: ("format", format))
            }
            return Responses.bytes(try await self.mapImage(map), contentType: map.format.mimeType)
        }
    }

    /// A map as SVG: its vector layers (countries at the named resolution, vector files), then `adding`; a
    /// raster layer is refused (`format`: the parameter that asked for SVG, named in the error).
    func svgMap(_ map: MapRequest, adding: [MapLayer], format: (name: String, value: String)) async throws -> Response {
        var vector: [MapLayer] = []
        for layer in map.layers {
            guard case let .vector(v) = layer.composed(pixelRatio: map.pixelRatio) else {
                throw APIError.badParameter(format.name, format.value, "SVG maps draw vector layers only; \(layer.name) is a raster: ask for PNG or JPEG")
            }
            vector.append(v)
        }
        let bg = map.background
        let colour = MapColor(red: bg.x, green: bg.y, blue: bg.z, alpha: bg.w)
        let drawn = vector + adding
        let svg = try await withDeadline(state.configuration.limits.requestTimeout) { () throws -> String in
            let renderer = try self.vectorRenderer(drawn, map, background: colour)
            let labels = try self.labels(map)
            return try engine { () throws(GraticuleError) in
                MapRenderer.svg(of: try renderer.scene(pairingEdges: false), labels: labels, font: map.labelFont)
            }
        }
        return Responses.bytes(Array(svg.utf8), contentType: "image/svg+xml")
    }
}
