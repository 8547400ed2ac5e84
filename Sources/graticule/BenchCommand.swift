import ArgumentParser
import Foundation
import Graticule

/// `graticule bench projection|registry`: timings used by Benchmarks/compare_*.py.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", _superCommandName: "graticule",
        abstract: "Time the engine (build with -c release). Benchmarks/*.py compare it with PROJ.",
        subcommands: [ProjectionBench.self, RegistryBench.self, MathBench.self, TransformationsBench.self,
                      PointInCountryBench.self, RasterBench.self, RenderBench.self])
}

/// Times `Transformer.transform` over a file of little-endian float64 x/y pairs.
struct ProjectionBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projection", abstract: "Transform the points of a binary file (float64 x,y pairs); print the best time.")

    @Option(name: .long, parsing: .unconditional, help: "Source spatial reference.") var from: String
    @Option(name: .long, parsing: .unconditional, help: "Target spatial reference.") var to: String
    @Option(name: .long, parsing: .unconditional, help: "Input: little-endian float64 x,y pairs.") var input: String
    @Option(name: .long, parsing: .unconditional, help: "Write the transformed points of the last run here (same format).") var output: String?
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Repetitions; the best is reported.") var repetitions: Int = 5

    func run() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        let n = data.count / 16
        var source = [SIMD2<Double>](repeating: .zero, count: n)
        _ = source.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let transformer: Transformer
        do {
            let registry = try Registry.shared
            transformer = try Transformer(from: try SpatialReference(text: from, registry: registry),
                                          to: try SpatialReference(text: to, registry: registry), registry: registry)
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

/// Times the catalog: the first ranked list in the process (reading and indexing the registry's
/// operations), warm ranked lists, and building a Transformer with the default transformation.
struct TransformationsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transformations", abstract: "Time TransformationCatalog.transformations and Transformer creation.")

    @Option(name: .long, parsing: .unconditional, help: "Source spatial reference.") var from: String = "EPSG:27700"
    @Option(name: .long, parsing: .unconditional, help: "Target spatial reference.") var to: String = "EPSG:3857"
    @Option(name: .long, parsing: .unconditional, help: "Warm repetitions.") var iterations: Int = 2000

    func run() throws {
        do { try time() } catch { throw CLIError(message: error.description) }
    }

    func time() throws(GraticuleError) {
        let registry = try Registry.shared
        let s = try SpatialReference(text: from, registry: registry), t = try SpatialReference(text: to, registry: registry)
        let catalog = TransformationCatalog.catalog(for: registry)
        let clock = DispatchTime.now
        let t0 = clock().uptimeNanoseconds
        let first = try catalog.transformations(from: s, to: t)
        let cold = Double(clock().uptimeNanoseconds - t0) / 1e6
        let t1 = clock().uptimeNanoseconds
        var n = 0
        for _ in 0..<iterations { n &+= try catalog.transformations(from: s, to: t).count }
        let warm = Double(clock().uptimeNanoseconds - t1) / Double(iterations) / 1e3
        let t2 = clock().uptimeNanoseconds
        for _ in 0..<iterations { n &+= try Transformer(from: s, to: t, registry: registry).transformation == nil ? 0 : 1 }
        let create = Double(clock().uptimeNanoseconds - t2) / Double(iterations) / 1e3
        print(String(format: "candidates %d; first list in process %.3f ms; warm list %.1f µs; "
                     + "Transformer(default) %.1f µs (checksum %d)", first.count, cold, warm, create, n))
    }
}

/// Times registry lookups: the first one in the process (opening the registry) and warm ones.
struct RegistryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry", abstract: "Time SpatialReference(wkid:): first lookup in the process and warm lookups.")

    @Option(name: .long, parsing: .unconditional, help: "Warm lookups to time.") var iterations: Int = 200_000

    func run() throws {
        do { try time() } catch { throw CLIError(message: error.description) }
    }

    func time() throws(GraticuleError) {
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

/// Checks and times `VectorMath` (the SIMD2 sin/cos, atan2, log1p, exp, expm1 of the projection kernels)
/// against libm: the largest difference in ulps over random arguments, and ns per value for each.
struct MathBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "math", abstract: "VectorMath vs libm: largest ulp difference and time per value.")

    @Option(name: .long, parsing: .unconditional, help: "Random arguments per domain.") var count: Int = 4_000_000
    @Option(name: .long, parsing: .unconditional, help: "Write the worst and some random cases (function, x, y, VectorMath result) here, for mpmath.")
    var dump: String?

    enum Function: String { case sin, cos, atan2, log1p, exp, expm1 }

    func run() throws {
        var g = SystemRandomNumberGenerator()
        func uniform(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &g) }
        func logUniform(_ lo: Double, _ hi: Double) -> Double { Foundation.exp(uniform(Foundation.log(lo), Foundation.log(hi))) }
        func sign() -> Double { Bool.random(using: &g) ? 1 : -1 }
        func nearQuadrant() -> Double {
            Double(Int.random(in: -40000...40000, using: &g)) * Double.pi / 2 + sign() * logUniform(1e-12, 0.8)
        }
        func ratio() -> (Double, Double) {
            let x = sign() * logUniform(1e-3, 1e3)
            let r = [0.5, 0.55, 1.0, 0.5463024898437905].randomElement(using: &g)!
            return (sign() * x * r * (1 + uniform(-1e-3, 1e-3)), x)
        }
        let domains: [(String, Function, () -> (Double, Double))] = [
            ("sin [-pi,pi]", .sin, { (uniform(-Double.pi, Double.pi), 0) }),
            ("cos [-pi,pi]", .cos, { (uniform(-Double.pi, Double.pi), 0) }),
            ("sin [-8,8]", .sin, { (uniform(-8, 8), 0) }),
            ("cos [-8,8]", .cos, { (uniform(-8, 8), 0) }),
            ("sin |x|<2^16", .sin, { (uniform(-65535, 65535), 0) }),
            ("cos |x|<2^16", .cos, { (uniform(-65535, 65535), 0) }),
            ("sin near k*pi/2", .sin, { (nearQuadrant(), 0) }),
            ("cos near k*pi/2", .cos, { (nearQuadrant(), 0) }),
            ("atan2 box", .atan2, { (uniform(-1, 1), uniform(-1, 1)) }),
            ("atan2 log-scaled", .atan2, { (sign() * logUniform(1e-150, 1e150), sign() * logUniform(1e-150, 1e150)) }),
            ("atan2 near splits", .atan2, ratio),
            ("log1p (-1,40)", .log1p, { (uniform(-0.999999, 40), 0) }),
            ("log1p log-scaled", .log1p, { (logUniform(1e-150, 1e300), 0) }),
            ("log1p small", .log1p, { (sign() * logUniform(1e-20, 0.5), 0) }),
            ("exp [-2,2]", .exp, { (uniform(-2, 2), 0) }),
            ("exp [-707,707]", .exp, { (uniform(-707, 707), 0) }),
            ("expm1 [-0.35,0.35]", .expm1, { (uniform(-0.35, 0.35), 0) }),
            ("expm1 [-707,707]", .expm1, { (uniform(-707, 707), 0) }),
            ("expm1 small", .expm1, { (sign() * logUniform(1e-300, 1e-3), 0) }),
        ]
        var dumpText = ""
        print("domain                 max ulp   mean ulp   libm ns  vector ns   (difference to libm)")
        for (name, function, args) in domains {
            let n = count & ~1
            var xs = [Double](repeating: 0, count: n), ys = xs
            for i in 0..<n { (xs[i], ys[i]) = args() }
            var out = [Double](repeating: 0, count: n), ref = out
            let (libmTime, vectorTime) = xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in
                    ref.withUnsafeMutableBufferPointer { r in
                        out.withUnsafeMutableBufferPointer { o in
                            MathBench.time(function, n, x, y, r, o)
                        }
                    }
                }
            }
            var worst = 0.0, sum = 0.0, bad: [(Double, Int)] = []
            for i in 0..<n {
                let u = ref[i] == out[i] ? 0 : abs(out[i] - ref[i]) / max(ref[i].ulp, Double.leastNormalMagnitude.ulp)
                sum += u
                worst = max(worst, u)
                if u >= 1 { bad.append((u, i)) }
            }
            print(name.padding(toLength: 22, withPad: " ", startingAt: 0)
                  + String(format: "%8.3f %10.4f %9.2f %10.2f", worst, sum / Double(n), libmTime, vectorTime))
            if dump != nil {
                bad.sort { $0.0 > $1.0 }
                let picks = bad.prefix(500).map(\.1) + (0..<3000).map { _ in Int.random(in: 0..<n, using: &g) }
                for j in picks {
                    dumpText += "\(function.rawValue)\t\(xs[j].bitPattern)\t\(ys[j].bitPattern)\t\(out[j].bitPattern)\n"
                }
            }
        }
        if let dump { try dumpText.write(toFile: dump, atomically: true, encoding: .utf8) }
    }

    /// libm into `r`, VectorMath into `o`; best-of-3 ns per value for each.
    static func time(_ function: Function, _ n: Int, _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>,
                     _ r: UnsafeMutableBufferPointer<Double>, _ o: UnsafeMutableBufferPointer<Double>) -> (Double, Double) {
        @inline(__always) func best(_ body: () -> Void) -> Double {
            var t = Double.infinity
            for _ in 0..<3 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                body()
                t = min(t, Double(DispatchTime.now().uptimeNanoseconds - t0) / Double(n))
            }
            return t
        }
        @inline(__always) func scalar(_ f: (Double, Double) -> Double) -> Double {
            best { for i in 0..<n { r[i] = f(x[i], y[i]) } }
        }
        @inline(__always) func vector(_ f: (SIMD2<Double>, SIMD2<Double>) -> SIMD2<Double>) -> Double {
            best {
                var i = 0
                while i < n {
                    let v = f(SIMD2(x[i], x[i + 1]), SIMD2(y[i], y[i + 1]))
                    o[i] = v[0]; o[i + 1] = v[1]
                    i += 2
                }
            }
        }
        switch function {
        case .sin: return (scalar { a, _ in Foundation.sin(a) }, vector { a, _ in VectorMath.sincos(a).sin })
        case .cos: return (scalar { a, _ in Foundation.cos(a) }, vector { a, _ in VectorMath.sincos(a).cos })
        case .atan2: return (scalar { a, b in Foundation.atan2(a, b) }, vector { a, b in VectorMath.atan2(a, b) })
        case .log1p: return (scalar { a, _ in Foundation.log1p(a) }, vector { a, _ in VectorMath.log1p(a) })
        case .exp: return (scalar { a, _ in Foundation.exp(a) }, vector { a, _ in VectorMath.exp(a) })
        case .expm1: return (scalar { a, _ in Foundation.expm1(a) }, vector { a, _ in VectorMath.expm1(a) })
        }
    }
}
