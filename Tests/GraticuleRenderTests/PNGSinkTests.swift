import Foundation
import GraticuleCore
import GraticuleCRS
@testable import GraticuleRender
import Testing

/// The PNG sink paints the scene: land where the sphere has a country, the sphere's colour over the
/// sea, the background off the map; the file is a PNG.
@Suite struct PNGSinkTests {
    @Test(arguments: ["EPSG:4326", "ESRI:54052", "ESRI:102038", "ESRI:54090"])
    func paintsTheScene(_ crs: String) throws {
        var style = MapStyle.standard
        style.countryStrokeWidth = 0
        style.outlineStrokeWidth = 0
        let r = try MapRenderer(spatialReference: SpatialReference(text: crs), width: 512, height: 256,
                                layers: [.countries(.low), .outline], style: style)
        let scene = try r.scene()
        let canvas = MapRenderer.canvas(of: scene)
        for (lon, lat, land) in [(2.35, 46.5, true), (-100.0, 40.0, true), (-30.0, 30.0, false), (-150.0, 0.0, false)] {
            guard let p = r.pixel(longitude: lon, latitude: lat), p.x >= 0, p.y >= 0, p.x < 512, p.y < 256 else { continue }
            let c = canvas.pixel(x: Int(p.x), y: Int(p.y))
            #expect(c == (land ? style.countryFill : style.sphereFill).rgba, "\(crs) (\(lon), \(lat)): \(c)")
        }
        if crs == "ESRI:102038" {
            #expect(canvas.pixel(x: 0, y: 0) == style.background.rgba, "outside the globe")
        }
        let png = try MapRenderer.png(of: scene)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
