import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleGeometry
@testable import GraticuleRender
import Testing

/// The eleven world maps of the design drawn from Natural Earth 1:110m, checked against the
/// sphere: what the map fills at a pixel is what the spherical index (point in polygon on the
/// unstitched source data, no clipping code shared with the renderer) finds at the pixel's
/// inverse-projected point; no drawn segment is a streak across the map; Antarctica does not
/// flood; Russia, Fiji and the United States are whole.
@Suite struct WorldMapRenderTests {
    struct Drawn {
        let scene: MapScene
        let countries: [MapScene.Item]
        let boxes: [(lo: SIMD2<Double>, hi: SIMD2<Double>)]
        let outline: [[SIMD2<Double>]]

        init(_ scene: MapScene) {
            self.scene = scene
            countries = scene.items.filter { $0.layer == "countries" }
            boxes = countries.map { item in
                var lo = SIMD2(Double.infinity, .infinity), hi = -lo
                for p in item.paths.joined() {
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                }
                return (lo, hi)
            }
            outline = scene.items.first { $0.layer == "outline" }?.paths ?? []
        }

        /// Codes of the countries whose fill covers p.
        func filled(at p: SIMD2<Double>) -> [String] {
            var out: [String] = []
            for (i, item) in countries.enumerated() {
                let b = boxes[i]
                guard p.x >= b.lo.x && p.x <= b.hi.x && p.y >= b.lo.y && p.y <= b.hi.y else { continue }
                if RenderTestSupport.winding(item.paths, p) != 0 { out.append(item.id ?? "?") }
            }
            return out
        }

        func item(_ code: String) -> MapScene.Item? { countries.first { $0.id == code } }
    }

    static func draw(_ crs: String) throws -> (MapRenderer, Drawn) {
        let r = try RenderTestSupport.renderer(crs)
        return (r, Drawn(try r.scene()))
    }

    /// Every 8th pixel centre: fill against the sphere; pixels within 1.5 px of a drawn border are
    /// not judged (resampling and simplification move borders by up to half a pixel).
    @Test(arguments: worldSpatialReferences + registrySpatialReferences)
    func fillAgreesWithTheSphere(_ crs: String) throws {
        let (r, drawn) = try Self.draw(crs)
        var judged = 0, wrong: [String] = []
        var onMap = 0
        for j in stride(from: 4, to: r.height, by: 8) {
            for i in stride(from: 4, to: r.width, by: 8) {
                let p = SIMD2(Double(i) + 0.5, Double(j) + 0.5)
                let hit = r.hitTest(pixelX: p.x, pixelY: p.y)
                let truth = hit?.countryCode.map { [$0] } ?? []
                if hit != nil { onMap += 1 }
                let mine = drawn.filled(at: p)
                if mine == truth { judged += 1; continue }
                // Near a border of any country involved, or near the outline: not judged.
                let involved = Set(mine + truth)
                var near = drawn.outline.isEmpty ? false : RenderTestSupport.distance(p, to: drawn.outline, closed: true) < 1.5
                for code in involved where !near {
                    if let item = drawn.item(code), RenderTestSupport.distance(p, to: item.paths, closed: true) < 1.5 { near = true }
                }
                if near { continue }
                judged += 1
                let ll = hit.map { "(\($0.longitude), \($0.latitude))" } ?? "off the map"
                wrong.append("pixel \(i),\(j) \(ll): filled \(mine), sphere \(truth)")
            }
        }
        #expect(onMap > 500, "\(crs): only \(onMap) sampled pixels on the map")
        #expect(wrong.isEmpty, "\(crs): \(wrong.count) of \(judged) pixels wrong: \(wrong.prefix(8))")
    }

    /// No drawn country segment longer than 5 % of the map's width unless it runs along the outline.
    @Test(arguments: worldSpatialReferences + registrySpatialReferences)
    func noStreaks(_ crs: String) throws {
        let (r, drawn) = try Self.draw(crs)
        let limit = 0.05 * Double(r.width)
        var streaks: [String] = []
        for item in drawn.countries {
            for ring in item.paths {
                for k in ring.indices {
                    let a = ring[k], b = ring[(k + 1) % ring.count]
                    let d = b - a
                    guard (d * d).sum().squareRoot() > limit else { continue }
                    let onEdge = (1...9).allSatisfy { s in
                        RenderTestSupport.distance(a + d * (Double(s) / 10), to: drawn.outline, closed: true) < 1
                    }
                    if !onEdge { streaks.append("\(item.id ?? "?") \(a) → \(b)") }
                }
            }
        }
        #expect(streaks.isEmpty, "\(crs): \(streaks.count) streaks: \(streaks.prefix(5))")
    }

    /// Named points: the country there is filled, nothing else is; the sea stays empty.
    @Test(arguments: worldSpatialReferences)
    func antarcticaRussiaFijiUnitedStates(_ crs: String) throws {
        let (r, drawn) = try Self.draw(crs)
        let land: [(Double, Double, String)] = [
            (0, -80, "ATA"), (90, -80, "ATA"), (-90, -80, "ATA"), (179.9, -85, "ATA"), (-100, -75, "ATA"),
            (100, 60, "RUS"), (170, 65, "RUS"), (-173, 66, "RUS"), (40, 55, "RUS"),
            (178.4, -17.8, "FJI"), (179.3, -16.6, "FJI"),
            (-100, 40, "USA"), (-150, 64, "USA"), (-155.5, 19.6, "USA"), (-120, 37, "USA"),
        ]
        let sea: [(Double, Double)] = [(0, -50), (0, 0), (-150, 0), (-30, 30), (160, -45), (-170, -60), (60, -30)]
        let countries = try NaturalEarth.layer(named: "countries110")
        for (lon, lat, code) in land {
            let truth = countries.feature(containingLon: lon, lat: lat)?.value("ADM0_A3", in: countries.layer.schema)?.stringValue
            #expect(truth == code, "fixture point (\(lon), \(lat)) is in \(truth ?? "the sea"), not \(code)")
            guard let p = r.pixel(longitude: lon, latitude: lat), p.x > 2, p.y > 2,
                  p.x < Double(r.width) - 2, p.y < Double(r.height) - 2,
                  r.hitTest(pixelX: p.x, pixelY: p.y) != nil else { continue }
            if let item = drawn.item(code), RenderTestSupport.distance(p, to: item.paths, closed: true) < 1.5 { continue }
            #expect(drawn.filled(at: p) == [code], "\(crs): (\(lon), \(lat)) at \(p) filled \(drawn.filled(at: p)), want \(code)")
        }
        for (lon, lat) in sea {
            guard let p = r.pixel(longitude: lon, latitude: lat), p.x > 0, p.y > 0,
                  p.x < Double(r.width), p.y < Double(r.height) else { continue }
            #expect(drawn.filled(at: p).isEmpty, "\(crs): sea point (\(lon), \(lat)) filled by \(drawn.filled(at: p))")
        }
        // The map centre of the whole-map view is never covered by Antarctica.
        #expect(!drawn.filled(at: SIMD2(Double(r.width) / 2, Double(r.height) / 2)).contains("ATA"))
    }
}
