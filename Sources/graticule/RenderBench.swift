import ArgumentParser
import Foundation
import Graticule

/// `graticule bench render`: in-process map rendering times per spatial reference — cold (the
/// countries clipped on the sphere anew: `MapRenderer.clearCache()` before each run) and warm
/// (clipped countries cached, as for repeated maps and tiles in one spatial reference).
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Time world maps to SVG/PNG in the eleven world spatial references (best of N).")

    static let worldSpatialReferences = [
        "ESRI:102299", "ESRI:54050", "EPSG:27200", "ESRI:102018", "ESRI:54090", "EPSG:32610",
        "ESRI:54024", "ESRI:54052", "ESRI:102038", "EPSG:3857", "EPSG:4326",
    ]

    @Option(name: .long, parsing: .unconditional, help: "Comma-separated spatial references (default: the eleven world ones).")
    var crs: String?
    @Option(name: .long, parsing: .unconditional, help: "countries110 or countries10m.") var layer: String = "countries110"
    @Option(name: .long, parsing: .unconditional, help: "svg, png, png8 or jpeg.") var format: String = "svg"
    @Option(name: .long, parsing: .unconditional, help: "Width in pixels.") var width: Int = 1024
    @Option(name: .long, parsing: .unconditional, help: "Height in pixels.") var height: Int = 512
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Repetitions; the best is reported.") var repetitions: Int = 5

    func run() throws {
        do { try time() } catch { throw CLIError(message: error.description) }
    }

    func time() throws(GraticuleError) {
        let list = crs.map { $0.split(separator: ",").map(String.init) } ?? Self.worldSpatialReferences
        let layers = try MapLayer.parse(layer + ",outline")
        _ = try NaturalEarth.layer(named: layer)  // loading the built-in layer is not part of drawing
        guard ["svg", "png", "png8", "jpeg"].contains(format) else {
            throw GraticuleError.invalidInput("--format \(format): expected svg, png, png8 or jpeg")
        }
        let png = format != "svg"  // the raster formats are timed by stage
        print("spatial reference   cold ms   warm ms   bytes\(png ? "   warm: scene  paint  encode ms   median: warm  paint" : "")"
              + "   (\(layer), \(format), \(width)×\(height), best of \(repetitions))")
        var worstCold = 0.0, worstWarm = 0.0
        for id in list {
            let sr = try SpatialReference(text: id)
            var cold = Double.infinity
            var bytes = 0
            var stages = SIMD3<Double>(repeating: .infinity)
            // The medians: a map drawn with other work between (as a server draws them) finds
            // less of its memory in the caches than the best of maps drawn back to back.
            var warms: [Double] = [], paints: [Double] = []
            for _ in 0..<max(1, repetitions) {
                MapRenderer.clearCache()
                let t0 = DispatchTime.now().uptimeNanoseconds
                bytes = try render(sr, layers)
                cold = min(cold, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                let t1 = DispatchTime.now().uptimeNanoseconds
                _ = try render(sr, layers)
                warms.append(Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e6)
                if png {
                    let s = try pngStages(sr, layers)
                    stages = pointwiseMin(stages, s)
                    paints.append(s.y)
                }
            }
            let warm = warms.min()!
            worstCold = max(worstCold, cold)
            worstWarm = max(worstWarm, warm)
            print(String(format: "%-18@ %8.2f  %8.2f  %8d", id as NSString, cold, warm, bytes)
                  + (png ? String(format: "   %10.2f %6.2f %7.2f   %12.2f %6.2f", stages.x, stages.y, stages.z,
                                  Self.median(warms), Self.median(paints)) : ""))
        }
        print(String(format: "worst              %8.2f  %8.2f", worstCold, worstWarm))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Warm PNG or JPEG time by stage: scene (clip, project, view clip), paint (rasterise), encode.
    func pngStages(_ sr: SpatialReference, _ layers: [MapLayer]) throws(GraticuleError) -> SIMD3<Double> {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let r = try MapRenderer(spatialReference: sr, width: width, height: height, layers: layers)
        let scene = try r.scene()
        let t1 = DispatchTime.now().uptimeNanoseconds
        let canvas = MapRenderer.canvas(of: scene)
        let t2 = DispatchTime.now().uptimeNanoseconds
        _ = try encode(canvas)
        let t3 = DispatchTime.now().uptimeNanoseconds
        return SIMD3(Double(t1 - t0), Double(t2 - t1), Double(t3 - t2)) / 1e6
    }

    func render(_ sr: SpatialReference, _ layers: [MapLayer]) throws(GraticuleError) -> Int {
        let r = try MapRenderer(spatialReference: sr, width: width, height: height, layers: layers)
        switch format {
        case "png": return try r.png().count
        case "png8", "jpeg": return try encode(MapRenderer.canvas(of: try r.scene())).count
        default: return try r.svg().utf8.count
        }
    }

    /// The canvas in the raster format timed.
    func encode(_ canvas: Canvas) throws(GraticuleError) -> [UInt8] {
        switch format {
        case "png8": return try canvas.png8()
        case "jpeg": return try canvas.jpeg()
        default: return try canvas.png()
        }
    }
}
