import Foundation
import Testing

/// `graticule crs ID --format wkt1|esri|wkt2|projjson|proj` on one CRS (UTM zone 31N).
@Suite struct CRSFormatCLITests {
    func run(_ format: String, _ id: String = "EPSG:32631") throws -> String {
        let r = try runGraticule(["crs", id, "--format", format])
        #expect(r.status == 0, "\(format): \(r.err)")
        return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func wkt1() throws {
        let out = try run("wkt1")
        #expect(out.hasPrefix(#"PROJCS["WGS 84 / UTM zone 31N",GEOGCS["WGS 84",DATUM["WGS_1984""#))
        #expect(out.contains(#"PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",3]"#))
        #expect(out.hasSuffix(#"AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","32631"]]"#))
    }

    @Test func esri() throws {
        #expect(try run("esri") == #"PROJCS["WGS_1984_UTM_Zone_31N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",3.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#)
    }

    @Test func wkt2() throws {
        let out = try run("wkt2")
        #expect(out.hasPrefix(#"PROJCRS["WGS 84 / UTM zone 31N",BASEGEOGCRS["WGS 84",ENSEMBLE["#))
        #expect(out.contains(#"USAGE[SCOPE["Navigation and medium accuracy spatial referencing."]"#))
        #expect(out.hasSuffix(#"BBOX[0,0,84,6]],ID["EPSG",32631]]"#))
    }

    @Test func projjson() throws {
        let out = try run("projjson")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "ProjectedCRS")
        #expect(object["name"] as? String == "WGS 84 / UTM zone 31N")
        #expect((object["id"] as? [String: Any])?["code"] as? Int == 32631)
    }

    @Test func proj() throws {
        #expect(try run("proj") == "+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs +type=crs")
    }

    /// Text in, text out: the WKT2 the CLI wrote is accepted as the ID and gives the same PROJ string.
    @Test func textAsTheID() throws {
        let wkt2 = try run("wkt2")
        #expect(try run("proj", wkt2) == "+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs +type=crs")
        #expect(try run("esri", "+proj=utm +zone=31 +datum=WGS84").contains(#"PROJECTION["Transverse_Mercator"]"#))
    }

    @Test func unsupportedExportNamesTheMethod() throws {
        let r = try runGraticule(["crs", "ESRI:54050", "--format", "proj"])
        #expect(r.status != 0)
        #expect(r.err.contains("Fuller"))
    }

    @Test func malformedTextNamesTheOffset() throws {
        let r = try runGraticule(["crs", #"GEOGCS["x",DATUM["#])
        #expect(r.status != 0)
        #expect(r.err.contains("WKT parse error at offset 17: unexpected end of input"))
    }
}
