import Foundation
import GraticuleCRS
import GraticuleGeometry
import Testing
@testable import GraticuleRender

/// WGS 84 data drawn into a CRS on another datum goes through the datum transformation PROJ ranks
/// first for the CRS's area of use: the point lands where PROJ puts it (not 100 m off, as it would
/// with the longitudes/latitudes taken on the CRS's own datum), and the hit test returns the WGS 84
/// point. Expected: pyproj 3.7.2 (PROJ 9.5.1), `TransformerGroup("EPSG:4326", crs, always_xy=True,
/// area_of_interest=<crs's area of use>).transformers[0].transform(lon, lat)` (the operation named).
@Suite struct DatumShiftTests {
    @Test(arguments: [
        // Inverse of OSGB36 to WGS 84 (6) + British National Grid; without the shift (468643.108, 234025.790).
        ("EPSG:27700", -1.0, 52.0, 468748.55574664404, 233978.33877157618, 0.01),
        // Inverse of NAD27 to WGS 84 (3) + UTM zone 10N; without the shift (578817.629, 4983219.592).
        ("EPSG:26710", -122.0, 45.0, 578909.6186851673, 4983235.408427585, 0.01),
        // Inverse of NTF to WGS 84 (1) + NTF (Paris) → NTF + Lambert zone II; Graticule ranks NTF (Paris)
        // to WGS 84 (1) first, the same shift to 2 m.
        ("EPSG:27572", 2.35, 48.85, 600990.8924227752, 2427961.511741954, 2.0),
    ])
    func pointsLandWherePROJPutsThem(_ crs: String, _ lon: Double, _ lat: Double, _ x: Double, _ y: Double,
                                     _ tolerance: Double) throws {
        // 1 m pixels around PROJ's point.
        let r = try MapRenderer(spatialReference: SpatialReference(text: crs),
                                extent: Envelope(xMin: x - 500, yMin: y - 500, xMax: x + 500, yMax: y + 500),
                                width: 1000, height: 1000, layers: [.countries(.low)])
        let p = try #require(r.pixel(longitude: lon, latitude: lat))
        let m = r.mapPoint(pixelX: p.x, pixelY: p.y)
        #expect(abs(m.x - x) < tolerance && abs(m.y - y) < tolerance, "\(crs): (\(m.x), \(m.y)), PROJ (\(x), \(y))")
        let hit = try #require(r.hitTest(pixelX: p.x, pixelY: p.y))
        #expect(abs(hit.longitude - lon) < 1e-8 && abs(hit.latitude - lat) < 1e-8, "\(crs): hit \(hit.longitude), \(hit.latitude)")
    }

    /// No shift on WGS 84 and on datums whose only known transformation is a ballpark.
    @Test func noShiftWithoutATransformation() throws {
        #expect(try MapProjection(SpatialReference(text: "EPSG:3857")).datumShift == nil)
        #expect(try MapProjection(SpatialReference(text: "ESRI:54052")).datumShift == nil)
        #expect(try MapProjection(SpatialReference(text: "EPSG:27700")).datumShift?.code == "~EPSG:1314")
    }
}
