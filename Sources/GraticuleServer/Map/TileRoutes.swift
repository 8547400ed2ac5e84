import Foundation
import GraticuleCore
import GraticuleRaster
import Hummingbird

/// XYZ tiles at `/tiles/{z}/{x}/{y}.png[?layers=countries,ndvi]` (or `.jpg`): 256 × 256 PNG (or
/// JPEG) in Web Mercator (EPSG:3857), the usual slippy-map scheme (x east from −180°, y south
/// from 85.05°N, z 0 … 22), as Leaflet's and OpenLayers' XYZ sources request them. PNG tiles are
/// transparent outside the layers; JPEG tiles are white there. `{y}@2x.png` (Leaflet's `{r}`
/// with detectRetina; `@1x` … `@4x`) is the same tile for a HiDPI screen: 512 × 512 pixels, lines
/// twice as wide.
extension GraticuleServer {
    func addTileRoutes(to router: Router<BasicRequestContext>) {
        router.get("/tiles/:z/:x/:y") { request, context in
            let z = try TileAddress.int(context.parameters.get("z"), "z", 0...22)
            let n = 1 << z
            let x = try TileAddress.int(context.parameters.get("x"), "x", 0...(n - 1))
            let yText = context.parameters.get("y") ?? ""
            let parts = yText.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2, let format = MapImageFormat(name: parts[1]) else {
                throw APIError(.notFound, "tile \(APIError.quoted(yText)): expected /tiles/{z}/{x}/{y}.png, .png8 or .jpg")
            }
            // A HiDPI suffix: {y}@2x.png.
            let name = parts[0].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            var ratio = 1
            if name.count == 2 {
                guard name[1].hasSuffix("x"), let r = Int(name[1].dropLast()), (1...4).contains(r) else {
                    throw APIError(.notFound, "tile \(APIError.quoted(yText)): expected {y}.png or {y}@2x.png (@1x to @4x)")
                }
                ratio = r
            }
            let y = try TileAddress.int(String(name[0]), "y", 0...(n - 1))
            let query = try Query(request)
            let names = (query["layers"] ?? "countries").split(separator: ",").map(String.init)
            guard !names.isEmpty, names.count <= 16 else {
                throw APIError.badParameter("layers", query["layers"] ?? "", "expected 1 to 16 layer names")
            }
            var layers: [ServedLayer] = []
            for name in names { layers.append(try self.mapLayer(name)) }
            layers = try self.filteringLayers(layers, query["cql_filter"], parameter: "cql_filter")
            return try await self.tile(layers, in: .webMercatorQuad, z: z, row: y, column: x, format: format, pixelRatio: ratio,
                                       ifNoneMatch: request.headers[.ifNoneMatch])
        }
    }

    /// One tile of a tile matrix set (XYZ: WebMercatorQuad; WMTS: either set), 256 × 256 pixels
    /// times `pixelRatio` (HiDPI tiles, lines as much wider): transparent outside the layers
    /// (white for JPEG). Tiles of the built-in layers and rasters are cacheable for a day; a
    /// tile with a `--vector-dir` file, which the server reads again when it changes, is to be
    /// revalidated (`no-cache`) against an ETag of the layers' readings (and this process), and
    /// a request whose `If-None-Match` names it gets a 304 without a drawing.
    func tile(_ layers: [ServedLayer], in set: WMTSMatrixSet, z: Int, row: Int, column: Int,
              format: MapImageFormat, pixelRatio: Int = 1, ifNoneMatch: String? = nil) async throws -> Response {
        var headers = HTTPFields()
        if layers.contains(where: { if case .features = $0 { true } else { false } }) {
            var h = Hasher()
            for layer in layers { h.combine(layer.cacheName) }
            let etag = EntityTag.of(h)
            headers[.eTag] = etag
            headers[.cacheControl] = "no-cache"
            if EntityTag.matches(ifNoneMatch, etag) { return Response(status: .notModified, headers: headers) }
        } else {
            headers[.cacheControl] = "public, max-age=86400"
        }
        let map = MapRequest(spatialReference: try state.spatialReference(set.spatialReference, parameter: "tile"),
                             extent: set.extent(z: z, row: row, column: column), width: 256 * pixelRatio,
                             height: 256 * pixelRatio, layers: layers,
                             background: format == .jpeg ? SIMD4(255, 255, 255, 0) : SIMD4(0, 0, 0, 0), format: format,
                             pixelRatio: Double(pixelRatio), labelCanvas: set.labelCanvas(z: z, row: row, column: column, pixelRatio: pixelRatio))
        return Responses.bytes(try await self.mapImage(map), contentType: format.mimeType, headers: headers)
    }
}

enum TileAddress {
    static func int(_ text: String?, _ name: String, _ range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let text, let v = Int(text), range.contains(v) else {
            throw APIError(.badRequest, "tile \(name)=\(APIError.quoted(text ?? "")): expected an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }
}
