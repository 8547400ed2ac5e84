import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// Hit testing (pixel → map → lon/lat with a half-pixel round trip → the spherical index) and
/// zoom to a country's projected, clipped extent.
@Suite struct HitTestAndZoomTests {
    /// Tapping the projected label point of every country selects that country, in every world
    /// spatial reference where the point is on the map.
    @Test(arguments: worldSpatialReferences)
    func labelPointsSelectTheirCountry(_ crs: String) throws {
        let r = try RenderTestSupport.renderer(crs)
        let countries = try NaturalEarth.layer(named: "countries110")
        let schema = countries.layer.schema
        var tested = 0
        var wrong: [String] = []
        for f in countries.layer.features {
            guard let g = f.geometry, let code = f.value("ADM0_A3", in: schema)?.stringValue else { continue }
            let label = GeometryEngine.labelPoint(for: g)
            // The label point must be in its own country on the sphere (else the fixture is wrong).
            guard countries.feature(containingLon: label.x, lat: label.y)?.value("ADM0_A3", in: schema)?.stringValue == code
            else { continue }
            guard let p = r.pixel(longitude: label.x, latitude: label.y),
                  p.x >= 0, p.y >= 0, p.x < Double(r.width), p.y < Double(r.height) else { continue }
            tested += 1
            let hit = r.hitTest(pixelX: p.x, pixelY: p.y)
            if hit?.countryCode != code { wrong.append("\(code) at \(p): \(hit?.countryCode ?? "nil")") }
            if let hit {
                #expect(abs(hit.latitude - label.y) < 1e-6 && abs(Angle.normalizeDegrees(hit.longitude - label.x)) < 1e-6,
                        "\(crs) \(code): hit (\(hit.longitude), \(hit.latitude)) for (\(label.x), \(label.y))")
            }
        }
        #expect(tested > 0)
        #expect(wrong.isEmpty, "\(crs): \(wrong.count) of \(tested) label points select another country: \(wrong.prefix(6))")
    }

    /// Pixels off the map (beyond the outline, in lobe gaps) hit nothing.
    @Test func offTheMapHitsNothing() throws {
        let ortho = try RenderTestSupport.renderer("ESRI:102038")
        #expect(ortho.hitTest(pixelX: 2, pixelY: 2) == nil, "corner of the globe's square")
        let goode = try RenderTestSupport.renderer("ESRI:54052")
        // The gap between Goode's North American and Eurasian lobes at the top of the map.
        let top = goode.pixel(mapX: -40 * 111_000 * 0.0, mapY: 0)
        #expect(goode.hitTest(pixelX: top.x, pixelY: 3) == nil)
        #expect(goode.hitTest(pixelX: .nan, pixelY: 3) == nil)
        let plate = try RenderTestSupport.renderer("EPSG:4326")
        let paris = try #require(plate.pixel(longitude: 2.35, latitude: 48.85))
        #expect(plate.hitTest(pixelX: paris.x, pixelY: paris.y)?.countryCode == "FRA")
        #expect(plate.hitTest(pixelX: paris.x, pixelY: paris.y)?.countryName == "France")
    }

    /// The zoom extent contains the country's label point and its largest drawn part, and is not
    /// map-wide for the countries the antimeridian splits.
    @Test(arguments: worldSpatialReferences)
    func zoomFramesTheCountry(_ crs: String) throws {
        let r = try RenderTestSupport.renderer(crs)
        let drawn = WorldMapRenderTests.Drawn(try r.scene())
        var problems: [String] = []
        for item in drawn.countries {
            guard let code = item.id, let box = r.extent(ofCountry: code) else {
                problems.append("\(item.id ?? "?"): no extent although drawn")
                continue
            }
            // The largest drawn part, in map units, lies inside the extent (1 px slack for resampling).
            let largest = item.paths.max { abs(RenderTestSupport.area([$0])) < abs(RenderTestSupport.area([$1])) }!
            let slack = 1.0 * max(box.width, box.height) * 0 + r.extent.width / Double(r.width)
            for p in largest {
                let m = r.mapPoint(pixelX: p.x, pixelY: p.y)
                if m.x < box.xMin - slack || m.x > box.xMax + slack || m.y < box.yMin - slack || m.y > box.yMax + slack {
                    problems.append("\(code): part point \(m) outside \(box.xMin),\(box.yMin),\(box.xMax),\(box.yMax)")
                    break
                }
            }
        }
        #expect(problems.isEmpty, "\(crs): \(problems.prefix(6))")
        // Split countries are framed by their main part, not the whole map.
        for code in ["RUS", "FJI", "USA"] {
            guard let box = r.extent(ofCountry: code) else { continue }
            #expect(box.width < 0.6 * r.extent.width, "\(crs) \(code): extent spans \(box.width / r.extent.width) of the map")
        }
    }

    @Test func zoomedRendererShowsTheCountry() throws {
        let r = try RenderTestSupport.renderer("ESRI:54052")
        let fiji = try r.zoomed(toCountry: "FJI")
        let suva = try #require(fiji.pixel(longitude: 178.44, latitude: -18.14))
        #expect(suva.x > 0 && suva.x < Double(fiji.width) && suva.y > 0 && suva.y < Double(fiji.height))
        let usa = try r.zoomed(toCountry: "United States of America")
        for (lon, lat) in [(-100.0, 40.0), (-150.0, 64.0), (-70.0, 44.0)] {
            let p = try #require(usa.pixel(longitude: lon, latitude: lat))
            #expect(p.x > 0 && p.x < Double(usa.width) && p.y > 0 && p.y < Double(usa.height), "(\(lon), \(lat)) at \(p)")
        }
        #expect(throws: GraticuleError.self) { try r.zoomed(toCountry: "Atlantis") }
    }
}
