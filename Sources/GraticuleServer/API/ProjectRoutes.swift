import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleTransform
import Hummingbird

/// `/api/project`: one point (GET) or a batch (POST: `{"points": [[x, y], …]}` or any GeoJSON
/// object), from one spatial reference to another with the default, a chosen or no datum
/// transformation. Coordinates are x/y: longitude/latitude, easting/northing.
extension GraticuleServer {
    func addProjectRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/project") { request, _ in try self.projectPoint(try Query(request)) }
        router.post("/api/project") { request, _ in
            let query = try Query(request)
            var request = request
            let body = try await request.collectBody(upTo: state.configuration.limits.maxBodyBytes)
            let bytes = Array(body.readableBytesView)
            return try await withDeadline(state.configuration.limits.requestTimeout) {
                try self.projectBatch(query, body: bytes)
            }
        }
    }

    /// The transformer a request asks for, and the data directory it used.
    func requestedTransformer(_ query: Query, defaultFrom: SpatialReference? = nil) throws(APIError)
        -> (Transformer, String?) {
        let source: SpatialReference
        if let from = query["from"] { source = try state.spatialReference(from, parameter: "from") }
        else if let defaultFrom { source = defaultFrom }
        else { throw APIError.missing("from", "the source spatial reference") }
        let target = try state.spatialReference(try query.required("to", "the target spatial reference"), parameter: "to")
        let (dir, catalog) = try state.dataDirectory(query)
        return (try state.transformer(from: source, to: target, transformation: query["transformation"], catalog: catalog), dir)
    }

    func projectPoint(_ query: Query) throws -> Response {
        let x = try query.requiredDouble("x"), y = try query.requiredDouble("y")
        let z = try query.double("z")
        let (t, dir) = try requestedTransformer(query)
        let r = try engine { () throws(GraticuleError) in try t.transform(x: x, y: y, z: z ?? 0) }
        return Responses.json(PointBody(
            from: t.source.identifier?.description ?? t.source.name, to: t.target.identifier?.description ?? t.target.name,
            input: .init(x: x, y: y, z: z), x: r.x, y: r.y, z: z == nil ? nil : r.z,
            transformation: t.transformation.map(TransformationBody.init), dataDirectory: dir))
    }

    func projectBatch(_ query: Query, body: [UInt8]) throws -> Response {
        guard !body.isEmpty else { throw APIError(.badRequest, "body: empty; expected {\"points\": [[x, y], …]} or GeoJSON") }
        let json = try JSONValue.parse(body)
        guard case var .object(object) = json else {
            throw APIError(.badRequest, "body: expected a JSON object: {\"points\": [[x, y], …]} or GeoJSON")
        }
        let isGeoJSON = object["points"] == nil
        // GeoJSON is CRS84 unless it says otherwise (the 2008 "crs" member) or `from` is given.
        var declared: SpatialReference?
        if isGeoJSON {
            guard let type = object["type"]?.string, GeoJSONPositions.types.contains(type) else {
                throw APIError(.badRequest, "body: expected \"points\" or a GeoJSON object with a \"type\" of "
                               + GeoJSONPositions.types.sorted().joined(separator: ", "))
            }
            if let name = object["crs"]?["properties"]?["name"]?.string {
                declared = try state.spatialReference(name, parameter: "crs")
            } else {
                declared = try state.spatialReference("OGC:CRS84", parameter: "crs")
            }
        }
        let (t, dir) = try requestedTransformer(query, defaultFrom: declared)
        var positions = GeoJSONPositions(limit: state.configuration.limits.maxBatchPoints)
        if isGeoJSON {
            try positions.collect(json, path: "")
        } else {
            guard case let .array(points)? = object["points"] else {
                throw APIError(.badRequest, "body: \"points\" must be an array of [x, y] or [x, y, z]")
            }
            for (i, p) in points.enumerated() { try positions.position(p, path: "points[\(i)]") }
        }
        positions.points.withUnsafeMutableBufferPointer { t.transform($0) }
        var failed = 0
        for p in positions.points where !(p.x.isFinite && p.y.isFinite) { failed += 1 }
        let targetID = t.target.identifier
        if isGeoJSON {
            var index = 0
            var out = positions.rewrite(json, index: &index)
            if case var .object(o) = out {
                o.removeValue(forKey: "crs")
                if let targetID, !(targetID.authority == "OGC" && targetID.code == "CRS84") {
                    o["crs"] = .object(["type": .string("name"), "properties": .object([
                        "name": .string("urn:ogc:def:crs:\(targetID.authority)::\(targetID.code)")])])
                }
                o["graticule:failedPositions"] = .number(Double(failed))
                out = .object(o)
            }
            return Responses.json(out)
        }
        object = [
            "from": .string(t.source.identifier?.description ?? t.source.name),
            "to": .string(targetID?.description ?? t.target.name),
            "points": .array(positions.points.enumerated().map { i, p in
                guard p.x.isFinite && p.y.isFinite else { return .null }
                return .array(positions.dimensions[i] == 3 ? [.number(p.x), .number(p.y), .number(p.z)]
                                                             : [.number(p.x), .number(p.y)])
            }),
            "failed": .number(Double(failed)),
            "transformation": t.transformation.map { .string($0.name) } ?? .null,
            "dataDirectory": dir.map { .string($0) } ?? .null,
        ]
        return Responses.json(JSONValue.object(object))
    }

    struct PointBody: Encodable {
        struct XYZ: Encodable { var x: Double; var y: Double; var z: Double? }
        var from: String, to: String
        var input: XYZ
        var x: Double, y: Double, z: Double?
        var transformation: TransformationBody?
        var dataDirectory: String?
    }
}

/// A datum transformation in JSON: name, code (`AUTH:CODE` steps joined by `+`, `~` inverted),
/// accuracy in metres, ballpark flag and steps.
struct TransformationBody: Encodable {
    var name: String
    var code: String
    var isBallpark: Bool
    var accuracy: Double?
    var steps: [String]
    init(_ t: GeographicTransformation) {
        name = t.name
        code = t.code
        isBallpark = t.isBallpark
        accuracy = t.accuracy
        steps = t.steps.map(\.code)
    }
}

/// The positions of a GeoJSON object (or of a `points` list), gathered into one buffer for one
/// batch transformation and written back in the same order.
struct GeoJSONPositions {
    /// Array levels above a position in each geometry type's `coordinates`.
    static let coordinateDepth = ["Point": 0, "MultiPoint": 1, "LineString": 1, "MultiLineString": 2, "Polygon": 2,
                                  "MultiPolygon": 3]
    static let types = Set(coordinateDepth.keys).union(["FeatureCollection", "Feature", "GeometryCollection"])
    let limit: Int
    var points: [SIMD3<Double>] = []
    var dimensions: [UInt8] = []

    init(limit: Int) { self.limit = limit }

    /// Collects the positions of a GeoJSON object, checking its structure.
    mutating func collect(_ value: JSONValue, path: String) throws(APIError) {
        guard case let .object(o) = value, let type = o["type"]?.string else {
            throw APIError(.badRequest, "body\(path): expected a GeoJSON object with a \"type\"")
        }
        switch type {
        case "FeatureCollection":
            guard case let .array(features)? = o["features"] else {
                throw APIError(.badRequest, "body\(path): a FeatureCollection needs a \"features\" array")
            }
            for (i, f) in features.enumerated() { try collect(f, path: "\(path).features[\(i)]") }
        case "Feature":
            guard let g = o["geometry"] else {
                throw APIError(.badRequest, "body\(path): a Feature needs a \"geometry\" member (null allowed)")
            }
            if g != .null { try collect(g, path: "\(path).geometry") }
        case "GeometryCollection":
            guard case let .array(geometries)? = o["geometries"] else {
                throw APIError(.badRequest, "body\(path): a GeometryCollection needs a \"geometries\" array")
            }
            for (i, g) in geometries.enumerated() { try collect(g, path: "\(path).geometries[\(i)]") }
        default:
            guard let depth = GeoJSONPositions.coordinateDepth[type], let c = o["coordinates"] else {
                throw APIError(.badRequest, "body\(path): unknown GeoJSON type \(APIError.quoted(type)) or no \"coordinates\"")
            }
            try coordinates(c, depth: depth, path: "\(path).coordinates")
        }
    }

    private mutating func coordinates(_ value: JSONValue, depth: Int, path: String) throws(APIError) {
        if depth == 0 { try position(value, path: path); return }
        guard case let .array(items) = value else {
            throw APIError(.badRequest, "body\(path): expected an array")
        }
        for (i, item) in items.enumerated() { try coordinates(item, depth: depth - 1, path: "\(path)[\(i)]") }
    }

    /// One position: [x, y] or [x, y, z] (further values are kept as given).
    mutating func position(_ value: JSONValue, path: String) throws(APIError) {
        guard case let .array(n) = value, n.count >= 2, let x = n[0].number, let y = n[1].number,
              n.count == 2 || n[2].number != nil else {
            throw APIError(.badRequest, "body\(path): expected a position [x, y] or [x, y, z] of numbers")
        }
        guard points.count < limit else {
            throw APIError(.contentTooLarge, "body: more than \(limit) positions in one batch")
        }
        points.append(SIMD3(x, y, n.count > 2 ? n[2].number! : 0))
        dimensions.append(n.count > 2 ? 3 : 2)
    }

    /// The object with every position replaced by its transformed value (null when it could not
    /// be transformed) and bounding boxes dropped (they would be stale).
    func rewrite(_ value: JSONValue, index: inout Int) -> JSONValue {
        guard case var .object(o) = value, let type = o["type"]?.string else { return value }
        o.removeValue(forKey: "bbox")
        switch type {
        case "FeatureCollection":
            if case let .array(features)? = o["features"] {
                o["features"] = .array(features.map { rewrite($0, index: &index) })
            }
        case "Feature":
            if let g = o["geometry"], g != .null { o["geometry"] = rewrite(g, index: &index) }
        case "GeometryCollection":
            if case let .array(geometries)? = o["geometries"] {
                o["geometries"] = .array(geometries.map { rewrite($0, index: &index) })
            }
        default:
            let depth = GeoJSONPositions.coordinateDepth[type] ?? 0
            if let c = o["coordinates"] { o["coordinates"] = rewriteCoordinates(c, depth: depth, index: &index) }
        }
        return .object(o)
    }

    private func rewriteCoordinates(_ value: JSONValue, depth: Int, index: inout Int) -> JSONValue {
        if depth > 0, case let .array(items) = value {
            return .array(items.map { rewriteCoordinates($0, depth: depth - 1, index: &index) })
        }
        guard case var .array(n) = value else { return value }
        let p = points[index]
        index += 1
        guard p.x.isFinite && p.y.isFinite else { return .null }
        n[0] = .number(p.x)
        n[1] = .number(p.y)
        if n.count > 2 { n[2] = .number(p.z) }
        return .array(n)
    }
}
