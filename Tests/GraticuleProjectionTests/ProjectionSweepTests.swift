import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// The sweep over every non-deprecated EPSG + ESRI projected CRS (issue: projection engine).
///
/// For each CRS, points of its area of use are projected from its base geographic CRS and
/// compared with PROJ 9.5.1: forward within 1 mm, inverse within 1e-9°. CRSs PROJ cannot project
/// are verified by round trip (< 1 mm, < 1e-9°).
@Suite struct ProjectionSweepTests {
    static let linearTolerance = 1e-3  // metres
    static let angularTolerance = 1e-9  // degrees

    /// Rows where PROJ 9.5.1 is known to be wrong; they are checked by round trip only. Key: a CRS,
    /// or "CRS (lon, lat)" for one row. Value: why.
    static let knownPROJDivergences: [String: String] = [
        "ESRI:54098": "PROJ 9.5.1 maps Esri Adams_Square_II to +proj=adams_ws2 on a sphere without Esri's √2; "
            + "PROJ 9.6 (commit 69eaf881e, OSGeo/PROJ#1851) maps it to +proj=spilhaus +k_0=√2",
        "ESRI:54090 (0.0, 0.0)": "PROJ's n = asin √(1 − cos(a − b)) loses 1.5e-8 rad on the equator (0.13 m)",
        "ESRI:54091 (0.0, 0.0)": "PROJ's n = asin √(1 − cos(a − b)) loses 1.5e-8 rad on the equator (0.13 m)",
    ]

    @Test func fixtureIsComplete() {
        #expect(SweepFixture.rows.count > 30_000)
        #expect(Set(SweepFixture.rows.map(\.crs)).count >= 6_340)
    }

    @Test(arguments: SweepFixture.methods)
    func method(_ method: String) throws {
        var failures: [String] = []
        for (crs, rows) in SweepFixture.byMethod[method, default: [:]].sorted(by: { $0.key < $1.key }) {
            failures += Self.check(crs: crs, rows: rows)
        }
        let summary = "\(method): \(failures.count) failures\n" + failures.prefix(12).joined(separator: "\n")
        #expect(failures.count == 0, Comment(rawValue: summary))
    }

    /// Checks one CRS; returns failure messages.
    static func check(crs: String, rows: [SweepRow]) -> [String] {
        let sr: SpatialReference
        let forward: Transformer
        do {
            sr = try SpatialReference(text: crs)
            guard let base = sr.baseGeographic else { return ["\(crs): no base geographic CRS"] }
            forward = try Transformer(from: base, to: sr)
        } catch {
            return ["\(crs): \(error)"]
        }
        let inverse = forward.inverse
        let metres = sr.unit?.factor ?? 1
        let degrees = (sr.baseGeographic?.unit?.factor ?? Angle.radiansPerDegree) / Angle.radiansPerDegree
        let lin = linearTolerance / metres
        let ang = angularTolerance / degrees
        var failures: [String] = []
        for r in rows {
            let xy = forward.transform([SIMD2(r.lon, r.lat)])[0]
            let where_ = "\(crs) (\(r.lon), \(r.lat))"
            let diverges = knownPROJDivergences[crs] != nil || knownPROJDivergences[where_] != nil
            if !diverges, r.status == "ok" || r.status == "proj-forward-only", let x = r.x, let y = r.y {
                if !(abs(xy.x - x) <= lin && abs(xy.y - y) <= lin) {
                    failures.append("\(where_): forward (\(xy.x), \(xy.y)), PROJ (\(x), \(y))")
                    continue
                }
                if let ilon = r.inverseLon, let ilat = r.inverseLat {
                    let ll = inverse.transform([SIMD2(x, y)])[0]
                    if !(abs(ll.x - ilon) <= ang && abs(ll.y - ilat) <= ang) {
                        failures.append("\(where_): inverse (\(ll.x), \(ll.y)), PROJ (\(ilon), \(ilat))")
                        continue
                    }
                }
            }
            if r.status == "proj-out-of-domain" { continue }
            // Round trip for every row (the only check for CRSs PROJ cannot project).
            guard xy.x.isFinite && xy.y.isFinite else {
                failures.append("\(where_): forward is not finite")
                continue
            }
            let back = inverse.transform([xy])[0]
            let again = forward.transform([back])[0]
            if !(abs(back.x - r.lon) <= ang && abs(back.y - r.lat) <= ang)
                || !(abs(again.x - xy.x) <= lin && abs(again.y - xy.y) <= lin) {
                failures.append("\(where_): round trip gives (\(back.x), \(back.y))")
            }
        }
        return failures
    }
}
