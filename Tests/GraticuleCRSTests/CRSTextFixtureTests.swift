import Foundation
import GraticuleCore
@testable import GraticuleCRS
import Testing

/// The pyproj fixture (`tools/oracle/crs_text_fixture.py`): WKT2:2019, Esri WKT, WKT1 (GDAL),
/// PROJJSON and PROJ strings that PROJ wrote for randomly chosen EPSG and ESRI CRSs.
struct CRSTextFixture: Decodable, Sendable {
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var format: String
        var text: String
        var testDescription: String { "\(id) \(format)" }
    }
    var pyproj: String
    var proj: String
    var epsg: String
    var seed: Int
    var entries: [Entry]

    static let shared: CRSTextFixture = {
        let url = Bundle.module.url(forResource: "crs_text_pyproj", withExtension: "json", subdirectory: "Fixtures")!
        return try! JSONDecoder().decode(CRSTextFixture.self, from: Data(contentsOf: url))
    }()

    /// What equivalence may ignore for a format: Esri WKT has no axis order; a PROJ string has
    /// neither axis order nor datum names, no third geographic axis and no angular unit.
    static func options(for format: String) -> CRSEquivalenceOptions {
        switch format {
        case "esri": [.ignoreAxisOrder]
        case "proj": [.ignoreAxisOrder, .ignoreDatumIdentity, .ignoreHeight, .ignoreAxisUnits]
        default: []
        }
    }
}

@Suite struct CRSTextFixtureTests {
    let fixture = CRSTextFixture.shared

    @Test func fixtureIsPinnedToPyproj372() {
        #expect(fixture.pyproj == "3.7.2")
        #expect(fixture.proj == "9.5.1")
        #expect(fixture.entries.count >= 1000)
    }

    /// Each string parses to a CRS equivalent to the one the registry resolves for its code, and
    /// keeps the identifier the text carries.
    @Test func everyStringParsesToTheRegistryCRS() throws {
        var failures: [String] = []
        var passed: [String: Int] = [:]
        var total: [String: Int] = [:]
        for e in fixture.entries {
            total[e.format, default: 0] += 1
            do {
                let parsed = try SpatialReference(text: e.text)
                let expected = try SpatialReference(text: e.id)
                guard try parsed.isEquivalent(to: expected, options: CRSTextFixture.options(for: e.format)) else {
                    failures.append("\(e.id) \(e.format): not equivalent: \(CRSTextDiagnostics.difference(parsed.definition, expected.definition))")
                    continue
                }
                if ["wkt2", "wkt1", "projjson"].contains(e.format), parsed.identifier?.description != e.id {
                    failures.append("\(e.id) \(e.format): identifier \(parsed.identifier?.description ?? "nil")")
                    continue
                }
                passed[e.format, default: 0] += 1
            } catch {
                failures.append("\(e.id) \(e.format): \(error)")
            }
        }
        print("fixture parse: \(passed.values.reduce(0, +)) / \(fixture.entries.count) pass; by format \(passed) of \(total)")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    /// export → parse → export gives the same string (the second and third texts are equal).
    @Test func exportParseExportIsStable() throws {
        var failures: [String] = []
        var passed = 0
        for e in fixture.entries {
            do {
                let first = try SpatialReference(text: e.text)
                let second = try first.export(e.format)
                let third = try SpatialReference(text: second).export(e.format)
                if second != third {
                    failures.append("\(e.id) \(e.format):\n  \(second)\n  \(third)")
                } else {
                    passed += 1
                }
            } catch {
                failures.append("\(e.id) \(e.format): \(error)")
            }
        }
        print("fixture round trip: \(passed) / \(fixture.entries.count) stable")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Every registry CRS of the fixture exports to every format (except a PROJ string for a
    /// method PROJ has no operation for) and reads back as an equivalent CRS.
    @Test func registryCRSsExportToEveryFormatAndReadBack() throws {
        var failures: [String] = []
        var checked = 0
        let ids = Array(Set(fixture.entries.map(\.id))).sorted()
        for id in ids {
            let sr = try SpatialReference(text: id)
            for format in ["wkt2", "wkt1", "esri", "projjson", "proj"] {
                let text: String
                // A PROJ string cannot describe a vertical datum or a depth axis.
                if format == "proj", case .vertical = sr.definition { continue }
                do { text = try sr.export(format) } catch {
                    if format == "proj" || format == "esri", case .unsupported = error { continue }
                    failures.append("\(id) \(format): export failed: \(error)")
                    continue
                }
                do {
                    let back = try SpatialReference(text: text)
                    checked += 1
                    if try !back.isEquivalent(to: sr, options: CRSTextFixture.options(for: format)),
                       !CRSTextRegistrySweepTests.isFormatLimitation(format, sr.definition) {
                        failures.append("\(id) \(format): \(CRSTextDiagnostics.difference(back.definition, sr.definition))\n  \(text.prefix(600))")
                    }
                } catch {
                    failures.append("\(id) \(format): re-read failed: \(error)\n  \(text.prefix(400))")
                }
            }
        }
        print("registry export/read-back: \(checked - failures.count) / \(checked) equivalent")
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(30).joined(separator: "\n"))")
    }
}

extension CRSTextFixtureTests {
    /// How close the writers are to PROJ's own output: the share of registry CRSs whose export is
    /// the very string pyproj wrote (reported, not required: names of unnamed conversions,
    /// multiple usages and a few PROJ idiosyncrasies legitimately differ).
    @Test func exportMatchesPyprojTextForMostCRSs() throws {
        var same: [String: Int] = [:], total: [String: Int] = [:]
        var examples: [String] = []
        for e in fixture.entries {
            let sr = try SpatialReference(text: e.id)
            guard let mine = try? sr.export(e.format) else { continue }
            total[e.format, default: 0] += 1
            // The registry keeps an area's name, PROJ writes its longer description: compare
            // without it.
            let a = Self.withoutAreaText(e.format == "projjson" ? mine.filter { !$0.isWhitespace } : mine)
            let b = Self.withoutAreaText(e.format == "projjson" ? e.text.filter { !$0.isWhitespace } : e.text)
            if a == b { same[e.format, default: 0] += 1 } else if examples.filter({ $0.contains(" \(e.format) @") }).count < 3 {
                let common = zip(a, b).prefix { $0 == $1 }.count
                examples.append("\(e.id) \(e.format) @\(common)\n  mine:   \(a.dropFirst(max(0, common - 60)).prefix(200))\n  pyproj: \(b.dropFirst(max(0, common - 60)).prefix(200))")
            }
        }
        print("identical to pyproj: \(same) of \(total)")
        print(examples.joined(separator: "\n"))
        #expect((same["wkt2"] ?? 0) * 2 > (total["wkt2"] ?? 0))
    }

    static func withoutAreaText(_ s: String) -> String {
        var out = s
        for marker in ["AREA[\"", "\"area\":\""] {
            while let r = out.range(of: marker) {
                guard let end = out[r.upperBound...].firstIndex(of: "\"") else { break }
                out.replaceSubrange(r.lowerBound...end, with: "")
            }
        }
        return out
    }
}

/// A short description of why two CRSs are not equivalent, for failure messages.
enum CRSTextDiagnostics {
    static func difference(_ a: CRS, _ b: CRS) -> String {
        switch (a, b) {
        case let (.projected(x), .projected(y)):
            if !CRSEquivalence.datumsEquivalent(x.base.datum, y.base.datum, options: [], names: TestRegistry.names) {
                return "datum \(x.base.datum.name) [\(x.base.datum.identifier?.description ?? "-")] vs \(y.base.datum.name) [\(y.base.datum.identifier?.description ?? "-")]"
            }
            if !CRSEquivalence.axesEquivalent(x.coordinateSystem, y.coordinateSystem, options: []) {
                return "axes \(x.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" }) vs \(y.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" })"
            }
            if !CRSEquivalence.axesEquivalent(x.base.coordinateSystem, y.base.coordinateSystem, options: [.ignoreAxisOrder]) {
                return "base axes \(x.base.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" }) vs \(y.base.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" })"
            }
            let s = x.base.datum.ellipsoid.figure.isSphere
            let cx = x.conversion.canonicalized(isSphere: s, names: TestRegistry.names)
            let cy = y.conversion.canonicalized(isSphere: s, names: TestRegistry.names)
            return "conversion \(cx.method.name) [\(cx.method.identifier?.description ?? "-")] "
                + "\(CRSEquivalence.parameterValues(cx).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" }) vs "
                + "\(cy.method.name) [\(cy.method.identifier?.description ?? "-")] "
                + "\(CRSEquivalence.parameterValues(cy).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.value)" })"
        case let (.geodetic(x), .geodetic(y)):
            if x.kind != y.kind { return "kind \(x.kind) vs \(y.kind)" }
            if !CRSEquivalence.datumsEquivalent(x.datum, y.datum, options: [], names: TestRegistry.names) {
                return "datum \(x.datum.name) [\(x.datum.identifier?.description ?? "-")] a=\(x.datum.ellipsoid.semiMajorAxis) rf=\(x.datum.ellipsoid.inverseFlattening) pm=\(x.datum.primeMeridian.longitudeDegrees) vs \(y.datum.name) [\(y.datum.identifier?.description ?? "-")] a=\(y.datum.ellipsoid.semiMajorAxis) rf=\(y.datum.ellipsoid.inverseFlattening) pm=\(y.datum.primeMeridian.longitudeDegrees)"
            }
            return "axes \(x.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" }) vs \(y.coordinateSystem.axes.map { "\($0.direction) \($0.unit.factor)" })"
        default:
            return "\(a.name) vs \(b.name) (\(String(describing: a).prefix(300)) vs \(String(describing: b).prefix(300)))"
        }
    }
}
