import GraticuleCore
import GraticuleCRS
@testable import GraticuleRender
import Testing

/// A paint whose coverage cells would pass the canvas's bound is done in bands of rows: the
/// pixels are one pass's, up to the last bit of a coverage's rounding where an edge is cut
/// between bands, and the scratch stays within the bound.
@Suite struct CanvasBandsTests {
    @Test(arguments: ["EPSG:4326", "ESRI:54030", "ESRI:102038"])
    func bandsPaintAsOnePass(_ crs: String) throws {
        let r = try MapRenderer(spatialReference: SpatialReference(text: crs), width: 1024, height: 512,
                                layers: [.countries(.low), .graticule(stepDegrees: 30), .outline])
        let scene = try r.scene()
        let one = MapRenderer.canvas(of: scene).rgba
        var banded = Canvas(width: 1024, height: 512, background: scene.background.rgba)
        banded.maxCellBytes = 16 * 16 * 1026  // bands of 16 rows
        var probe = banded
        let box = probe.paintBox(minX: 0, minY: 0, maxX: 1024, maxY: 512)
        #expect(box?.bandRows == 16)
        MapRenderer.paint(scene, onto: &banded)
        let b = banded.rgba
        let (differ, worst) = byteDifference(one, b)
        #expect(worst <= 1 && differ < one.count / 1000, "\(crs): \(differ) bytes differ, by up to \(worst)")
        #expect(differ < one.count, "\(crs): painted nothing?")
    }

    /// A 4096 × 4096 map is painted in bands of as many rows as 32 MiB of cells hold (16 bytes
    /// a cell, 4,098 cells a row: 511), not the 268 MB its whole box would take; the bands cover
    /// its rows once; and the map is drawn (land at 10° E, 51° N, sea at 30° W, 30° N).
    @Test func aLargeMapKeepsToTheBound() throws {
        var blank = Canvas(width: 4096, height: 4096, background: .zero)
        let painted = blank.paintBox(minX: 0, minY: 0, maxX: 4096, maxY: 4096)
        let box = try #require(painted)
        #expect(box.bandRows == 511 && box.bandRows * 16 * box.stride <= Canvas.defaultMaxCellBytes)
        let bands = box.bandTops.map { box.band(from: $0) }
        #expect(bands.count == 9 && bands.first!.y0 == 0 && bands.reduce(0) { $0 + $1.rows } == 4096)
        #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.y0 + $0.rows == $1.y0 })
        let r = try MapRenderer(spatialReference: SpatialReference(text: "EPSG:4326"), width: 4096, height: 4096,
                                layers: [.countries(.low)])
        let canvas = MapRenderer.canvas(of: try r.scene())
        let land = try #require(r.pixel(longitude: 10, latitude: 51)), sea = try #require(r.pixel(longitude: -30, latitude: 30))
        #expect(canvas.pixel(x: Int(land.x), y: Int(land.y)) == MapStyle.standard.countryFill.rgba)
        #expect(canvas.pixel(x: Int(sea.x), y: Int(sea.y)) == MapStyle.standard.background.rgba)
    }
}
