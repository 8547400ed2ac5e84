import Foundation
import GraticuleCore
import Hummingbird

/// The web viewer's static files (plain HTML, CSS and JavaScript, no build step), read once from
/// the `viewer/` resource directory found with `DataFiles` and served from memory: no request
/// reaches the file system, so no path can escape the directory.
struct ViewerFiles: Sendable {
    struct File: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var etag: String
    }
    let files: [String: File]

    static let bundle = "Graticule_GraticuleServer"
    static let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                        "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
                        "json": "application/json; charset=utf-8", "ico": "image/x-icon"]

    /// Reads every file of the viewer directory (one level, known types only).
    /// - Throws: `invalidInput` when the directory cannot be found.
    static func load() throws(GraticuleError) -> ViewerFiles {
        let dir = try DataFiles.locate("viewer", bundle: bundle)
        var files: [String: File] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        for name in names {
            guard let type = types[(name as NSString).pathExtension.lowercased()],
                  let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else { continue }
            var hasher = Hasher()
            hasher.combine(data)
            files[name] = File(bytes: [UInt8](data), contentType: type, etag: EntityTag.of(hasher))
        }
        guard files["index.html"] != nil else {
            throw .invalidInput("viewer files not found: \(dir.path) has no index.html")
        }
        return ViewerFiles(files: files)
    }
}

extension GraticuleServer {
    func addViewerRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try self.viewerFile("index.html", request) }
        router.get("/viewer/:name") { request, context in
            try self.viewerFile(context.parameters.get("name") ?? "", request)
        }
        router.get("/health") { _, _ in Responses.json(["status": "ok"]) }
        router.get("/api") { _, _ in Responses.json(APIIndex.body) }
    }

    func viewerFile(_ name: String, _ request: Request) throws -> Response {
        guard let file = viewer.files[name] else {
            throw APIError(.notFound, "no viewer file \(APIError.quoted(name))")
        }
        var headers = HTTPFields()
        headers[.eTag] = file.etag
        headers[.cacheControl] = "no-cache"
        if EntityTag.matches(request.headers[.ifNoneMatch], file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        return Responses.bytes(file.bytes, contentType: file.contentType, headers: headers)
    }
}

/// `GET /api`: the endpoints, for people exploring the service.
enum APIIndex {
    static let body: [String: String] = [
        "GET /api/sr?q=TEXT[&limit=N][&types=geographic,projected][&deprecated=false]": "search spatial references by code or name",
        "GET /api/sr/{id}[?format=json|wkt1|wkt2|esri|projjson|proj]": "details or text of a spatial reference",
        "POST /api/sr[?format=…]": "resolve WKT, PROJJSON or a PROJ string in the body",
        "GET /api/presets": "the design's eleven world-map spatial references and workflow examples",
        "GET /api/project?from=ID&to=ID&x=X&y=Y[&z=Z][&transformation=default|none|OP][&dataDir=DIR|none]": "project one point",
        "POST /api/project?to=ID[&from=ID][&transformation=…]": "project {\"points\": [[x, y], …]} or a GeoJSON object",
        "GET /api/transformations?from=ID&to=ID[&area=W,S,E,N][&dataDir=DIR|none]": "ranked datum transformations",
        "GET /api/data-directories": "grid directories and the grid files they hold",
        "GET /api/countries[?layer=countries110|countries10m]": "Natural Earth countries: code and name",
        "GET /api/country?x=LON&y=LAT[&sr=ID]": "the country at a point (null at sea), its attributes and extent",
        "GET /api/country/{ADM0_A3}[?sr=ID]": "one country with its extent in degrees and in sr",
        "GET /api/rasters, GET /api/raster/{name}": "the rasters served (ndvi built in)",
        "GET /api/layers": "every map layer: name, kind (countries, raster, vector), title, extent in degrees",
        "GET /ogcapi, /ogcapi/api, /ogcapi/conformance, /ogcapi/collections[/{id}[/items[/{featureId}]]]": "OGC API - Features (GeoJSON, CRS84): the countries and the vector files; items take bbox, limit, offset",
        "GET /api/raster/{name}/identify?x=&y=[&sr=EPSG:4326]": "the raster cell under a point",
        "GET /api/raster/{name}/image?bbox=&sr=&width=&height=[&ramp=][&resampling=][&format=png|jpeg]": "the raster as PNG or JPEG in any spatial reference",
        "GET /api/map?sr=&bbox=&width=&height=&layers=countries,ndvi[&format=png|jpeg|svg][&pixelRatio=2]": "a map image in any spatial reference (pixelRatio: line widths for HiDPI screens and print)",
        "GET /wms?SERVICE=WMS&REQUEST=GetCapabilities|GetMap|GetFeatureInfo|GetLegendGraphic": "OGC WMS 1.3.0 and 1.1.1 (GetMap as image/png, image/png8 or image/jpeg; EXCEPTIONS=XML, INIMAGE or BLANK)",
        "GET /wmts?SERVICE=WMTS&REQUEST=GetCapabilities|GetTile, GET /wmts/1.0.0/{layer}/default/{WebMercatorQuad|WorldCRS84Quad}/{z}/{row}/{col}.png": "OGC WMTS 1.0.0: the XYZ tiles, and plate carrée tiles in WorldCRS84Quad (KVP and RESTful, GetTile and GetFeatureInfo)",
        "GET /tiles/{z}/{x}/{y}.png[?layers=] (or .jpg; {y}@2x.png for HiDPI)": "XYZ tiles in EPSG:3857",
    ]
}
