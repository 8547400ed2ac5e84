import ArgumentParser
import Foundation
import Graticule

/// `graticule render [--crs ID] [--extent XMIN,YMIN,XMAX,YMAX] [--width N --height N]
/// [--layers countries,graticule,outline] [--format svg|png|png8|jpeg] [--output FILE]`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", _superCommandName: "graticule",
        abstract: "Draw a world map (Natural Earth countries, graticule, outline) in any spatial reference as SVG, PNG or JPEG.",
        discussion: """
            The extent is in the spatial reference's units, x/y order (easting/northing, longitude/latitude), \
            and names the outer edges of the image as a WMS BBOX does: the top-left corner of pixel (0, 0) is \
            (XMIN, YMAX). Without --extent the whole map (the projected outline of the region the projection \
            draws) is fitted to the size. Layers, drawn in the order given: countries (1:110m or 1:10m by \
            scale), countries110, countries10m, graticule (every 30°), graticule:STEP, outline; vector data by \
            path (.geojson, .geojsonl, .shp, .gpkg, .csv: polygons filled in translucent blue and outlined, lines \
            stroked in blue, points as dots; projected from the file's spatial reference with the \
            default transformation); and rasters: \
            the built-in NDVI raster by name (ndvi) or a GeoTIFF by path, warped into the spatial reference \
            (nearest neighbour) and coloured (the NDVI ramp; otherwise a ramp stretched over the band's \
            minimum and maximum, or the file's palette or RGB bands). Rasters need PNG or JPEG output. JPEG is \
            baseline 4:2:0 at quality 85, as libjpeg writes it.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case svg, png, png8, jpeg }

    @Option(name: .long, parsing: .unconditional, help: "Spatial reference: EPSG:n, ESRI:n, a bare WKID, WKT, PROJJSON or a PROJ string.")
    var crs: String = "EPSG:4326"

    @Option(name: .long, parsing: .unconditional, help: "XMIN,YMIN,XMAX,YMAX in the spatial reference's units (outer pixel edges).")
    var extent: String?

    @Option(name: .long, parsing: .unconditional, help: "Width in pixels.")
    var width: Int = 1024

    @Option(name: .long, parsing: .unconditional, help: "Height in pixels.")
    var height: Int = 512

    @Option(name: .long, parsing: .unconditional, help: "Comma-separated layers: countries, countries110, countries10m, graticule, graticule:STEP, outline, ndvi, a vector file (.geojson, .shp, .gpkg, .csv), a GeoTIFF path.")
    var layers: String = "countries,graticule,outline"

    @Option(name: .long, parsing: .unconditional, help: "Output format: svg, png, png8 (at most 256 colours) or jpeg (default: from the output file's extension, .svg, .png, .jpg or .jpeg; svg without one).")
    var format: Format?

    @Option(name: .long, parsing: .unconditional, help: "Output file (default: standard output).")
    var output: String?

    @Flag(name: .long, help: "Replace an existing output file.")
    var overwrite = false

    @Flag(name: .long, help: "Write to the file a symbolic link at --output points to (refused otherwise).")
    var followSymlinks = false

    @Option(name: .long, parsing: .unconditional, help: "Comma-separated ADM0_A3 codes of countries to highlight (e.g. FRA,USA).")
    var select: String?

    @Option(name: .customLong("pixel-ratio"), parsing: .unconditional,
            help: "Device pixels per reference pixel, 0.25 to 4: line widths and point sizes are multiplied by it (2 for a HiDPI screen or 192 dpi print, with twice the width and height).")
    var pixelRatio: Double = 1

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] where !(1...MapRenderer.maximumSide).contains(value) {
            throw ValidationError("\(name) \(value): expected 1…\(MapRenderer.maximumSide) pixels")
        }
        guard pixelRatio.isFinite, (0.25...4).contains(pixelRatio) else {
            throw ValidationError("--pixel-ratio \(pixelRatio): expected a number from 0.25 to 4")
        }
    }

    func run() throws {
        let sr: SpatialReference
        let parsed: [MapComposer.Layer]
        let outputOptions = OutputOptions(overwrite: overwrite, followSymlinks: followSymlinks)
        do {
            // Refused before drawing: an existing output without --overwrite, a symbolic link.
            if let output { _ = try OutputFile.destination(output, options: outputOptions) }
            sr = try SpatialReference(text: crs)
            parsed = try Self.parseLayers(layers)
        } catch {
            throw CLIError(message: error.description)
        }
        let chosen: Format
        if let format { chosen = format } else {
            do throws(GraticuleError) { chosen = try Self.format(ofFile: output) } catch { throw CLIError(message: error.description) }
        }
        let bytes: [UInt8]
        let warnings: [String]
        let vectorOnly = parsed.compactMap { if case let .vector(v) = $0 { v } else { nil } }
        do throws(GraticuleError) {
            if vectorOnly.count == parsed.count {
                let renderer = try MapRenderer(spatialReference: sr, extent: try parseExtent(), width: width, height: height,
                                               layers: vectorOnly, style: style())
                let scene = try renderer.scene(pairingEdges: chosen != .svg)
                warnings = scene.warnings
                switch chosen {
                case .svg: bytes = Array(MapRenderer.svg(of: scene).utf8)
                case .png: bytes = try MapRenderer.png(of: scene)
                case .png8: bytes = try MapRenderer.canvas(of: scene).png8()
                case .jpeg: bytes = try MapRenderer.canvas(of: scene).jpeg()
                }
            } else {
                guard chosen != .svg else {
                    throw GraticuleError.invalidInput("raster layers are drawn into PNG or JPEG maps only: give --format png or jpeg, or an output file ending in .png or .jpg")
                }
                let map = try MapComposer.image(spatialReference: sr, extent: try parseExtent(), width: width, height: height,
                                                layers: parsed, style: style(), outlineCountriesOverRasters: true)
                warnings = map.warnings
                switch chosen {
                case .png8: bytes = try map.image.png8()
                case .jpeg: bytes = try map.image.jpeg()
                default: bytes = try map.image.png()
                }
            }
        } catch {
            throw CLIError(message: error.description)
        }
        for w in warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        if let output {
            // Whole or not at all: a temporary file beside it, renamed over it when complete.
            do { try OutputFile.write(bytes, to: output, options: outputOptions) } catch { throw CLIError(message: error.description) }
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }

    /// The format an output file's extension names (.svg, .png, .jpg/.jpeg); SVG for standard
    /// output or a file name without an extension.
    /// - Throws: `GraticuleError.invalidInput` for another extension, listing the known ones.
    static func format(ofFile path: String?) throws(GraticuleError) -> Format {
        guard let path else { return .svg }
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .svg }
        switch name[name.index(after: dot)...].lowercased() {
        case "svg": return .svg
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        default:
            throw .invalidInput("--output \(path): unknown extension; known: .svg, .png, .jpg, .jpeg "
                                + "(or give --format svg|png|png8|jpeg)")
        }
    }

    /// The layers of `--layers`: the vector layers `MapLayer.parse` knows, vector files by path
    /// (a vector format's extension: `VectorFormat.of`), and raster layers: a built-in raster by
    /// name (`ndvi`) or a GeoTIFF by path (anything else with a `/` or ending in `.tif`/`.tiff`,
    /// or an existing file).
    static func parseLayers(_ list: String) throws(GraticuleError) -> [MapComposer.Layer] {
        var out: [MapComposer.Layer] = []
        for raw in list.split(separator: ",") {
            let item = raw.trimmingCharacters(in: .whitespaces)
            let lower = item.lowercased()
            if let f = VectorFormat.of(item), f != .builtIn {
                out.append(.vector(.features(try vectorLayer(item))))
                continue
            }
            let isRaster = Raster.builtInNames[lower] != nil || item.contains("/") || lower.hasSuffix(".tif")
                || lower.hasSuffix(".tiff") || FileManager.default.fileExists(atPath: item)
            if isRaster {
                do { out.append(.raster(try RasterLayer.open(item))) } catch {
                    throw .invalidInput("raster layer \(item): \(error.description)")
                }
                continue
            }
            do {
                out += try MapLayer.parse(item).map { .vector($0) }
            } catch {
                throw .invalidInput("unknown layer \(item); layers: countries, countries110, countries10m, graticule, "
                                    + "graticule:STEP, outline, a built-in raster (\(Raster.builtInNames.keys.sorted().joined(separator: ", "))) "
                                    + "or a GeoTIFF path")
            }
        }
        return out
    }

    /// A vector file as a map layer: its features in WGS 84 longitude/latitude (projected with
    /// the default transformation from the file's spatial reference when it has another one).
    static func vectorLayer(_ path: String) throws(GraticuleError) -> FeatureLayer {
        let layer: FeatureLayer
        do { layer = try VectorDataset.read(path) } catch { throw .invalidInput("vector layer \(path): \(error.description)") }
        let projected = try GeometryEngine.geographic(layer)
        if let t = projected.transformer { TransformationOption.warnIfBallpark(t) }
        return projected.layer
    }

    func style() -> MapStyle {
        var s = MapStyle.standard.scaled(by: pixelRatio)
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
