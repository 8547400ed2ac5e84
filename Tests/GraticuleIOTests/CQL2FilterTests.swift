import Foundation
import Testing
@testable import GraticuleIO
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry

/// One filter of Fixtures/cql2/cases.json (tools/oracle/cql2_filter.py: the ids from ogrinfo
/// -where, SQLite through ogrinfo, shapely, or the definition computed in Python).
struct CQL2Case: Decodable, CustomTestStringConvertible, Sendable {
    let cql2: String
    let ids: [Int64]
    let reference: String
    var testDescription: String { cql2 }
}

private func cql2Cases() throws -> [CQL2Case] {
    struct File: Decodable { let cases: [CQL2Case] }
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: try fixture("cql2/cases.json"))).cases
}

private let places = Result { try GeoJSONReader(url: try fixture("cql2/places.geojson")).readLayer() }

@Suite struct CQL2FilterTests {
    /// Each filter keeps the features its reference keeps, over places.geojson as our GeoJSON
    /// reader reads it (dates as dates, `flag` as booleans, nulls as nulls).
    @Test(arguments: try cql2Cases())
    func keepsWhatTheReferenceKeeps(_ c: CQL2Case) throws {
        let layer = try places.get()
        let filter = try CQL2Filter(text: c.cql2, schema: layer.schema)
        let kept = layer.features.filter(filter.matches).compactMap { $0.value("id", in: layer.schema)?.integerValue }
        #expect(kept == c.ids, "\(c.reference)")
    }

    /// GeoServer's and GDAL's names for the geometry (`the_geom`, `geom`, …) keep what `geometry` keeps.
    @Test(arguments: try cql2Cases().filter { $0.cql2.contains("(geometry,") })
    func geometryNames(_ c: CQL2Case) throws {
        let layer = try places.get()
        for name in ["the_geom", "GEOM", "wkb_geometry"] {
            let filter = try CQL2Filter(text: c.cql2.replacingOccurrences(of: "(geometry,", with: "(\(name),"), schema: layer.schema)
            #expect(layer.features.filter(filter.matches).compactMap { $0.value("id", in: layer.schema)?.integerValue } == c.ids)
        }
    }

    /// GeoServer's ECQL spellings read as the CQL2 they stand for.
    @Test(arguments: [
        ("INTERSECTS(the_geom, POINT(1 2))", "S_INTERSECTS(the_geom, POINT(1 2))"),
        ("disjoint (geom, BBOX(0, 0, 1, 1))", "S_DISJOINT(geom, BBOX(0, 0, 1, 1))"),
        ("BBOX(the_geom, -10, 35, 30, 60)", "S_INTERSECTS(the_geom, BBOX(-10, 35, 30, 60))"),
        ("BBOX(the_geom, -10, 35, 30, 60, 'EPSG:4326') AND intersects = 1", "S_INTERSECTS(the_geom, BBOX(-10, 35, 30, 60)) AND intersects = 1"),
        ("WITHIN(the_geom, POLYGON((0 0, 1 0, 1 1, 0 0)))", "S_WITHIN(the_geom, POLYGON((0 0, 1 0, 1 1, 0 0)))"),
        ("Contains(geom, POINT(1 2)) OR touches(geom, POINT(1 2))", "S_CONTAINS(geom, POINT(1 2)) OR S_TOUCHES(geom, POINT(1 2))"),
        ("CROSSES(the_geom, LINESTRING(0 0, 1 1)) AND NOT OVERLAPS(the_geom, BBOX(0, 0, 1, 1))",
         "S_CROSSES(the_geom, LINESTRING(0 0, 1 1)) AND NOT S_OVERLAPS(the_geom, BBOX(0, 0, 1, 1))"),
        ("EQUALS(the_geom, POINT(1 2)) AND within = 3", "S_EQUALS(the_geom, POINT(1 2)) AND within = 3"),
    ])
    func ecql(_ text: String, _ cql2: String) throws {
        #expect(try CQL2Text.parse(text) == CQL2Text.parse(cql2))
    }

    /// The reader types the fixture's fields as GDAL does, which the references rely on.
    @Test func fixtureFieldTypes() throws {
        let schema = try places.get().schema
        #expect(schema.fields.map(\.type) == [.integer, .string, .integer, .real, .boolean, .date, .dateTime, .string])
    }

    /// Parsed forms, from the grammar of OGC 21-065r2 (precedence: NOT over AND over OR;
    /// `^` over `* / % div` over `+ -`, a sign belonging to its operand (`-b ^ 2` is `(-b) ^ 2`,
    /// as the grammar's powerTerm of arithmeticFactors has it); keywords in any case; quoted names).
    @Test(arguments: [
        ("a = 1 OR b = 2 AND c = 3", CQL2Expression.or([.comparison(.equal, .property("a"), .number(1)),
                                                        .and([.comparison(.equal, .property("b"), .number(2)),
                                                              .comparison(.equal, .property("c"), .number(3))])])),
        ("not a < 1 and b", .and([.not(.comparison(.less, .property("a"), .number(1))), .isTrue(.property("b"))])),
        ("(a + 1) * 2 >= -b ^ 2", .comparison(.greaterOrEqual, .arithmetic(.multiply, .arithmetic(.add, .property("a"), .number(1)), .number(2)),
                                               .arithmetic(.power, .arithmetic(.subtract, .number(0), .property("b")), .number(2)))),
        ("x div 2 % 3 = 1", .comparison(.equal, .arithmetic(.modulo, .arithmetic(.integerDivide, .property("x"), .number(2)), .number(3)), .number(1))),
        ("\"my name\" NOT LIKE 'a\\%%'", .like(.property("my name"), pattern: .string("a\\%%"), negated: true, caseInsensitive: false)),
        ("n NOT BETWEEN 1 AND 2 + 3", .between(.property("n"), low: .number(1), high: .arithmetic(.add, .number(2), .number(3)), negated: true)),
        ("n IN (1, 'a', TRUE)", .inList(.property("n"), [.number(1), .string("a"), .boolean(true)], negated: false)),
        ("n IS NOT NULL", .isNull(.property("n"), negated: true)),
        ("((a = 'it''s'))", .comparison(.equal, .property("a"), .string("it's"))),
        ("TRUE", .isTrue(.boolean(true))),
        ("t_after(d, date('2020-01-01'))", .temporal(.after, .property("d"), .instant(CivilDate(year: 2020, month: 1, day: 1)))),
        ("T_DURING(d, INTERVAL('..', TIMESTAMP('2020-01-01T00:00:00Z')))",
         .temporal(.during, .property("d"), .interval(nil, CivilDate(year: 2020, month: 1, day: 1, hour: 0, minute: 0, second: 0, utcOffsetMinutes: 0)))),
        ("S_INTERSECTS(geometry, BBOX(-10, 35.5, 30, 60))", .spatial(.intersects, .property("geometry"), .bbox([-10, 35.5, 30, 60]))),
        ("S_INTERSECTS(geom, POINT(1 2))", .spatial(.intersects, .property("geom"), .geometry(.point(Point(x: 1, y: 2))))),
        ("CASEI(road_class) IN (CASEI('Οδος'), CASEI('Straße'))",
         .inList(.function(.casei, .property("road_class")), [.function(.casei, .string("Οδος")), .function(.casei, .string("Straße"))], negated: false)),
        ("(a > 1) = TRUE", .comparison(.equal, .comparison(.greater, .property("a"), .number(1)), .boolean(true))),
        ("ns:name.first = 1.5e3", .comparison(.equal, .property("ns:name.first"), .number(1500))),
        ("DWITHIN(the_geom, POINT(1 2), 10.5, statute  Miles)",
         .distance(.within, .property("the_geom"), .geometry(.point(Point(x: 1, y: 2))), distance: 10.5, unit: .statuteMiles)),
        ("beyond(geom, POINT(1 2), 0, metres)", .distance(.beyond, .property("geom"), .geometry(.point(Point(x: 1, y: 2))), distance: 0, unit: .meters)),
        ("RELATE(geom, POINT(1 2), t*f**F***)", .relate(.property("geom"), .geometry(.point(Point(x: 1, y: 2))), pattern: "T*F**F***")),
        ("RELATE(geom, POINT(1 2), '212101212')", .relate(.property("geom"), .geometry(.point(Point(x: 1, y: 2))), pattern: "212101212")),
        ("dwithin = 1", .comparison(.equal, .property("dwithin"), .number(1))),
    ] as [(String, CQL2Expression)])
    func parses(_ text: String, _ expected: CQL2Expression) throws {
        #expect(try CQL2Text.parse(text) == expected)
    }

    /// Malformed filters: each a parse error saying what was wrong, at the offset where it was.
    @Test(arguments: [
        ("", "expected a value, found end of text", 0),
        ("a =", "expected a value, found end of text", 3),
        ("a = 1 AND", "expected a value, found end of text", 9),
        ("a = 'open", "text not closed", 4),
        ("(a = 1", "expected ')'", 6),
        ("a = 1)", "unexpected ')' after the expression", 5),
        ("a NOT = 1", "expected LIKE, BETWEEN or IN after NOT", 2),
        ("a BETWEEN 1 OR 2", "expected AND", 12),
        ("a IS 1", "expected NULL", 5),
        ("1 + 2", "expected a condition", 0),
        ("a = 1 AND 'x'", "expected a condition", 10),
        ("NOT 5", "expected a condition", 4),
        ("foo(a) = 1", "unknown function foo", 0),
        ("a = DATE('2020-13-01')", "DATE needs a date", 9),
        ("a = DATE('2020-01-01T10:00:00Z')", "DATE needs a date", 9),
        ("T_AFTER(a, INTERVAL('2021-01-01', '2020-01-01'))", "INTERVAL starts after it ends", 11),
        ("S_INTERSECTS(g, BBOX(1, 2, 3))", "BBOX needs 4 or 6 numbers", 16),
        ("S_INTERSECTS(g, BBOX(1, 5, 3, 2))", "south 5.0 is north of its north 2.0", 16),
        ("S_INTERSECTS(g, POLYGON((0 0, 1 0, 1 1)))", "ring 0 is not closed", 40),
        ("S_INTERSECTS(g, GEOMETRYCOLLECTION(POINT(1 2), GEOMETRYCOLLECTION EMPTY))", "expected a POINT, LINESTRING, POLYGON or MULTI geometry in the GEOMETRYCOLLECTION", 47),
        ("S_INTERSECTS(g, GEOMETRYCOLLECTION(POINT(1 2),))", "expected a POINT, LINESTRING, POLYGON or MULTI geometry", 46),
        ("S_INTERSECTS(g, ENVELOPE(0, 1, 1, 0))", "ENVELOPE literals are not supported", 16),
        ("a = 1e999", "invalid number '1e999'", 4),
        ("a = AND", "found the keyword AND", 4),
        ("\"\" = 1", "empty name", 0),
        ("BBOX(g, 1, 2, 3)", "expected ','", 15),
        ("BBOX(g, 0, 0, 1, 1, 'EPSG:3857')", "BBOX in EPSG:3857", 20),
        ("BBOX(g, 0, 5, 1, 1)", "south 5.0 is north of its north 1.0", 0),
        ("BBOX('x', 0, 0, 1, 1)", "BBOX takes a property", 0),
        ("DWITHIN(g, POINT(1 2), 10, furlongs)", "DWITHIN's unit must be one of meters, kilometers, feet, statute miles, nautical miles; found 'furlongs'", 27),
        ("DWITHIN(g, POINT(1 2), 10, statute)", "found 'statute'", 27),
        ("DWITHIN(g, POINT(1 2), 10)", "expected ','", 25),
        ("BEYOND(g, POINT(1 2), -1, meters)", "BEYOND's distance must not be negative, found -1.0", 22),
        ("DWITHIN(g, POINT(1 2), ten, meters)", "invalid number ''", 23),
        ("RELATE(g, POINT(1 2), T*F**F**)", "RELATE's pattern must be nine of T, F, *, 0, 1, 2 (as T*F**F***), found 'T*F**F**'", 22),
        ("RELATE(g, POINT(1 2), 'T*F**F**X')", "found 'T*F**F**X'", 22),
    ])
    func refuses(_ text: String, _ message: String, _ offset: Int) {
        do {
            let e = try CQL2Text.parse(text)
            Issue.record("parsed \(text) as \(e)")
        } catch {
            guard case let .parse(format, m, at) = error else { Issue.record("\(error)"); return }
            #expect(format == "CQL2 text" || format == "WKT geometry")
            #expect(m.contains(message), "\(m)")
            #expect(at == offset, "\(m)")
        }
    }

    /// Nesting is bounded, so that a hostile filter cannot exhaust the stack.
    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "(", count: 10_000) + "a = 1" + String(repeating: ")", count: 10_000)
        #expect(throws: GraticuleError.self) { try CQL2Text.parse(deep) }
        #expect(throws: GraticuleError.self) { try CQL2Text.parse("a = 1" + String(repeating: " + 1", count: 5_000)) }
        #expect(throws: GraticuleError.self) { try CQL2Text.parse("a = " + String(repeating: "- ", count: 5_000) + "1") }
        #expect(throws: GraticuleError.self) { try CQL2Text.parse(String(repeating: "NOT ", count: 5_000) + "a") }
        #expect((try? CQL2Text.parse("a = 1" + String(repeating: " + 1", count: 100))) != nil)
        let fine = String(repeating: "(", count: 50) + "a = 1" + String(repeating: ")", count: 50)
        #expect((try? CQL2Text.parse(fine)) == .comparison(.equal, .property("a"), .number(1)))
    }

    /// A GEOMETRYCOLLECTION mixing points, lines and areas is refused where its union would be
    /// needed (the DE-9IM functions), and taken member by member by S_INTERSECTS and S_DISJOINT.
    @Test func mixedCollections() throws {
        let schema = try places.get().schema
        let mixed = "GEOMETRYCOLLECTION(POINT(2.3 48.9), POLYGON((0 40, 10 40, 10 50, 0 50, 0 40)))"
        #expect(throws: GraticuleError.invalidInput("S_WITHIN with a GEOMETRYCOLLECTION of points, lines and areas together is not "
                                                    + "supported (its members must be of one kind; S_INTERSECTS, S_DISJOINT, DWITHIN and BEYOND take any)")) {
            try CQL2Filter(text: "S_WITHIN(geometry, \(mixed))", schema: schema)
        }
        #expect((try? CQL2Filter(text: "S_DISJOINT(geometry, \(mixed))", schema: schema)) != nil)
    }

    /// DWITHIN and BEYOND on projected data measure in the projection's unit: a point 3 km east
    /// and 4 km north of another is 5 km from it in Web Mercator's metres, and 5,000 US survey
    /// feet (1,524.003 m) in New York Long Island's (EPSG:2263; the definitions, by hand).
    /// Without a spatial reference there is nothing to measure metres with: refused.
    @Test func distanceOnProjectedData() throws {
        for (wkid, x, y, metres) in [(3857, 3000.0, 4000.0, 5000.0), (2263, 3000.0, 4000.0, 5000.0 * 1200 / 3937)] {
            let sr = try SpatialReference(wkid: wkid)
            let schema = LayerSchema(fields: [], geometryType: .point, spatialReference: sr)
            let feature = Feature(geometry: .point(Point(x: x, y: y)), attributes: [])
            for (text, expected) in [("DWITHIN(geometry, POINT(0 0), \(metres + 0.01), meters)", true),
                                     ("DWITHIN(geometry, POINT(0 0), \(metres - 0.01), meters)", false),
                                     ("BEYOND(geometry, POINT(0 0), \((metres - 0.01) / 1000), kilometers)", true),
                                     ("DWITHIN(geometry, LINESTRING(\(x) -1, \(x) 1e9), 1, feet)", true)] {
                #expect(try CQL2Filter(text: text, schema: schema).matches(feature) == expected, "EPSG:\(wkid) \(text)")
            }
        }
        let unknown = LayerSchema(fields: [], geometryType: .point)
        #expect(throws: GraticuleError.invalidInput("DWITHIN needs to know how the layer's coordinates measure distances: its spatial "
                                                    + "reference is unknown")) {
            try CQL2Filter(text: "DWITHIN(geometry, POINT(0 0), 1, meters)", schema: unknown)
        }
        #expect((try? CQL2Filter(text: "RELATE(geometry, POINT(0 0), T********)", schema: unknown)) != nil)
        let grads = LayerSchema(fields: [], geometryType: .point, spatialReference: try SpatialReference(wkid: 4807))
        #expect(throws: GraticuleError.invalidInput("BEYOND needs to know how the layer's coordinates measure distances: its spatial "
                                                    + "reference is NTF (Paris), neither projected nor geographic in degrees")) {
            try CQL2Filter(text: "BEYOND(geometry, POINT(0 0), 1, meters)", schema: grads)
        }
    }

    /// A property the layer does not have is an error naming it and the ones it has.
    @Test func unknownPropertyIsNamed() throws {
        let schema = try places.get().schema
        #expect(throws: GraticuleError.invalidInput("unknown property \"population\" in the filter; properties: "
                                                    + "id, name, pop, area, flag, when, at, kind, geometry")) {
            try CQL2Filter(text: "population > 5", schema: schema)
        }
    }

    /// LIKE's wildcards and escapes against SQL's definition, by hand.
    @Test(arguments: [
        ("abc", "a%", true), ("abc", "%c", true), ("abc", "a_c", true), ("abc", "a_", false), ("a%c", "a\\%c", true),
        ("abc", "a\\%c", false), ("", "%", true), ("", "_", false), ("aXbXc", "%b%c", true), ("mississippi", "%iss%ppi", true),
        ("Zürich", "Z_rich", true), ("a_b", "a\\_b", true), ("axb", "a\\_b", false),
    ])
    func likeMatches(_ s: String, _ pattern: String, _ expected: Bool) {
        #expect(CQL2Filter.like(s, pattern) == expected)
    }
}

/// CQL2 JSON reads to the same expressions as CQL2 text (OGC 21-065r2 gives its examples in both).
@Suite struct CQL2JSONTests {
    @Test(arguments: [
        (#"{"op": "=", "args": [{"property": "landsat:scene_id"}, "LC82030282019133LGN00"]}"#, "landsat:scene_id = 'LC82030282019133LGN00'"),
        (#"{"op": "and", "args": [{"op": ">=", "args": [{"property": "pop"}, 5]}, {"op": "not", "args": [{"op": "isNull", "args": [{"property": "kind"}]}]}]}"#,
         "pop >= 5 AND NOT kind IS NULL"),
        (#"{"op": "or", "args": [{"op": "like", "args": [{"property": "name"}, "B%"]}, {"op": "in", "args": [{"property": "n"}, [1, 2.5, "x"]]}, true]}"#,
         "name LIKE 'B%' OR n IN (1, 2.5, 'x') OR TRUE"),
        (#"{"op": "between", "args": [{"op": "*", "args": [{"property": "a"}, 2]}, 1, {"op": "div", "args": [9, 2]}]}"#, "a * 2 BETWEEN 1 AND 9 div 2"),
        (#"{"op": "=", "args": [{"op": "casei", "args": [{"property": "road_class"}]}, {"op": "accenti", "args": ["Straße"]}]}"#,
         "CASEI(road_class) = ACCENTI('Straße')"),
        (#"{"op": "s_intersects", "args": [{"property": "geometry"}, {"bbox": [-10, 35.5, 30, 60]}]}"#, "S_INTERSECTS(geometry, BBOX(-10, 35.5, 30, 60))"),
        (#"{"op": "s_disjoint", "args": [{"property": "geometry"}, {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}]}"#,
         "S_DISJOINT(geometry, POLYGON((0 0, 1 0, 1 1, 0 0)))"),
        (#"{"op": "s_intersects", "args": [{"property": "geometry"}, {"type": "MultiPoint", "coordinates": [[13.4, 52.5], [0, 0]]}]}"#,
         "S_INTERSECTS(geometry, MULTIPOINT((13.4 52.5), (0 0)))"),
        (#"{"op": "s_within", "args": [{"property": "geometry"}, {"bbox": [-10, 35.5, 30, 60]}]}"#, "S_WITHIN(geometry, BBOX(-10, 35.5, 30, 60))"),
        (#"{"op": "s_intersects", "args": [{"property": "geometry"}, {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [1, 2]}, {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}]}]}"#,
         "S_INTERSECTS(geometry, GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1)))"),
        (#"{"op": "s_disjoint", "args": [{"property": "geometry"}, {"type": "GeometryCollection", "geometries": []}]}"#,
         "S_DISJOINT(geometry, GEOMETRYCOLLECTION EMPTY)"),
        (#"{"op": "t_after", "args": [{"property": "when"}, {"date": "2020-06-30"}]}"#, "T_AFTER(when, DATE('2020-06-30'))"),
        (#"{"op": "t_during", "args": [{"property": "at"}, {"interval": ["..", {"timestamp": "2020-12-31T23:59:59Z"}]}]}"#,
         "T_DURING(at, INTERVAL('..', TIMESTAMP('2020-12-31T23:59:59Z')))"),
        (#"{"op": "t_intersects", "args": [{"property": "when"}, {"interval": ["2020-06-30", ".."]}]}"#, "T_INTERSECTS(when, INTERVAL('2020-06-30', '..'))"),
        (#"{"property": "flag"}"#, "flag"),
    ])
    func sameAsText(_ json: String, _ text: String) throws {
        #expect(try CQL2JSON.parse(json) == CQL2Text.parse(text))
    }

    @Test(arguments: [
        ("{", "CQL2 JSON parse error"),
        (#"{"op": "=", "args": [1, 2]} x"#, "text after the JSON value"),
        (#"{"op": "frobnicate", "args": []}"#, "$.op: unknown op \"frobnicate\""),
        (#"{"op": "=", "args": [{"property": "a"}]}"#, "$.args: = takes 2 arguments, found 1"),
        (#"{"op": "and", "args": [{"op": "=", "args": [1, 1]}, 5]}"#, "$.args[1]: expected a condition"),
        (#"{"op": "=", "args": [{"property": "a"}, null]}"#, "$.args[1]: null is not a CQL2 value"),
        (#"{"op": "in", "args": [{"property": "a"}, []]}"#, "$.args[1]: expected a list of values"),
        (#"{"op": "t_after", "args": [{"property": "a"}, {"date": "2020-01-01T10:00:00Z"}]}"#, "$.args[1].date: expected a date"),
        (#"{"op": "t_after", "args": [{"property": "a"}, {"interval": ["2021-01-01", "2020-01-01"]}]}"#, "starts after it ends"),
        (#"{"op": "s_intersects", "args": [{"property": "g"}, {"bbox": [1, 5, 3, 2]}]}"#, "$.args[1].bbox: south 5.0 is north of north 2.0"),
        (#"{"op": "s_intersects", "args": [{"property": "g"}, {"type": "GeometryCollection"}]}"#, "GeometryCollection without geometries"),
        (#"{"op": "s_intersects", "args": [{"property": "g"}, {"type": "GeometryCollection", "geometries": [{"type": "GeometryCollection", "geometries": []}]}]}"#,
         "$.args[1].geometries[0]: expected a Point, LineString, Polygon or Multi geometry"),
        (#"{"op": "s_intersects", "args": [{"property": "g"}, {"type": "Curve", "coordinates": []}]}"#, "Curve geometries are not supported"),
        (#"{"op": "s_intersects", "args": [{"property": "g"}, {"type": "Point"}]}"#, "Point without coordinates"),
        ("5", "$: expected a condition"),
        (#"{"property": ""}"#, "$.property: expected a name"),
    ])
    func refuses(_ json: String, _ message: String) {
        #expect {
            _ = try CQL2JSON.parse(json)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: #"{"op": "not", "args": ["#, count: 500) + "true" + String(repeating: "]}", count: 500)
        #expect(throws: GraticuleError.self) { try CQL2JSON.parse(deep) }
    }
}
