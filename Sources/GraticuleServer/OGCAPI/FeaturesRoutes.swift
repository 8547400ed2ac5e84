import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleIO
import GraticuleTransform
import HTTPTypes
import Hummingbird

/// OGC API - Features - Part 1: Core (OGC 17-069r4) at `/ogcapi`, in GeoJSON and HTML
/// (`FeaturesHTML`: `f=html`, or a browser's `Accept`): the landing page,
/// `/api` (its OpenAPI 3.0 definition, which QGIS requires), `/conformance`, `/collections` (the built-in countries, `countries` (1:110m) and
/// `countries10m`, and every vector file of `--vector-dir`), `/collections/{id}`,
/// `/collections/{id}/items[?bbox=W,S,E,N][&datetime=T][&filter=CQL2][&limit=N][&offset=N][&PROPERTY=value…]`
/// (`TemporalFilter`, `featuresFilter`; any other parameter is a 400) and
/// `/collections/{id}/items/{featureId}`, and `/collections/{id}/queryables` (Part 3: the
/// properties, which are items parameters). A feature's id is its own (a GeoPackage fid) or its
/// position in the layer. `bbox` keeps the features that meet the box (planar,
/// `GeometryEngine.intersects`); pages have `numberMatched`, `numberReturned` and a `next` link
/// while features remain. What QGIS's, GDAL's (OAPIF) and OWSLib's clients read.
///
/// Coordinate reference systems (OGC API - Features - Part 2, OGC 18-058r1): features are stored
/// in CRS84 (longitude, latitude; `storageCrs`) and served in any geographic 2D or projected CRS
/// of the registry: `crs` names the output CRS and `bbox-crs` the bbox's, as OGC URIs
/// (`http://www.opengis.net/def/crs/EPSG/0/3857`), safe CURIEs (`[EPSG:3857]`) or codes
/// (`EPSG:3857`, also Esri's, which the advertised list leaves out). Coordinates follow the CRS's
/// own axis order (EPSG:4326 latitude first, CRS84 longitude first, EPSG:3035 northing first),
/// for the bbox too. Features are projected with the default transformation of the first data
/// directory; a bbox in another CRS is projected to CRS84 as its outline densified (64 points a
/// side) and covered by one or two longitude/latitude boxes (`LonLatCover`). A longitude/latitude bbox whose west edge lies east of its east edge
/// spans the antimeridian (Part 1 §7.15.3). Every response with geometries names its CRS in `Content-Crs`.
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
    /// `limit`'s maximum and default from it), and for each collection its items' path with its
    /// properties as parameters (the property filters; GDAL's OAPIF driver sends `-where`
    /// equalities on the properties it finds there to the server).
    static func openAPI(collections: [(id: String, schema: LayerSchema)]) -> JSONValue {
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
        let common = [id, ref("bbox"), ref("bbox-crs"), ref("datetime"), ref("filter"), ref("filter-lang"), ref("filter-crs"), ref("crs"),
                      ref("limit"), ref("offset"), ref("f")]
        func property(_ field: FieldDefinition) -> JSONValue {
            parameter(field.name, .object(jsonSchema(field.type)), "The features whose \(field.name) equals the value")
        }
        let own = collections.map { c in
            path("/collections/\(c.id)/items", "Features of \(c.id)",
                 Array(common.dropFirst()) + queryableFields(c.schema).map(property))
        }
        return .object([
            "openapi": .string("3.0.2"),
            "info": .object(["title": .string("Graticule OGC API - Features"), "version": .string("1.0.0")]),
            "paths": .object(Dictionary([
                path("/", "Landing page", [ref("f")]), path("/api", "This definition"),
                path("/conformance", "Conformance classes", [ref("f")]),
                path("/collections", "The collections", [ref("f")]), path("/collections/{collectionId}", "A collection", [id, ref("f")]),
                path("/collections/{collectionId}/items", "Features of a collection",
                     common),
                path("/collections/{collectionId}/items/{featureId}", "A feature", [id, fid, ref("crs"), ref("f")]),
            ] + own, uniquingKeysWith: { first, _ in first })),
            "components": .object(["parameters": .object([
                "limit": parameter("limit", .object(["type": .string("integer"), "minimum": .number(1), "maximum": .number(10_000),
                                                      "default": .number(10)]), "Features per page"),
                "offset": parameter("offset", .object(["type": .string("integer"), "minimum": .number(0), "default": .number(0)]),
                                    "Features to skip"),
                "bbox": parameter("bbox", .object(["type": .string("array"), "minItems": .number(4), "maxItems": .number(4),
                                                    "items": .object(["type": .string("number")])]),
                                  "Lower and upper corners in bbox-crs's axis order (CRS84: west, south, east, north): "
                                  + "the features that meet it"),
                "bbox-crs": parameter("bbox-crs", .object(["type": .string("string"), "format": .string("uri")]),
                                      "The bbox's CRS (default CRS84)"),
                "crs": parameter("crs", .object(["type": .string("string"), "format": .string("uri")]),
                                 "The CRS of the features' coordinates (default CRS84)"),
                "datetime": parameter("datetime", .object(["type": .string("string")]),
                                      "An instant, a date or an interval start/end (.. for an open end): the features whose first "
                                      + "date property meets it"),
                "filter": parameter("filter", .object(["type": .string("string")]),
                                    "A CQL2 text filter (OGC 21-065r2) on the queryables and geometry: the features it holds for"),
                "filter-lang": parameter("filter-lang", .object(["type": .string("string"), "default": .string("cql2-text"),
                                                                  "enum": .array(filterLanguages.map { .string($0) })]),
                                         "The filter's language: CQL2 text (cql-text: the same, by the draft's name) or CQL2 JSON"),
                "filter-crs": parameter("filter-crs", .object(["type": .string("string"), "format": .string("uri")]),
                                        "The CRS of the filter's geometries, in its axis order (default CRS84)"),
                "f": parameter("f", .object(["type": .string("string"), "enum": .array([.string("json"), .string("html")])]),
                               "The encoding: JSON (GeoJSON for features) or HTML (default: as the Accept header ranks them)"),
            ])]),
        ])
    }

    static let conformance = [
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core",
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson",
        "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html",
        "http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs",
        "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables",
        "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters",
        "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter",
        "http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter",
        "http://www.opengis.net/spec/cql2/1.0/conf/cql2-text",
        "http://www.opengis.net/spec/cql2/1.0/conf/cql2-json",
        "http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2",
        "http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators",
        "http://www.opengis.net/spec/cql2/1.0/conf/case-insensitive-comparison",
        "http://www.opengis.net/spec/cql2/1.0/conf/accent-insensitive-comparison",
        "http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions",
        "http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus",
        "http://www.opengis.net/spec/cql2/1.0/conf/spatial-functions",
        "http://www.opengis.net/spec/cql2/1.0/conf/temporal-functions",
        "http://www.opengis.net/spec/cql2/1.0/conf/arithmetic",
        "http://www.opengis.net/spec/cql2/1.0/conf/property-property",
    ]

    static let crs84URI = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"

    /// An identifier's OGC URI (`http://www.opengis.net/def/crs/EPSG/0/3857`; CRS84's is
    /// `…/OGC/1.3/CRS84`).
    static func crsURI(_ id: Identifier) -> String {
        id.authority == "OGC" && id.code == "CRS84" ? crs84URI : "http://www.opengis.net/def/crs/\(id.authority)/0/\(id.code)"
    }

    /// The CRSs collections offer (Part 2's list, given once in `/collections` and referred to as
    /// `#/crs`): CRS84 and every EPSG geographic 2D and projected CRS of the registry that is not
    /// deprecated (the WMS capabilities' list without Esri's codes, which OGC's URIs do not name).
    var featuresCRSURIs: [String] {
        [Self.crs84URI] + advertisedCRSs.compactMap { text in
            guard let id = Identifier(parsing: text), id.authority == "EPSG" else { return nil }
            return Self.crsURI(id)
        }
    }

    /// A CRS of a `crs` or `bbox-crs` parameter: an OGC URI, safe CURIE or `AUTH:CODE` of a
    /// geographic 2D or projected CRS; CRS84 when absent.
    func featuresCRS(_ query: Query, _ parameter: String) throws(APIError) -> (sr: SpatialReference, uri: String) {
        guard let text = query[parameter], !text.isEmpty else {
            return (try state.spatialReference("OGC:CRS84", parameter: parameter), Self.crs84URI)
        }
        let expected = "a CRS URI such as http://www.opengis.net/def/crs/EPSG/0/3857 (the collections' crs list)"
        guard text.utf8.count <= 256, Identifier(parsing: text) != nil else { throw APIError.badParameter(parameter, text, expected) }
        let sr = try state.spatialReference(text, parameter: parameter)
        guard let id = sr.identifier, sr.axes.count == 2, sr.isGeographic || sr.isProjected else {
            throw APIError.badParameter(parameter, text, "a geographic 2D or projected CRS; " + expected)
        }
        return (sr, Self.crsURI(id))
    }

    /// The collections by id, in the order the API lists them.
    func featureCollections() -> [FeatureCollection] {
        Self.countriesLayers.map { FeatureCollection(id: $0.0, title: $0.2, extent: [-180, -90, 180, 90], source: .builtIn($0.1)) }
            + state.vectors.sorted.map { v in
                FeatureCollection(id: v.name, title: v.title, extent: v.lonLatExtent, source: .file(v))
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
            // CRS84 first: clients that read one CRS take the first.
            "crs": .array([.string(Self.crs84URI), .string(Self.crsURI(Identifier("EPSG", 4326))),
                           .string(Self.crsURI(Identifier("EPSG", 3857))), .string("#/crs")]),
            "storageCrs": .string(Self.crs84URI),
            "extent": .object(["spatial": .object(["bbox": .array([.array(c.extent.map { .number($0) })]),
                                                   "crs": .string(Self.crs84URI)])]),
            "links": .array([
                Self.link(href, "self", "application/json", "This collection"),
                Self.link(href + "?f=html", "alternate", "text/html", "This collection as HTML"),
                Self.link(href + "/items", "items", "application/geo+json", "Its features"),
                Self.link(href + "/queryables", "http://www.opengis.net/def/rel/ogc/1.0/queryables", "application/schema+json",
                          "The properties its items can be filtered by"),
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
            if try FeaturesHTML.wantsHTML(request, try Query(request)) {
                let body = "<p>The countries and the vector files this server draws, as OGC API Features: GeoJSON in CRS84 or "
                    + "any EPSG or Esri CRS of the registry (<code>crs</code>, <code>bbox-crs</code>), and these pages.</p>\n"
                    + FeaturesHTML.links([("The collections", "\(base)/ogcapi/collections?f=html", "what can be queried"),
                                          ("Conformance classes", "\(base)/ogcapi/conformance?f=html", ""),
                                          ("The API definition", "\(base)/ogcapi/api", "OpenAPI 3.0, JSON"),
                                          ("The map viewer", "\(base)/", "")])
                return FeaturesHTML.page(title: "Graticule OGC API Features", trail: [], body: body, json: "\(base)/ogcapi?f=json")
            }
            return Responses.json(JSONValue.object([
                "title": .string("Graticule"),
                "description": .string("The countries and the vector files this server draws, as OGC API Features (GeoJSON, "
                                       + "in CRS84 or any EPSG or Esri CRS of the registry)."),
                "links": .array([
                    Self.link("\(base)/ogcapi", "self", "application/json", "This document"),
                    Self.link("\(base)/ogcapi?f=html", "alternate", "text/html", "This document as HTML"),
                    Self.link("\(base)/ogcapi/api", "service-desc", "application/vnd.oai.openapi+json;version=3.0", "The API definition"),
                    Self.link("\(base)/ogcapi/conformance", "conformance", "application/json", "Conformance classes"),
                    Self.link("\(base)/ogcapi/collections", "data", "application/json", "The collections"),
                ]),
            ]))
        }
        router.get("/ogcapi/api") { _, _ in
            let collections = self.featureCollections().compactMap { c in (try? c.layer()).map { (id: c.id, schema: $0.schema) } }
            var response = Responses.json(Self.openAPI(collections: collections))
            response.headers[.contentType] = "application/vnd.oai.openapi+json;version=3.0"
            return response
        }
        router.get("/ogcapi/conformance") { request, _ in
            if try FeaturesHTML.wantsHTML(request, try Query(request)) {
                let base = self.publicBaseURL(request)
                return FeaturesHTML.page(title: "Conformance classes", trail: Self.htmlTrail(base),
                                         body: "<ul>\n" + Self.conformance.map { "<li><code>\(FeaturesHTML.escape($0))</code></li>\n" }.joined() + "</ul>\n",
                                         json: "\(base)/ogcapi/conformance?f=json")
            }
            return Responses.json(JSONValue.object(["conformsTo": .array(Self.conformance.map { .string($0) })]))
        }
        router.get("/ogcapi/collections") { request, _ in
            let base = self.publicBaseURL(request)
            if try FeaturesHTML.wantsHTML(request, try Query(request)) {
                var body = "<table><tr><th>Collection</th><th>Title</th><th>Extent (W, S, E, N)</th><th>Features</th></tr>\n"
                for c in self.featureCollections() {
                    let href = "\(base)/ogcapi/collections/\(c.id)"
                    body += "<tr><td><a href=\"\(FeaturesHTML.escape(href))?f=html\">\(FeaturesHTML.escape(c.id))</a></td>"
                        + "<td>\(FeaturesHTML.escape(c.title))</td><td>\(FeaturesHTML.extentText(c.extent))</td>"
                        + "<td><a href=\"\(FeaturesHTML.escape(href))/items?f=html\">items</a></td></tr>\n"
                }
                return FeaturesHTML.page(title: "Collections", trail: Self.htmlTrail(base),
                                         body: body + "</table>\n", json: "\(base)/ogcapi/collections?f=json")
            }
            return Responses.json(JSONValue.object([
                "collections": .array(self.featureCollections().map { self.collectionJSON($0, base: base) }),
                "crs": .array(self.featuresCRSURIs.map { .string($0) }),
                "links": .array([Self.link("\(base)/ogcapi/collections", "self", "application/json", "The collections"),
                                 Self.link("\(base)/ogcapi/collections?f=html", "alternate", "text/html", "The collections as HTML")]),
            ]))
        }
        router.get("/ogcapi/collections/:id") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let base = self.publicBaseURL(request)
            if try FeaturesHTML.wantsHTML(request, try Query(request)) {
                let href = "\(base)/ogcapi/collections/\(c.id)"
                let body = "<p>\(FeaturesHTML.escape(c.title)); extent \(FeaturesHTML.extentText(c.extent)) "
                    + "(west, south, east, north, CRS84).</p>\n"
                    + FeaturesHTML.map(base: base, layers: self.htmlMapLayers(c), shapes: [], fallback: c.extent)
                    + FeaturesHTML.links([("Its features", "\(href)/items?f=html", "10 a page"),
                                          ("Its features as GeoJSON", "\(href)/items?f=json", "")])
                return FeaturesHTML.page(title: c.id, trail: Self.htmlTrail(base, collections: true),
                                         body: body, json: "\(href)?f=json")
            }
            return Responses.json(self.collectionJSON(c, base: base))
        }
        router.get("/ogcapi/collections/:id/queryables") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let href = self.publicBaseURL(request) + "/ogcapi/collections/\(c.id)/queryables"
            var response = Responses.json(Self.queryables(try c.layer().schema, id: href, title: c.title))
            response.headers[.contentType] = "application/schema+json"
            return response
        }
        router.get("/ogcapi/collections/:id/items") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let layer = try c.layer()
            let query = try Query(request)
            let limit = try query.integer("limit", in: 1...10_000, default: 10)
            let offset = try query.integer("offset", in: 0...Int(Int32.max), default: 0)
            let output = try self.featuresOutput(query)
            let bboxCRS = try self.featuresCRS(query, "bbox-crs")
            let boxes = try query.numbers("bbox", count: 4).map { b throws(APIError) in try self.lonLatBoxes(b, in: bboxCRS, query: query) }
            let filters = try Self.propertyFilters(query, layer.schema)
            let time = try query["datetime"].map { t throws(APIError) in try TemporalFilter(parsing: t) }
            let timeField = time == nil ? nil : TemporalFilter.temporalField(layer)
            let cql = try self.featuresFilter(query, layer)
            let matched = layer.features.indices.filter { i in
                guard filters.allSatisfy({ $0.matches(layer.features[i]) }) else { return false }
                if let cql, !cql.matches(layer.features[i]) { return false }
                if let time {
                    guard let k = timeField, k < layer.features[i].attributes.count, time.matches(layer.features[i].attributes[k]) else { return false }
                }
                guard let boxes else { return true }
                guard let g = layer.features[i].geometry else { return false }
                return boxes.contains { !$0.isEmpty && GeometryEngine.intersects(g, $0) }
            }
            let page = matched.dropFirst(offset).prefix(limit)
            let base = self.publicBaseURL(request) + "/ogcapi/collections/\(c.id)/items"
            func pageURL(_ offset: Int, f: String? = nil) -> String {
                var parts = ["limit=\(limit)", "offset=\(offset)"]
                for name in Self.pagedParameters + filters.map(\.parameter) {
                    if let v = query[name], !v.isEmpty {
                        parts.append("\(name)=\(v.addingPercentEncoding(withAllowedCharacters: .unreservedURL) ?? v)")
                    }
                }
                if let f { parts.append("f=\(f)") }
                return base + "?" + parts.joined(separator: "&")
            }
            let hasNext = offset + page.count < matched.count
            if try FeaturesHTML.wantsHTML(request, query) {
                return self.itemsHTML(c, layer: layer, page: Array(page), matched: matched.count, offset: offset, limit: limit,
                                      pageURL: { pageURL($0, f: $1) }, hasNext: hasNext, request: request)
            }
            var encoder = GeoJSONEncoder(schema: layer.schema)
            encoder.raw("{\"type\":\"FeatureCollection\",\"features\":[")
            for (k, i) in page.enumerated() {
                if k > 0 { encoder.raw(",") }
                encoder.feature(output.feature(layer.features[i]), id: Self.featureID(layer.features[i], at: i))
            }
            var links = [Self.link(pageURL(offset), "self", "application/geo+json", "This page"),
                         Self.link(pageURL(offset, f: "html"), "alternate", "text/html", "This page as HTML")]
            if hasNext {
                links.append(Self.link(pageURL(offset + page.count), "next", "application/geo+json", "The next page"))
            }
            let tail = try Responses.encoder.encode(JSONValue.object([
                "numberMatched": .number(Double(matched.count)), "numberReturned": .number(Double(page.count)),
                "links": .array(links),
            ]))
            encoder.raw("],")
            encoder.append(tail.dropFirst())  // the members after the features, without the opening brace
            return Responses.bytes(encoder.bytes, contentType: "application/geo+json", headers: output.headers)
        }
        router.get("/ogcapi/collections/:id/items/:fid") { request, context in
            let c = try self.featureCollection(context.parameters.get("id") ?? "")
            let layer = try c.layer()
            let raw = context.parameters.get("fid") ?? ""
            guard let fid = Int64(raw),
                  let i = layer.features.indices.first(where: { Self.featureID(layer.features[$0], at: $0) == fid }) else {
                throw APIError(.notFound, "collection \(c.id) has no feature \(APIError.quoted(raw))")
            }
            let query = try Query(request)
            if let unknown = query.names.first(where: { $0 != "crs" && $0 != "f" }) {
                throw APIError(.badRequest, "unknown parameter \(APIError.quoted(unknown)); parameters: crs, f")
            }
            let output = try self.featuresOutput(query)
            if try FeaturesHTML.wantsHTML(request, query) {
                let base = self.publicBaseURL(request)
                let collection = "\(base)/ogcapi/collections/\(c.id)"
                let f = layer.features[i]
                let title = FeaturesHTML.label(f, id: fid, nameField: FeaturesHTML.nameField(layer.schema))
                let shapes = f.geometry.map { [(geometry: $0, title: title, href: "\(collection)/items/\(fid)?f=html")] } ?? []
                let body = FeaturesHTML.map(base: base, layers: self.htmlMapLayers(c), shapes: shapes, fallback: c.extent)
                    + FeaturesHTML.properties(f, schema: layer.schema)
                return FeaturesHTML.page(title: title, trail: Self.htmlTrail(base, collections: true, collection: c.id, items: true),
                                         body: body, json: "\(collection)/items/\(fid)?f=json")
            }
            var encoder = GeoJSONEncoder(schema: layer.schema)
            encoder.feature(output.feature(layer.features[i]), id: fid)
            return Responses.bytes(encoder.bytes, contentType: "application/geo+json", headers: output.headers)
        }
    }

    /// Where an HTML page sits: the landing page, then (when given) the collections, a
    /// collection and its items, each a link to its page.
    static func htmlTrail(_ base: String, collections: Bool = false, collection: String? = nil,
                          items: Bool = false) -> [(String, String)] {
        var trail = [("Landing page", "\(base)/ogcapi?f=html")]
        if collections { trail.append(("Collections", "\(base)/ogcapi/collections?f=html")) }
        if let collection {
            trail.append((collection, "\(base)/ogcapi/collections/\(collection)?f=html"))
            if items { trail.append(("Items", "\(base)/ogcapi/collections/\(collection)/items?f=html")) }
        }
        return trail
    }

    /// The WMS layers an HTML page draws a collection's features over: the countries, and the
    /// collection itself when it is a vector file.
    func htmlMapLayers(_ c: FeatureCollection) -> String {
        if case .builtIn = c.source { return c.id }
        return "countries," + (c.id.addingPercentEncoding(withAllowedCharacters: .unreservedURL) ?? c.id)
    }

    /// A page of items as HTML: a map of them, a table, the pages before and after.
    func itemsHTML(_ c: FeatureCollection, layer: FeatureLayer, page: [Int], matched: Int, offset: Int, limit: Int,
                   pageURL: (Int, String?) -> String, hasNext: Bool, request: Request) -> Response {
        let base = publicBaseURL(request)
        let collection = "\(base)/ogcapi/collections/\(c.id)"
        let rows = page.map { i in
            let id = Self.featureID(layer.features[i], at: i)
            return (feature: layer.features[i], id: id, href: "\(collection)/items/\(id)?f=html")
        }
        let nameField = FeaturesHTML.nameField(layer.schema)
        let shapes = rows.compactMap { r in
            r.feature.geometry.map { (geometry: $0, title: FeaturesHTML.label(r.feature, id: r.id, nameField: nameField), href: r.href) }
        }
        var body = "<p>Features \(page.isEmpty ? 0 : offset + 1)–\(offset + page.count) of \(matched).</p>\n"
        body += FeaturesHTML.map(base: base, layers: htmlMapLayers(c), shapes: shapes, fallback: c.extent)
        body += FeaturesHTML.table(rows, schema: layer.schema)
        var nav: [String] = []
        if offset > 0 { nav.append("<a href=\"\(FeaturesHTML.escape(pageURL(max(0, offset - limit), "html")))\">previous \(limit)</a>") }
        if hasNext { nav.append("<a href=\"\(FeaturesHTML.escape(pageURL(offset + page.count, "html")))\">next \(limit)</a>") }
        if !nav.isEmpty { body += "<p>" + nav.joined(separator: " · ") + "</p>\n" }
        return FeaturesHTML.page(title: "\(c.id): items", trail: Self.htmlTrail(base, collections: true, collection: c.id),
                                 body: body, json: pageURL(offset, "json"))
    }

    /// A collection's queryables (OGC API - Features - Part 3, OGC 19-079r2 §6.2): a JSON Schema
    /// (2020-12) of its properties, each usable as an items parameter (`PropertyFilter`) and in a
    /// filter (`featuresFilter`), and `geometry` (the features' geometries, for the filter's
    /// spatial functions) unless a property has that name.
    static func queryables(_ schema: LayerSchema, id: String, title: String) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for field in queryableFields(schema) {
            properties[field.name] = .object(jsonSchema(field.type).merging(["title": .string(field.name)]) { a, _ in a })
        }
        if schema.index(ofField: "geometry") == nil {
            // The features' geometry, for the filter's spatial functions (19-079r2 §6.2.3).
            properties["geometry"] = .object(["format": .string("geometry-any"), "x-ogc-role": .string("primary-geometry"),
                                              "title": .string("geometry")])
        }
        return .object(["$schema": .string("https://json-schema.org/draft/2020-12/schema"), "$id": .string(id),
                        "type": .string("object"), "title": .string(title), "properties": .object(properties)])
    }

    /// A field type's JSON Schema (what the API definition and the queryables give a property).
    static func jsonSchema(_ type: FieldType) -> [String: JSONValue] {
        switch type {
        case .integer: ["type": .string("integer")]
        case .real: ["type": .string("number")]
        case .boolean: ["type": .string("boolean")]
        case .date: ["type": .string("string"), "format": .string("date")]
        case .dateTime: ["type": .string("string"), "format": .string("date-time")]
        case .string: ["type": .string("string")]
        }
    }

    /// The fields that can filter items: all but those named as the items' own parameters.
    static func queryableFields(_ schema: LayerSchema) -> [FieldDefinition] {
        schema.fields.filter { !itemsParameters.contains($0.name.lowercased()) }
    }

    /// The items' own parameters; any other must name a property of the collection.
    static let itemsParameters = Set(pagedParameters + ["limit", "offset", "f"])

    /// The items' own parameters that every page of a request keeps (its links give them again).
    static let pagedParameters = ["bbox", "bbox-crs", "crs", "datetime", "filter", "filter-lang", "filter-crs"]

    /// A property filter, `NAME=value` (OGC 17-069r4 §7.15.6): the features whose property
    /// equals the value, as text, or as a number for numeric properties (`n=2` matches 2.0).
    struct PropertyFilter {
        let parameter: String
        let field: Int
        let value: String

        func matches(_ f: Feature) -> Bool {
            guard field < f.attributes.count else { return false }
            let a = f.attributes[field]
            if a.stringValue == nil, let x = a.doubleValue, let y = Double(value) { return x == y }
            return !a.isNull && a.description == value
        }
    }

    /// The property filters of an items request; a parameter that is neither one of the items'
    /// own nor a property of the collection is a 400 (17-069r4 /req/core/query-param-unknown).
    static func propertyFilters(_ query: Query, _ schema: LayerSchema) throws(APIError) -> [PropertyFilter] {
        var filters: [PropertyFilter] = []
        for name in query.names where !itemsParameters.contains(name) {
            guard let k = schema.index(ofField: name) else {
                throw APIError(.badRequest, "unknown parameter \(APIError.quoted(name)); parameters: "
                               + itemsParameters.sorted().joined(separator: ", ") + ", and the collection's properties: "
                               + schema.fields.map(\.name).joined(separator: ", "))
            }
            filters.append(PropertyFilter(parameter: name, field: k, value: query[name] ?? ""))
        }
        return filters
    }

    /// How features leave: projected from CRS84 into the `crs` parameter's CRS, in its axis order.
    struct FeaturesOutput {
        let uri: String
        /// Nil for CRS84 (features go out as stored).
        let transformer: Transformer?
        let northFirst: Bool

        func feature(_ f: Feature) -> Feature {
            guard transformer != nil || northFirst, let g = f.geometry else { return f }
            var out = f
            let projected = transformer.map { GeometryEngine.project(g, using: $0) } ?? g
            out.geometry = northFirst ? projected.swappingXY : projected
            return out
        }

        /// `Content-Crs: <uri>` (OGC 18-058r1 §7.2).
        var headers: HTTPFields {
            var h = HTTPFields()
            h[HTTPField.Name("Content-Crs")!] = "<\(uri)>"
            return h
        }
    }

    func featuresOutput(_ query: Query) throws(APIError) -> FeaturesOutput {
        let (sr, uri) = try featuresCRS(query, "crs")
        let northFirst = WMSAxes.isNorthFirst(sr, name: uri)
        guard uri != Self.crs84URI else { return FeaturesOutput(uri: uri, transformer: nil, northFirst: false) }
        let t = try state.transformer(from: try state.spatialReference("OGC:CRS84", parameter: "crs"), to: sr, transformation: nil,
                                      catalog: try state.dataDirectory(query).catalog)
        return FeaturesOutput(uri: uri, transformer: t, northFirst: northFirst)
    }

    /// A bbox (lower corner, upper corner, in the CRS's axis order) as CRS84 envelopes: one, or
    /// two when a longitude/latitude box spans the antimeridian (its west edge east of its east
    /// edge, as OGC 17-069r4 §7.15.3 allows: `170,-50,-170,0` is 170°E…180° and 180°…170°W).
    /// A box in another CRS is projected as its outline densified (64 points a side), and the
    /// boxes that cover that taken (`LonLatCover`: two where it crosses the antimeridian; none
    /// when no part of it has a place in CRS84).
    func lonLatBoxes(_ b: [Double], in crs: (sr: SpatialReference, uri: String), query: Query) throws(APIError) -> [Envelope] {
        let raw = query["bbox"] ?? ""
        let (x0, y0, x1, y1) = WMSAxes.isNorthFirst(crs.sr, name: crs.uri) ? (b[1], b[0], b[3], b[2]) : (b[0], b[1], b[2], b[3])
        guard y0 <= y1 else {
            throw APIError.badParameter("bbox", raw, "lower corner,upper corner with the lower one south of the upper one")
        }
        var boxes = [Envelope(xMin: x0, yMin: y0, xMax: x1, yMax: y1, spatialReference: crs.sr)]
        if x0 > x1 {
            guard crs.sr.isGeographic, crs.sr.unit.map({ abs($0.factor / UnitOfMeasure.degree.factor - 1) < 1e-9 }) == true else {
                throw APIError.badParameter("bbox", raw, "lower corner,upper corner with the lower one west of the upper one "
                                            + "(only a box in longitude and latitude degrees may span the antimeridian)")
            }
            boxes = [Envelope(xMin: x0, yMin: y0, xMax: 180, yMax: y1, spatialReference: crs.sr),
                     Envelope(xMin: -180, yMin: y0, xMax: x1, yMax: y1, spatialReference: crs.sr)]
        }
        guard crs.uri != Self.crs84URI else { return boxes }
        let t = try lonLatTransformer(from: crs.sr, catalog: try state.dataDirectory(query).catalog)
        return boxes.flatMap { box -> [Envelope] in
            let corners = [SIMD2(box.xMin, box.yMin), SIMD2(box.xMax, box.yMin), SIMD2(box.xMax, box.yMax), SIMD2(box.xMin, box.yMax)]
            let outline = (0..<4).flatMap { side in
                (0..<64).compactMap { k in
                    let p = corners[side] + (corners[(side + 1) % 4] - corners[side]) * (Double(k) / 64)
                    return Self.lonLat(p.x, p.y, t)
                }
            }
            return LonLatCover.boxes(outline)
        }
    }
}
