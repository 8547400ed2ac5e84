import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleRaster
import GraticuleTransform
import HTTPTypes
import Hummingbird

/// OGC WMS 1.3.0 and 1.1.1 at `/wms`: GetCapabilities, GetMap (PNG, 8-bit PNG, JPEG), GetLegendGraphic and GetFeatureInfo
/// (text/plain, application/json, text/xml, text/html), with the axis-order rules of each
/// version (1.3.0 takes BBOX in the CRS's own axis order: EPSG:4326 is latitude first, CRS:84
/// longitude first; 1.1.1 is always x/y) and `ServiceException` XML for every error (GetMap
/// can have it in an image instead: `WMSExceptionFormat`).
extension GraticuleServer {
    func addWMSRoutes(to router: Router<BasicRequestContext>) {
        for path in ["/wms", "/ows"] {
            router.get(RouterPath(stringLiteral: path)) { request, _ in
                try await self.wms(request)
            }
        }
    }

    func wms(_ request: Request) async throws -> Response {
        let query: Query
        do { query = try Query(request) } catch {
            return WMSException(error).response(version: .v130)
        }
        let version = WMSVersion(request: query["version"] ?? query["wmtver"])
        do {
            if let service = query["service"], service.uppercased() != "WMS" {
                throw WMSException(.invalidParameterValue, "SERVICE=\(APIError.quoted(service)): this endpoint serves WMS")
            }
            guard let op = query["request"], !op.isEmpty else {
                throw WMSException(.missingParameterValue, "missing parameter REQUEST (GetCapabilities, GetMap, GetFeatureInfo or GetLegendGraphic)")
            }
            switch op.lowercased() {
            case "getcapabilities", "capabilities":
                return capabilitiesResponse(version: version, baseURL: publicBaseURL(request))
            case "getmap", "map":
                let exceptions = WMSExceptionFormat(query["exceptions"])
                do {
                    var map = try wmsMapRequest(query, version: version)
                    let formatText = query["format"] ?? "image/png"
                    if Self.svgFormats.contains(formatText.lowercased()) {
                        do { return try await svgMap(map, adding: [], format: ("FORMAT", formatText)) } catch let e as APIError {
                            throw WMSException(.invalidFormat, e.message)
                        }
                    }
                    guard let format = MapImageFormat(wms: formatText) else {
                        throw WMSException(.invalidFormat, "FORMAT=\(APIError.quoted(formatText)): this server draws image/png, image/png8 (or image/png; mode=8bit), image/jpeg and image/svg+xml")
                    }
                    map.format = format
                    return Responses.bytes(try await self.mapImage(map), contentType: format.mimeType)
                } catch {
                    guard exceptions != .xml, let e = WMSException(reporting: error),
                          let image = exceptionImage(e, exceptions, query) else { throw error }
                    return image
                }
            case "getfeatureinfo", "feature_info":
                return try featureInfo(query, version: version)
            case "getlegendgraphic":
                return try legendGraphic(query)
            default:
                throw WMSException(.operationNotSupported, "REQUEST=\(APIError.quoted(op)): expected GetCapabilities, GetMap, GetFeatureInfo or GetLegendGraphic")
            }
        } catch {
            guard let e = WMSException(reporting: error) else { throw error }
            return e.response(version: version)
        }
    }

    /// GetMap as SVG (MapServer's and GeoServer's names): the vector layers, as `/api/map`
    /// draws them; raster layers are refused (InvalidFormat).
    static let svgFormats: Set<String> = ["image/svg+xml", "image/svg"]

    /// GetMap's (and GetFeatureInfo's) map: LAYERS, STYLES, CRS/SRS, BBOX, WIDTH, HEIGHT,
    /// TRANSPARENT, BGCOLOR.
    func wmsMapRequest(_ query: Query, version: WMSVersion) throws -> MapRequest {
        let crsName = version == .v130 ? "CRS" : "SRS"
        guard let layersText = query["layers"], !layersText.isEmpty else {
            throw WMSException(.missingParameterValue, "missing parameter LAYERS (\(mapLayerNames.joined(separator: ", ")))")
        }
        let names = layersText.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        guard names.count <= 16 else { throw WMSException(.invalidParameterValue, "LAYERS: more than 16 layers") }
        var layers: [ServedLayer] = []
        for n in names {
            do { layers.append(try mapLayer(n)) } catch {
                throw WMSException(.layerNotDefined, "LAYERS: no layer \(APIError.quoted(n)); layers: \(mapLayerNames.joined(separator: ", "))")
            }
        }
        do { layers = try filteringLayers(layers, query["cql_filter"], parameter: "CQL_FILTER") } catch {
            throw WMSException(.invalidParameterValue, error.message)
        }
        if let styles = query["styles"], !styles.isEmpty {
            for s in styles.split(separator: ",", omittingEmptySubsequences: false) where !s.isEmpty && s.lowercased() != "default" {
                throw WMSException(.styleNotDefined, "STYLES: no style \(APIError.quoted(String(s))) (only the default style)")
            }
        }
        // Either parameter is accepted (Leaflet sends SRS with 1.1.1, some clients CRS with both).
        guard let crsText = query[crsName] ?? query[version == .v130 ? "SRS" : "CRS"], !crsText.isEmpty else {
            throw WMSException(.missingParameterValue, "missing parameter \(crsName)")
        }
        let sr: SpatialReference
        do { sr = try state.spatialReference(crsText, parameter: crsName) } catch {
            throw WMSException(version == .v130 ? .invalidCRS : .invalidSRS, "\(crsName)=\(APIError.quoted(crsText)): \(error.message)")
        }
        guard let raw = query["bbox"] else { throw WMSException(.missingParameterValue, "missing parameter BBOX") }
        guard var box = try? query.numbers("bbox", count: 4) ?? [] else {
            throw WMSException(.invalidParameterValue, "BBOX=\(APIError.quoted(raw)): expected minx,miny,maxx,maxy")
        }
        guard box[0] < box[2], box[1] < box[3] else {
            throw WMSException(.invalidParameterValue, "BBOX=\(APIError.quoted(raw)): minimum not below maximum")
        }
        if version == .v130 && WMSAxes.isNorthFirst(sr, name: crsText) {
            box = [box[1], box[0], box[3], box[2]]
        }
        let limit = state.configuration.limits.maxImageSize
        let width: Int, height: Int
        do {
            width = try query.integer("width", in: 1...limit)
            height = try query.integer("height", in: 1...limit)
        } catch { throw WMSException(error) }
        return MapRequest(spatialReference: sr, extent: RasterExtent(xMin: box[0], yMin: box[1], xMax: box[2], yMax: box[3]),
                          width: width, height: height, layers: layers, background: try Self.wmsBackground(query),
                          pixelRatio: try Self.wmsPixelRatio(query))
    }

    /// The map's background: BGCOLOR (0xRRGGBB; white when absent), alpha 0 with TRANSPARENT=TRUE.
    static func wmsBackground(_ query: Query) throws(WMSException) -> SIMD4<UInt8> {
        var bg = SIMD4<UInt8>(255, 255, 255, 255)
        if let c = query["bgcolor"] {
            let hex = c.lowercased().hasPrefix("0x") ? String(c.dropFirst(2)) : c.hasPrefix("#") ? String(c.dropFirst()) : c
            guard hex.count == 6, let v = UInt32(hex, radix: 16) else {
                throw WMSException(.invalidParameterValue, "BGCOLOR=\(APIError.quoted(c)): expected 0xRRGGBB")
            }
            bg = SIMD4(UInt8(v >> 16), UInt8((v >> 8) & 255), UInt8(v & 255), 255)
        }
        if (query["transparent"] ?? "false").lowercased() == "true" { bg.w = 0 }
        return bg
    }

    /// The output resolution a client asks for with the vendor parameters QGIS sends (all three,
    /// the same value): `DPI` (GeoServer), `MAP_RESOLUTION` (MapServer) or `FORMAT_OPTIONS=dpi:N`
    /// (GeoServer; other options in it are ignored), the first present of them; 24 … 384 dots
    /// per inch. Line widths scale by dpi / 96 (the CSS reference pixel, which QGIS and browsers
    /// take as a 1× screen): 96 or no parameter draws the standard map, 192 a HiDPI one.
    static func wmsPixelRatio(_ query: Query) throws(WMSException) -> Double {
        var given: (name: String, value: String)?
        if let v = query["dpi"] {
            given = ("DPI", v)
        } else if let v = query["map_resolution"] {
            given = ("MAP_RESOLUTION", v)
        } else if let v = vendorOption(query["format_options"], "dpi") {
            given = ("FORMAT_OPTIONS dpi", v)
        }
        guard let given else { return 1 }
        let r = MapRequest.pixelRatios
        guard let dpi = try? Query.number(given.value, name: given.name), r.contains(dpi / 96) else {
            throw WMSException(.invalidParameterValue, "\(given.name)=\(APIError.quoted(given.value)): expected a resolution "
                               + "from \(Int(r.lowerBound * 96)) to \(Int(r.upperBound * 96)) dots per inch")
        }
        return dpi / 96
    }

    /// GetFeatureInfo: the map of the request, the pixel (I/J in 1.3.0, X/Y in 1.1.1; its centre
    /// is queried), QUERY_LAYERS, INFO_FORMAT, FEATURE_COUNT.
    func featureInfo(_ query: Query, version: WMSVersion) throws -> Response {
        let map = try wmsMapRequest(query, version: version)
        guard let ql = query["query_layers"], !ql.isEmpty else {
            throw WMSException(.missingParameterValue, "missing parameter QUERY_LAYERS")
        }
        var layers: [ServedLayer] = []
        for n in ql.split(separator: ",") {
            let layer: ServedLayer
            do { layer = try mapLayer(String(n)) } catch {
                throw WMSException(.layerNotDefined, "QUERY_LAYERS: no layer \(APIError.quoted(String(n)))")
            }
            // The layer as drawn (with its CQL_FILTER).
            guard let drawn = map.layers.first(where: { $0.name == layer.name }) else {
                throw WMSException(.layerNotDefined, "QUERY_LAYERS: \(layer.name) is not in LAYERS")
            }
            layers.append(drawn)
        }
        let (iName, jName) = version == .v130 ? ("I", "J") : ("X", "Y")
        let i: Int, j: Int
        do {
            i = try query.integer(iName, in: Int.min...Int.max)
            j = try query.integer(jName, in: Int.min...Int.max)
        } catch { throw WMSException(.invalidPoint, error.message) }
        guard (0..<map.width).contains(i), (0..<map.height).contains(j) else {
            throw WMSException(.invalidPoint, "\(iName)=\(i), \(jName)=\(j): outside the \(map.width) × \(map.height) map")
        }
        let featureCount: Int
        do { featureCount = try query.integer("feature_count", in: 1...1000, default: 1) } catch { throw WMSException(error) }
        let e = map.extent
        let x = e.xMin + (Double(i) + 0.5) * e.width / Double(map.width)
        let y = e.yMax - (Double(j) + 0.5) * e.height / Double(map.height)
        var results: [FeatureInfoResult] = []
        for layer in layers {
            switch layer {
            case let .raster(r):
                let cell = try identify(r, x: x, y: y, sr: map.spatialReference)
                results.append(.raster(layer: r.name, cell: cell, raster: r))
            case let .countries(l):
                // Countries do not overlap: one at a point.
                var found: [[(String, String)]] = []
                if let p = try lonLat(x, y, from: map.spatialReference), let k = l.index.firstContaining(lon: p.x, lat: p.y) {
                    found.append(attributes(of: l.layer, k, layerName: l.name))
                }
                results.append(.features(layer: layer.name, features: found))
            case let .features(v):
                let reach = SIMD2(e.width / Double(map.width), e.height / Double(map.height)) * Self.featureInfoReach
                let found = try vectorFeatures(v, at: SIMD2(x, y), reach: reach, sr: map.spatialReference, count: featureCount)
                // Keyed by the reading: a file read again, or filtered, has other features at the same index.
                results.append(.features(layer: v.name, features: found.map { attributes(of: v.layer, $0, layerName: layer.cacheName) }))
            }
        }
        let format = (query["info_format"] ?? "text/plain").lowercased()
        return try FeatureInfoFormat.response(results, format: format, x: x, y: y,
                                              crs: map.spatialReference.identifier?.description ?? "")
    }

    /// How far from a GetFeatureInfo pixel's centre a vector file's points and lines are found:
    /// 3 pixels each way (MapServer's default TOLERANCE for points and lines).
    static let featureInfoReach = 3.0

    /// Map x/y in `sr` as WGS 84 longitude/latitude (nil where the inverse has no answer).
    func lonLat(_ x: Double, _ y: Double, from sr: SpatialReference) throws -> SIMD2<Double>? {
        Self.lonLat(x, y, try lonLatTransformer(from: sr))
    }

    /// The transformer from `sr` to WGS 84 longitude/latitude (cached by the state), with the
    /// grids of `catalog` (the embedded ones by default).
    func lonLatTransformer(from sr: SpatialReference, catalog: TransformationCatalog? = nil) throws(APIError) -> Transformer {
        try state.transformer(from: sr, to: try state.spatialReference("OGC:CRS84", parameter: "CRS"),
                              transformation: nil, catalog: catalog ?? state.embeddedCatalog)
    }

    static func lonLat(_ x: Double, _ y: Double, _ t: Transformer) -> SIMD2<Double>? {
        guard let p = try? t.transform(x: x, y: y, z: 0), p.x.isFinite, p.y.isFinite else { return nil }
        return SIMD2(p.x, p.y)
    }

    /// The features of a vector file GetFeatureInfo finds at map point `point` (in `sr`), at
    /// most `count`, in the file's order: the polygons containing it (on the sphere; a file's
    /// polygons may overlap), then points and lines within `reach` (map units each way) of it,
    /// found in longitude/latitude within the box of the reach's corners.
    func vectorFeatures(_ v: VectorFile, at point: SIMD2<Double>, reach: SIMD2<Double>, sr: SpatialReference,
                        count: Int) throws -> [Int] {
        let t = try lonLatTransformer(from: sr)
        var found: [Int] = []
        if let p = Self.lonLat(point.x, point.y, t) { found = Array(v.index.allContaining(lon: p.x, lat: p.y).prefix(count)) }
        let corners = [SIMD2(-1.0, -1.0), SIMD2(1, -1), SIMD2(-1, 1), SIMD2(1, 1)].compactMap { d in
            Self.lonLat(point.x + d.x * reach.x, point.y + d.y * reach.y, t)
        }
        guard corners.count == 4 else { return found }
        let lons = corners.map(\.x), lats = corners.map(\.y)
        let box = Envelope(xMin: lons.min()!, yMin: lats.min()!, xMax: lons.max()!, yMax: lats.max()!)
        for (k, f) in v.layer.features.enumerated() where found.count < count {
            switch f.geometry {
            case let g? where g.type != .polygon && GeometryEngine.intersects(g, box): found.append(k)
            default: continue
            }
        }
        return found
    }

    /// Feature `k`'s non-null attributes as text, built once per feature of a layer's reading (`layerName`
    /// names the reading: `ServedLayer.cacheName`).
    func attributes(of layer: FeatureLayer, _ k: Int, layerName: String) -> [(String, String)] {
        let key = "\(layerName)#\(k)"
        if let hit = state.featureAttributes.value(for: key) { return hit }
        let built = FeatureInfoResult.attributes(of: layer.features[k], schema: layer.schema)
        state.featureAttributes.insert(built, for: key)
        return built
    }

    /// The server's base URL as the client reaches it: the configured public URL, else the
    /// request's scheme and host (`X-Forwarded-Proto` / `X-Forwarded-Host` first, then `Host`).
    func publicBaseURL(_ request: Request) -> String {
        if let url = state.configuration.publicURL {
            var s = url.absoluteString
            while s.hasSuffix("/") { s.removeLast() }
            return s
        }
        let forwardedHost = request.headers[HTTPTypes.HTTPField.Name("X-Forwarded-Host")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let proto = request.headers[HTTPTypes.HTTPField.Name("X-Forwarded-Proto")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var host = forwardedHost ?? request.head.authority
            ?? "\(state.configuration.host):\(state.configuration.port)"
        // Only host[:port] characters: a hostile Host header must not inject markup or paths.
        if host.isEmpty || host.utf8.count > 255 || !host.unicodeScalars.allSatisfy({
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || ".-:[]_".unicodeScalars.contains($0) }) {
            host = "\(state.configuration.host):\(state.configuration.port)"
        }
        return "\(proto == "https" ? "https" : "http")://\(host)"
    }
}

/// Axis order of WMS 1.3.0 BBOXes: the CRS's own (EPSG:4326 latitude first, CRS:84 longitude
/// first, most projected CRSs easting first; some northing first, e.g. EPSG:2393).
enum WMSAxes {
    static func isNorthFirst(_ sr: SpatialReference, name: String) -> Bool {
        let upper = name.uppercased()
        if upper == "CRS:84" || upper.hasSuffix("CRS84") { return false }
        guard let first = sr.axes.first?.direction.lowercased() else { return false }
        return first == "north" || first == "south"
    }
}
