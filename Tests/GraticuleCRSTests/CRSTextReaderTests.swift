import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// What the readers make of particular texts: Esri projection mapping, WKT2 2015/2019
/// constructs, WKT1 details, PROJ operations.
@Suite struct CRSTextReaderTests {
    static let gcsWGS84 = #"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#
    static let gcsNAD83 = #"GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#

    func esri(_ name: String, _ projection: String, _ params: [(String, Double)], gcs: String = gcsWGS84) -> String {
        let p = params.map { #"PARAMETER["\#($0.0)",\#($0.1)]"# }.joined(separator: ",")
        return #"PROJCS["\#(name)",\#(gcs),PROJECTION["\#(projection)"],\#(p),UNIT["Meter",1.0]]"#
    }

    func method(_ text: String) throws -> OperationMethod {
        try #require(try SpatialReference(text: text).definition.projected).conversion.method
    }

    /// A UTF-8 byte-order mark (a `.prj` saved on Windows) is skipped in every format, for text
    /// and for bytes.
    @Test(arguments: [gcsWGS84, "+proj=longlat +datum=WGS84 +no_defs", #"{"type":"GeographicCRS","name":"WGS 84","datum":{"type":"GeodeticReferenceFrame","name":"World Geodetic System 1984","ellipsoid":{"name":"WGS 84","semi_major_axis":6378137,"inverse_flattening":298.257223563}},"coordinate_system":{"subtype":"ellipsoidal","axis":[{"name":"Longitude","abbreviation":"lon","direction":"east","unit":"degree"},{"name":"Latitude","abbreviation":"lat","direction":"north","unit":"degree"}]}}"#])
    func byteOrderMarkIsSkipped(_ text: String) throws {
        let plain = try SpatialReference(text: text)
        #expect(try SpatialReference(text: "\u{FEFF}" + text).isEquivalent(to: plain))
        #expect(try SpatialReference(textData: [0xEF, 0xBB, 0xBF] + Array(text.utf8)).isEquivalent(to: plain))
    }

    // MARK: Esri

    @Test func esriGeographicNameResolvesToTheRegistryCRS() throws {
        let sr = try SpatialReference(text: Self.gcsWGS84)
        #expect(sr.identifier == Identifier("EPSG", 4326))
        #expect(try sr.isEquivalent(to: try SpatialReference(text: "EPSG:4326")))
        let nad83 = try SpatialReference(text: Self.gcsNAD83)
        #expect(nad83.identifier == Identifier("EPSG", 4269))
    }

    @Test func esriProjectedNameResolvesToTheRegistryCRS() throws {
        let text = esri("NAD_1983_UTM_Zone_10N", "Transverse_Mercator",
                        [("False_Easting", 500000), ("False_Northing", 0), ("Central_Meridian", -123), ("Scale_Factor", 0.9996),
                         ("Latitude_Of_Origin", 0)], gcs: Self.gcsNAD83)
        let sr = try SpatialReference(text: text)
        #expect(sr.identifier == Identifier("EPSG", 26910))
        // A different definition under the same name is not taken for the registry's.
        let other = text.replacingOccurrences(of: "-123.0", with: "-120.0").replacingOccurrences(of: "-123", with: "-120")
        let mine = try SpatialReference(text: other)
        #expect(mine.identifier == nil)
        #expect(mine.definition.projected?.conversion.parameter(epsg: 8802)?.value == -120)
    }

    @Test func esriLambertConformalConicIs1SPOr2SPFromItsParameters() throws {
        let twoSP = esri("My_LCC", "Lambert_Conformal_Conic",
                         [("False_Easting", 600000), ("False_Northing", 0), ("Central_Meridian", -90), ("Standard_Parallel_1", 45.5),
                          ("Standard_Parallel_2", 44.25), ("Scale_Factor", 1), ("Latitude_Of_Origin", 43.8)])
        #expect(try method(twoSP).epsgCode == 9802)
        let oneSP = esri("My_LCC", "Lambert_Conformal_Conic",
                         [("False_Easting", 600000), ("False_Northing", 200000), ("Central_Meridian", 0), ("Standard_Parallel_1", 40),
                          ("Scale_Factor", 0.9988085293), ("Latitude_Of_Origin", 40)])
        let m1 = try method(oneSP)
        #expect(m1.epsgCode == 9801)
        let c1 = try #require(try SpatialReference(text: oneSP).definition.projected).conversion
        #expect(c1.parameter(epsg: 8805)?.value == 0.9988085293)
        #expect(c1.parameter(epsg: 8801)?.value == 40)
        let michigan = esri("My_LCC", "Lambert_Conformal_Conic",
                            [("False_Easting", 2000000), ("False_Northing", 0), ("Central_Meridian", -87), ("Standard_Parallel_1", 45.48),
                             ("Standard_Parallel_2", 47.08), ("Scale_Factor", 1.0000382), ("Latitude_Of_Origin", 45.45)])
        #expect(try method(michigan).epsgCode == 1051)
    }

    @Test(arguments: [(nil as Double?, "Goode Homolosine"), (0, "Goode Homolosine"), (1, "Interrupted Goode Homolosine"),
                      (2, "Interrupted Goode Homolosine Ocean")])
    func goodeHomolosineOptionSelectsTheVariant(option: Double?, expected: String) throws {
        var params: [(String, Double)] = [("False_Easting", 0), ("False_Northing", 0), ("Central_Meridian", 0)]
        if let option { params.append(("Option", option)) }
        #expect(try method(esri("My_Goode", "Goode_Homolosine", params)).name == expected)
    }

    @Test func krovakAxesFromEsriSelectors() throws {
        var params: [(String, Double)] = [("False_Easting", 0), ("False_Northing", 0), ("Pseudo_Standard_Parallel_1", 78.5),
                                          ("Scale_Factor", 0.9999), ("Azimuth", 30.2881397527778), ("Longitude_Of_Center", 24.8333333333333),
                                          ("Latitude_Of_Center", 49.5)]
        let south = params + [("X_Scale", 1), ("Y_Scale", 1), ("XY_Plane_Rotation", 0)]
        #expect(try method(esri("My_Krovak", "Krovak", south)).epsgCode == 9819)
        params += [("X_Scale", -1), ("Y_Scale", 1), ("XY_Plane_Rotation", 90)]
        #expect(try method(esri("My_Krovak", "Krovak", params)).epsgCode == 1041)
    }

    /// Esri methods PROJ cannot map keep their Esri names, as the registry stores them.
    @Test(arguments: [("World_Fuller", 54050), ("World_Cube", 54051), ("Berghaus_Star_AAG", 102299)])
    func unmappedEsriMethodsKeepTheirEsriNames(name: String, code: Int) throws {
        let registry = try SpatialReference(authority: "ESRI", code: code)
        let text = try registry.export("esri")
        let renamed = text.replacingOccurrences(of: #"PROJCS["\#(name)""#, with: #"PROJCS["Mine""#)
        let parsed = try SpatialReference(text: renamed)
        let stored = try #require(registry.definition.projected).conversion
        let read = try #require(parsed.definition.projected).conversion
        #expect(read.method == stored.method)
        #expect(read.parameters.map(\.name) == stored.parameters.map(\.name))
        #expect(try parsed.isEquivalent(to: registry, options: [.ignoreAxisOrder]))
        #expect(try SpatialReference(text: text).identifier == Identifier("ESRI", code))
    }

    @Test func esriCompoundIsTwoTopLevelNodes() throws {
        let sr = try SpatialReference(text: try SpatialReference(text: "EPSG:5972").export("esri"))
        guard case let .compound(c) = sr.definition else { Issue.record("not compound"); return }
        #expect(c.components.count == 2)
        #expect(c.components[0].identifier == Identifier("EPSG", 25832))
        #expect(try sr.isEquivalent(to: try SpatialReference(text: "EPSG:5972"), options: [.ignoreAxisOrder]))
    }

    @Test func esriPrimeMeridianIsInDegreesWhateverTheUnit() throws {
        let text = #"GEOGCS["GCS_NTF_Paris",DATUM["D_NTF",SPHEROID["Clarke_1880_IGN",6378249.2,293.4660212936269]],PRIMEM["Paris",2.33722917],UNIT["Grad",0.01570796326794897]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.primeMeridian?.identifier == Identifier("EPSG", 8903))
        #expect(abs((sr.primeMeridian?.longitudeDegrees ?? 0) - 2.33722917) < 1e-8)
        #expect(sr.identifier == Identifier("EPSG", 4807))
    }

    // MARK: WKT1

    @Test func wkt1WithAuthorityButNoAxisTakesTheAuthorityAxes() throws {
        let text = #"GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.identifier == Identifier("EPSG", 4326))
        #expect(sr.axes.map(\.direction) == ["north", "east"])
        // Without an authority, WKT1 GEOGCS means longitude, latitude.
        let plain = try SpatialReference(text: CRSTextErrorTests.wgs84.replacingOccurrences(of: "WGS 84", with: "Mine"))
        #expect(plain.axes.map(\.direction) == ["east", "north"])
    }

    @Test func wkt1Towgs84IsKeptAndWrittenBack() throws {
        let text = #"GEOGCS["DHDN",DATUM["Deutsches_Hauptdreiecksnetz",SPHEROID["Bessel 1841",6377397.155,299.1528128],TOWGS84[598.1,73.7,418.2,0.202,0.045,-2.455,6.7]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.datum?.towgs84 == [598.1, 73.7, 418.2, 0.202, 0.045, -2.455, 6.7])
        #expect(sr.datum?.identifier == Identifier("EPSG", 6314))
        #expect(try sr.export("wkt1").contains("TOWGS84[598.1,73.7,418.2,0.202,0.045,-2.455,6.7]"))
        // WKT2 writes it as a BOUNDCRS to WGS 84, which reads back to the same parameters.
        let wkt2 = try sr.export("wkt2")
        #expect(wkt2.hasPrefix("BOUNDCRS[SOURCECRS[GEOGCRS[\"DHDN\""))
        #expect(try SpatialReference(text: wkt2).datum?.towgs84 == sr.datum?.towgs84)
        // So does PROJJSON.
        let json = try sr.export("projjson")
        #expect(json.contains(#""type": "BoundCRS""#))
        let back = try SpatialReference(text: json)
        #expect(back.datum?.towgs84?.count == 7)
        for (a, b) in zip(back.datum?.towgs84 ?? [], sr.datum?.towgs84 ?? []) { #expect(abs(a - b) < 1e-12) }
    }

    @Test func wkt1PolarStereographicIsVariantBWithTheAuthorityAxes() throws {
        let text = #"PROJCS["WGS 84 / Antarctic Polar Stereographic",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]],PROJECTION["Polar_Stereographic"],PARAMETER["latitude_of_origin",-71],PARAMETER["central_meridian",0],PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AUTHORITY["EPSG","3031"]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.definition.projected?.conversion.method.epsgCode == 9829)
        #expect(sr.axes.map(\.direction) == ["North along 90°E", "North along 0°E"])
        #expect(try sr.isEquivalent(to: try SpatialReference(text: "EPSG:3031")))
    }

    /// Oracle and Trimble write "Lambert Conformal Conic" in WKT1 for either variant: the
    /// parameters decide.
    @Test func wkt1LambertConformalConicWithoutVariant() throws {
        let gcs = CRSTextErrorTests.wgs84
        let twoSP = #"PROJCS["x",\#(gcs),PROJECTION["Lambert Conformal Conic"],PARAMETER["standard_parallel_1",45],PARAMETER["standard_parallel_2",47],PARAMETER["latitude_of_origin",44],PARAMETER["central_meridian",-87],UNIT["metre",1]]"#
        #expect(try method(twoSP).epsgCode == 9802)
        let oneSP = #"PROJCS["x",\#(gcs),PROJECTION["Lambert Conformal Conic"],PARAMETER["latitude_of_origin",44],PARAMETER["central_meridian",-87],PARAMETER["scale_factor",0.9999],UNIT["metre",1]]"#
        #expect(try method(oneSP).epsgCode == 9801)
    }

    @Test func wkt1WebMercatorExtension() throws {
        let sr = try SpatialReference(text: try SpatialReference(text: "EPSG:3857").export("wkt1"))
        #expect(sr.definition.projected?.conversion.method.epsgCode == 1024)
        #expect(sr.identifier == Identifier("EPSG", 3857))
    }

    // MARK: WKT2

    @Test func wkt2015WithUsageAtTheTopLevel() throws {
        let text = #"GEODCRS["WGS 84",DATUM["World Geodetic System 1984",ELLIPSOID["WGS 84",6378137,298.257223563,LENGTHUNIT["metre",1.0]]],CS[ellipsoidal,2],AXIS["latitude",north,ORDER[1]],AXIS["longitude",east,ORDER[2]],ANGLEUNIT["degree",0.0174532925199433],SCOPE["Horizontal component of 3D system."],AREA["World"],BBOX[-90,-180,90,180],ID["EPSG",4326]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.identifier == Identifier("EPSG", 4326))
        #expect(sr.scope == "Horizontal component of 3D system.")
        #expect(sr.areaOfUse?.name == "World")
        #expect(sr.areaOfUse?.south == -90)
        #expect(try sr.isEquivalent(to: try SpatialReference(text: "EPSG:4326")))
    }

    @Test func wkt2AxisOrderAndDynamicFrame() throws {
        let text = #"GEOGCRS["ITRF2014",DYNAMIC[FRAMEEPOCH[2010]],DATUM["International Terrestrial Reference Frame 2014",ELLIPSOID["GRS 1980",6378137,298.257222101,LENGTHUNIT["metre",1]]],PRIMEM["Greenwich",0,ANGLEUNIT["degree",0.0174532925199433]],CS[ellipsoidal,2],AXIS["longitude",east,ORDER[2],ANGLEUNIT["degree",0.0174532925199433]],AXIS["latitude",north,ORDER[1],ANGLEUNIT["degree",0.0174532925199433]]]"#
        let sr = try SpatialReference(text: text)
        #expect(sr.datum?.frameReferenceEpoch == 2010)
        #expect(sr.axes.map(\.direction) == ["north", "east"])
        #expect(sr.axes.map(\.name) == ["Geodetic latitude", "Geodetic longitude"])
        #expect(try sr.export("wkt2").contains("DYNAMIC[FRAMEEPOCH[2010]],DATUM[\"International Terrestrial Reference Frame 2014\""))
    }

    @Test func wkt2EnsembleAndIdentifiers() throws {
        let sr = try SpatialReference(text: try SpatialReference(text: "EPSG:32631").export("wkt2"))
        #expect(sr.identifier == Identifier("EPSG", 32631))
        #expect(sr.datum?.ensemble?.members.count == 8)
        #expect(sr.datum?.ensemble?.accuracy == 2)
        #expect(sr.definition.projected?.base.identifier == Identifier("EPSG", 4326))
        #expect(sr.definition.projected?.conversion.parameter(epsg: 8802)?.value == 3)
    }

    @Test func wkt2PolarAxesWithMeridians() throws {
        let sr = try SpatialReference(text: try SpatialReference(text: "EPSG:32661").export("wkt2"))
        #expect(sr.axes.map(\.direction) == ["South along 180°E", "South along 90°E"])
        #expect(try SpatialReference(text: "EPSG:32661").export("wkt2")
            .contains(#"AXIS["northing (N)",south,MERIDIAN[180,ANGLEUNIT["degree",0.0174532925199433]],ORDER[1]"#))
    }

    // MARK: PROJ strings

    @Test(arguments: [
        ("+proj=tmerc +lat_0=0 +lon_0=9 +k=0.9996 +x_0=500000 +y_0=0 +ellps=GRS80", "Transverse Mercator"),
        ("+proj=etmerc +lon_0=9 +ellps=GRS80", "Transverse Mercator"),
        ("+proj=tmerc +axis=wsu +lon_0=19 +ellps=WGS84", "Transverse Mercator (South Orientated)"),
        ("+proj=lcc +lat_1=40 +lat_0=40 +lon_0=0 +k_0=0.9988 +ellps=intl", "Lambert Conic Conformal (1SP)"),
        ("+proj=lcc +lat_1=56 +lat_0=55 +k_0=1 +lon_0=10 +ellps=intl", "Lambert Conic Conformal (1SP variant B)"),
        ("+proj=lcc +lat_1=45 +lat_2=47 +lat_0=44 +lon_0=-87 +datum=NAD83", "Lambert Conic Conformal (2SP)"),
        ("+proj=lcc +lat_1=45 +lat_2=47 +lat_0=44 +lon_0=-87 +k_0=1.0000382 +datum=NAD27", "Lambert Conic Conformal (2SP Michigan)"),
        ("+proj=merc +lat_ts=42 +lon_0=51 +ellps=krass", "Mercator (variant B)"),
        ("+proj=merc +lon_0=110 +k=0.997 +ellps=bessel", "Mercator (variant A)"),
        ("+proj=stere +lat_0=90 +lon_0=0 +k=0.994 +datum=WGS84", "Polar Stereographic (variant A)"),
        ("+proj=stere +lat_0=-90 +lat_ts=-71 +lon_0=0 +datum=WGS84", "Polar Stereographic (variant B)"),
        ("+proj=stere +lat_0=45 +lon_0=10 +ellps=GRS80", "Stereographic"),
        ("+proj=sterea +lat_0=52.15 +lon_0=5.38 +k=0.9999079 +ellps=bessel", "Oblique Stereographic"),
        ("+proj=omerc +no_uoff +lat_0=4 +lonc=102.25 +alpha=323.0257905 +gamma=323.13 +k=0.99984 +ellps=evrst48", "Hotine Oblique Mercator (variant A)"),
        ("+proj=omerc +lat_0=40.8 +lonc=-74 +alpha=58 +k=0.99999 +ellps=GRS80", "Hotine Oblique Mercator (variant B)"),
        ("+proj=somerc +lat_0=46.95 +lon_0=7.44 +k_0=1 +ellps=bessel", "Hotine Oblique Mercator (variant B)"),
        ("+proj=laea +lat_0=52 +lon_0=10 +ellps=GRS80", "Lambert Azimuthal Equal Area"),
        ("+proj=laea +lat_0=45 +lon_0=-100 +R=6370997", "Lambert Azimuthal Equal Area (Spherical)"),
        ("+proj=aeqd +lat_0=8.5 +lon_0=21.5 +datum=WGS84", "Azimuthal Equidistant"),
        ("+proj=aeqd +guam +lat_0=13.47 +lon_0=144.75 +ellps=clrk66", "Guam Projection"),
        ("+proj=eqc +lat_ts=0 +lon_0=0 +datum=WGS84", "Equidistant Cylindrical"),
        ("+proj=cea +lat_ts=30 +datum=WGS84", "Lambert Cylindrical Equal Area"),
        ("+proj=cass +lat_0=11.25 +lon_0=-60.68 +ellps=clrk80", "Cassini-Soldner"),
        ("+proj=poly +lat_0=0 +lon_0=-54 +ellps=GRS67", "American Polyconic"),
        ("+proj=krovak +ellps=bessel", "Krovak (North Orientated)"),
        ("+proj=krovak +axis=swu +ellps=bessel", "Krovak"),
        ("+proj=nzmg +lat_0=-41 +lon_0=173 +x_0=2510000 +y_0=6023150 +ellps=intl", "New Zealand Map Grid"),
        ("+proj=ortho +lat_0=40 +lon_0=-100 +ellps=WGS84", "Orthographic"),
        ("+proj=ortho +f=0 +lat_0=90 +lon_0=0 +datum=WGS84", "Orthographic (Spherical)"),
        ("+proj=moll +lon_0=0 +R=6371000", "Mollweide"),
        ("+proj=robin +lon_0=0 +datum=WGS84", "Robinson"),
        ("+proj=sinu +lon_0=15 +datum=WGS84", "Sinusoidal"),
        ("+proj=eck4 +lon_0=0 +R=6371000", "Eckert IV"),
        ("+proj=wintri +lon_0=0 +datum=WGS84", "Winkel Tripel"),
        ("+proj=igh +lon_0=0 +datum=WGS84", "Interrupted Goode Homolosine"),
        ("+proj=igh_o +lon_0=-160 +datum=WGS84", "Interrupted Goode Homolosine Ocean"),
        ("+proj=eqearth +lon_0=0 +datum=WGS84", "Equal Earth"),
        ("+proj=aea +lat_1=29.5 +lat_2=45.5 +lat_0=23 +lon_0=-96 +datum=NAD83", "Albers Equal Area"),
        ("+proj=eqdc +lat_1=33 +lat_2=45 +lat_0=39 +lon_0=-96 +datum=NAD83", "Equidistant Conic"),
        ("+proj=bonne +lat_1=60 +lon_0=0 +datum=WGS84", "Bonne"),
        ("+proj=geos +h=35786023 +lon_0=-75 +sweep=x +ellps=GRS80", "Geostationary Satellite (Sweep X)"),
        ("+proj=geos +h=35786023 +lon_0=-75 +ellps=GRS80", "Geostationary Satellite (Sweep Y)"),
        ("+proj=peirce_q +shape=square +lon_0=0 +datum=WGS84", "Peirce Quincuncial (Square)"),
        ("+proj=tpeqd +lat_1=0 +lon_1=0 +lat_2=60 +lon_2=60 +R=6371000", "Two Point Equidistant"),
        ("+proj=labrd +lat_0=-18.9 +lon_0=44.1 +azi=18.9 +k=0.9995 +ellps=intl", "Laborde Oblique Mercator"),
        ("+proj=nsper +lat_0=0 +lon_0=0 +h=35800000 +datum=WGS84", "Vertical Perspective"),
    ])
    func projOperationsMapToEPSGMethods(text: String, expected: String) throws {
        #expect(try method(text).name == expected)
    }

    @Test func projStringsEquivalentToTheRegistry() throws {
        let cases: [(String, String)] = [
            ("+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs +type=crs", "EPSG:32632"),
            ("+proj=utm +zone=44 +south +datum=WGS84", "EPSG:32744"),
            ("+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +wktext +no_defs", "EPSG:3857"),
            ("+proj=stere +lat_0=-90 +lat_ts=-71 +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m", "EPSG:3031"),
            ("+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +units=m", "EPSG:2056"),
            ("+proj=tmerc +lat_0=29.6666666666667 +lon_0=-88.8333333333333 +k=0.99996 +x_0=152400.30480061 +y_0=0 +datum=NAD27 +units=us-ft", "EPSG:26794"),
            ("+proj=longlat +datum=WGS84 +no_defs +type=crs", "EPSG:4326"),
            ("+proj=geocent +datum=WGS84 +units=m", "EPSG:4978"),
            ("proj=longlat ellps=clrk80ign pm=paris", "EPSG:4807"),
        ]
        for (text, id) in cases {
            let parsed = try SpatialReference(text: text)
            let expected = try SpatialReference(text: id)
            #expect(try parsed.isEquivalent(to: expected, options: [.ignoreAxisOrder, .ignoreDatumIdentity, .ignoreAxisUnits]),
                    "\(text) vs \(id): \(CRSTextDiagnostics.difference(parsed.definition, expected.definition))")
        }
        // +datum=WGS84 names the datum, so full equivalence holds for a projected CRS.
        #expect(try SpatialReference(text: "+proj=utm +zone=32 +datum=WGS84").isEquivalent(to: SpatialReference(text: "EPSG:32632")))
    }

    @Test func projStringDetails() throws {
        let initCRS = try SpatialReference(text: "+init=epsg:4326 +no_defs")
        #expect(initCRS.identifier == Identifier("EPSG", 4326))
        let feet = try SpatialReference(text: "+proj=tmerc +lon_0=9 +x_0=500000 +units=us-ft +ellps=GRS80")
        #expect(feet.unit?.code == "9003")
        let fe = try #require(feet.definition.projected?.conversion.parameter(epsg: 8806))
        #expect(abs(fe.siValue - 500000) < 1e-6)
        let toMeter = try SpatialReference(text: "+proj=tmerc +lon_0=9 +to_meter=0.3048 +ellps=GRS80")
        #expect(toMeter.unit?.code == "9002")
        let dms = try SpatialReference(text: "+proj=tmerc +lon_0=9d30'E +lat_0=10d30'S +ellps=GRS80")
        #expect(dms.definition.projected?.conversion.parameter(epsg: 8802)?.value == 9.5)
        #expect(dms.definition.projected?.conversion.parameter(epsg: 8801)?.value == -10.5)
        let sphere = try SpatialReference(text: "+proj=longlat +R=6371000")
        #expect(sphere.ellipsoid?.figure.isSphere == true)
        let neu = try SpatialReference(text: "+proj=longlat +datum=WGS84 +axis=neu")
        #expect(neu.axes.map(\.direction) == ["north", "east"])
        #expect(try neu.isEquivalent(to: try SpatialReference(text: "EPSG:4326")))
        let vertical = try SpatialReference(text: "+vunits=ft +no_defs")
        guard case .vertical = vertical.definition else { Issue.record("not vertical"); return }
        #expect(vertical.unit?.code == "9002")
    }

    /// PROJ operations whose PROJ semantics the reader writes into the CRS (PROJ 9.5.1 sources and
    /// test/gie/builtins.gie): `+over`; krovak's and nzmg's hard-coded ellipsoids, krovak's
    /// defaults and `+czech` axes, nzmg's fixed origin; the two-point omerc measured from the
    /// centre; `+R_C` for merc.
    @Test func projStringOperationSemantics() throws {
        let over = try SpatialReference(text: "+proj=vandg +a=6400000 +over +type=crs")
        #expect(over.definition.projected?.wrapsLongitude == false)
        #expect(try over.export("proj").contains("+over"))
        #expect(try SpatialReference(text: over.export("proj")).definition.projected?.wrapsLongitude == false)
        let plain = try SpatialReference(text: "+proj=vandg +a=6400000 +type=crs")
        #expect(plain.definition.projected?.wrapsLongitude == true)
        #expect(try !plain.export("proj").contains("+over"))

        // krovak.cpp: Bessel 1841 whatever +ellps says; lat_0 49.5, lon_0 24°50′, k 0.9999.
        let krovak = try #require(try SpatialReference(text: "+proj=krovak +ellps=GRS80").definition.projected)
        #expect(krovak.base.datum.ellipsoid.figure.semiMajorAxis == 6_377_397.155)
        #expect(krovak.base.datum.ellipsoid.name == "Bessel 1841")
        #expect(krovak.conversion.method.epsgCode == 1041)
        #expect(krovak.conversion.parameter(epsg: 8811)?.value == 49.5)
        #expect(abs((krovak.conversion.parameter(epsg: 8833)?.value ?? 0) - 24.833333333333333) < 1e-12)
        #expect(krovak.conversion.parameter(epsg: 8819)?.value == 0.9999)
        // +czech: Krovak (EPSG 9819) with (westing, southing) axes, as PROJ's own import.
        let czech = try #require(try SpatialReference(text: "+proj=krovak +czech +ellps=bessel").definition.projected)
        #expect(czech.conversion.method.epsgCode == 9819)
        #expect(czech.coordinateSystem.axes.map(\.direction) == ["west", "south"])
        let swu = try #require(try SpatialReference(text: "+proj=krovak +axis=swu +ellps=bessel").definition.projected)
        #expect(swu.coordinateSystem.axes.map(\.direction) == ["south", "west"])
        // nzmg.cpp: the origin and International 1924's a are fixed.
        let nzmg = try #require(try SpatialReference(text: "+proj=nzmg +lat_0=10 +x_0=0 +ellps=GRS80").definition.projected)
        #expect(nzmg.base.datum.ellipsoid.figure.semiMajorAxis == 6_378_388)
        #expect(nzmg.conversion.parameter(epsg: 8801)?.value == -41)
        #expect(nzmg.conversion.parameter(epsg: 8802)?.value == 173)
        #expect(nzmg.conversion.parameter(epsg: 8806)?.value == 2_510_000)
        #expect(nzmg.conversion.parameter(epsg: 8807)?.value == 6_023_150)
        // omerc without +alpha/+gamma is PROJ's two-point form, u from the centre.
        #expect(try method("+proj=omerc +lat_0=45 +lat_1=45 +lat_2=45.00001 +lon_1=0 +lon_2=1e-5 +a=6400000").name
                == "Hotine Oblique Mercator Two Point Center")
        #expect(try method("+proj=omerc +lat_0=40 +lat_1=10 +lon_1=5 +lat_2=60 +datum=WGS84").name
                == "Hotine Oblique Mercator Two Point Center")
        // …so the natural-origin two-point form (ESRI:54025) has no PROJ string.
        #expect(throws: GraticuleError.self) { try SpatialReference(text: "ESRI:54025").export("proj") }
        // merc +R_C: Mercator (Spherical) on the ellipsoid.
        #expect(try method("+proj=merc +R_C +ellps=WGS84 +lat_0=45").epsgCode == 1026)
    }
}
