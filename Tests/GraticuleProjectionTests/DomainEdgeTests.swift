import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// Outside a projection's domain the result is NaN, never a finite wrong number — checked for
/// every method of the sweep fixture on the first, middle and last of its CRSs (real parameters):
///
/// - forward over the whole globe (10° × 5° grid, the poles, ±89.9999°): every finite image must
///   invert to the same point of the ellipsoid (within 1e-7 rad as a direction);
/// - every point 0.1° inside the projection's `clipRegion` (a renderer's clip region) projects;
/// - forward of latitudes beyond ±90° and of NaN is NaN;
/// - inverse over a box of ±2.5 a around the image of the area of use (41 × 41 points): every finite
///   result must project back to the point it came from within 1 cm, so a point off the map is
///   never given a finite wrong latitude and longitude.
@Suite struct DomainEdgeTests {
    /// Not the accuracy of the methods (their own tests and the sweep check that, to 1 mm and
    /// 1e-9°): a finite wrong number is off by metres to thousands of kilometres.
    static let linearTolerance = 1e-2  // metres
    /// At a pole or on the rim of an azimuthal map the inverse goes through a square root (asin of
    /// a sine next to 1): one ulp there is 1.5e-8 rad. Hence 1e-7 rad (0.6 m on the Earth).
    static let angularTolerance = 1e-7  // radians, as the angle between directions

    static func crss(_ method: String) -> [String] {
        let all = SweepFixture.byMethod[method, default: [:]].keys.sorted()
        guard !all.isEmpty else { return [] }
        return Array(Set([all[0], all[all.count / 2], all[all.count - 1]])).sorted()
    }

    @Test(arguments: SweepFixture.methods)
    func method(_ method: String) throws {
        var failures: [String] = []
        for crs in Self.crss(method) { failures += try Self.check(crs, method: method) }
        let summary = "\(method): \(failures.count) failures\n" + failures.prefix(12).joined(separator: "\n")
        #expect(failures.isEmpty, Comment(rawValue: summary))
    }

    /// A cylindrical map's inverse may wrap x beyond the world's width to longitude in [−180°, 180°]
    /// (PROJ does, and web maps pan that way): the image is then off by whole periods in x.
    static func isWrap(_ image: SIMD2<Double>, _ xy: SIMD2<Double>, _ ll: SIMD2<Double>, _ lin: Double,
                       _ toUnit: Double, _ forward: Transformer) -> Bool {
        guard abs(image.y - xy.y) <= lin else { return false }
        // 360 × the width of 1° (the step that does not cross the map's edge is the smaller).
        let sides = forward.transform([SIMD2(ll.x - toUnit, ll.y), SIMD2(ll.x + toUnit, ll.y)])
        let period = 360 * min(abs(sides[0].x - image.x), abs(sides[1].x - image.x))
        let n = ((xy.x - image.x) / period).rounded()
        return n != 0 && abs(xy.x - image.x - n * period) <= lin * (1 + abs(n))
    }

    /// Within `lin` plus 1e-10 of the coordinates' size (images 5e7 m from the false origin, next
    /// to a conic's apex, carry that much rounding).
    static func close(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ lin: Double) -> Bool {
        let tol = lin + 1e-10 * max(abs(b.x), abs(b.y))
        return abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
    }

    /// The unit vector of a geodetic direction (λ, φ in radians).
    static func direction(_ lam: Double, _ phi: Double) -> SIMD3<Double> {
        SIMD3(cos(phi) * cos(lam), cos(phi) * sin(lam), sin(phi))
    }

    static func check(_ crs: String, method: String) throws -> [String] {
        let sr = try SpatialReference(text: crs)
        let base = try #require(sr.baseGeographic)
        let forward = try Transformer(from: base, to: sr)
        let inverse = forward.inverse
        let metres = sr.unit?.factor ?? 1
        let radians = base.unit?.factor ?? Angle.radiansPerDegree
        let lin = linearTolerance / metres
        let a = (sr.ellipsoid?.semiMajorAxis ?? 6_378_137) / metres
        var failures: [String] = []

        // Forward over the globe.
        var globe: [SIMD2<Double>] = []
        for lat in [-90, -89.9999] + stride(from: -85.0, through: 85, by: 5) + [89.9999, 90] {
            for lon in stride(from: -180.0, through: 180, by: 10) { globe.append(SIMD2(lon, lat)) }
        }
        // Degrees given as 0.0174532925199433 rad are degrees: no 1-ulp drift past the poles.
        let toUnit = abs(radians - Angle.radiansPerDegree) < 1e-15 ? 1 : Angle.radiansPerDegree / radians
        let input = globe.map { $0 * toUnit }
        let images = forward.transform(input)
        let back = inverse.transform(images)
        // Inside the horizon (the renderer's clip region), 0.1° from its edge, every point projects.
        let projection = try #require(try sr.definition.projected?.makeProjection())
        for i in input.indices where !(images[i].x.isFinite && images[i].y.isFinite)
            && projection.clipRegion.contains(globe[i] * Angle.radiansPerDegree, margin: 0.1 * Angle.radiansPerDegree) {
            failures.append("\(crs) forward (\(globe[i].x)°, \(globe[i].y)°) is NaN inside the clip region")
        }
        for i in input.indices where images[i].x.isFinite || images[i].y.isFinite {
            let p = globe[i], xy = images[i]
            guard xy.x.isFinite && xy.y.isFinite else {
                failures.append("\(crs) forward (\(p.x)°, \(p.y)°): half-finite (\(xy.x), \(xy.y))")
                continue
            }
            let q = back[i] * radians
            let d = direction(p.x * Angle.radiansPerDegree, p.y * Angle.radiansPerDegree)
            let dd = d - direction(q.x, q.y)
            let angle = ((dd * dd).sum()).squareRoot()
            if !(angle <= angularTolerance) {
                failures.append("\(crs) forward (\(p.x)°, \(p.y)°) = (\(xy.x), \(xy.y)) inverts to "
                    + "(\(q.x * Angle.degreesPerRadian)°, \(q.y * Angle.degreesPerRadian)°)")
            }
        }

        // Not a point of the ellipsoid.
        let bad = [SIMD2(0, 90.5), SIMD2(10, -91), SIMD2(.nan, 10), SIMD2(10, .nan)].map { $0 * toUnit }
        for (p, xy) in zip(bad, forward.transform(bad)) where xy.x.isFinite || xy.y.isFinite {
            failures.append("\(crs) forward (\(p.x), \(p.y)) gives (\(xy.x), \(xy.y)), not NaN")
        }

        // Inverse over a box around the image of the area of use.
        let rows = SweepFixture.byMethod[method]?[crs] ?? []
        let centres = forward.transform(rows.map { SIMD2($0.lon, $0.lat) }).filter { $0.x.isFinite && $0.y.isFinite }
        let centre = centres.isEmpty ? SIMD2<Double>.zero : centres.reduce(.zero, +) / Double(centres.count)
        var grid: [SIMD2<Double>] = []
        for j in 0...40 {
            for i in 0...40 {
                // Off by 0.013 of a step from the symmetric points (a rim, an axis, the antipode).
                grid.append(centre + SIMD2(Double(i - 20) + 0.013, Double(j - 20) + 0.013) * (2.5 * a / 20))
            }
        }
        let ll = inverse.transform(grid)
        let re = forward.transform(ll)
        for k in grid.indices where ll[k].x.isFinite || ll[k].y.isFinite {
            if !close(re[k], grid[k], lin) && !Self.isWrap(re[k], grid[k], ll[k], lin, toUnit, forward) {
                failures.append("\(crs) inverse (\(grid[k].x), \(grid[k].y)) = (\(ll[k].x), \(ll[k].y)) "
                    + "projects to (\(re[k].x), \(re[k].y))")
            }
        }
        return failures
    }
}
