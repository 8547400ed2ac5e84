import ArgumentParser
import Foundation
import Graticule

/// `graticule bench raster`: warm identify latency, and decoding every block of a file
/// (Benchmarks/compare_raster.py runs it beside GDAL).
struct RasterBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "Time warm Raster.identify, and decoding every block of a GeoTIFF.")

    @Argument(help: "A GeoTIFF file or a built-in raster name.") var raster: String
    @Option(name: .long, parsing: .unconditional, help: "identify: x y points are random cells of the raster; with --crs, given in that CRS.") var crs: String?
    @Option(name: .long, parsing: .unconditional, help: "Warm identify calls.") var iterations: Int = 200_000
    @Flag(name: .long, help: "Decode every block of the full-resolution image instead (fresh raster each repetition).") var decode = false
    @Flag(name: .long, help: "Time Raster.warp of the whole raster to a 256 × 256 view in EPSG:3857 instead: cold, warm with the coordinate operation rebuilt, warm with it cached.") var warp = false
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Decode repetitions; the best is reported.") var repetitions: Int = 5

    func run() throws {
        do throws(GraticuleError) {
            if decode { try timeDecode() } else if warp { try timeWarp() } else { try timeIdentify() }
        } catch {
            throw CLIError(message: error.description)
        }
    }

    func timeIdentify() throws(GraticuleError) {
        let r = try Raster.open(raster)
        let requested = try crs.map { (text: String) throws(GraticuleError) in try SpatialReference(text: text) }
        let operation = try r.coordinateOperation(from: requested)
        // Random cell centres, in the query CRS.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double { state = state &* 6364136223846793005 &+ 1442695040888963407; return Double(state >> 11) / Double(1 << 53) }
        var points: [Point] = []
        for _ in 0..<1024 {
            let p = r.geoTransform.apply(pixel: next() * Double(r.width), line: next() * Double(r.height))
            var q = SIMD2(p.x, p.y)
            if let operation { q = { let t = try? operation.inverse.transform(x: q.x, y: q.y); return SIMD2(t?.x ?? .nan, t?.y ?? .nan) }() }
            points.append(Point(x: q.x, y: q.y, spatialReference: requested))
        }
        for p in points { _ = try r.identify(at: p, using: operation) }  // warm: blocks decoded, cached
        var found = 0
        let clock = DispatchTime.now
        let t0 = clock().uptimeNanoseconds, c0 = Self.threadCPUNanoseconds()
        for i in 0..<iterations {
            if try r.identify(at: points[i & 1023], using: operation) != nil { found += 1 }
        }
        let perCall = Double(clock().uptimeNanoseconds - t0) / Double(iterations) / 1e3
        let cpuPerCall = Double(Self.threadCPUNanoseconds() - c0) / Double(iterations) / 1e3
        // Through the convenience API: the point's spatial reference resolved to an operation each call.
        let n2 = max(1, iterations / 20)
        let t1 = clock().uptimeNanoseconds, c1 = Self.threadCPUNanoseconds()
        for i in 0..<n2 { if try r.identify(at: points[i & 1023]) != nil { found += 1 } }
        let convenience = Double(clock().uptimeNanoseconds - t1) / Double(n2) / 1e3
        let convenienceCPU = Double(Self.threadCPUNanoseconds() - c1) / Double(n2) / 1e3
        print(String(format: "identify warm %.3f µs per call (%.3f µs CPU) with a prepared operation, %.3f µs (%.3f µs CPU) via identify(at:) (%@, %d found)",
                     perCall, cpuPerCall, convenience, convenienceCPU,
                     requested.map { "points in \($0)" } ?? "points in the raster's CRS", found))
    }

    func timeWarp() throws(GraticuleError) {
        let r = try Raster.open(raster)
        let sr = try SpatialReference(text: crs ?? "EPSG:3857")
        guard let own = r.spatialReference else { throw .invalidInput("\(raster) has no spatial reference") }
        var corners = [r.extent].flatMap { e in [SIMD2(e.xMin, e.yMin), SIMD2(e.xMax, e.yMin), SIMD2(e.xMax, e.yMax), SIMD2(e.xMin, e.yMax)] }
        corners.withUnsafeMutableBufferPointer { (try? RasterCoordinateOperation(from: own, to: sr))?.transform($0) }
        let view = RasterView(spatialReference: sr, extent: RasterExtent(corners), width: 256, height: 256)
        func time(_ n: Int, clear: Bool) throws(GraticuleError) -> (Double, Double) {
            let t0 = DispatchTime.now().uptimeNanoseconds, c0 = Self.threadCPUNanoseconds()
            for _ in 0..<n {
                if clear { RasterCoordinateOperation.removeCachedOperations() }
                _ = try r.warp(to: view)
            }
            return (Double(DispatchTime.now().uptimeNanoseconds - t0) / Double(n) / 1e6,
                    Double(Self.threadCPUNanoseconds() - c0) / Double(n) / 1e6)
        }
        RasterCoordinateOperation.removeCachedOperations()
        let cold = try time(1, clear: false)
        let n = max(1, iterations / 10_000)
        let rebuilt = try time(n, clear: true)
        let cached = try time(n, clear: false)
        print(String(format: "warp 256×256 to %@: cold %.2f ms (%.2f ms CPU); warm, operation rebuilt each call %.2f ms (%.2f ms CPU); "
                     + "warm, operation cached %.2f ms (%.2f ms CPU); %d calls each",
                     sr.name, cold.0, cold.1, rebuilt.0, rebuilt.1, cached.0, cached.1, n))
    }

    /// CPU time of the calling thread (the machine is shared: wall time includes waiting).
    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    func timeDecode() throws(GraticuleError) {
        var best = Double.infinity
        var pixels = 0, sampleBytes = 0
        for _ in 0..<max(1, repetitions) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let file = try TIFFFile(contentsOf: URL(fileURLWithPath: raster))
            let image = try file.image(at: 0)
            var checksum = 0.0
            for p in 0..<(image.isPlanar ? image.samplesPerPixel : 1) {
                for r in 0..<image.blocksDown {
                    for c in 0..<image.blocksAcross {
                        if let b = try image.decodeBlock(column: c, row: r, plane: p) { checksum += Double(b.bytes[b.bytes.count / 2]) }
                    }
                }
            }
            let t = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            best = min(best, t)
            pixels = image.width * image.height * image.samplesPerPixel
            sampleBytes = image.sampleType.byteSize
            if checksum.isNaN { print("") }
        }
        print(String(format: "decode best %.4f s  %.1f M samples/s  %.1f MB/s decoded", best, Double(pixels) / best / 1e6,
                     Double(pixels * sampleBytes) / best / 1e6))
    }
}
