import Foundation
import GraticuleCore
import GraticuleProjection
import GraticuleTransform
import Testing

/// Esri method and parameter names (as Esri WKT gives them, without EPSG codes) select the same kernels.
@Suite struct EsriNamedAzimuthalTests {
    @Test func rectifiedSkewOrthomorphicCenter() throws {
        let esri = try HotineObliqueMercator(ellipsoid: HotineObliqueMercatorTests.everest1967, parameters: Fixture.parameters(
            "Rectified_Skew_Orthomorphic_Center", [
                (nil, "Latitude_Of_Center", Fixture.dms(4)), (nil, "Longitude_Of_Center", Fixture.dms(115)),
                (nil, "Azimuth", Fixture.dms(53, 18, 56.9537)), (nil, "XY_Plane_Rotation", Fixture.dms(53, 7, 48.3685)),
                (nil, "Scale_Factor", 0.99984), (nil, "False_Easting", 590_476.87), (nil, "False_Northing", 442_857.65),
            ]))
        expectClose(esri.project(HotineObliqueMercatorTests.point), HotineObliqueMercatorTests.expected, 0.01)
    }

    @Test func stereographicSouthPole() throws {
        let esri = try PolarStereographic(ellipsoid: .wgs84, parameters: Fixture.parameters("Stereographic_South_Pole", [
            (nil, "Standard_Parallel_1", Fixture.dms(-71)), (nil, "Central_Meridian", Fixture.dms(70)),
            (nil, "False_Easting", 6_000_000), (nil, "False_Northing", 6_000_000),
        ]))
        expectClose(esri.project(SIMD2(Fixture.dms(120), Fixture.dms(-75))), SIMD2(7_255_380.79, 7_053_389.56), 0.01)
    }

    @Test func catalogFindsEsriNames() {
        for (name, type) in [("Hotine_Oblique_Mercator_Azimuth_Natural_Origin", "HotineObliqueMercator"),
                             ("Double_Stereographic", "ObliqueStereographic"), ("Local", "Orthographic"),
                             ("Vertical_Near_Side_Perspective", "VerticalPerspective"),
                             ("Gnomonic_Ellipsoidal", "Gnomonic"), ("Geostationary_Satellite", "GeostationarySatellite"),
                             ("Two_Point_Equidistant", "TwoPointEquidistant"), ("Laborde_Oblique_Mercator", "LabordeObliqueMercator"),
                             ("Stereographic_North_Pole", "PolarStereographic"), ("Azimuthal_Equidistant", "AzimuthalEquidistant")] {
            let t = MethodNamingTests.kernel(name)
            #expect(t.map { String(describing: $0) } == type, "\(name)")
        }
    }
}
