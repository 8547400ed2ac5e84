import ArgumentParser
import Foundation
import Graticule

/// `graticule bench projection|registry`: timings used by Benchmarks/compare_*.py.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the engine (build with -c release). Benchmarks/*.py compare it with PROJ.",
        subcommands: [ProjectionBench.self, RegistryBench.self])
}

/// Times `Transformer.transform` over a file of little-endian float64 x/y pairs.
struct ProjectionBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projection", abstract: "Transform the points of a binary file (float64 x,y pairs); print the best time.")

    @Option(name: .long, help: "Source spatial reference.") var from: String
    @Option(name: .long, help: "Target spatial reference.") var to: String
    @Option(name: .long, help: "Input: little-endian float64 x,y pairs.") var input: String
    @Option(name: .long, help: "Write the transformed points of the last run here (same format).") var output: String?
    @Option(name: .customLong("repeat"), help: "Repetitions; the best is reported.") var repetitions: Int = 5

    func run() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        let n = data.count / 16
        var source = [SIMD2<Double>](repeating: .zero, count: n)
        _ = source.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let transformer: Transformer
        do {
            transformer = try Transformer(from: try SpatialReference(text: from), to: try SpatialReference(text: to))
        } catch { throw CLIError(message: error.description) }
        var work = source
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            work.withUnsafeMutableBufferPointer { dst in
                source.withUnsafeBufferPointer { src in _ = dst.initialize(fromContentsOf: src) }
            }
            let t0 = DispatchTime.now().uptimeNanoseconds
            work.withUnsafeMutableBufferPointer { transformer.transform($0) }
            let t = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            best = min(best, t)
        }
        if let output {
            try work.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: output))
        }
        print(String(format: "points %d best %.6f s  %.3f M points/s", n, best, Double(n) / best / 1e6))
    }
}

/// Times registry lookups: the first one in the process (opening the registry) and warm ones.
struct RegistryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry", abstract: "Time SpatialReference(wkid:): first lookup in the process and warm lookups.")

    @Option(name: .long, help: "Warm lookups to time.") var iterations: Int = 200_000

    func run() throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try SpatialReference(wkid: 28413)
        let first = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let codes = [4326, 3857, 28413, 32632, 2154, 27700, 102100, 54050, 102299, 4284]
        for c in codes { _ = try SpatialReference(wkid: c) }
        let t1 = DispatchTime.now().uptimeNanoseconds
        var names = 0
        for i in 0..<iterations { names &+= try SpatialReference(wkid: codes[i % codes.count]).name.utf8.count }
        let warm = Double(DispatchTime.now().uptimeNanoseconds - t1) / Double(iterations) / 1e3
        let t2 = DispatchTime.now().uptimeNanoseconds
        _ = try SpatialReference(wkid: 2056)
        let cold = Double(DispatchTime.now().uptimeNanoseconds - t2) / 1e3
        print(String(format: "first lookup in process %.3f ms; warm SpatialReference(wkid:) %.3f µs; "
                     + "first lookup of another code %.1f µs (checksum %d)", first, warm, cold, names))
    }
}
