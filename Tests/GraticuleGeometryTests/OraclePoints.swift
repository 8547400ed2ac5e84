import Foundation
import GraticuleCore

/// The oracle's point sequence (tools/oracle/point_in_country.py): SplitMix64 seeded with
/// 20240917, 100,000 points uniform on the sphere, then 1,000 in each of six boxes around the
/// antimeridian and the poles.
enum OraclePoints {
    static func make() -> [SIMD2<Double>] {
        var random = SplitMix64(seed: 20240917)
        func next() -> Double { random.unit() }
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(106_000)
        for _ in 0 ..< 100_000 {
            let lon = next() * 360 - 180
            let lat = asin(next() * 2 - 1) * 180 / .pi
            out.append(SIMD2(lon, lat))
        }
        let boxes: [(Double, Double, Double, Double)] = [(176, 180, -22, -12), (-180, -177, -22, -12), (-180, -168, 62, 72),
                                                         (170, 180, 62, 72), (-180, 180, -90, -60), (-180, 180, 75, 90)]
        for (x0, x1, y0, y1) in boxes {
            for _ in 0 ..< 1000 {
                let x = x0 + next() * (x1 - x0)
                let y = y0 + next() * (y1 - y0)
                out.append(SIMD2(x, y))
            }
        }
        return out
    }

    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }
}

import Testing
