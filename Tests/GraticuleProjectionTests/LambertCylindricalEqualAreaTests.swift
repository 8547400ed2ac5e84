import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

@Suite struct LambertCylindricalEqualAreaTests {
    typealias S = ProjectionTestSupport

    /// EPSG:6933 (EASE-Grid 2.0 global, φ1 = 30°) at 108°W 51.6°S: PROJ 9.5.1 forward
    /// (−10420518.267096823, −5744097.384693527). PROJ's inverse of it returns 51.5999999972803°
    /// (GN 7-2's truncated series); ours returns the input exactly.
    @Test func easeGrid2AndExactInverse() throws {
        let t = try S.transformer("EPSG:6933")
        let xy = S.project(t, -108, -51.6)
        #expect(abs(xy.x + 10420518.267096823) < 1e-6 && abs(xy.y + 5744097.384693527) < 1e-6)
        let ll = t.inverse.transform([SIMD2(-10420518.267096823, -5744097.384693527)])[0]
        #expect(abs(ll.x + 108) < 1e-12 && abs(ll.y + 51.6) < 1e-12)
    }

    /// Esri's Behrmann has a standard parallel of 30° unless given: PROJ's ESRI:54017 value at
    /// 108°E, 54°N is (10420518.267096823, 5930779.396449475).
    @Test func behrmannDefaultsTo30Degrees() throws {
        let p = try LambertCylindricalEqualArea(ellipsoid: .wgs84, parameters: S.parameters("Behrmann"))
        let xy = p.project(SIMD2(S.rad(108), S.rad(54)))
        #expect(abs(xy.x - 10420518.267096823) < 1e-6 && abs(xy.y - 5930779.396449475) < 1e-6)
    }

    /// Spherical form: EPSG:3410 (R = 6371228, φ1 = 30°) and EPSG 9834 on an ellipsoid (authalic R).
    @Test func spherical() throws {
        let t = try S.transformer("EPSG:3410")
        let xy = S.project(t, 108, 51.6)
        #expect(abs(xy.x - 10400516.366212124) < 1e-6 && abs(xy.y - 5765523.363300805) < 1e-6)
        let p = try LambertCylindricalEqualArea(ellipsoid: .wgs84, parameters: S.parameters(
            "Lambert Cylindrical Equal Area (Spherical)", code: 9834))
        #expect(abs(p.project(SIMD2(0, Double.pi / 2)).y - 6371007.181082429) < 1e-6)
    }

    @Test func roundTripAndDomain() throws {
        let p = try LambertCylindricalEqualArea(ellipsoid: .wgs84, parameters: S.parameters(
            "Lambert Cylindrical Equal Area", code: 9835, [8823: S.rad(30), 8802: S.rad(-20)]))
        for lat in stride(from: -90.0, through: 90.0, by: 5.0) {
            #expect(S.roundTripError(p, SIMD2(S.rad(100), S.rad(lat))) < 1e-12, "\(lat)")
        }
        let top = p.project(SIMD2(0, Double.pi / 2)).y
        #expect(p.unproject(SIMD2(0, top * 1.001)).y.isNaN)
        #expect(p.unproject(SIMD2(2.1e7, 0)).x.isNaN)
        #expect(throws: GraticuleError.self) {
            try LambertCylindricalEqualArea(ellipsoid: .wgs84, parameters: S.parameters(
                "Lambert Cylindrical Equal Area", code: 9835, [8823: S.rad(-90)]))
        }
    }
}
