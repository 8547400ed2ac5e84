import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// What the writers produce for a few well-known CRSs, and `isEquivalent`'s rules.
@Suite struct CRSTextWriterTests {
    @Test func esriOfUTM31NIsWhatArcGISWrites() throws {
        let text = try SpatialReference(text: "EPSG:32631").export("esri")
        #expect(text == #"PROJCS["WGS_1984_UTM_Zone_31N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",3.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#)
    }

    @Test func esriNamesComeFromTheRegistry() throws {
        let webMercator = try SpatialReference(text: "EPSG:3857").export("esri")
        #expect(webMercator.contains(#"PROJECTION["Mercator_Auxiliary_Sphere"]"#))
        #expect(webMercator.contains(#"PARAMETER["Auxiliary_Sphere_Type",0.0]"#))
        let gk = try SpatialReference(text: "EPSG:28413").export("esri")
        #expect(gk.hasPrefix(#"PROJCS["Pulkovo_1942_GK_Zone_13",GEOGCS["GCS_Pulkovo_1942",DATUM["D_Pulkovo_1942",SPHEROID["Krasovsky_1940""#))
        #expect(gk.contains(#"PROJECTION["Gauss_Kruger"]"#))
        let feet = try SpatialReference(text: "EPSG:2240").export("esri")
        #expect(feet.hasSuffix(#"UNIT["Foot_US",0.304800609601219]]"#))
        let fuller = try SpatialReference(text: "ESRI:54050").export("esri")
        #expect(fuller.contains(#"PROJECTION["Fuller"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Option",0.0]"#))
    }

    @Test func wkt2OfUTM31NIsWhatPROJWrites() throws {
        let entry = try #require(CRSTextFixture.shared.entries.first { $0.id == "EPSG:4326" && $0.format == "wkt2" }
            ?? CRSTextFixture.shared.entries.first { $0.format == "wkt2" && $0.id.hasPrefix("EPSG") })
        let mine = try SpatialReference(text: entry.id).export("wkt2")
        #expect(CRSTextFixtureTests.withoutAreaText(mine) == CRSTextFixtureTests.withoutAreaText(entry.text))
        let utm = try SpatialReference(text: "EPSG:32631").export("wkt2")
        #expect(utm.hasPrefix(#"PROJCRS["WGS 84 / UTM zone 31N",BASEGEOGCRS["WGS 84",ENSEMBLE["World Geodetic System 1984 ensemble",MEMBER["World Geodetic System 1984 (Transit)"]"#))
        #expect(utm.contains(#"CONVERSION["UTM zone 31N",METHOD["Transverse Mercator",ID["EPSG",9807]],PARAMETER["Latitude of natural origin",0,ANGLEUNIT["degree",0.0174532925199433],ID["EPSG",8801]]"#))
        #expect(utm.contains(#"CS[Cartesian,2],AXIS["(E)",east,ORDER[1],LENGTHUNIT["metre",1]],AXIS["(N)",north,ORDER[2],LENGTHUNIT["metre",1]],USAGE[SCOPE["Navigation and medium accuracy spatial referencing."]"#))
        #expect(utm.hasSuffix(#"BBOX[0,0,84,6]],ID["EPSG",32631]]"#))
    }

    /// WKT output keeps the authority's axis order.
    @Test func axisOrderAsTheAuthorityDefinesIt() throws {
        let wgs84 = try SpatialReference(text: "EPSG:4326")
        #expect(try wgs84.export("wkt1").contains(#"AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]"#))
        #expect(try wgs84.export("wkt2").contains(#"AXIS["geodetic latitude (Lat)",north,ORDER[1]"#))
        let gk = try SpatialReference(text: "EPSG:28413")
        #expect(try gk.export("wkt1").contains(#"AXIS["Northing",NORTH],AXIS["Easting",EAST],AUTHORITY["EPSG","28413"]"#))
        #expect(try gk.export("wkt2").contains(#"AXIS["northing (X)",north,ORDER[1],LENGTHUNIT["metre",1]],AXIS["easting (Y)",east,ORDER[2]"#))
        let json = try gk.export("projjson")
        #expect(try SpatialReference(text: json).axes.map(\.direction) == ["north", "east"])
    }

    @Test func projStrings() throws {
        #expect(try SpatialReference(text: "EPSG:32631").export("proj") == "+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs +type=crs")
        #expect(try SpatialReference(text: "EPSG:2056").export("proj")
            == "+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +units=m +no_defs +type=crs")
        #expect(try SpatialReference(text: "EPSG:3857").export("proj")
            == "+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs +type=crs")
        #expect(try SpatialReference(text: "EPSG:2065").export("proj").hasPrefix("+proj=krovak +axis=swu +lat_0=49.5 +lon_0=42.5"))
        #expect(try SpatialReference(text: "EPSG:4807").export("proj") == "+proj=longlat +ellps=clrk80ign +pm=paris +no_defs +type=crs")
        #expect(try SpatialReference(text: "ESRI:54052").export("proj") == "+proj=igh +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs +type=crs")
    }

    /// Methods PROJ has no operation for: an `unsupported` error naming the method.
    @Test(arguments: [("ESRI:54050", "Fuller"), ("ESRI:102299", "Berghaus_Star"), ("EPSG:2218", "Lambert Conic Conformal (West Orientated)"),
                      ("EPSG:22300", "Tunisia Mining Grid")])
    func projStringOfAMethodWithoutPROJEquivalent(id: String, method: String) throws {
        do {
            _ = try SpatialReference(text: id).export("proj")
            Issue.record("expected an error")
        } catch {
            guard case let .unsupported(message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains(method))
            #expect(message.contains("no PROJ string equivalent"))
        }
    }

    @Test func unknownFormat() throws {
        #expect(throws: GraticuleError.unsupported("export format \"gml\" (expected wkt1, esri, wkt2, projjson or proj)")) {
            try SpatialReference(text: "EPSG:4326").export("gml")
        }
    }

    @Test func projjsonIsValidJSONWithThePROJSchema() throws {
        let text = try SpatialReference(text: "EPSG:5972").export("projjson")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://proj.org/schemas/v0.7/projjson.schema.json")
        #expect(object?["type"] as? String == "CompoundCRS")
        #expect((object?["id"] as? [String: Any])?["code"] as? Int == 5972)
    }

    // MARK: Equivalence

    @Test func esriDatumNameIsTheEPSGDatum() throws {
        let esri = try SpatialReference(text: #"GEOGCS["Mine",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#)
        let wkt2 = try SpatialReference(text: #"GEOGCRS["Other",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563]],CS[ellipsoidal,2],AXIS["longitude",east],AXIS["latitude",north],ANGLEUNIT["degree",0.0174532925199433]]"#)
        #expect(try esri.isEquivalent(to: wkt2))
        #expect(try Registry.shared.datumIdentity(of: esri.datum!) == Identifier("EPSG", 6326))
        let other = try SpatialReference(text: #"GEOGCRS["Other",DATUM["North American Datum 1983",ELLIPSOID["GRS 1980",6378137,298.257222101]],CS[ellipsoidal,2],AXIS["longitude",east],AXIS["latitude",north],ANGLEUNIT["degree",0.0174532925199433]]"#)
        #expect(try !esri.isEquivalent(to: other))
        #expect(try esri.isEquivalent(to: try SpatialReference(text: "EPSG:4326"), options: [.ignoreAxisOrder]))
        #expect(try !esri.isEquivalent(to: try SpatialReference(text: "EPSG:4326")))
    }

    @Test func parametersCompareInSIUnitsTo1e12() throws {
        let base = try SpatialReference(text: "EPSG:2240")
        guard case var .projected(p) = base.definition else { return }
        let i = try #require(p.conversion.parameters.firstIndex { $0.epsgCode == 8806 })
        // The same false easting in metres.
        p.conversion.parameters[i] = OperationParameter(name: "False easting", identifier: Identifier("EPSG", 8806),
                                                        value: p.conversion.parameters[i].siValue, unit: .metre)
        #expect(try CRS.projected(p).isEquivalent(to: base.definition))
        p.conversion.parameters[i].value *= 1 + 1e-10
        #expect(try !CRS.projected(p).isEquivalent(to: base.definition))
        p.conversion.parameters[i].value /= 1 + 1e-10
        p.conversion.parameters[i].value *= 1 + 1e-15
        #expect(try CRS.projected(p).isEquivalent(to: base.definition))
    }

    @Test func ellipsoidAndMethodDifferencesAreNotEquivalent() throws {
        let a = try SpatialReference(text: "+proj=tmerc +lon_0=9 +ellps=GRS80")
        #expect(try !a.isEquivalent(to: try SpatialReference(text: "+proj=tmerc +lon_0=9 +ellps=WGS84")))
        #expect(try !a.isEquivalent(to: try SpatialReference(text: "+proj=cass +lon_0=9 +ellps=GRS80")))
        #expect(try a.isEquivalent(to: try SpatialReference(text: "+proj=tmerc +lon_0=9 +lat_0=0 +k=1 +x_0=0 +y_0=0 +ellps=GRS80")))
        #expect(try !a.isEquivalent(to: try SpatialReference(text: "+proj=tmerc +lon_0=9 +ellps=GRS80 +units=ft")))
    }
}
