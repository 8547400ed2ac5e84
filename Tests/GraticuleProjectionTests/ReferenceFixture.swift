import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform

/// One row of a `case,crs,lon,lat,x,y` reference table (tools/oracle/oracle_common.write_case_csv):
/// `Fixtures/tm_cyl_reference.csv` (tools/oracle/tm_cyl_reference.py) and
/// `Fixtures/conic_references.csv` (tools/oracle/conic_references.py), pyproj 3.7.2 / PROJ 9.5.1
/// and independent computations; see the scripts for each case.
struct ReferenceRow: Sendable, CustomStringConvertible {
    var caseName: String
    var crs: String
    var lon: Double
    var lat: Double
    var x: Double
    var y: Double
    var description: String { "\(caseName) \(crs) (\(lon), \(lat))" }
}

enum ReferenceFixture {
    static let tmCyl = table("tm_cyl_reference")
    static let conic = table("conic_references")

    /// Every row of a table; a row that does not parse stops the run (it must not vanish silently).
    static func table(_ name: String) -> [ReferenceRow] {
        FixtureCSV.rows(name).map { f in
            guard f.count == 6, let lon = Double(f[2]), let lat = Double(f[3]), let x = Double(f[4]),
                  let y = Double(f[5]) else { preconditionFailure("bad row in Fixtures/\(name).csv: \(f)") }
            return ReferenceRow(caseName: f[0], crs: f[1], lon: lon, lat: lat, x: x, y: y)
        }
    }

    /// The rows of one case of `table` (tm_cyl_reference by default); an unknown case stops the run.
    static func rows(_ caseName: String, in table: [ReferenceRow] = tmCyl) -> [ReferenceRow] {
        let rows = table.filter { $0.caseName == caseName }
        precondition(!rows.isEmpty, "no reference rows for case \(caseName)")
        return rows
    }
}

/// Helpers shared by the projection unit tests.
enum ProjectionTestSupport {
    /// Transformer from a CRS's base geographic CRS to the CRS (x/y, the CRS's units).
    static func transformer(_ code: String) throws -> Transformer {
        let sr = try SpatialReference(text: code)
        guard let base = sr.baseGeographic else { throw GraticuleError.unsupported("no base CRS for \(code)") }
        return try Transformer(from: base, to: sr)
    }

    /// Projects one point (degrees of the base CRS) to the CRS; NaN when out of domain.
    static func project(_ t: Transformer, _ lon: Double, _ lat: Double) -> SIMD2<Double> {
        t.transform([SIMD2(lon, lat)])[0]
    }

    /// Parameters in SI units from (EPSG code, value) pairs and (name, value) pairs.
    static func parameters(_ method: String, code: Int? = nil, _ values: [Int: Double] = [:],
                           names: [String: Double] = [:]) -> ProjectionParameters {
        var p = ProjectionParameters(methodName: method, methodCode: code)
        for (c, v) in values { p.set(v, code: c) }
        for (n, v) in names { p.set(v, name: n) }
        return p
    }

    static func rad(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// Degrees, minutes, seconds → degrees.
    static func dms(_ d: Double, _ m: Double, _ s: Double) -> Double {
        (d.sign == .minus ? -1 : 1) * (abs(d) + m / 60 + s / 3600)
    }

    /// Forward then inverse of `lonLat` (radians, Greenwich) through `project`/`unproject`;
    /// returns the largest angular error in degrees, infinity when either direction gives NaN.
    static func roundTripError<P: Projection>(_ p: P, _ lonLat: SIMD2<Double>) -> Double {
        let xy = p.project(lonLat)
        let back = p.unproject(xy)
        guard back.x.isFinite && back.y.isFinite else { return .infinity }
        var dl = abs(back.x - lonLat.x)
        if dl > Double.pi { dl = 2 * Double.pi - dl }
        return max(dl * cos(lonLat.y), abs(back.y - lonLat.y)) * 180 / Double.pi
    }
}
