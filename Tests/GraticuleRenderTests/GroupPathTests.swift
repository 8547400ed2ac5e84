import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// A paint group whose countries all lie whole in the view is painted from the path kept with
/// their projection (`ProjectedCountries.GroupPath`: made once per scale, moved by the view's
/// offset, with its flags and its edges' bands kept too). The reference is painting a path of
/// the view's own (`keptPaths: false`, the path every view made before).
@Suite struct GroupPathTests {
    static func pixels(_ r: MapRenderer, keptPaths: Bool) throws -> [UInt8] {
        let scene = try r.scene()
        var canvas = Canvas(width: scene.width, height: scene.height, background: scene.background.rgba)
        MapRenderer.paint(scene, onto: &canvas, keptPaths: keptPaths)
        return canvas.rgba
    }

    /// Views of the whole world with a margin, at one scale (1.25 times the whole map's units per
    /// pixel), their corners a fraction of a pixel apart and a few pixels apart in x, in y or both:
    /// every country is whole in each.
    static func views(_ crs: String) throws -> [MapRenderer] {
        let sr = try SpatialReference(text: crs)
        let whole = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)])
        let e = whole.extent, upp = whole.view.unitsPerPixel * 1.25
        let cx = (e.xMin + e.xMax) / 2, cy = (e.yMin + e.yMax) / 2
        return try [(0.0, 0.0), (0.37, 0.0), (0.0, 0.81), (-3.25, 2.5), (7.0, -0.125)].map { dx, dy in
            let x0 = cx - 512 * upp.x + dx * upp.x, y1 = cy + 256 * upp.y - dy * upp.y
            return try MapRenderer(spatialReference: sr,
                                   extent: Envelope(xMin: x0, yMin: y1 - 512 * upp.y, xMax: x0 + 1024 * upp.x, yMax: y1,
                                                    spatialReference: sr),
                                   width: 1024, height: 512, layers: [.countries(.low)])
        }
    }

    @Test(arguments: ["EPSG:4326", "EPSG:3857", "ESRI:54030", "EPSG:3035"])
    func keptPathsPaintWhatTheViewsOwnPathsPaint(_ crs: String) throws {
        for (n, view) in try Self.views(crs).enumerated() {
            let items = try view.scene().items
            #expect(!items.isEmpty && items.allSatisfy { $0.viewRings != nil }, "\(crs) view \(n): a country is not whole")
            let own = try Self.pixels(view, keptPaths: false)
            // The first paint makes the kept path and bands (or finds them), the second reuses them.
            for pass in 0..<2 {
                let kept = try Self.pixels(view, keptPaths: true)
                // The points move by the offset in one subtraction instead of two, so they may
                // differ in the last bit. Where a vertex lies on a pixel's side (the antimeridian
                // on a whole map) that moves it to the next column, and a hairline's split there
                // moves at most 1/8 of a pixel of ink (`addHairline`): a few bytes of the map's
                // two million, by less than 32 levels.
                let worst = zip(kept, own).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
                let changed = zip(kept, own).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                #expect(worst < 32 && changed < 64, "\(crs) view \(n) pass \(pass): \(changed) bytes differ, by up to \(worst)")
            }
        }
    }

    /// What is kept for a view (its bands by vertical offset, its flags by paint groups) does
    /// not leak into another: each view paints the same after the others as painted alone.
    @Test(arguments: ["EPSG:4326", "ESRI:54030"])
    func aViewPaintsTheSameAfterOthers(_ crs: String) throws {
        let views = try Self.views(crs)
        var alone: [[UInt8]] = []
        for view in views {
            ProjectedCountries.clear()
            alone.append(try Self.pixels(view, keptPaths: true))
        }
        ProjectedCountries.clear()
        for (n, view) in views.enumerated() + views.enumerated().reversed() {
            #expect(try Self.pixels(view, keptPaths: true) == alone[n], "\(crs) view \(n) differs after other views")
        }
    }

    /// A selection is its own paint group: painted after the map without it at the same scale
    /// (whose group path and flags are kept), and before it again, each map paints what paths
    /// of the view's own paint.
    @Test func aSelectionKeepsItsOwnGroup() throws {
        let sr = try SpatialReference(text: "EPSG:4326")
        var style = MapStyle.standard
        style.selectedCountries = ["FRA", "DEU", "BRA"]
        let plain = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)])
        let selected = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)], style: style)
        let groups = Set(try selected.scene().items.compactMap { $0.edgeSkips?.group })
        #expect(groups.count >= 3, "\(groups.count) paint groups")
        let own = try [plain, selected].map { try Self.pixels($0, keptPaths: false) }
        for (n, r) in [plain, selected, plain, selected].enumerated() {
            let kept = try Self.pixels(r, keptPaths: true), reference = own[n % 2]
            let changed = zip(kept, reference).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
            #expect(changed < 64 && zip(kept, reference).allSatisfy { abs(Int($0) - Int($1)) < 32 }, "map \(n): \(changed) bytes differ")
        }
    }
}
