import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import GraticuleServer
import Testing

/// GetFeatureInfo as GML (`application/vnd.ogc.gml`) in MapServer 8's layout: MapServer answers
/// this request (countries and ndvi at pixel 270, 60 of a 512 × 256 world map) with an
/// `msGMLOutput` holding `countries_layer` (its `gml:name`, one `countries_feature` whose fields are
/// elements: `<ADMIN>Germany</ADMIN>`) and an empty `ndvi_layer`.
@Suite struct FeatureInfoGMLTests {
    /// Element paths (names joined by "/") and their text, in document order.
    final class Collector: NSObject, XMLParserDelegate {
        var path: [String] = []
        var elements: [(path: String, text: String)] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            path.append(name)
            text = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            elements.append((path.joined(separator: "/"), text.trimmingCharacters(in: .whitespacesAndNewlines)))
            path.removeLast()
            text = ""
        }
    }

    func parse(_ data: Data) throws -> [(path: String, text: String)] {
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        try #require(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector.elements
    }

    @Test func countriesAndRaster() async throws {
        let r = try await LiveServer.request("/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetFeatureInfo&LAYERS=countries,ndvi"
            + "&QUERY_LAYERS=countries,ndvi&STYLES=&SRS=EPSG:4326&BBOX=-180,-90,180,90&WIDTH=512&HEIGHT=256&X=270&Y=60"
            + "&INFO_FORMAT=application/vnd.ogc.gml")
        #expect(r.status == 200 && r.contentType.hasPrefix("application/vnd.ogc.gml"))
        let elements = try parse(r.body)
        let texts = Dictionary(elements.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })
        #expect(texts["msGMLOutput/countries_layer/gml:name"] == "countries")
        #expect(texts["msGMLOutput/countries_layer/countries_feature/ADMIN"] == "Germany")
        #expect(texts["msGMLOutput/countries_layer/countries_feature/ADM0_A3"] == "DEU")
        #expect(texts["msGMLOutput/ndvi_layer/gml:name"] == "ndvi")
        #expect(!elements.contains { $0.path.hasPrefix("msGMLOutput/ndvi_layer/ndvi_feature") }, "no cell there")
    }

    /// A raster cell's fields as elements, the values of the JSON answer.
    @Test func rasterCell() async throws {
        let query = "/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetFeatureInfo&LAYERS=ndvi&QUERY_LAYERS=ndvi&STYLES=&CRS=EPSG:4326"
            + "&BBOX=-8.05,-34.92,-7.95,-34.82&WIDTH=101&HEIGHT=101&I=50&J=50&INFO_FORMAT="
        let gml = try parse(try await LiveServer.request(query + "application/vnd.ogc.gml").body)
        let json = try await LiveServer.request(query + "application/json").json()
        let props = try #require(((json["features"] as? [[String: Any]])?.first?["properties"]) as? [String: Any])
        for field in ["column", "row", "Band_0"] {
            let value = gml.first { $0.path == "msGMLOutput/ndvi_layer/ndvi_feature/\(field)" }?.text
            #expect(value != nil && value == props[field] as? String, "\(field): \(value ?? "none") vs \(props[field] ?? "none")")
        }
    }

    @Test(arguments: [("ADMIN", "ADMIN"), ("2nd field", "_2nd_field"), ("name:en", "name_en"), ("", "_"), ("-x", "_-x"),
                      ("xmlns", "_xmlns"), ("Größe", "Gr__e"), ("a.b-c_d", "a.b-c_d")])
    func elementNames(field: String, element: String) {
        #expect(FeatureInfoGML.name(field) == element)
    }
}
