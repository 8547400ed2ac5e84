import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// Countries projected once per scale (`ProjectedCountries`) and moved to each view give the
/// scene that projecting them for that view alone gives: the same rings and points to within
/// 1e-6 px, for the whole map and for views panned across it at the same scale.
@Suite struct ProjectedCountriesTests {
    static func compare(_ a: MapScene, _ b: MapScene, _ label: String) {
        #expect(a.items.count == b.items.count, "\(label): \(a.items.count) items vs \(b.items.count)")
        var worst = 0.0, mismatched: [String] = []
        for (x, y) in zip(a.items, b.items) {
            guard x.id == y.id, x.paths.count == y.paths.count,
                  zip(x.paths, y.paths).allSatisfy({ $0.count == $1.count }) else {
                mismatched.append(x.id ?? x.layer)
                continue
            }
            for (p, q) in zip(x.paths, y.paths) {
                for (u, v) in zip(p, q) { worst = max(worst, abs(u.x - v.x), abs(u.y - v.y)) }
            }
        }
        #expect(mismatched.isEmpty, "\(label): rings differ for \(mismatched.prefix(5))")
        #expect(worst < 1e-6, "\(label): points differ by \(worst) px")
    }

    @Test(arguments: ["EPSG:4326", "EPSG:3857", "ESRI:54030", "ESRI:54009", "ESRI:54052", "ESRI:102038", "EPSG:3035"])
    func theSceneEqualsProjectingTheViewAlone(_ crs: String) throws {
        let sr = try SpatialReference(text: crs)
        let whole = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)])
        // Unsimplified: the rings moved from the projection per scale against the view's own.
        Self.compare(try whole.scene(reusingProjection: true, simplifying: false), try whole.scene(reusingProjection: false),
                     "\(crs) whole map")
        // Pans at the same scale: a third of the view right and down, and a fraction of a pixel.
        let e = whole.extent, upp = whole.view.unitsPerPixel
        for (dx, dy) in [(341.0, 170.0), (-0.37, 0.81), (-500.0, -260.0)] {
            let panned = Envelope(xMin: e.xMin + dx * upp.x, yMin: e.yMin - dy * upp.y, xMax: e.xMax + dx * upp.x,
                                  yMax: e.yMax - dy * upp.y, spatialReference: sr)
            let r = try MapRenderer(spatialReference: sr, extent: panned, width: 1024, height: 512, layers: [.countries(.low)])
            // The pan's scale differs from the whole map's in the last bits at most: one entry.
            #expect(abs(r.view.unitsPerPixel.x / upp.x - 1) < 1e-14 && abs(r.view.unitsPerPixel.y / upp.y - 1) < 1e-14)
            let layer = try NaturalEarth.layer(named: "countries110")
            #expect(ProjectedCountries.Key(sr, r.view.unitsPerPixel, layer: layer) == ProjectedCountries.Key(sr, upp, layer: layer))
            let cached = try r.scene(reusingProjection: true, simplifying: false)
            Self.compare(cached, try r.scene(reusingProjection: false), "\(crs) panned \(dx), \(dy)")
        }
    }

    /// A country whose rings all lie inside the view reads them from the projection per scale
    /// (`ViewRings`) instead of holding copies; one that is clipped holds its own paths. Either
    /// way a painter's path of the item is the path of its points (`Path.append(_:)` against
    /// `Path(_:closed:)`).
    @Test(arguments: ["EPSG:4326", "ESRI:54030"])
    func wholeCountriesReadTheirRingsFromTheProjection(_ crs: String) throws {
        let sr = try SpatialReference(text: crs)
        let whole = try MapRenderer(spatialReference: sr, width: 1024, height: 512, layers: [.countries(.low)])
        let e = whole.extent, upp = whole.view.unitsPerPixel
        let panned = try MapRenderer(spatialReference: sr,
                                     extent: Envelope(xMin: e.xMin + 341 * upp.x, yMin: e.yMin - 170 * upp.y, xMax: e.xMax + 341 * upp.x,
                                                      yMax: e.yMax - 170 * upp.y, spatialReference: sr),
                                     width: 1024, height: 512, layers: [.countries(.low)])
        for (label, renderer, allWhole) in [("whole map", whole, true), ("panned", panned, false)] {
            let items = try renderer.scene().items
            let read = items.filter { $0.viewRings != nil }.count
            #expect(read > 50, "\(crs) \(label): \(read) of \(items.count) items read from the projection")
            #expect((read == items.count) == allWhole, "\(crs) \(label): \(read) of \(items.count) items whole")
            for item in items {
                var path = Path()
                item.append(to: &path)
                let copied = Path(item.paths, closed: true)
                #expect(path.xs == copied.xs && path.ys == copied.ys, "\(crs) \(label): \(item.id ?? "?") points differ")
                #expect(path.subpaths.map { [$0.start, $0.end] } == copied.subpaths.map { [$0.start, $0.end] }
                        && path.subpaths.allSatisfy(\.closed), "\(crs) \(label): \(item.id ?? "?") subpaths differ")
                #expect(item.pointCount == item.paths.reduce(0) { $0 + $1.count })
            }
        }
    }

    /// Views whose scales differ in the last bits share one entry: the tiles of one zoom level
    /// (their extents' widths, `left + (column + 1) · size − (left + column · size)`, differ in
    /// the last bits from column to column). Each tile draws the same points whichever tile made
    /// the entry, and whether it was made afresh in between (a server's requests come in any
    /// order, and entries are evicted).
    @Test(arguments: [2, 3])
    func aTileDrawsTheSameWhicheverTileCameFirst(_ z: Int) throws {
        let sr = try SpatialReference(text: "EPSG:3857")
        let left = -20037508.342789244, size = 2 * -left / Double(1 << z)
        let tiles = try (0..<(1 << z)).map { column in
            try MapRenderer(spatialReference: sr,
                            extent: Envelope(xMin: left + Double(column) * size, yMin: 0, xMax: left + Double(column + 1) * size,
                                             yMax: size, spatialReference: sr),
                            width: 256, height: 256, layers: [.countries(.low)])
        }
        let layer = try NaturalEarth.layer(named: "countries110")
        let a = tiles[0]
        let b = try #require(tiles.first { $0.view.unitsPerPixel != a.view.unitsPerPixel }, "z \(z): every tile has one scale")
        #expect(ProjectedCountries.Key(sr, a.view.unitsPerPixel, layer: layer) == ProjectedCountries.Key(sr, b.view.unitsPerPixel, layer: layer))
        for (first, then) in [(a, b), (b, a)] {
            ProjectedCountries.clear()
            let alone = try then.scene().items.map(\.paths)
            ProjectedCountries.clear()
            _ = try first.scene()
            #expect(try then.scene().items.map(\.paths) == alone, "z \(z): a tile's points depend on the tile that came first")
        }
    }

    /// Deep zooms project each view (the whole map would lie beyond the limit in pixels).
    @Test func deepZoomsAreNotKept() throws {
        let sr = try SpatialReference(text: "EPSG:3857")
        let r = try MapRenderer(spatialReference: sr,
                                extent: Envelope(xMin: 0, yMin: 0, xMax: 100, yMax: 50, spatialReference: sr),
                                width: 1000, height: 500, layers: [.countries(.low)])
        let prepared = try r.preparedCountries(.low)
        #expect(ProjectedCountries.get(r, prepared) == nil)
    }
}
