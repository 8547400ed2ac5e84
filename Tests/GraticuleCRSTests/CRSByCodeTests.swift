import Foundation
import GraticuleCore
import GraticuleCRS
import Testing

/// CRSs resolved by code agree with pyproj 3.7.2 (PROJ 9.5.1, EPSG v11.022) on ellipsoid, prime
/// meridian, datum name, unit, axes, method and every parameter value
/// (Fixtures/crs_by_code.json, from tools/oracle/crs_by_code.py: 638 CRSs drawn at random across
/// EPSG and ESRI geographic and projected CRSs, plus the product's named CRSs).
@Suite struct CRSByCodeTests {
    struct Reference: Decodable, Sendable, CustomTestStringConvertible {
        struct EllipsoidRef: Decodable, Sendable { var a: Double; var rf: Double }
        struct MethodRef: Decodable, Sendable { var name: String; var code: String? }
        struct ParameterRef: Decodable, Sendable { var name: String; var code: String?; var value: Double }
        var id: String
        var name: String
        var type: String
        var ellipsoid: EllipsoidRef
        var primeMeridianDegrees: Double
        var datum: String
        var unitFactor: Double
        var axes: [String]
        var method: MethodRef?
        var parameters: [ParameterRef]?
        var testDescription: String { id }
    }

    struct Fixture: Decodable { var pyproj: String; var crs: [Reference] }

    static let fixture: Fixture = {
        let url = Bundle.module.url(forResource: "crs_by_code", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    @Test func fixtureCoversAtLeast500CRSs() {
        #expect(Self.fixture.pyproj == "3.7.2")
        #expect(Self.fixture.crs.count >= 500)
        #expect(Set(Self.fixture.crs.map { $0.id.prefix(4) }) == ["EPSG", "ESRI"])
    }

    /// Relative comparison at the level of float round-off (values pass through unit conversions).
    static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-14 * max(abs(a), abs(b))
    }

    /// PROJ names the datum of a CRS read from Esri WKT (which has no ensembles) without
    /// the " ensemble" suffix of the registry's WGS 84 / ETRS89 ensembles.
    static func datumName(_ s: String) -> String {
        s.hasSuffix(" ensemble") ? String(s.dropLast(" ensemble".count)) : s
    }

    @Test(arguments: fixture.crs)
    func agreesWithPyproj(_ ref: Reference) throws {
        let id = try #require(Identifier(parsing: ref.id))
        let sr = try SpatialReference(authority: id.authority, code: id.code)
        #expect(sr.name == ref.name)
        let ellipsoid = try #require(sr.ellipsoid)
        #expect(Self.same(ellipsoid.semiMajorAxis, ref.ellipsoid.a), "a: \(ellipsoid.semiMajorAxis) vs \(ref.ellipsoid.a)")
        #expect(Self.same(ellipsoid.inverseFlattening, ref.ellipsoid.rf),
                "1/f: \(ellipsoid.inverseFlattening) vs \(ref.ellipsoid.rf)")
        #expect(Self.same(try #require(sr.primeMeridian).longitudeDegrees, ref.primeMeridianDegrees))
        #expect(Self.datumName(try #require(sr.datum).name) == Self.datumName(ref.datum))
        #expect(Self.same(try #require(sr.unit).factor, ref.unitFactor), "unit \(String(describing: sr.unit))")
        // pyproj reports polar axes ("South along 90°E") by their direction word only.
        #expect(sr.axes.map { $0.direction.lowercased().split(separator: " ").first.map(String.init) ?? "" }
                == ref.axes.map { $0.lowercased() })
        guard let method = ref.method, let params = ref.parameters else {
            #expect(!sr.isProjected)
            return
        }
        let conversion = try #require(sr.definition.projected?.conversion)
        #expect(conversion.method.name == method.name)
        #expect(conversion.method.epsgCode.map(String.init) == method.code)
        #expect(conversion.parameters.count == params.count, "parameters \(conversion.parameters.map(\.name))")
        for p in params {
            let ours = p.code.flatMap(Int.init).flatMap { conversion.parameter(epsg: $0) } ?? conversion.parameter(named: p.name)
            let mine = try #require(ours, "parameter \(p.name) missing")
            #expect(Self.same(mine.siValue, p.value), "\(p.name): \(mine.siValue) vs \(p.value)")
        }
    }
}
