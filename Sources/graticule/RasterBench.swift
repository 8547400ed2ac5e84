import ArgumentParser
import Foundation
import Graticule

/// `graticule bench raster`: warm identify latency, and decoding every block of a file
/// (Benchmarks/compare_raster.py runs it beside GDAL).
struct RasterBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "raster", abstract: "Time warm Raster.identify, and decoding every block of a GeoTIFF.")

    @Argument(help: "A GeoTIFF file or a built-in raster name.") var raster: String
    @Option(name: .long, help: "identify: x y points are random cells of the raster; with --crs, given in that CRS.") var crs: String?
    @Option(name: .long, help: "Warm identify calls.") var iterations: Int = 200_000
    @Flag(name: .long, help: "Decode every block of the full-resolution image instead (fresh raster each repetition).") var decode = false
    @Option(name: .customLong("repeat"), help: "Decode repetitions; the best is reported.") var repetitions: Int = 5

    func run() throws {
        do { if decode { try timeDecode() } else { try timeIdentify() } } catch let error as GraticuleError {
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
        let t0 = clock().uptimeNanoseconds
        for i in 0..<iterations {
            if try r.identify(at: points[i & 1023], using: operation) != nil { found += 1 }
        }
        let perCall = Double(clock().uptimeNanoseconds - t0) / Double(iterations) / 1e3
        // Through the convenience API: the point's spatial reference resolved to an operation each call.
        let n2 = max(1, iterations / 20)
        let t1 = clock().uptimeNanoseconds
        for i in 0..<n2 { if try r.identify(at: points[i & 1023]) != nil { found += 1 } }
        let convenience = Double(clock().uptimeNanoseconds - t1) / Double(n2) / 1e3
        print(String(format: "identify warm %.3f µs per call with a prepared operation, %.3f µs via identify(at:) (%@, %d found)",
                     perCall, convenience, requested.map { "points in \($0)" } ?? "points in the raster's CRS", found))
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
