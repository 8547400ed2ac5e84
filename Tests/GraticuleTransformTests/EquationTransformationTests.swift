import Foundation
import GraticuleCore
import GraticuleCRS
@testable import GraticuleTransform
import Testing

/// Every equation-based registry transformation (Helmert family, Molodensky, offsets) against
/// PROJ 9.5.1 forcing the same single operation (Fixtures/equation_transformations.csv from
/// tools/oracle/equation_transformations.py): within 1 mm horizontally (and vertically for
/// three-dimensional operations), forward and back.
@Suite struct EquationTransformationTests {
    struct Row: Sendable {
        var code: Identifier
        var lon, lat, h: Double
        var epoch: Double?
        var outLon, outLat, outH: Double
        var invLon, invLat, invH: Double
    }

    static let rows: [Row] = TransformFixtures.rows("equation_transformations").map { f in
        Row(code: Identifier(parsing: f[0])!, lon: Double(f[1])!, lat: Double(f[2])!, h: Double(f[3])!,
            epoch: Double(f[4]), outLon: Double(f[5])!, outLat: Double(f[6])!, outH: Double(f[7])!,
            invLon: Double(f[8])!, invLat: Double(f[9])!, invH: Double(f[10])!)
    }

    static let byOperation: [Identifier: [Row]] = Dictionary(grouping: rows, by: \.code)

    @Test func fixtureCoversEveryMethod() throws {
        let catalog = TransformationCatalog.shared
        #expect(EquationTransformationTests.byOperation.count >= 500)
        var methods = Set<String>()
        for id in EquationTransformationTests.byOperation.keys {
            methods.insert(try #require(catalog.record(id)).methodName)
        }
        for m in ["Geocentric translations (geog2D domain)", "Geocentric translations (geocentric domain)",
                  "Position Vector transformation (geog2D domain)", "Position Vector transformation (geocentric domain)",
                  "Coordinate Frame rotation (geog2D domain)", "Coordinate Frame rotation (geocentric domain)",
                  "Time-dependent Position Vector tfm (geocentric)", "Time-dependent Position Vector tfm (geog2D)",
                  "Time-dependent Coordinate Frame rotation (geocen)", "Time-dependent Coordinate Frame rotation (geog2D)",
                  "Time-specific Position Vector transform (geocen)", "Time-specific Coordinate Frame rotation (geocen)",
                  "Molodensky-Badekas (CF geog2D domain)", "Molodensky-Badekas (PV geog2D domain)",
                  "Molodensky-Badekas (PV geocentric domain)",
                  "Geographic2D offsets", "Geographic2D with Height Offsets", "Longitude rotation"] {
            #expect(methods.contains(m), "no fixture operation uses \(m)")
        }
    }

    @Test(arguments: Array(byOperation.keys).sorted())
    func agreesWithPROJ(_ id: Identifier) throws {
        let catalog = TransformationCatalog.shared
        let record = try #require(catalog.record(id))
        let is3D = try ["geographic 3D", "geocentric"].contains(catalog.crsInfo(record.source).kind)
            && ["geographic 3D", "geocentric"].contains(catalog.crsInfo(record.target).kind)
        for row in EquationTransformationTests.byOperation[id]! {
            let builder = OperationBuilder(catalog: catalog, grids: catalog.grids, coordinateEpoch: row.epoch)
            let steps = try builder.operations(record)
            var p = [SIMD3(row.lon * Angle.radiansPerDegree, row.lat * Angle.radiansPerDegree, row.h)]
            p.withUnsafeMutableBufferPointer { b in for s in steps { s.apply(b) } }
            let lon = p[0].x * Angle.degreesPerRadian, lat = p[0].y * Angle.degreesPerRadian
            let d = TransformFixtures.metres(lon, lat, row.outLon, row.outLat)
            let epoch = row.epoch.map { "\($0)" } ?? "-"
            #expect(d < 1e-3, "\(id) \(record.name) (\(row.lon), \(row.lat)) epoch \(epoch): (\(lon), \(lat)) vs PROJ (\(row.outLon), \(row.outLat)): \(d) m")
            if is3D {
                #expect(abs(p[0].z - row.outH) < 1e-3, "\(id) height \(p[0].z) vs PROJ \(row.outH)")
            }
            // Back: PROJ's inverse of PROJ's output.
            p = [SIMD3(row.outLon * Angle.radiansPerDegree, row.outLat * Angle.radiansPerDegree, row.outH)]
            p.withUnsafeMutableBufferPointer { b in
                for s in steps.reversed() { PipelineStep(operation: s.operation, isInverse: !s.isInverse, name: s.name).apply(b) }
            }
            let back = TransformFixtures.metres(p[0].x * Angle.degreesPerRadian, p[0].y * Angle.degreesPerRadian,
                                                row.invLon, row.invLat)
            // (The small-angle rotation's transpose is not its exact inverse: with large rotations a
            // round trip moves by up to 0.4 m, in PROJ as here.)
            #expect(back < 1e-3, "\(id) inverse \(back) m from PROJ's")
            if is3D { #expect(abs(p[0].z - row.invH) < 1e-3, "\(id) inverse height \(p[0].z) vs PROJ \(row.invH)") }
        }
    }

    @Test func molodenskyAgreesWithPROJ() throws {
        let rows = TransformFixtures.rows("molodensky")
        #expect(rows.count == 16)
        for f in rows {
            let v = f.map { Double($0)! }
            let op = MolodenskyTransformation(
                translation: SIMD3(v[5], v[6], v[7]), source: Ellipsoid(semiMajorAxis: v[1], inverseFlattening: v[2]),
                target: Ellipsoid(semiMajorAxis: v[3], inverseFlattening: v[4]), abridged: v[0] == 1)
            var p = [SIMD3(v[8] * Angle.radiansPerDegree, v[9] * Angle.radiansPerDegree, v[10])]
            p.withUnsafeMutableBufferPointer { op.forward($0) }
            let d = TransformFixtures.metres(p[0].x * Angle.degreesPerRadian, p[0].y * Angle.degreesPerRadian, v[11], v[12])
            #expect(d < 1e-3 && abs(p[0].z - v[13]) < 1e-3, "\(f): \(d) m, h \(p[0].z)")
        }
    }
}
