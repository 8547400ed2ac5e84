import Foundation
import GraticuleCore
import GraticuleGeometry
import GraticuleIO
import Hummingbird

/// OGC API - Features - Part 1: Core (OGC 17-069r4) at `/ogcapi`, GeoJSON only: the landing page,
/// `/api` (its OpenAPI 3.0 definition, which QGIS requires), `/conformance`, `/collections` (the built-in countries, `countries` (1:110m) and
/// `countries10m`, and every vector file of `--vector-dir`), `/collections/{id}`,
/// `/collections/{id}/items[?bbox=W,S,E,N][&limit=N][&offset=N]` and
/// `/collections/{id}/items/{featureId}`. Coordinates are CRS84 (longitude, latitude); a
/// feature's id is its own (a GeoPackage fid) or its position in the layer. `bbox` keeps the
/// features that meet the box (planar, `GeometryEngine.intersects`); pages have `numberMatched`, `numberReturned` and a
/// `next` link while features remain. What QGIS's, GDAL's (OAPIF) and OWSLib's clients read.
extension GraticuleServer {
    /// A collection: how the API describes it, and where its features are (a built-in layer,
    /// by name, loaded only when its features are asked for; or a vector file).
    struct FeatureCollection {
        var id: String
        var title: String
        var extent: [Double]
        var source: Source
        enum Source { case builtIn(String), file(VectorFile) }

        /// The features, in longitude/latitude.
        func layer() throws(APIError) -> FeatureLayer {
            switch source {
            case let .builtIn(name): return try engine("collectionId") { () throws(GraticuleError) in try NaturalEarth.layer(named: name) }.layer
            case let .file(v): return v.layer
            }
        }
    }

    /// The API's OpenAPI 3.0 definition: its paths and the items' query parameters (QGIS reads
    /// `limit`'s maximum and default from it).
    static let openAPI: JSONValue = {
        func parameter(_ name: String, _ schema: JSONValue, _ description: String) -> JSONValue {
            .object(["name": .string(name), "in": .string("query"), "required": .bool(false), "style": .string("form"),
                     "explode": .bool(false), "schema": schema, "description": .string(description)])
        }
        func path(_ name: String, _ summary: String, _ parameters: [JSONValue] = []) -> (String, JSONValue) {
            (name, .object(["get": .object(["summary": .string(summary), "parameters": .array(parameters),
                                            "responses": .object(["200": .object(["description": .string(summary)])])])]))
        }
        func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/components/parameters/\(name)")]) }
        let id = JSONValue.object(["name": .string("collectionId"), "in": .string("path"), "required": .bool(true),
                                   "schema": .object(["type": .string("string")])])
        let fid = JSONValue.object(["name": .string("featureId"), "in": .string("path"), "required": .bool(true),
                                    "schema": .object(["type": .string("integer")])])
        return .object([
            "openapi": .string("3.0.2"),
            "info": .object(["title": .string("Graticule OGC API - Features"), "version": .string("1.0.0")]),
            "paths": .object(Dictionary(uniqueKeysWithValues: [
                path("/", "Landing page"), path("/api", "This definition"), path("/conformance", "Conformance classes"),
                path("/collections", "The collections"), path("/collections/{collectionId}", "A collection", [id]),
                path("/collections/{collectionId}/items", "Features of a collection", [id, ref("bbox"), ref("limit"), ref("offset")]),
                path("/collections/{collectionId}/items/{featureId}", "A feature", [id, fid]),
            ])),
            "components": .object(["parameters": .object([
                "limit": parameter("limit", .object(["type": .string("integer"), "minimum": .number(1), "maximum": .number(10_000),
                                                      "default": .number(10)]), "Features per page"),
                "offset": parameter("offset", .object(["type": .string("integer"), "minimum": .number(0), "default": .number(0)]),
                                    "Features to skip"),
                "bbox": parameter("bbox", .object(["type": .string("array"), "minItems": .number(4), "maxItems": .number(4),
                                                    "items": .object(["type": .string("number")])]),
                                  "West, south, east, north (CRS84): the features that meet it"),
            ])]),
        ])
    }()

    static let conformance = [
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
    ]

    /// The collections by id, in the order the API lists them.
    func featureCollections() -> [FeatureCollection] {
        Self.countriesLayers.map { FeatureCollection(id: $0.0, title: $0.2, extent: [-180, -90, 180, 90], source: .builtIn($0.1)) }
            + state.vectors.names.map { name in
                let v = state.vectors.files[name]!
                return FeatureCollection(id: name, title: v.title, extent: v.lonLatExtent, source: .file(v))
            }
    }

    func featureCollection(_ id: String) throws(APIError) -> FeatureCollection {
        let all = featureCollections()
        guard let hit = all.first(where: { $0.id == id }) else {
            throw APIError(.notFound, "no collection \(APIError.quoted(id)); collections: \(all.map(\.id).joined(separator: ", "))")
        }
        return hit
    }

    func collectionJSON(_ c: FeatureCollection, base: String) -> JSONValue {
        let href = "\(base)/ogcapi/collections/\(c.id)"
        return .object([
            "id": .string(c.id), "title": .string(c.title), "itemType": .string("feature"),
            "crs": .array([.string("http://www.opengis.net/def/crs/OGC/1.3/CRS84")]),
            "extent": .object(["spatial": .object(["bbox": .array([.array(c.extent.map { .number($0) })]),
                                                   "crs": .string("http://www.opengis.net/def/crs/OGC/1.3/CRS84")])]),
            "links": .array([
                Self.link(href, "self", "application/json", "This collection"),
                Self.link(href + "/items", "items", "application/geo+json", "Its features"),
            ]),
        ])
    }

    static func link(_ href: String, _ rel: String, _ type: String, _ title: String) -> JSONValue {
        .object(["href": .string(href), "rel": .string(rel), "type": .string(type), "title": .string(title)])
    }

    /// A feature's id in the API: its own, else its position in the layer.
    static func featureID(_ feature: Feature, at index: Int) -> Int64 { feature.id ?? Int64(index) }

    func addFeaturesRoutes(to router: Router<BasicRequestContext>) {
        router.get("/ogcapi") { request, _ in
            let base = self.publicBaseURL(request)
            return Responses.json(JSONValue.object([
                "title": .string("Graticule"),
                "description": .string("The countries and the vector files this server draws, as OGC API Features (GeoJSON, CRS84)."),
                "links": .array([
                    Self.link("\(base)/ogcapi", "self", "application/json", "This document"),
                    Self.link("\(base)/ogcapi/api", "service-desc", "application/vnd.oai.openapi+json;version=3.0", "The API definition"),
                    Self.link("\(base)/ogcapi/conformance", "conformance", "application/json", "Conformance classes"),
                    Self.link("\(base)/ogcapi/collections", "data", "application/json", "The collections"),
                ]),
            ]))
        }
        router.get("/ogcapi/api") { _, _ in
            var response = Responses.json(Self.openAPI)
            response.headers[.contentType] = "application/vnd.oai.openapi+json;version=3.0"
            return response
        }
        router.get("/ogcapi/conformance") { _, _ in
            Responses.json(JSONValue.object(["conformsTo": .array(Self.conformance.map { .string($0) })]))
        }
        router.get("/ogcapi/collections") { request, _ in
            let base = self.publicBaseURL(request)
            return Responses.json(JSONValue.object([
                "collections": .array(self.featureCollections().map { self.collectionJSON($0, base: base) }),
                "links": .array([Self.link("\(base)/ogcapi/collections", "self", "application/json", "The collections")]),
            ]))
        }
        router.get("/ogcapi/collections/:id") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            return Responses.json(self.collectionJSON(c, base: self.publicBaseURL(request)))
        }
        router.get("/ogcapi/collections/:id/items") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let layer = try c.layer()
            let query = try Query(request)
            let limit = try query.integer("limit", in: 1...10_000, default: 10)
            let offset = try query.integer("offset", in: 0...Int(Int32.max), default: 0)
            var box: Envelope?
            if let b = try query.numbers("bbox", count: 4) {
                guard b[0] <= b[2], b[1] <= b[3] else {
                    throw APIError.badParameter("bbox", query["bbox"] ?? "", "west,south,east,north with west <= east and south <= north")
                }
                box = Envelope(xMin: b[0], yMin: b[1], xMax: b[2], yMax: b[3])
            }
            let matched = layer.features.indices.filter { i in
                guard let box else { return true }
                guard let g = layer.features[i].geometry else { return false }
                return GeometryEngine.intersects(g, box)
            }
            let page = matched.dropFirst(offset).prefix(limit)
            var encoder = GeoJSONEncoder(schema: layer.schema)
            encoder.raw("{\"type\":\"FeatureCollection\",\"features\":[")
            for (k, i) in page.enumerated() {
                if k > 0 { encoder.raw(",") }
                encoder.feature(layer.features[i], id: Self.featureID(layer.features[i], at: i))
            }
            let base = self.publicBaseURL(request) + "/ogcapi/collections/\(c.id)/items"
            func pageURL(_ offset: Int) -> String {
                var parts = ["limit=\(limit)", "offset=\(offset)"]
                if let box { parts.append("bbox=\([box.xMin, box.yMin, box.xMax, box.yMax].map { "\($0)" }.joined(separator: ","))") }
                return base + "?" + parts.joined(separator: "&")
            }
            var links = [Self.link(pageURL(offset), "self", "application/geo+json", "This page")]
            if offset + page.count < matched.count {
                links.append(Self.link(pageURL(offset + page.count), "next", "application/geo+json", "The next page"))
            }
            let tail = try Responses.encoder.encode(JSONValue.object([
                "numberMatched": .number(Double(matched.count)), "numberReturned": .number(Double(page.count)),
                "links": .array(links),
            ]))
            encoder.raw("],")
            encoder.append(tail.dropFirst())  // the members after the features, without the opening brace
            return Responses.bytes(encoder.bytes, contentType: "application/geo+json")
        }
        router.get("/ogcapi/collections/:id/items/:fid") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let layer = try c.layer()
            let raw = context.parameters.get("fid") ?? ""
            guard let fid = Int64(raw),
                  let i = layer.features.indices.first(where: { Self.featureID(layer.features[$0], at: $0) == fid }) else {
                throw APIError(.notFound, "collection \(c.id) has no feature \(APIError.quoted(raw))")
            }
            var encoder = GeoJSONEncoder(schema: layer.schema)
            encoder.feature(layer.features[i], id: fid)
            return Responses.bytes(encoder.bytes, contentType: "application/geo+json")
        }
    }
}
