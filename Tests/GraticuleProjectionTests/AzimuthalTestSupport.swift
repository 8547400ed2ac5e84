import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// Shared helpers for the azimuthal / oblique projection tests.
enum Fixture {
    /// The conversion from a projected CRS's base geographic CRS to it (x/y order, CRS units).
    static func transformer(_ crs: String) throws -> Transformer {
        let sr = try SpatialReference(text: crs)
        let base = try #require(sr.baseGeographic)
        return try Transformer(from: base, to: sr)
    }

    /// Parameters from (EPSG code, name, SI value) triples.
    static func parameters(_ method: String, code: Int? = nil, _ values: [(Int?, String, Double)]) -> ProjectionParameters {
        var p = ProjectionParameters(methodName: method, methodCode: code)
        for (c, n, v) in values { p.set(v, code: c, name: n) }
        return p
    }

    /// Degrees, minutes, seconds → radians.
    static func dms(_ d: Double, _ m: Double = 0, _ s: Double = 0) -> Double {
        let sign: Double = d < 0 || (d == 0 && (m < 0 || s < 0)) ? -1 : 1
        return sign * (abs(d) + abs(m) / 60 + abs(s) / 3600) * Angle.radiansPerDegree
    }

    static let wgs84 = Ellipsoid.wgs84
    static let grs80 = Ellipsoid.grs80
    static let international1924 = Ellipsoid(semiMajorAxis: 6_378_388, inverseFlattening: 297)
    static let clarke1866 = Ellipsoid(semiMajorAxis: 6_378_206.4, semiMinorAxis: 6_356_583.8)
}

/// Forward through a transformer, in the base CRS's units.
func project(_ t: Transformer, _ lon: Double, _ lat: Double) -> SIMD2<Double> {
    t.transform([SIMD2(lon, lat)])[0]
}

func expectClose(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tol: Double, _ what: Comment? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol, "\(what?.rawValue ?? ""): \(a) vs \(b)",
            sourceLocation: sourceLocation)
}

/// The largest of the values, infinity if any is NaN: a running worst error kept with `max` would
/// skip NaN (`max(w, .nan)` is `w`), and a test would pass on a method that returns NaN.
func worse(_ values: Double...) -> Double {
    values.contains { $0.isNaN } ? .infinity : values.max() ?? 0
}

func expectNaN(_ a: SIMD2<Double>, _ what: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(a.x.isNaN && a.y.isNaN, "\(what?.rawValue ?? ""): \(a) should be NaN", sourceLocation: sourceLocation)
}

/// Round trip of a projection over a lon/lat grid (radians): unproject(project(p)) = p.
func expectRoundTrip(_ p: some Projection, lon: ClosedRange<Double>, lat: ClosedRange<Double>, steps: Int = 8,
                     tolerance: Double = 1e-12, sourceLocation: SourceLocation = #_sourceLocation) {
    var worst = 0.0
    for i in 0...steps {
        for j in 0...steps {
            let ll = SIMD2(lon.lowerBound + (lon.upperBound - lon.lowerBound) * Double(i) / Double(steps),
                           lat.lowerBound + (lat.upperBound - lat.lowerBound) * Double(j) / Double(steps))
            let xy = p.project(ll)
            guard xy.x.isFinite && xy.y.isFinite else {
                Issue.record("forward of \(ll) is not finite", sourceLocation: sourceLocation)
                continue
            }
            let back = p.unproject(xy)
            let d = max(abs(Angle.normalizeRadians(back.x - ll.x)) * cos(ll.y), abs(back.y - ll.y))
            worst = worse(worst, d)
        }
    }
    #expect(worst <= tolerance, "round trip error \(worst) rad", sourceLocation: sourceLocation)
}
