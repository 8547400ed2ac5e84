import Foundation
import GraticuleGeometry
@testable import GraticuleServer
import Testing

/// OGC API Features property filters (OGC 17-069r4 §7.15.6, `NAME=value`) and unknown
/// parameters (/req/core/query-param-unknown: a 400). The squares of squares.geojson
/// (tools/oracle/server_vectors.py) are named A, B, …, with `n` = 1, 2, …; the countries' `ADMIN`
/// and `CONTINENT` are Natural Earth's.
@Suite struct FeaturesFilterRouteTests {
    static func names(_ path: String, _ property: String = "name") async throws -> [String] {
        let r = try await LiveServer.request(path)
        #expect(r.status == 200, "\(path): \(r.text)")
        return (try r.json()["features"] as? [[String: Any]] ?? []).compactMap { ($0["properties"] as? [String: Any])?[property] as? String }
    }

    @Test func propertiesFilterTheItems() async throws {
        #expect(try await Self.names("/ogcapi/collections/squares/items?name=A") == ["A"])
        #expect(try await Self.names("/ogcapi/collections/squares/items?n=2") == ["B"])
        #expect(try await Self.names("/ogcapi/collections/squares/items?n=2.0") == ["B"])  // a number, as a number
        #expect(try await Self.names("/ogcapi/collections/squares/items?name=A&n=2").isEmpty)
        #expect(try await Self.names("/ogcapi/collections/countries/items?admin=France", "ADMIN") == ["France"])  // any case
        #expect(try await Self.names("/ogcapi/collections/countries/items?ADMIN=France&bbox=-10,40,10,55", "ADMIN") == ["France"])
        #expect(try await Self.names("/ogcapi/collections/countries/items?ADMIN=France&bbox=100,0,120,10", "ADMIN").isEmpty)
    }

    /// The filter stays in the next page's link (and in the HTML twin's).
    @Test func pagesKeepTheFilter() async throws {
        let page = try await LiveServer.request("/ogcapi/collections/countries/items?CONTINENT=Europe&limit=5").json()
        let links = (page["links"] as? [[String: Any]] ?? [])
        let next = try #require(links.first { $0["rel"] as? String == "next" }?["href"] as? String)
        #expect(next.contains("continent=Europe") && next.contains("offset=5"))
        #expect(links.contains { ($0["href"] as? String)?.contains("continent=Europe") == true && $0["type"] as? String == "text/html" })
        #expect((page["numberMatched"] as? Int ?? 0) > 5)
    }

    /// The API definition lists each collection's properties as its items' parameters (what
    /// GDAL's OAPIF driver reads to send `-where` equalities to the server).
    @Test func theDefinitionNamesTheProperties() async throws {
        let api = try await LiveServer.request("/ogcapi/api").json()
        let squares = (((api["paths"] as? [String: Any])?["/collections/squares/items"] as? [String: Any])?["get"] as? [String: Any])?["parameters"] as? [[String: Any]]
        let byName = Dictionary((squares ?? []).compactMap { p in (p["name"] as? String).map { ($0, p) } }, uniquingKeysWith: { a, _ in a })
        #expect((byName["name"]?["schema"] as? [String: Any])?["type"] as? String == "string")
        #expect(["integer", "number"].contains((byName["n"]?["schema"] as? [String: Any])?["type"] as? String ?? ""))
        #expect(squares?.contains { ($0["$ref"] as? String)?.hasSuffix("/limit") == true } == true)
    }

    /// Part 3's queryables (OGC 19-079r2): a JSON Schema of the squares' properties, linked from
    /// the collection, and the conformance classes that say they are items parameters.
    @Test func queryables() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/queryables")
        #expect(r.status == 200 && r.contentType == "application/schema+json")
        let q = try r.json()
        let properties = q["properties"] as? [String: [String: Any]]
        #expect(properties?["name"]?["type"] as? String == "string" && properties?["n"] != nil)
        #expect(q["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema" && q["type"] as? String == "object")
        let links = try await LiveServer.request("/ogcapi/collections/squares").json()["links"] as? [[String: Any]] ?? []
        #expect(links.contains { ($0["rel"] as? String) == "http://www.opengis.net/def/rel/ogc/1.0/queryables"
                                 && ($0["href"] as? String)?.hasSuffix("/ogcapi/collections/squares/queryables") == true })
        let conformance = try await LiveServer.request("/ogcapi/conformance").json()["conformsTo"] as? [String] ?? []
        #expect(conformance.contains("http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters"))
        #expect(try await LiveServer.request("/ogcapi/collections/nothing/queryables").status == 404)
    }

    @Test func unknownParametersAreRefused() async throws {
        let r = try await LiveServer.request("/ogcapi/collections/squares/items?colour=red")
        #expect(r.status == 400 && r.text.contains("colour") && r.text.contains("name, n"), "\(r.text)")
        let one = try await LiveServer.request("/ogcapi/collections/squares/items/0?name=A")
        #expect(one.status == 400 && one.text.contains("name") && one.text.contains("crs, f"), "\(one.text)")
        #expect(try await LiveServer.request("/ogcapi/collections/squares/items/0?crs=EPSG:3857&f=json").status == 200)
        // The items' own parameters are not properties.
        #expect(try await LiveServer.request("/ogcapi/collections/squares/items?limit=2&offset=1&f=json&datetime=2020-01-01T00:00:00Z").status == 200)
    }
}

/// `datetime` (OGC 17-069r4 §7.15.4) against a layer with a date field and one with dates as
/// text: instants, dates (whole days), closed and open intervals, offsets; bad values.
@Suite struct TemporalFilterTests {
    static func layer(_ type: FieldType, _ values: [AttributeValue]) -> FeatureLayer {
        FeatureLayer(name: "t", schema: LayerSchema(fields: [FieldDefinition(name: "when", type: type)], geometryType: .point),
                     features: values.map { Feature(geometry: nil, attributes: [$0]) })
    }

    static func kept(_ datetime: String, _ layer: FeatureLayer) throws -> [Int] {
        let filter = try TemporalFilter(parsing: datetime)
        guard let k = TemporalFilter.temporalField(layer) else { return [] }
        return layer.features.indices.filter { filter.matches(layer.features[$0].attributes[k]) }
    }

    @Test func datesAndTimes() throws {
        let dates = Self.layer(.date, [.date(CivilDate(year: 2020, month: 1, day: 1)), .date(CivilDate(parsing: "2020-06-15T12:00:00Z")!),
                                       .date(CivilDate(parsing: "2021-03-01T08:00:00+02:00")!), .null])
        #expect(try Self.kept("2020-01-01", dates) == [0])
        #expect(try Self.kept("2020-01-01T23:59:59Z", dates) == [0])  // within the day
        #expect(try Self.kept("2020-06-15T12:00:00Z", dates) == [1])
        #expect(try Self.kept("2020-06-15T12:00:01Z", dates).isEmpty)
        #expect(try Self.kept("2020-01-02/2021-12-31", dates) == [1, 2])
        #expect(try Self.kept("../2020-06-15", dates) == [0, 1])
        #expect(try Self.kept("2021-03-01T06:00:00Z/..", dates) == [2])  // 08:00+02:00 is 06:00Z
        #expect(try Self.kept("2021-03-01T06:00:01Z/", dates).isEmpty)
        #expect(try Self.kept("2020-01-01T/..", dates) == [0, 1, 2])  // GDAL 3.6's OAPIF form of a date
        // Dates as text (as a GeoJSON file carries them) are read as dates.
        let text = Self.layer(.string, [.string("1999-12-31"), .string("2000-01-01"), .string("not a date")])
        #expect(TemporalFilter.temporalField(text) == 0)
        #expect(try Self.kept("2000-01-01/..", text) == [1])
        #expect(TemporalFilter.temporalField(Self.layer(.string, [.string("Paris")])) == nil)
        for bad in ["", "..", "../..", "yesterday", "2020-13-01", "2021-01-01/2020-01-01", "2020-01-01/2020-02-01/2020-03-01"] {
            #expect(throws: APIError.self, "\(bad)") { try TemporalFilter(parsing: bad) }
        }
    }

    /// A collection without a time has no feature at any time; a bad value is a 400.
    @Test func onTheServer() async throws {
        let page = try await LiveServer.request("/ogcapi/collections/squares/items?datetime=2020-01-01").json()
        #expect(page["numberMatched"] as? Int == 0)
        let bad = try await LiveServer.request("/ogcapi/collections/squares/items?datetime=soon")
        #expect(bad.status == 400 && bad.text.contains("datetime"))
    }
}
