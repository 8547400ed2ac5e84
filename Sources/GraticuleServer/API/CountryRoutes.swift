import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
import GraticuleTransform
import Hummingbird

/// `/api/countries` (the list), `/api/country?x=&y=` (the country at a point) and
/// `/api/country/{ADM0_A3}` (one country): Natural Earth admin-0 countries (`layer=countries110`,
/// the default, or `countries10m`) with their attributes and extent in degrees, and the extent in
/// any spatial reference (`sr=`) for zooming a map to the country (workflow 4).
extension GraticuleServer {
    func addCountryRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/countries") { request, _ in
            let layer = try self.countryLayer(try Query(request))
            let schema = layer.layer.schema
            let list = layer.layer.features.compactMap { f -> CountryListing? in
                guard let code = f.value("ADM0_A3", in: schema)?.stringValue else { return nil }
                return CountryListing(code: code, name: f.value("ADMIN", in: schema)?.stringValue ?? code)
            }.sorted { $0.name < $1.name }
            return Responses.json(CountryList(layer: layer.name, countries: list))
        }
        router.get("/api/country") { request, _ in
            let query = try Query(request)
            let layer = try self.countryLayer(query)
            let x = try query.requiredDouble("x"), y = try query.requiredDouble("y")
            // The point in `sr` (default WGS 84 lon/lat), converted to lon/lat for the lookup.
            var lon = x, lat = y
            if let srText = query["sr"] {
                let sr = try state.spatialReference(srText, parameter: "sr")
                let t = try state.transformer(from: sr, to: try state.spatialReference("OGC:CRS84", parameter: "sr"),
                                              transformation: nil, catalog: state.embeddedCatalog)
                let p = try engine("sr") { () throws(GraticuleError) in try t.transform(x: x, y: y, z: 0) }
                lon = p.x; lat = p.y
            }
            guard (-180...180).contains(lon), (-90...90).contains(lat) else {
                throw APIError(.badRequest, "x=\(x), y=\(y): not a longitude/latitude in degrees (−180…180, −90…90)")
            }
            guard let feature = layer.feature(containingLon: lon, lat: lat) else {
                return Responses.json(CountryAtPoint(layer: layer.name, lon: lon, lat: lat, country: nil))
            }
            return Responses.json(CountryAtPoint(layer: layer.name, lon: lon, lat: lat,
                                                 country: try self.countryBody(feature, layer: layer, query: query)))
        }
        router.get("/api/country/:code") { request, context in
            let query = try Query(request)
            let layer = try self.countryLayer(query)
            let code = (context.parameters.get("code") ?? "").uppercased()
            guard code.utf8.count <= 8, let feature = layer.feature(adm0A3: code) else {
                throw APIError(.notFound, "no country with ADM0_A3 code \(APIError.quoted(code)) in \(layer.name)")
            }
            return Responses.json(try self.countryBody(feature, layer: layer, query: query))
        }
    }

    /// The layer a request names (`layer=countries110|countries10m`; countries110 by default).
    func countryLayer(_ query: Query) throws(APIError) -> BuiltInLayer {
        let name = query["layer"] ?? "countries110"
        guard NaturalEarth.layerNames.contains(name) else {
            throw APIError.badParameter("layer", name, "expected one of \(NaturalEarth.layerNames.joined(separator: ", "))")
        }
        return try engine("layer") { () throws(GraticuleError) in try NaturalEarth.layer(named: name) }
    }

    func countryBody(_ feature: Feature, layer: BuiltInLayer, query: Query) throws(APIError) -> CountryBody {
        let schema = layer.layer.schema
        var attributes: [String: String] = [:]
        for name in ["ADMIN", "NAME", "NAME_LONG", "ADM0_A3", "ISO_A3", "ISO_A2", "CONTINENT", "REGION_UN",
                     "SUBREGION", "POP_EST", "GDP_MD", "GDP_MD_EST", "SOVEREIGNT", "TYPE"] {
            if let v = feature.value(name, in: schema), !v.isNull { attributes[name] = v.description }
        }
        let points = feature.geometry?.coordinates?.xy ?? []
        let extent = CountryExtent.lonLat(points)
        var projected: ProjectedExtent?
        if let srText = query["sr"] {
            let sr = try state.spatialReference(srText, parameter: "sr")
            let t = try state.transformer(from: try state.spatialReference("OGC:CRS84", parameter: "sr"), to: sr,
                                          transformation: nil, catalog: state.embeddedCatalog)
            var xyz = points.map { SIMD3($0.x, $0.y, 0) }
            xyz.withUnsafeMutableBufferPointer { t.transform($0) }
            let finite = xyz.filter { $0.x.isFinite && $0.y.isFinite }
            if !finite.isEmpty {
                let e = Envelope(points: finite.map { SIMD2($0.x, $0.y) })
                projected = ProjectedExtent(spatialReference: sr.identifier?.description ?? sr.name,
                                            xmin: e.xMin, ymin: e.yMin, xmax: e.xMax, ymax: e.yMax,
                                            projectedVertices: finite.count, vertices: points.count)
            }
        }
        return CountryBody(code: attributes["ADM0_A3"] ?? "", name: attributes["ADMIN"] ?? "",
                           attributes: attributes, extent: extent, projectedExtent: projected)
    }

    struct CountryListing: Encodable { var code: String; var name: String }
    struct CountryList: Encodable { var layer: String; var countries: [CountryListing] }
    struct CountryAtPoint: Encodable {
        var layer: String
        var lon: Double, lat: Double
        var country: CountryBody?
        enum Keys: String, CodingKey { case layer, lon, lat, country }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(layer, forKey: .layer)
            try c.encode(lon, forKey: .lon)
            try c.encode(lat, forKey: .lat)
            try c.encode(country, forKey: .country)  // null when the point is in no country
        }
    }
}

/// A country in JSON: its code, name, selected attributes, its extent in degrees (west > east
/// when it crosses the antimeridian) and, when asked, in another spatial reference.
struct CountryBody: Encodable {
    var code: String
    var name: String
    var attributes: [String: String]
    var extent: CountryExtent
    var projectedExtent: ProjectedExtent?
}

/// An extent in another spatial reference, from the projected vertices (those the projection
/// could not reach are left out and counted).
struct ProjectedExtent: Encodable {
    var spatialReference: String
    var xmin: Double, ymin: Double, xmax: Double, ymax: Double
    var projectedVertices: Int, vertices: Int
}

/// A longitude/latitude extent in degrees; `west > east` when the shortest longitude interval
/// holding every vertex crosses the antimeridian (Fiji, Russia's Chukotka side).
struct CountryExtent: Encodable {
    var west: Double, south: Double, east: Double, north: Double

    static func lonLat(_ points: [SIMD2<Double>]) -> CountryExtent {
        guard !points.isEmpty else { return CountryExtent(west: 0, south: 0, east: 0, north: 0) }
        var south = Double.infinity, north = -Double.infinity
        var lons: [Double] = []
        lons.reserveCapacity(points.count)
        for p in points {
            south = min(south, p.y); north = max(north, p.y)
            lons.append(p.x)
        }
        lons.sort()
        // The widest gap between consecutive longitudes (cyclically) is outside the extent.
        var gap = lons[0] + 360 - lons[lons.count - 1], west = lons[0], east = lons[lons.count - 1]
        for i in 1..<lons.count where lons[i] - lons[i - 1] > gap {
            gap = lons[i] - lons[i - 1]
            west = lons[i]; east = lons[i - 1]
        }
        return CountryExtent(west: west, south: south, east: east, north: north)
    }
}
