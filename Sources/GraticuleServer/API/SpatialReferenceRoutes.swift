import Foundation
import GraticuleCore
import GraticuleCRS
import Hummingbird

/// `/api/sr`: search, details and text forms of spatial references; `/api/presets`: the
/// eleven spatial references of the design's world-map workflow.
extension GraticuleServer {
    func addSpatialReferenceRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/sr") { request, _ in try self.search(request) }
        router.get("/api/sr/:id") { request, context in
            let raw = context.parameters.get("id") ?? ""
            let id = raw.removingPercentEncoding ?? raw
            let sr = try self.lookup(id, status: .notFound)
            return try self.describe(sr, query: try Query(request))
        }
        router.post("/api/sr") { request, context in
            var request = request
            let body = try await request.collectBody(upTo: min(state.configuration.limits.maxBodyBytes, 1 << 20))
            let text = String(decoding: body.readableBytesView, as: UTF8.self)
            return try self.describe(try state.spatialReference(text, parameter: "body"), query: try Query(request))
        }
        router.get("/api/presets") { _, _ in
            Responses.json(PresetsBody(presets: SpatialReferencePresets.worldMaps.map {
                .init(id: $0.id, name: $0.name, note: $0.note)
            }, workflows: SpatialReferencePresets.workflowExamples))
        }
    }

    /// A spatial reference named in a path: unknown codes are 404s there.
    func lookup(_ text: String, status: HTTPResponse.Status) throws(APIError) -> SpatialReference {
        do { return try state.spatialReference(text, parameter: "id") } catch {
            var e = error
            if e.status == .badRequest, e.message.contains("unknown") { e.status = status }
            throw e
        }
    }

    func search(_ request: Request) throws -> Response {
        let query = try Query(request)
        let q = try query.required("q", "a code or words of a name")
        guard q.utf8.count <= 256 else { throw APIError.badParameter("q", q, "longer than 256 bytes") }
        let limit = try query.integer("limit", in: 1...state.configuration.limits.maxSearchResults, default: 50)
        var types: [Registry.CRSType] = [.geographic2D, .projected]
        if let raw = query["types"] {
            types = []
            for t in raw.split(separator: ",") {
                let name = t.trimmingCharacters(in: .whitespaces).lowercased()
                switch name {
                case "geographic", "geographic2d", "geographic 2d": types.append(.geographic2D)
                case "geographic3d", "geographic 3d": types.append(.geographic3D)
                case "projected": types.append(.projected)
                case "geocentric": types.append(.geocentric)
                case "vertical": types.append(.vertical)
                case "compound": types.append(.compound)
                default:
                    throw APIError.badParameter("types", raw, "expected a comma-separated list of geographic, "
                                                + "geographic3d, projected, geocentric, vertical, compound")
                }
            }
        }
        let deprecated = try query.bool("deprecated", default: true)
        let found = try engine { () throws(GraticuleError) in
            try state.registry.searchCRS(q, types: types, includeDeprecated: deprecated, limit: limit)
        }
        return Responses.json(SearchBody(query: q, results: found.map(ListingBody.init)))
    }

    /// Details as JSON (default) or one text form (`format=wkt1|wkt2|esri|projjson|proj`).
    func describe(_ sr: SpatialReference, query: Query) throws -> Response {
        let format = (query["format"] ?? "json").lowercased()
        switch format {
        case "json":
            return Responses.jsonText(sr.jsonDescription)
        case "wkt1", "wkt", "wkt2", "esri", "proj", "projjson":
            let exported: Result<String, GraticuleError> = Result { () throws(GraticuleError) in
                try sr.export(format, registry: state.registry)
            }
            guard case let .success(text) = exported else {
                throw APIError(.unprocessableContent, "format=\(format): \(exported)")
            }
            return Responses.text(text, contentType: format == "projjson" ? "application/json; charset=utf-8"
                                                                            : "text/plain; charset=utf-8")
        default:
            throw APIError.badParameter("format", format, "expected json, wkt1, wkt2, esri, projjson or proj")
        }
    }

    struct SearchBody: Encodable {
        var query: String
        var results: [ListingBody]
    }

    struct ListingBody: Encodable {
        var id: String
        var wkid: Int?
        var name: String
        var type: String
        var deprecated: Bool
        var area: AreaBody?
        init(_ l: CRSListing) {
            id = l.identifier.description
            wkid = l.identifier.authority == "EPSG" || l.identifier.authority == "ESRI" ? l.identifier.number : nil
            name = l.name
            type = l.type.rawValue
            deprecated = l.isDeprecated
            area = l.areaOfUse.map(AreaBody.init)
        }
    }

    struct PresetsBody: Encodable {
        struct Preset: Encodable { var id: String; var name: String; var note: String }
        var presets: [Preset]
        var workflows: [String: [String: String]]
    }
}

/// An area of use in JSON: name and degrees (west > east across the antimeridian).
struct AreaBody: Encodable {
    var name: String
    var west: Double, south: Double, east: Double, north: Double
    init(_ a: AreaOfUse) {
        name = a.name
        west = a.west; south = a.south; east = a.east; north = a.north
    }
}
