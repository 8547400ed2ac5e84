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
                // SVG draws the vector layers only (countries at the named resolution, then the
                // graticule and the map's outline); raster layers are PNG or JPEG only.
                var vector: [MapLayer] = []
                for layer in layers {
                    guard case let .countries(l) = layer else {
                        throw APIError.badParameter("format", format, "SVG maps draw vector layers only; \(layer.name) is a raster: use format=png or jpeg")
                    }
                    vector.append(.countries(l.name == "countries10m" ? .high : .low))
                }
                let drawn = vector + [.graticule(stepDegrees: 30), .outline]
                let colour = MapColor(red: background.x, green: background.y, blue: background.z, alpha: background.w)
                let svg = try await withDeadline(state.configuration.limits.requestTimeout) { () throws -> String in
                    let renderer = try self.vectorRenderer(drawn, map, background: colour)
                    return try engine { () throws(GraticuleError) in try renderer.svg() }
                }
                return Responses.bytes(Array(svg.utf8), contentType: "image/svg+xml")
            }
            return Responses.bytes(try await self.mapImage(map), contentType: map.format.mimeType)
        }
    }
}
