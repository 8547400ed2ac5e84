import Foundation
import GraticuleCore
import Hummingbird

/// OGC WMTS 1.0.0 (OGC 07-057r7) over the XYZ tiles: the same 256 × 256 Web Mercator tiles as
/// `/tiles/{z}/{x}/{y}` in `WebMercatorQuad`, and plate carrée tiles in `WorldCRS84Quad`
/// (`WMTSMatrixSet`), for every map layer (countries, countries10m, the rasters), as PNG, 8-bit
/// PNG or JPEG. Both encodings of the standard:
///
/// - KVP at `/wmts?SERVICE=WMTS&REQUEST=GetCapabilities|GetTile&VERSION=1.0.0&LAYER=…&STYLE=default
///   &TILEMATRIXSET=WebMercatorQuad|WorldCRS84Quad&TILEMATRIX=z&TILEROW=y&TILECOL=x&FORMAT=image/png`, and
///   GetFeatureInfo with `I`, `J` and `INFOFORMAT` (the WMS formats);
/// - RESTful at `/wmts/1.0.0/WMTSCapabilities.xml`,
///   `/wmts/1.0.0/{layer}/default/{set}/{z}/{y}/{x}.png` (or `.png8`, `.jpg`) and
///   `…/{z}/{y}/{x}/{j}/{i}.json` (or `.txt`, `.xml`, `.gml`, `.html`) for GetFeatureInfo, the
///   templates the capabilities' ResourceURLs state.
///
/// Errors are OWS 1.1 `ExceptionReport`s with the codes of the standard (Tables 28 and 32:
/// MissingParameterValue, InvalidParameterValue, TileOutOfRange, PointIJOutOfRange,
/// OperationNotSupported; NoApplicableCode for a failure drawing the tile), all
/// with HTTP 400 (Table 28 gives 501 to OperationNotSupported; the request is the client's
/// fault, as WMS answers it here, and the server keeps 5xx for its own failures).
extension GraticuleServer {
    func addWMTSRoutes(to router: Router<BasicRequestContext>) {
        router.get("/wmts") { request, _ in try await self.wmtsKVP(request) }
        router.get("/wmts/1.0.0/WMTSCapabilities.xml") { request, _ in
            self.wmtsCapabilitiesResponse(baseURL: self.publicBaseURL(request))
        }
        router.get("/wmts/1.0.0/:layer/:style/:set/:z/:y/:x/:j/:i") { _, context in
            try await WMTSException.answering {
                let p = context.parameters
                let (i, ext) = Self.fileName(p.get("i"))
                guard let format = WMTSInfoFormat.byExtension[ext] else {
                    throw WMTSException(.invalidParameterValue, "InfoFormat",
                                        "\(APIError.quoted(p.get("i") ?? "")): expected {I}.txt, .json, .xml, .gml or .html")
                }
                return try self.wmtsFeatureInfo(layer: p.get("layer") ?? "", style: p.get("style"), set: p.get("set") ?? "",
                                                matrix: p.get("z") ?? "", row: p.get("y") ?? "", column: p.get("x") ?? "",
                                                i: i, j: p.get("j") ?? "", format: format)
            }
        }
        router.get("/wmts/1.0.0/:layer/:style/:set/:z/:y/:x") { request, context in
            try await WMTSException.answering {
                let p = context.parameters
                let (column, ext) = Self.fileName(p.get("x"))
                guard let format = MapImageFormat(name: ext) else {
                    throw WMTSException(.invalidParameterValue, "Format",
                                        "tile \(APIError.quoted(p.get("x") ?? "")): expected {TileCol}.png, .png8 or .jpg")
                }
                return try await self.wmtsTile(layer: p.get("layer") ?? "", style: p.get("style"), set: p.get("set") ?? "",
                                               matrix: p.get("z") ?? "", row: p.get("y") ?? "", column: column, format: format,
                                               ifNoneMatch: request.headers[.ifNoneMatch])
            }
        }
    }

    /// A RESTful path's last segment as its name and its extension (lower-cased; empty without one).
    static func fileName(_ segment: String?) -> (name: String, ext: String) {
        let parts = (segment ?? "").split(separator: ".", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1].lowercased()) : (segment ?? "", "")
    }

    func wmtsKVP(_ request: Request) async throws -> Response {
        try await WMTSException.answering {
            let query: Query
            do throws(APIError) { query = try Query(request) } catch { throw WMTSException(.invalidParameterValue, nil, error.message) }
            if let service = query["service"], service.uppercased() != "WMTS" {
                throw WMTSException(.invalidParameterValue, "SERVICE", "SERVICE=\(APIError.quoted(service)): this endpoint serves WMTS")
            }
            guard let op = query["request"], !op.isEmpty else {
                throw WMTSException(.missingParameterValue, "REQUEST",
                                    "missing parameter REQUEST (GetCapabilities, GetTile or GetFeatureInfo)")
            }
            switch op.lowercased() {
            case "getcapabilities":
                return wmtsCapabilitiesResponse(baseURL: publicBaseURL(request))
            case "gettile":
                if let v = query["version"], v != "1.0.0" {
                    throw WMTSException(.invalidParameterValue, "VERSION", "VERSION=\(APIError.quoted(v)): this server speaks WMTS 1.0.0")
                }
                let required = { (name: String) throws(WMTSException) -> String in try Self.wmtsParameter(query, name) }
                let formatText = try required("FORMAT")
                guard let format = MapImageFormat(wms: formatText) else {
                    throw WMTSException(.invalidParameterValue, "FORMAT",
                                        "FORMAT=\(APIError.quoted(formatText)): expected image/png, image/png8 or image/jpeg")
                }
                return try await wmtsTile(layer: try required("LAYER"), style: try required("STYLE"), set: try required("TILEMATRIXSET"),
                                          matrix: try required("TILEMATRIX"), row: try required("TILEROW"),
                                          column: try required("TILECOL"), format: format, ifNoneMatch: request.headers[.ifNoneMatch])
            case "getfeatureinfo":
                return try wmtsFeatureInfo(query)
            default:
                throw WMTSException(.operationNotSupported, "REQUEST",
                                    "REQUEST=\(APIError.quoted(op)): expected GetCapabilities, GetTile or GetFeatureInfo")
            }
        }
    }

    /// A required KVP parameter's value.
    static func wmtsParameter(_ query: Query, _ name: String) throws(WMTSException) -> String {
        guard let v = query[name.lowercased()], !v.isEmpty else {
            throw WMTSException(.missingParameterValue, name, "missing parameter \(name)")
        }
        return v
    }

    /// GetFeatureInfo (KVP, §7.3): the tile as GetTile addresses it, the pixel (I, J) within it
    /// and INFOFORMAT (text/plain, application/json, text/xml, application/vnd.ogc.gml,
    /// text/html), answered as WMS GetFeatureInfo answers the same 256 × 256 map (EPSG:3857 or CRS:84):
    /// the raster cell or the country under the pixel's centre.
    func wmtsFeatureInfo(_ query: Query) throws -> Response {
        let p = { (name: String) throws(WMTSException) -> String in try Self.wmtsParameter(query, name) }
        return try wmtsFeatureInfo(layer: try p("LAYER"), style: query["style"], set: try p("TILEMATRIXSET"), matrix: try p("TILEMATRIX"),
                                   row: try p("TILEROW"), column: try p("TILECOL"), i: try p("I"), j: try p("J"),
                                   format: try p("INFOFORMAT"))
    }

    /// GetFeatureInfo of a tile's pixel, KVP or RESTful (`…/{TileCol}/{J}/{I}.{txt|json|xml|gml|html}`).
    func wmtsFeatureInfo(layer: String, style: String?, set: String, matrix: String, row: String, column: String,
                         i: String, j: String, format: String) throws -> Response {
        let a = try wmtsTileAddress(layer: layer, style: style, set: set, matrix: matrix, row: row, column: column)
        guard FeatureInfoFormat.formats.contains(format.lowercased()) else {
            throw WMTSException(.invalidParameterValue, "INFOFORMAT",
                                "INFOFORMAT=\(APIError.quoted(format)): expected \(FeatureInfoFormat.formats.joined(separator: ", "))")
        }
        var pixel: [Int] = []
        for (locator, text) in [("I", i), ("J", j)] {
            guard let v = Int(text), (0..<256).contains(v) else {
                throw WMTSException(.pointIJOutOfRange, locator, "\(locator)=\(APIError.quoted(text)): expected a pixel from 0 to 255 of the tile")
            }
            pixel.append(v)
        }
        // WMS 1.3.0 takes the box in the CRS's axis order: both sets' CRSs are x first.
        let e = a.set.extent(z: a.z, row: a.row, column: a.column)
        let encoded = a.layer.addingPercentEncoding(withAllowedCharacters: .unreservedURL) ?? a.layer
        let wms = "SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&CRS=\(a.set.spatialReference)&WIDTH=256&HEIGHT=256"
            + "&BBOX=\(e.xMin),\(e.yMin),\(e.xMax),\(e.yMax)&I=\(pixel[0])&J=\(pixel[1])"
            + "&LAYERS=\(encoded)&QUERY_LAYERS=\(encoded)&INFO_FORMAT=\(format.lowercased())"
        do { return try featureInfo(try Query(query: wms), version: .v130) } catch let e as WMSException {
            throw WMTSException(.noApplicableCode, nil, e.message, status: e.status)
        }
    }

    /// The layer (by name), tile matrix set, z, row and column of a tile address, checked as
    /// §8.1.1 asks.
    func wmtsTileAddress(layer name: String, style: String?, set setName: String, matrix: String, row: String,
                         column: String) throws(WMTSException) -> (layer: String, set: WMTSMatrixSet, z: Int, row: Int, column: Int) {
        guard mapLayerNames.contains(name) || name == "countries110" else {
            throw WMTSException(.invalidParameterValue, "LAYER",
                                "LAYER=\(APIError.quoted(name)): expected one of \(mapLayerNames.joined(separator: ", "))")
        }
        if let style, !style.isEmpty, style.lowercased() != "default" {
            throw WMTSException(.invalidParameterValue, "STYLE", "STYLE=\(APIError.quoted(style)): only the default style")
        }
        guard let set = WMTSMatrixSet.named(setName) else {
            throw WMTSException(.invalidParameterValue, "TILEMATRIXSET",
                                "TILEMATRIXSET=\(APIError.quoted(setName)): expected \(WMTSMatrixSet.all.map(\.identifier).joined(separator: " or "))")
        }
        guard let z = Int(matrix), set.levels.contains(z) else {
            throw WMTSException(.invalidParameterValue, "TILEMATRIX",
                                "TILEMATRIX=\(APIError.quoted(matrix)): expected a level of \(set.identifier) from 0 to \(set.levels.upperBound)")
        }
        var values: [Int] = []
        for (text, locator, count) in [(row, "TILEROW", set.rows(z)), (column, "TILECOL", set.columns(z))] {
            guard let v = Int(text) else {
                throw WMTSException(.invalidParameterValue, locator, "\(locator)=\(APIError.quoted(text)): expected an integer")
            }
            guard (0..<count).contains(v) else {
                throw WMTSException(.tileOutOfRange, locator, "\(locator)=\(v): level \(z) of \(set.identifier) has \(locator == "TILEROW" ? "rows" : "columns") 0 to \(count - 1)")
            }
            values.append(v)
        }
        return (name, set, z, values[0], values[1])
    }

    /// GetTile: the layer, the default style, a tile matrix set, and a tile inside its level.
    func wmtsTile(layer name: String, style: String?, set: String, matrix: String, row: String, column: String,
                  format: MapImageFormat, ifNoneMatch: String? = nil) async throws -> Response {
        let a = try wmtsTileAddress(layer: name, style: style, set: set, matrix: matrix, row: row, column: column)
        return try await tile([try mapLayer(a.layer)], in: a.set, z: a.z, row: a.row, column: a.column, format: format,
                              ifNoneMatch: ifNoneMatch)
    }
}

/// GetFeatureInfo's formats by the file extension of their RESTful template.
enum WMTSInfoFormat {
    static let extensions: [(format: String, ext: String)] = [
        ("text/plain", "txt"), ("application/json", "json"), ("text/xml", "xml"), ("application/vnd.ogc.gml", "gml"),
        ("text/html", "html"),
    ]
    static let byExtension = Dictionary(uniqueKeysWithValues: extensions.map { ($0.ext, $0.format) })
}

/// An OWS 1.1 exception of WMTS (OGC 07-057r7 §8.1.1, Table 28).
struct WMTSException: Error, Sendable {
    enum Code: String, Sendable {
        case missingParameterValue = "MissingParameterValue", invalidParameterValue = "InvalidParameterValue"
        case tileOutOfRange = "TileOutOfRange", operationNotSupported = "OperationNotSupported"
        case pointIJOutOfRange = "PointIJOutOfRange", noApplicableCode = "NoApplicableCode"
    }
    var code: Code
    var locator: String?
    var message: String
    var status: HTTPResponse.Status

    init(_ code: Code, _ locator: String?, _ message: String, status: HTTPResponse.Status = .badRequest) {
        self.code = code
        self.locator = locator
        self.message = message
        self.status = status
    }

    /// The exception for an error of a shared helper (a timeout, an engine error); nil for others.
    init?(reporting error: any Error) {
        switch error {
        case let e as WMTSException: self = e
        case let e as APIError: self.init(.noApplicableCode, nil, e.message, status: e.status)
        default: return nil
        }
    }

    /// `body`'s response, or the exception report of the error it throws (nil `reporting`:
    /// rethrown, for the server's error middleware).
    static func answering(_ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch {
            guard let e = WMTSException(reporting: error) else { throw error }
            return e.response
        }
    }

    var response: Response {
        let locatorAttribute = locator.map { " locator=\"\(XML.escape($0))\"" } ?? ""
        let body = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="1.0.0" xml:lang="en">
          <ows:Exception exceptionCode="\(code.rawValue)"\(locatorAttribute)><ows:ExceptionText>\(XML.escape(message))</ows:ExceptionText></ows:Exception>
        </ows:ExceptionReport>

        """
        return Responses.text(body, contentType: "application/xml; charset=utf-8", status: status)
    }
}
