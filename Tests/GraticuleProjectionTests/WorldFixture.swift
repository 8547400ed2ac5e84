import Foundation
import GraticuleCore
import GraticuleProjection
import Testing

/// One row of `Fixtures/world_projections.csv` (tools/oracle/world_projections.py, pyproj 3.7.2 /
/// PROJ 9.5.1): a point of a global grid projected by a PROJ operation, and PROJ's inverse of it.
struct WorldRow: Sendable {
    var caseName: String
    var method: String
    var params: String
    var a: Double
    var rf: Double
    var lon: Double
    var lat: Double
    var x: Double?
    var y: Double?
    var inverseLon: Double?
    var inverseLat: Double?
}

enum WorldFixture {
    static let rows: [WorldRow] = FixtureCSV.rows("world_projections").compactMap { f in
        guard f.count == 12, let a = Double(f[3]), let rf = Double(f[4]), let lon = Double(f[6]),
              let lat = Double(f[7]) else { return nil }
        return WorldRow(caseName: f[0], method: f[1], params: f[2], a: a, rf: rf, lon: lon, lat: lat,
                        x: Double(f[8]), y: Double(f[9]), inverseLon: Double(f[10]), inverseLat: Double(f[11]))
    }

    static let byCase: [String: [WorldRow]] = Dictionary(grouping: rows, by: \.caseName)

    /// `Fixtures/world_highprecision.csv` (tools/oracle/world_highprecision.py, mpmath 1.3.0, 50
    /// digits): forward values at the grid points where PROJ 9.5.1 is itself inaccurate, keyed by
    /// "case lon lat" as written in the fixtures.
    static let highPrecision: [String: SIMD2<Double>] = {
        var out: [String: SIMD2<Double>] = [:]
        for f in FixtureCSV.rows("world_highprecision") {
            guard f.count == 5, let lon = Double(f[1]), let lat = Double(f[2]), let x = Double(f[3]),
                  let y = Double(f[4]) else { continue }
            out[key(f[0], lon, lat)] = SIMD2(x, y)
        }
        return out
    }()

    static func key(_ c: String, _ lon: Double, _ lat: Double) -> String { "\(c) \(lon) \(lat)" }

    /// The projection a fixture case describes.
    static func projection(_ r: WorldRow) throws -> any Projection {
        let ellipsoid = r.rf == 0 ? Ellipsoid.sphere(radius: r.a) : Ellipsoid(semiMajorAxis: r.a, inverseFlattening: r.rf)
        return try ProjectionCatalog.make(ellipsoid: ellipsoid, parameters: parameters(r.method, r.params))
    }

    /// Parameters from `key=value;…`: numeric keys are EPSG codes with angles in degrees, others
    /// Esri names with unitless values.
    static func parameters(_ method: String, _ spec: String) -> ProjectionParameters {
        var p = ProjectionParameters(methodName: method)
        for item in spec.split(separator: ";") {
            let kv = item.split(separator: "=")
            guard kv.count == 2, let v = Double(kv[1]) else { continue }
            if let code = Int(kv[0]) {
                p.set(v * .pi / 180, code: code)
            } else {
                p.set(v, name: String(kv[0]))
            }
        }
        return p
    }

    /// Compares one case with PROJ: forward within `metres`, inverse (of PROJ's x/y) within
    /// `degrees` of PROJ's inverse or of the original point (`poleDegrees` in latitude within 0.01°
    /// of a pole, where longitudes are not compared). Where PROJ is inaccurate (the high-precision
    /// fixture has the point) the forward is compared with the 50-digit value instead, within
    /// 1 µm, and the inverse with the original point. `degrees` may depend on the row.
    static func check(_ name: String, metres: Double = 1e-3, poleDegrees: Double = 1e-9,
                      degrees: (WorldRow) -> Double = { _ in 1e-9 }) -> [String] {
        guard let rows = byCase[name], let first = rows.first else { return ["\(name): no fixture rows"] }
        let proj: any Projection
        do { proj = try projection(first) } catch { return ["\(name): \(error)"] }
        var failures: [String] = []
        let d = Double.pi / 180
        for r in rows {
            let xy = proj.project(SIMD2(r.lon * d, r.lat * d))
            let reference = highPrecision[key(name, r.lon, r.lat)]
            guard let x = reference?.x ?? r.x, let y = reference?.y ?? r.y else {
                if xy.x.isFinite || xy.y.isFinite { failures.append("\(name) (\(r.lon), \(r.lat)): PROJ fails, got \(xy)") }
                continue
            }
            let tolerance = reference == nil ? metres : 1e-6
            if !(abs(xy.x - x) <= tolerance && abs(xy.y - y) <= tolerance) {
                let source = reference == nil ? "PROJ" : "50 digits"
                failures.append("\(name) (\(r.lon), \(r.lat)): forward (\(xy.x), \(xy.y)), \(source) (\(x), \(y))")
                continue
            }
            let ll = proj.unproject(SIMD2(x, y))
            let lon = ll.x / d, lat = ll.y / d
            let nearPole = abs(r.lat) > 89.99
            let tol = degrees(r)
            func close(_ lo: Double, _ la: Double) -> Bool {
                let dl = abs(lon - lo)
                return abs(lat - la) <= (nearPole ? poleDegrees : tol) && (nearPole || min(dl, 360 - dl) <= tol)
            }
            var ok = close(r.lon, r.lat)
            if !ok, reference == nil, let ilon = r.inverseLon, let ilat = r.inverseLat { ok = close(ilon, ilat) }
            if !ok { failures.append("\(name) (\(r.lon), \(r.lat)): inverse (\(lon), \(lat)), PROJ (\(r.inverseLon ?? .nan), \(r.inverseLat ?? .nan))") }
        }
        return failures
    }
}

/// Round trip over a dense global grid: forward then inverse returns the point within `degrees`
/// (longitude ignored within 1e-6° of a pole), and every forward value is finite.
func worldRoundTrip(_ p: any Projection, degrees: Double = 1e-9, step: Double = 2.5) -> [String] {
    var failures: [String] = []
    let d = Double.pi / 180
    var lat = -90.0
    while lat <= 90 {
        var lon = -180.0
        while lon <= 180 {
            for (lo, la) in [(lon, lat), (lon + 0.3 * step, lat + 0.37 * step)] where la <= 90 && lo <= 180 {
                let xy = p.project(SIMD2(lo * d, la * d))
                guard xy.x.isFinite && xy.y.isFinite else { failures.append("(\(lo), \(la)): forward not finite"); continue }
                let ll = p.unproject(xy)
                let dl = abs(ll.x / d - lo)
                let lonOK = abs(la) > 90 - 1e-6 || min(dl, 360 - dl) <= degrees
                if !(lonOK && abs(ll.y / d - la) <= degrees) {
                    failures.append("(\(lo), \(la)): round trip (\(ll.x / d), \(ll.y / d))")
                }
            }
            lon += step
        }
        lat += step
    }
    return failures
}

/// The projection of `method` with `params` (as in the world fixture) on `ellipsoid`.
func worldProjection(_ method: String, _ params: String = "", ellipsoid: Ellipsoid = .sphere(radius: 6_371_000)) throws
    -> any Projection {
    try ProjectionCatalog.make(ellipsoid: ellipsoid, parameters: WorldFixture.parameters(method, params))
}

/// True when building `method` with `params` throws `invalidParameter` naming `name`.
func rejects(_ method: String, _ params: String, naming name: String) -> Bool {
    do {
        _ = try worldProjection(method, params)
        return false
    } catch let GraticuleError.invalidParameter(n, _, _) {
        return n == name
    } catch {
        return false
    }
}

/// x/y in units of a of the kernel at (λ − λ0, φ) degrees.
func kernel(_ p: any Projection, _ lonDeg: Double, _ latDeg: Double) -> SIMD2<Double> {
    p.forward(SIMD2(lonDeg * .pi / 180, latDeg * .pi / 180))
}

func isNaNPoint(_ v: SIMD2<Double>) -> Bool { v.x.isNaN && v.y.isNaN }

/// PROJ's own test vectors (`test/gie/builtins.gie` of PROJ 9.5.1, accept/expect pairs in degrees
/// and metres): forward within `metres`, inverse within 1e-9° (the expectations are printed to
/// nine decimals). Returns the failures.
func gieFailures(_ p: any Projection, forward: [(Double, Double, Double, Double)],
                 inverse: [(Double, Double, Double, Double)] = [], metres: Double = 1e-4) -> [String] {
    let d = Double.pi / 180
    var failures: [String] = []
    for (lon, lat, x, y) in forward {
        let xy = p.project(SIMD2(lon * d, lat * d))
        if !(abs(xy.x - x) <= metres && abs(xy.y - y) <= metres) {
            failures.append("forward (\(lon), \(lat)) = (\(xy.x), \(xy.y)), expected (\(x), \(y))")
        }
    }
    for (x, y, lon, lat) in inverse {
        let ll = p.unproject(SIMD2(x, y)) / d
        if !(abs(ll.x - lon) <= 1e-9 && abs(ll.y - lat) <= 1e-9) {
            failures.append("inverse (\(x), \(y)) = (\(ll.x), \(ll.y)), expected (\(lon), \(lat))")
        }
    }
    return failures
}

/// The outline checks shared by the world projections, on the kernels (units of a): forward of a
/// latitude beyond a pole or of NaN is NaN; the inverse is NaN just outside the outline (1e-6
/// relative beyond its extreme x on the equator and on the 45th parallels, and beyond its extreme
/// y at the poles) and finite just inside it, and NaN for infinite input.
func outlineFailures(_ p: any Projection) -> [String] {
    var failures: [String] = []
    func nan(_ v: SIMD2<Double>, _ what: String) { if !isNaNPoint(v) { failures.append("\(what): \(v), expected NaN") } }
    func finite(_ v: SIMD2<Double>, _ what: String) {
        if !(v.x.isFinite && v.y.isFinite) { failures.append("\(what): \(v), expected a point") }
    }
    nan(kernel(p, 0, 90.000001), "forward beyond the north pole")
    nan(kernel(p, 10, -90.000001), "forward beyond the south pole")
    nan(p.forward(SIMD2(.nan, 0.3)), "forward of NaN")
    nan(p.inverse(SIMD2(.infinity, 0)), "inverse of +∞")
    nan(p.inverse(SIMD2(0, -.infinity)), "inverse of −∞")
    for lat in [0.0, 45, -45] {
        for lon in [180.0, -180] {
            let e = kernel(p, lon, lat)
            nan(p.inverse(SIMD2(e.x * 1.000001, e.y)), "inverse beyond the edge at (\(lon), \(lat))")
            finite(p.inverse(SIMD2(e.x * 0.999999, e.y)), "inverse inside the edge at (\(lon), \(lat))")
        }
    }
    for lat in [90.0, -90] {
        let e = kernel(p, 0, lat)
        nan(p.inverse(SIMD2(e.x, e.y * 1.000001)), "inverse beyond the pole \(lat)")
        finite(p.inverse(SIMD2(e.x, e.y * 0.999999)), "inverse inside the pole \(lat)")
    }
    return failures
}

/// The errors every world projection raises: a non-finite or out-of-range central meridian.
/// (A non-positive radius cannot reach the projections: `Ellipsoid` rejects it.)
func frameParameterFailures(_ method: String, _ extra: String = "") -> [String] {
    var failures: [String] = []
    let sep = extra.isEmpty ? "" : ";"
    for bad in ["8802=inf", "8802=400", "8802=nan"] where !rejects(method, extra + sep + bad, naming: "Longitude of natural origin") {
        failures.append("\(method) accepts \(bad)")
    }
    return failures
}

/// Records `failures` as one issue (count and the first twelve).
func expectNoFailures(_ failures: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) failures\n" + failures.prefix(12).joined(separator: "\n")),
            sourceLocation: sourceLocation)
}
