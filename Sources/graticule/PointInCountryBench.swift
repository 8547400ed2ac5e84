import ArgumentParser
import Foundation
import GraticuleCore
import Graticule

/// `graticule bench point-in-country`: which built-in country contains each of N random lon/lat
/// points (uniform on the sphere, SplitMix64), on one core; prints index build time, throughput
/// and the number of points on land. Benchmarks/compare_vector.py runs it beside shapely.
struct PointInCountryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "point-in-country", abstract: "Spherical point-in-country throughput on a built-in layer.")

    @Option(name: .long, parsing: .unconditional, help: "Built-in layer.") var layer: String = "countries10m"
    @Option(name: .long, parsing: .unconditional, help: "Number of random points.") var points: Int = 1_000_000
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Repetitions; the best is reported.") var repetitions: Int = 3

    func run() throws {
        let built: BuiltInLayer
        do { built = try NaturalEarth.layer(named: layer) } catch { throw CLIError(message: error.description) }
        let t0 = ContinuousClock.now
        let index = built.index
        let buildTime = ContinuousClock.now - t0
        var random = SplitMix64(seed: 42)
        func next() -> Double { random.unit() }
        let pts = (0 ..< points).map { _ in SIMD2(next() * 360 - 180, asin(next() * 2 - 1) * 180 / .pi) }
        var best = Double.infinity
        var land = 0
        for _ in 0 ..< max(1, repetitions) {
            land = 0
            let start = ContinuousClock.now
            for p in pts where index.firstContaining(lon: p.x, lat: p.y) != nil { land += 1 }
            let d = ContinuousClock.now - start
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        let build = Double(buildTime.components.seconds) + Double(buildTime.components.attoseconds) * 1e-18
        print(String(format: "layer %@: index built in %.3f s; %d points in %.3f s = %.2f M points/s; %d on land",
                     layer, build, points, best, Double(points) / best / 1e6, land))
    }
}
