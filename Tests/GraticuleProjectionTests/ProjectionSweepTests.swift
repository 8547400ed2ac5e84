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

    /// Where PROJ 9.5.1 is not a valid reference: checked by round trip only (NaN, i.e. outside
    /// Graticule's documented domain, is accepted) and against an independent value in the method's
    /// own tests. Key: a CRS, or "CRS (lon, lat)" for one row. Value: why.
    static let knownPROJDeviations: [String: String] = [
        "EPSG:4087": "PROJ < 9.8 evaluates EPSG 1028 on a sphere of radius a (OSGeo/PROJ#4654, 22.9 km off)",
        "ESRI:54001": "Esri Plate_Carree on WGS 84 maps to EPSG 1028: same PROJ < 9.8 bug as EPSG:4087",
        "ESRI:54028": "PROJ evaluates the Cassini series 108° from the central meridian (its own inverse fails)",
        "EPSG:29333": "PROJ substitutes its rounded bess_nam a = 6377483.865 m for EPSG 7046 (0.3 mm)",
        "EPSG:31300": "PROJ ignores LCC 2SP Belgium's 29.2985″ rotation (IOGP GN 7-2, method 9803; ≈ 745 m)",
        "ESRI:54098": "PROJ 9.5.1 maps Esri Adams_Square_II to +proj=adams_ws2 on a sphere without Esri's √2; "
            + "PROJ 9.6 (commit 69eaf881e, OSGeo/PROJ#1851) maps it to +proj=spilhaus +k_0=√2",
        "ESRI:54090 (0.0, 0.0)": "PROJ's n = asin √(1 − cos(a − b)) loses 1.5e-8 rad on the equator (0.13 m)",
        "ESRI:54091 (0.0, 0.0)": "PROJ's n = asin √(1 − cos(a − b)) loses 1.5e-8 rad on the equator (0.13 m)",
    ]

    @Test func fixtureIsComplete() {
        // 5,275 EPSG + 1,065 ESRI non-deprecated projected CRSs (EPSG v11.022, ArcGIS Pro 3.4), five
        // points each.
        #expect(Set(SweepFixture.rows.map(\.crs)).count == 6_340)
        #expect(SweepFixture.rows.count == 5 * 6_340)
    }

    @Test(arguments: SweepFixture.methods)
    func method(_ method: String) throws {
        var failures: [String] = []
        for (crs, rows) in SweepFixture.byMethod[method, default: [:]].sorted(by: { $0.key < $1.key }) {
            failures += Self.check(crs: crs, rows: rows, forwardTolerance: Self.approximateInPROJ[method])
        }
        let summary = "\(method): \(failures.count) failures\n" + failures.prefix(12).joined(separator: "\n")
        #expect(failures.count == 0, Comment(rawValue: summary))
    }

    /// Every method of the fixture has a kernel: all 6,340 non-deprecated EPSG + ESRI projected CRSs
    /// of the source project (PROJ 9.5.1 cannot project 53 of them from their own base CRS).
    @Test func everyMethodIsImplemented() {
        let missing = SweepFixture.methods.filter { !Self.isImplemented($0) }
        #expect(missing.isEmpty, Comment(rawValue: missing.joined(separator: ", ")))
    }

    static func isImplemented(_ method: String) -> Bool {
        guard let rows = SweepFixture.byMethod[method], let crs = rows.keys.first,
              let sr = try? SpatialReference(text: crs), let conversion = sr.definition.projected?.conversion
        else { return false }
        return ProjectionCatalog.type(methodCode: conversion.method.epsgCode, methodName: conversion.method.name) != nil
    }

    /// Methods PROJ 9.5.1 only approximates, with the forward tolerance (metres) used for them: the
    /// exact EPSG formulas are implemented and checked against IOGP's worked examples and by round trip.
    /// Laborde: PROJ's `labrd` is a series expansion of EPSG 9813 (±5 cm within Madagascar).
    static let approximateInPROJ: [String: Double] = ["Laborde Oblique Mercator": 0.1]

    /// Checks one CRS; returns failure messages.
    static func check(crs: String, rows: [SweepRow], forwardTolerance: Double? = nil) -> [String] {
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
        let lin = (forwardTolerance ?? linearTolerance) / metres
        let roundTrip = linearTolerance / metres
        let ang = angularTolerance / degrees
        var failures: [String] = []
        for r in rows {
            let xy = forward.transform([SIMD2(r.lon, r.lat)])[0]
            let where_ = "\(crs) (\(r.lon), \(r.lat))"
            let deviation = knownPROJDeviations[crs] != nil || knownPROJDeviations[where_] != nil
            if deviation && !(xy.x.isFinite && xy.y.isFinite) { continue }
            if !deviation, r.status == "ok" || r.status == "proj-forward-only", let x = r.x, let y = r.y {
                if !(abs(xy.x - x) <= lin && abs(xy.y - y) <= lin) {
                    failures.append("\(where_): forward (\(xy.x), \(xy.y)), PROJ (\(x), \(y))")
                    continue
                }
                // PROJ's inverse is a reference only where it returns PROJ's own input (some of its
                // reverse formulas are truncated series: LCEA, LAEA, Laborde, Polyconic far from the
                // central meridian); the round trip below checks ours on every row.
                if let ilon = r.inverseLon, let ilat = r.inverseLat, forwardTolerance == nil,
                   abs(ilon - r.lon) <= ang && abs(ilat - r.lat) <= ang {
                    let ll = inverse.transform([SIMD2(x, y)])[0]
                    // Also accepted: the inverse recovers the original point where PROJ's own
                    // inverse does not (PROJ 9.5.1's authalic-latitude series is 2.3e-9° off at
                    // 54°, e.g. Equal Earth EPSG:8857).
                    if !(abs(ll.x - ilon) <= ang && abs(ll.y - ilat) <= ang)
                        && !(abs(ll.x - r.lon) <= ang && abs(ll.y - r.lat) <= ang) {
                        failures.append("\(where_): inverse (\(ll.x), \(ll.y)), PROJ (\(ilon), \(ilat))")
                        continue
                    }
                }
            }
            // Where PROJ reports the point outside the projection's domain (the far side of the
            // globe of ESRI:102038, 53049, 54049), ours must give NaN, not a finite number.
            if r.status == "proj-out-of-domain" {
                if xy.x.isFinite || xy.y.isFinite {
                    failures.append("\(where_): PROJ says outside the domain, ours gives (\(xy.x), \(xy.y))")
                }
                continue
            }
            // Round trip for every row (the only check for CRSs PROJ cannot project).
            guard xy.x.isFinite && xy.y.isFinite else {
                failures.append("\(where_): forward is not finite")
                continue
            }
            let back = inverse.transform([xy])[0]
            let again = forward.transform([back])[0]
            if !(abs(back.x - r.lon) <= ang && abs(back.y - r.lat) <= ang)
                || !(abs(again.x - xy.x) <= roundTrip && abs(again.y - xy.y) <= roundTrip) {
                failures.append("\(where_): round trip gives (\(back.x), \(back.y))")
            }
        }
        return failures
    }
}
