import GraticuleCore
import GraticuleCRS
import Testing

/// The ways clients name a CRS by code: `AUTH:CODE`, the OGC URN (OGC 07-092r1 §7), the OGC http
/// URI that OGC API – Features uses (OGC 18-058r1 §6.2: `http://www.opengis.net/def/crs/EPSG/0/3857`,
/// `…/OGC/1.3/CRS84`) and the safe CURIE `[EPSG:3857]` (OGC 18-058r1 §7.3). The expected
/// authority and code are the URI's own parts.
@Suite struct IdentifierParsingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String, authority: String, code: String
        var testDescription: String { text }
    }

    static let valid: [Case] = [
        Case(text: "EPSG:3857", authority: "EPSG", code: "3857"),
        Case(text: "urn:ogc:def:crs:EPSG::4326", authority: "EPSG", code: "4326"),
        Case(text: "urn:ogc:def:crs:OGC:1.3:CRS84", authority: "OGC", code: "CRS84"),
        Case(text: "http://www.opengis.net/def/crs/EPSG/0/3857", authority: "EPSG", code: "3857"),
        Case(text: "https://www.opengis.net/def/crs/EPSG/0/25832", authority: "EPSG", code: "25832"),
        Case(text: "http://www.opengis.net/def/crs/OGC/1.3/CRS84", authority: "OGC", code: "CRS84"),
        Case(text: "HTTP://WWW.OPENGIS.NET/def/crs/epsg/0/4326", authority: "EPSG", code: "4326"),
        Case(text: "http://opengis.net/def/crs/ESRI/0/54030", authority: "ESRI", code: "54030"),
        Case(text: " [EPSG:3035] ", authority: "EPSG", code: "3035"),
    ]

    @Test(arguments: valid) func parses(_ c: Case) throws {
        let id = try #require(Identifier(parsing: c.text))
        #expect(id.authority == c.authority)
        #expect(id.code == c.code)
    }

    static let invalid = [
        "http://www.opengis.net/def/crs/EPSG/0/", "http://www.opengis.net/def/crs/EPSG/3857",
        "http://www.opengis.net/def/crs/EPSG/0/3857/extra", "http://example.com/def/crs/EPSG/0/3857",
        "ftp://www.opengis.net/def/crs/EPSG/0/3857", "[]", "http://www.opengis.net/def/crs//0/3857",
    ]

    @Test(arguments: invalid) func refuses(_ text: String) {
        #expect(Identifier(parsing: text) == nil)
    }

    /// The same spatial reference whichever way it is named.
    @Test func spatialReferencesResolve() throws {
        let registry = try Registry.shared
        for (text, wkid) in [("http://www.opengis.net/def/crs/EPSG/0/3857", 3857), ("[EPSG:3035]", 3035),
                             ("https://www.opengis.net/def/crs/EPSG/0/4326", 4326)] {
            let sr = try SpatialReference(text: text, registry: registry)
            #expect(sr.wkid == wkid, "\(text)")
        }
        let crs84 = try SpatialReference(text: "http://www.opengis.net/def/crs/OGC/1.3/CRS84", registry: registry)
        #expect(crs84.identifier == Identifier("OGC", "CRS84"))
        #expect(throws: GraticuleError.self) { try SpatialReference(text: "http://www.opengis.net/def/crs/EPSG/0/999999", registry: registry) }
    }
}
