import GraticuleCore
import Testing

@testable import GraticuleCRS

/// Graticule's one datum-identity rule (`DatumIdentity`, `Registry.isSameDatum`): datums by
/// registry identity (EPSG/Esri twins included), text-defined datums by name and definition.
@Suite struct DatumIdentityTests {
    let registry = try! Registry.shared

    func datum(_ text: String) throws -> GeodeticDatum {
        try #require(try SpatialReference(text: text).datum)
    }

    /// Pairs on the same ellipsoid and prime meridian that are different reference frames, and
    /// pairs that are not even on the same ellipsoid.
    @Test(arguments: [
        ("EPSG:4149", "EPSG:4150"),  // CH1903 vs CH1903+ (both Bessel 1841, Greenwich)
        ("EPSG:21781", "EPSG:2056"),  // their projected CRSs, LV03 vs LV95
        ("EPSG:4267", "EPSG:4269"),  // NAD27 (Clarke 1866) vs NAD83 (GRS 1980)
        ("EPSG:4230", "EPSG:4258"),  // ED50 (International 1924) vs ETRS89 (GRS 1980)
        ("EPSG:4326", "EPSG:4258"),  // WGS 84 vs ETRS89
        ("EPSG:4326", "EPSG:9057"),  // the WGS 84 ensemble vs WGS 84 (G1762), one of its members
    ])
    func differentDatums(_ a: String, _ b: String) throws {
        let da = try datum(a), db = try datum(b)
        #expect(try !registry.isSameDatum(da, db), "\(a) and \(b)")
        #expect(try !registry.isSameDatum(db, da), "\(b) and \(a)")
        #expect(try registry.isSameDatum(da, da))
        #expect(try da.isSame(as: try datum(a), in: registry))
        #expect(try !SpatialReference(text: a).baseGeographicDefinitionIsEquivalent(to: SpatialReference(text: b)))
    }

    /// CH1903 and CH1903+ differ only by a `+` in their names: every spelling keeps it apart.
    @Test func ch1903PlusInEveryFormat() throws {
        let plus = try datum("EPSG:4150")
        let esri = try datum(#"GEOGCS["GCS_CH1903+",DATUM["D_CH1903+",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#)
        let esriOld = try datum(#"GEOGCS["GCS_CH1903",DATUM["D_CH1903",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#)
        let wkt2 = try datum(#"GEOGCRS["x",DATUM["CH1903+",ELLIPSOID["Bessel 1841",6377397.155,299.1528128]],CS[ellipsoidal,2],AXIS["lat",north],AXIS["lon",east],ANGLEUNIT["degree",0.0174532925199433]]"#)
        #expect(try registry.datumIdentity(of: esri) == Identifier("EPSG", 6150))
        #expect(try registry.datumIdentity(of: esriOld) == Identifier("EPSG", 6149))
        #expect(try registry.datumIdentity(of: wkt2) == Identifier("EPSG", 6150))
        #expect(try registry.isSameDatum(esri, plus))
        #expect(try registry.isSameDatum(wkt2, plus))
        #expect(try !registry.isSameDatum(esriOld, plus))
        #expect(try !registry.isSameDatum(esriOld, wkt2))
        #expect(DatumIdentity.nameKey("CH1903+") != DatumIdentity.nameKey("CH1903"))
        #expect(DatumIdentity.nameKey("D_CH1903+") == DatumIdentity.nameKey("CH1903+"))
    }

    /// An Esri datum that duplicates an EPSG datum is that datum: ESRI:37001 GCS_WGS_1966 is on
    /// ESRI:106001 D_WGS_1966, the Esri definition of EPSG:6760 World Geodetic System 1966.
    @Test func esriTwinOfAnEPSGDatum() throws {
        let esri = try datum("ESRI:37001")
        let epsg = try datum("EPSG:4760")
        #expect(esri.identifier == Identifier("ESRI", 106001))
        #expect(epsg.identifier == Identifier("EPSG", 6760))
        #expect(try registry.datumIdentity(of: esri) == Identifier("EPSG", 6760))
        #expect(try registry.isSameDatum(esri, epsg))
        #expect(try registry.isSameDatum(epsg, esri))
        // Not every datum on the same ellipsoid: WGS 72 (EPSG:6322) is on WGS 72, not WGS 66.
        #expect(try !registry.isSameDatum(esri, try datum("EPSG:4322")))
        // The twin map covers the Esri datums the registry aliases to EPSG ones (71 in EPSG v11.022).
        #expect(try registry.names().esriTwins.count >= 70)
    }

    /// Two datums defined in text that the registry does not know: the same name (in any
    /// spelling), ellipsoid and prime meridian and no conflicting TOWGS84 make the same datum.
    @Test func userDefinedDatums() throws {
        let wkt1 = try datum(#"GEOGCS["A",DATUM["My_Island_Datum_2020",SPHEROID["Bessel",6377397.155,299.1528128]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]"#)
        let wkt2 = try datum(#"GEOGCRS["B",DATUM["My Island Datum 2020",ELLIPSOID["Bessel",6377397.155,299.1528128]],CS[ellipsoidal,2],AXIS["lat",north],AXIS["lon",east],ANGLEUNIT["degree",0.0174532925199433]]"#)
        #expect(wkt1.identifier == nil && wkt2.identifier == nil)
        #expect(try registry.datumIdentity(of: wkt1) == nil)
        #expect(try registry.isSameDatum(wkt1, wkt2))
        // Another name, another ellipsoid, another prime meridian: different datums.
        var other = wkt2
        other.name = "My Island Datum 2021"
        #expect(try !registry.isSameDatum(wkt1, other))
        other = wkt2
        other.ellipsoid.figure = Ellipsoid(semiMajorAxis: 6377397.155, inverseFlattening: 299.15)
        #expect(try !registry.isSameDatum(wkt1, other))
        other = wkt2
        other.primeMeridian = PrimeMeridian(name: "Paris", longitude: 2.33722917, unit: .degree)
        #expect(try !registry.isSameDatum(wkt1, other))
        // TOWGS84: equal (3 = 7 with zero rotations) or stated on one side only is no conflict;
        // different values are different definitions.
        var a = wkt1, b = wkt2
        a.towgs84 = [674.374, 15.056, 405.346]
        b.towgs84 = [674.374, 15.056, 405.346, 0, 0, 0, 0]
        #expect(try registry.isSameDatum(a, b))
        b.towgs84 = nil
        #expect(try registry.isSameDatum(a, b))
        b.towgs84 = [674.374, 15.056, 405.347]
        #expect(try !registry.isSameDatum(a, b))
        // A text datum with a registry datum's name but another ellipsoid is not that datum.
        let fake = try datum(#"GEOGCS["C",DATUM["CH1903+",SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]"#)
        #expect(try !registry.isSameDatum(fake, try datum("EPSG:4150")))
    }

    /// The same datum through different CRSs, identifiers and text forms.
    @Test func sameDatumThroughDifferentCRSs() throws {
        #expect(try registry.isSameDatum(try datum("EPSG:21781"), try datum("EPSG:4149")))
        #expect(try registry.isSameDatum(try datum("EPSG:2056"), try datum("EPSG:4150")))
        #expect(try registry.isSameDatum(try datum("EPSG:3857"), try datum("EPSG:4326")))
        #expect(try registry.isSameDatum(try datum("+proj=utm +zone=32 +datum=WGS84"), try datum("EPSG:4326")))
        #expect(try registry.isSameDatum(try datum("ESRI:102100"), try datum("EPSG:4326")))
    }
}

extension SpatialReference {
    /// Equivalence of the two base geographic CRSs, ignoring axis order (helper of the tests above).
    func baseGeographicDefinitionIsEquivalent(to other: SpatialReference) throws -> Bool {
        let a = try #require(definition.geodetic), b = try #require(other.definition.geodetic)
        return try CRS.geodetic(a).isEquivalent(to: .geodetic(b), options: [.ignoreAxisOrder])
    }
}
