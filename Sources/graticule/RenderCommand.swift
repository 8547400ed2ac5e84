import ArgumentParser
import Foundation
import Graticule

/// `graticule render [--crs ID] [--extent XMIN,YMIN,XMAX,YMAX] [--width N --height N]
/// [--layers countries,graticule,outline] [--format svg|png] [--output FILE]`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a world map (Natural Earth countries, graticule, outline) in any spatial reference as SVG or PNG.",
        discussion: """
            The extent is in the spatial reference's units, x/y order (easting/northing, longitude/latitude), \
            and names the outer edges of the image as a WMS BBOX does: the top-left corner of pixel (0, 0) is \
            (XMIN, YMAX). Without --extent the whole map (the projected outline of the region the projection \
            draws) is fitted to the size. Layers, drawn in the order given: countries (1:110m or 1:10m by \
            scale), countries110, countries10m, graticule (every 30°), graticule:STEP, outline.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case svg, png }

    @Option(name: .long, help: "Spatial reference: EPSG:n, ESRI:n, a bare WKID, WKT, PROJJSON or a PROJ string.")
    var crs: String = "EPSG:4326"

    @Option(name: .long, help: "XMIN,YMIN,XMAX,YMAX in the spatial reference's units (outer pixel edges).")
    var extent: String?

    @Option(name: .long, help: "Width in pixels.")
    var width: Int = 1024

    @Option(name: .long, help: "Height in pixels.")
    var height: Int = 512

    @Option(name: .long, help: "Comma-separated layers: countries, countries110, countries10m, graticule, graticule:STEP, outline.")
    var layers: String = "countries,graticule,outline"

    @Option(name: .long, help: "Output format: svg or png (default: from the output file's extension, else svg).")
    var format: Format?

    @Option(name: .long, help: "Output file (default: standard output).")
    var output: String?

    @Option(name: .long, help: "Comma-separated ADM0_A3 codes of countries to highlight (e.g. FRA,USA).")
    var select: String?

    func run() throws {
        let renderer: MapRenderer
        do {
            let sr = try SpatialReference(text: crs)
            renderer = try MapRenderer(spatialReference: sr, extent: try parseExtent(), width: width, height: height,
                                       layers: try MapLayer.parse(layers), style: style())
        } catch {
            throw CLIError(message: error.description)
        }
        let chosen = format ?? (output?.lowercased().hasSuffix(".png") == true ? .png : .svg)
        let bytes: [UInt8]
        let warnings: [String]
        do {
            let scene = try renderer.scene()
            warnings = scene.warnings
            switch chosen {
            case .svg: bytes = Array(MapRenderer.svg(of: scene).utf8)
            case .png: bytes = try MapRenderer.png(of: scene)
            }
        } catch {
            throw CLIError(message: error.description)
        }
        for w in warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        if let output {
            do { try Data(bytes).write(to: URL(fileURLWithPath: output)) } catch {
                throw CLIError(message: "cannot write \(output): \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }

    func style() -> MapStyle {
        var s = MapStyle.standard
        if let select {
            s.selectedCountries = Set(select.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
        }
        return s
    }

    func parseExtent() throws(GraticuleError) -> Envelope? {
        guard let extent else { return nil }
        let parts = extent.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x0 = parts[0], let y0 = parts[1], let x1 = parts[2], let y1 = parts[3] else {
            throw .invalidInput("--extent \(extent): expected XMIN,YMIN,XMAX,YMAX (four numbers)")
        }
        return Envelope(xMin: x0, yMin: y0, xMax: x1, yMax: y1)
    }
}
