import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleGeometry

/// Booleans, the GeoPackage R-tree and CSV. GDAL-written fixtures come from
/// tools/oracle/vector/make_fixtures.sh (ogr2ogr 3.6.2); expected values are those of the
/// hand-written source (booleans.geojson) and of ogrinfo on the GDAL files.
@Suite struct VectorFormatsTests {
    /// GeoJSON true/false is a boolean field (ogrinfo: `flag: Integer(Boolean)`); a field mixing
    /// booleans and integers is an integer field (`mixed: Integer`, true = 1), as GDAL reads them.
    @Test func geoJSONBooleans() throws {
        let layer = try VectorDataset.read(try fixture("booleans.geojson").path)
        let schema = layer.schema
        #expect(schema.fields.map(\.name) == ["name", "flag", "n", "mixed"])
        #expect(schema.fields.map(\.type) == [.string, .boolean, .integer, .integer])
        #expect(layer.features.map { $0.value("flag", in: schema) } == [.boolean(true), .boolean(false), .null, .boolean(true)])
        #expect(layer.features.map { $0.value("mixed", in: schema) } == [.integer(1), .integer(7), .integer(0), .null])
    }

    /// GDAL's GeoPackage stores the boolean as a BOOLEAN column (Integer(Boolean)); GDAL's
    /// Shapefile as a one-digit number (flag: Integer (1.0)).
    @Test func gdalWrittenBooleans() throws {
        let gpkg = try VectorDataset.read(try fixture("booleans.gpkg").path)
        #expect(gpkg.schema.fields.first { $0.name == "flag" }?.type == .boolean)
        #expect(gpkg.features.map { $0.value("flag", in: gpkg.schema) } == [.boolean(true), .boolean(false), .null, .boolean(true)])
        let shp = try VectorDataset.read(try fixture("booleans.shp").path)
        #expect(shp.schema.fields.first { $0.name == "flag" }?.type == .integer)
        #expect(shp.features.map { $0.value("flag", in: shp.schema) } == [.integer(1), .integer(0), .null, .integer(1)])
    }

    /// Booleans written by Graticule read back as booleans (GeoJSON, GeoPackage) or as GDAL's 1/0 (Shapefile, CSV).
    @Test(arguments: ["geojson", "gpkg", "shp", "csv"])
    func booleansRoundTrip(ext: String) throws {
        let layer = try VectorDataset.read(try fixture("booleans.geojson").path)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("b.\(ext)").path
        try VectorDataset.write(layer, to: path)
        let back = try VectorDataset.read(path)
        let flags = back.features.map { $0.value("flag", in: back.schema) }
        if ext == "geojson" || ext == "gpkg" {
            #expect(flags == [.boolean(true), .boolean(false), .null, .boolean(true)])
        } else {
            #expect(flags == [.integer(1), .integer(0), .null, .integer(1)])
        }
        #expect(back.features.map { $0.value("name", in: back.schema) } == [.string("a"), .string("b"), .string("c"), .string("d")])
    }

    /// The GeoPackage's R-tree (written by GDAL) selects the features whose boxes meet an
    /// envelope: the same set as testing every feature's box, and far fewer than all.
    @Test(arguments: [Envelope(xMin: 0, yMin: 45, xMax: 10, yMax: 50), Envelope(xMin: -80, yMin: -10, xMax: -70, yMax: 0),
                      Envelope(xMin: 170, yMin: -20, xMax: 180, yMax: -15), Envelope(xMin: -30, yMin: -40, xMax: -20, yMax: -30)])
    func rtreeSelects(_ box: Envelope) throws {
        let path = try fixture("ne110_rtree.gpkg").path
        let package = try GeoPackage(path: path)
        let all = try package.read()
        #expect(all.features.count == 177)
        let selected = try package.read(envelope: box)
        // GDAL stores float32 boxes rounded outward: compare with the exact boxes widened by 1e-5°.
        let exact = Set(all.features.filter { f in
            guard let c = f.geometry?.coordinates else { return false }
            return Envelope(points: c.xy).intersects(box)
        }.compactMap(\.id))
        let near = Set(all.features.filter { f in
            guard let c = f.geometry?.coordinates else { return false }
            return Envelope(points: c.xy).expanded(by: 1e-5).intersects(box)
        }.compactMap(\.id))
        let got = Set(selected.features.compactMap(\.id))
        #expect(exact.isSubset(of: got) && got.isSubset(of: near), "\(got.sorted()) vs \(exact.sorted())")
        #expect(selected.features.count < all.features.count / 4)
        let codes = Set(selected.features.compactMap { $0.value("ADM0_A3", in: selected.schema)?.description })
        if box.xMin == 0 { #expect(codes.isSuperset(of: ["FRA", "DEU", "CHE", "BEL", "LUX"])) }
        if box.xMin == -30 { #expect(selected.features.isEmpty) }
    }

    /// CSV with x/y columns (lon/lat, any case), typed fields, RFC 4180 quotes and a BOM.
    @Test func csvPoints() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("cities.csv")
        let text = "\u{FEFF}Name,Lon,Lat,Population,Area,Founded\n"
            + "\"Paris, FR\",2.3522,48.8566,2102650,105.4,0508-01-01\n"
            + "\"He said \"\"hi\"\"\",-0.1276,51.5072,,1572.0,\n"
            + "Auckland,174.7633,-36.8485,1798300,1086,1840-09-18\n"
        try Data(text.utf8).write(to: url)
        let layer = try CSVLayer.read(url: url)
        #expect(layer.schema.fields.map(\.name) == ["Name", "Population", "Area", "Founded"])
        #expect(layer.schema.fields.map(\.type) == [.string, .integer, .real, .date])
        #expect(layer.schema.spatialReference?.wkid == 4326 && layer.schema.geometryType == .point)
        #expect(layer.features.count == 3)
        let s = layer.schema
        #expect(layer.features[0].value("Name", in: s) == .string("Paris, FR"))
        #expect(layer.features[1].value("Name", in: s) == .string("He said \"hi\""))
        #expect(layer.features[1].value("Population", in: s) == .null)
        #expect(layer.features[2].value("Area", in: s) == .real(1086))
        #expect(layer.features[2].value("Founded", in: s) == .date(CivilDate(year: 1840, month: 9, day: 18)))
        guard case let .point(p)? = layer.features[2].geometry else { Issue.record("no point"); return }
        #expect(p.x == 174.7633 && p.y == -36.8485)
    }

    /// CSV with a WKT column: the 110m countries written and read back keep every coordinate and value.
    @Test func csvWKTRoundTrip() throws {
        let layer = try ShapefileReader(url: try fixture("ne_110m_admin_0_countries.shp")).readLayer()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("countries.csv")
        try CSVLayer.write(layer, to: url)
        let back = try CSVLayer.read(url: url)
        #expect(back.features.count == 177)
        for (a, b) in zip(layer.features, back.features) {
            #expect(a.geometry?.coordinates?.xy == b.geometry?.coordinates?.xy)
            #expect(a.value("ADM0_A3", in: layer.schema) == b.value("ADM0_A3", in: back.schema))
            #expect(a.value("NAME", in: layer.schema) == b.value("NAME", in: back.schema))
        }
    }

    /// Malformed CSV: a clear error naming the file and the record.
    @Test(arguments: [("x,y\n1,2\nabc,3\n", "record 2"), ("WKT,n\n\"POINT (1 2)\",1\n\"POLYGON ((0 0, 1\",2\n", "record 2"),
                      ("x,y\n\"1,2\n", "unterminated"), ("", "empty")])
    func csvErrors(text: String, expected: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bad.csv")
        try Data(text.utf8).write(to: url)
        do { _ = try CSVLayer.read(url: url); Issue.record("no error for \(text.debugDescription)") } catch {
            #expect(error.description.contains("bad.csv") && error.description.contains(expected), "\(error)")
        }
    }
}
