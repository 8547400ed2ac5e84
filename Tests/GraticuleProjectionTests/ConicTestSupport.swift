import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// Helpers shared by the conic projection tests (LCC, Albers, Equidistant Conic, Polyconic,
/// Bonne, Krovak, NZMG).
enum ConicTestSupport {
    /// Degrees from degrees, minutes, seconds (sign taken from `d`).
    static func dms(_ d: Double, _ m: Double = 0, _ s: Double = 0) -> Double {
        let v = abs(d) + m / 60 + s / 3600
        return d < 0 ? -v : v
    }

    /// Degrees from radians.
    static func deg(_ radians: Double) -> Double { radians * 180 / .pi }

    /// The base-geographic → projected transformer of a registry CRS (no datum shift).
    static func transformer(_ crs: String) throws -> Transformer {
        let sr = try SpatialReference(text: crs)
        guard let base = sr.baseGeographic else { throw GraticuleError.unsupported("\(crs) has no base") }
        return try Transformer(from: base, to: sr)
    }

    /// Projects base-geographic (lon, lat) (the CRS's base angular unit) to the CRS's x/y.
    static func forward(_ crs: String, _ lon: Double, _ lat: Double) throws -> SIMD2<Double> {
        try transformer(crs).transform([SIMD2(lon, lat)])[0]
    }

    /// Unprojects the CRS's x/y to base-geographic (lon, lat).
    static func inverse(_ crs: String, _ x: Double, _ y: Double) throws -> SIMD2<Double> {
        try transformer(crs).inverse.transform([SIMD2(x, y)])[0]
    }

    /// Points of a longitude × latitude grid (degrees).
    static func grid(longitudes: StrideThrough<Double>, latitudes: StrideThrough<Double>) -> [SIMD2<Double>] {
        longitudes.flatMap { lon in latitudes.map { SIMD2(lon, $0) } }
    }

    /// Every point projects (finite) and inverts to itself within 1e-9° (longitude modulo 360°);
    /// points at a pole that maps to an arc only to `poleTolerance` (there δφ ∝ √δq).
    static func expectRoundTrip(_ crs: String, _ points: [SIMD2<Double>], poleTolerance: Double = 1e-9,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let t = try transformer(crs)
        let xy = t.transform(points)
        let back = t.inverse.transform(xy)
        for i in points.indices {
            #expect(xy[i].x.isFinite && xy[i].y.isFinite, "\(crs) \(points[i])", sourceLocation: sourceLocation)
            var dl = back[i].x - points[i].x
            dl -= 360 * (dl / 360).rounded()
            let ok = abs(points[i].y) < 90 ? abs(dl) < 1e-9 && abs(back[i].y - points[i].y) < 1e-9
                : abs(back[i].y - points[i].y) < poleTolerance
            #expect(ok, "\(crs) \(points[i]) → \(back[i])", sourceLocation: sourceLocation)
        }
    }

    /// Builds method parameters: angles in degrees (converted to radians), other values as given.
    static func parameters(_ method: String, code: Int?, angles: [Int: Double] = [:], values: [Int: Double] = [:],
                           named: [String: Double] = [:]) -> ProjectionParameters {
        var p = ProjectionParameters(methodName: method, methodCode: code)
        for (c, v) in angles { p.set(v * .pi / 180, code: c) }
        for (c, v) in values { p.set(v, code: c) }
        for (n, v) in named { p.set(v, name: n) }
        return p
    }

    /// Projects with a bare projection (lon/lat degrees → metres).
    static func project(_ p: any Projection, _ lon: Double, _ lat: Double) -> SIMD2<Double> {
        p.project(SIMD2(lon * .pi / 180, lat * .pi / 180))
    }

    /// Unprojects with a bare projection (metres → lon/lat degrees).
    static func unproject(_ p: any Projection, _ x: Double, _ y: Double) -> SIMD2<Double> {
        let r = p.unproject(SIMD2(x, y))
        return SIMD2(r.x * 180 / .pi, r.y * 180 / .pi)
    }

    /// True when both components are NaN.
    static func isNaN(_ v: SIMD2<Double>) -> Bool { v.x.isNaN && v.y.isNaN }

    /// The rows of one case of Fixtures/conic_references.csv.
    static func references(_ kind: String) -> [ReferenceRow] { ReferenceFixture.rows(kind, in: ReferenceFixture.conic) }
}
