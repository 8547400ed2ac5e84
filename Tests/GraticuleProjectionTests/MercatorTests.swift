import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

/// Mercator (EPSG 9804, 9805, 1026, 1024): the inverse at huge northings and the radius of
/// Mercator (Spherical) on an ellipsoid (PROJ's `+R_C`). The pair kernel is covered by
/// PairKernelTests and the sweep.
@Suite struct MercatorTests {
    /// The inverse of y = ±1e10 m is the pole (PROJ 9.5.1 test/gie/builtins.gie 3924–3926,
    /// `+proj=merc +ellps=GRS80`; pyproj 3.7.2 gives ±90° and, for 3e7 m, 88.9684412396327°), on
    /// the ellipsoid and on the sphere, where sinh ψ overflows or the conformal-latitude Newton
    /// iteration would meet infinities.
    @Test func inverseOfHugeNorthingsIsThePole() throws {
        for text in ["+proj=merc +ellps=GRS80 +type=crs", "+proj=merc +R=6378137 +type=crs"] {
            let t = try Fixture.transformer(text)
            for y in [1e10, -1e10, 1e300, -5e8] {
                let ll = t.inverse.transform([SIMD2(0, y)])[0]
                #expect(ll.x == 0 && ll.y == (y > 0 ? 90 : -90), "\(text) \(y) → \(ll)")
            }
        }
        let t = try Fixture.transformer("+proj=merc +ellps=GRS80 +type=crs")
        expectClose(t.inverse.transform([SIMD2(0, 3e7)])[0], SIMD2(0, 88.9684412396327), 1e-12)
        expectNaN(t.inverse.transform([SIMD2(0, .infinity)])[0])
    }

    /// `+proj=merc +R_C` is PROJ's Mercator (Spherical) (EPSG 1026) on the ellipsoid's conformal
    /// sphere at the natural origin, on the equator: R = a√(1 − e²) = b, whatever +lat_0 says
    /// (builtins.gie:3976; pyproj 3.7.2 for the other point and for `+R_C` without lat_0).
    @Test func conformalSphereRadius() throws {
        for text in ["+proj=merc +R_C +ellps=WGS84 +lat_0=45 +type=crs", "+proj=merc +R_C +ellps=WGS84 +type=crs"] {
            let t = try Fixture.transformer(text)
            expectClose(project(t, 2, 49), SIMD2(221_892.515234695253, 6_253_822.971804938279), 1e-6)
            expectClose(project(t, -100, -60), SIMD2(-11_094_625.761734761, -8_371_575.159040291), 1e-6)
            expectClose(t.inverse.transform([SIMD2(221_892.515234695253, 6_253_822.971804938279)])[0], SIMD2(2, 49), 1e-12)
        }
        let p = try Mercator(ellipsoid: .wgs84, parameters: ProjectionParameters(methodName: "Mercator (Spherical)",
                                                                                  methodCode: 1026))
        #expect(p.frame.ellipsoid.semiMajorAxis == Ellipsoid.wgs84.semiMinorAxis)
        let sphere = try Mercator(ellipsoid: .sphere(radius: 6_371_000),
                                  parameters: ProjectionParameters(methodName: "Mercator (Spherical)", methodCode: 1026))
        #expect(sphere.frame.ellipsoid.semiMajorAxis == 6_371_000)
        let pseudo = try Mercator(ellipsoid: .wgs84, parameters: ProjectionParameters(
            methodName: "Popular Visualisation Pseudo Mercator", methodCode: 1024))
        #expect(pseudo.frame.ellipsoid.semiMajorAxis == 6_378_137)
    }
}
