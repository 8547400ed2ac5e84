import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// Longitudes are wrapped in one place: the projection's frame, which takes `wrapsLongitude` from
/// its parameters (false for PROJ's `+over`). Every method honours it, on the batch (SIMD) path
/// as on the single-point one.
@Suite struct LongitudeWrappingTests {
    /// Every projected CRS of the registry builds with `+over` when it builds without, and its
    /// frame then does not wrap (`ProjectionCatalog.make` refuses a type whose frame ignores it).
    @Test func everyMethodHonoursOver() throws {
        let registry = try Registry.shared
        var methods = Set<String>()
        var failures: [String] = []
        for (id, deprecated) in try registry.crsIdentifiers(types: [.projected])
        where !deprecated && (id.authority == "EPSG" || id.authority == "ESRI") {
            guard case var .projected(p) = try registry.crs(id), (try? p.makeProjection()) != nil else { continue }
            p.wrapsLongitude = false
            do {
                let projection = try p.makeProjection()
                if projection.frame.wrapsLongitude { failures.append("\(id): frame wraps") }
                methods.insert(p.conversion.method.name)
            } catch {
                failures.append("\(id): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(methods.count >= 80, "\(methods.count) methods")
    }

    /// EPSG:3857 at 190° E: wrapped to −170° by default, beyond the antimeridian with `+over`,
    /// the same through the pair (SIMD) batch path and the single-point path.
    @Test func webMercatorBeyondTheAntimeridian() throws {
        let wrapped = try SpatialReference(text: "+proj=merc +a=6378137 +b=6378137 +type=crs")
        let over = try SpatialReference(text: "+proj=merc +a=6378137 +b=6378137 +over +type=crs")
        let lonlat = try SpatialReference(text: "+proj=longlat +a=6378137 +b=6378137 +type=crs")
        let a = 6_378_137.0
        for (target, lambda) in [(wrapped, -170.0), (over, 190.0)] {
            let t = try Transformer(from: lonlat, to: target)
            let single = try t.transform(x: 190, y: 0)
            let batch = t.transform([SIMD2(190, 0), SIMD2(190, 10), SIMD2(10, 0)])
            let expected = lambda * Double.pi / 180 * a
            #expect(abs(single.x - expected) < 1e-6, "\(target): \(single.x)")
            #expect(abs(batch[0].x - expected) < 1e-6 && abs(batch[1].x - expected) < 1e-6, "\(batch)")
            // and back: +over keeps 190°
            let back = try t.inverse.transform(x: expected, y: 0)
            #expect(abs(back.x - lambda) < 1e-9, "\(back)")
        }
    }
}
