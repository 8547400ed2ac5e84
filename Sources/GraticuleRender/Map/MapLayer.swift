import Foundation
import GraticuleCore
import GraticuleGeometry

/// Which Natural Earth countries layer a map draws.
public enum CountryResolution: String, Sendable, Hashable, CaseIterable {
    /// 1:110m when a pixel covers 8 km or more on the ground at the map's centre, else 1:10m.
    case automatic
    /// Natural Earth 1:110m (177 countries, 10,654 vertices).
    case low
    /// Natural Earth 1:10m (250 countries, 547,488 vertices).
    case high

    /// Ground size of a pixel (metres) below which `automatic` draws 1:10m.
    public static let highResolutionBelow = 8_000.0
}

/// A point drawn on the map: WGS 84 longitude/latitude degrees (x/y order), with an optional label.
public struct MapPoint: Sendable, Hashable {
    public var longitude: Double
    public var latitude: Double
    public var label: String?

    public init(longitude: Double, latitude: Double, label: String? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.label = label
    }
}

/// A layer of a map, drawn in the order given (the design's order is countries, graticule,
/// outline, points). More kinds (rasters, vector files) can be added without breaking callers
/// that switch with a `default`.
public enum MapLayer: Sendable, Hashable {
    /// Natural Earth admin-0 countries, filled and outlined; selected ones highlighted.
    case countries(CountryResolution)
    /// Meridians and parallels every `stepDegrees` degrees (meridians at multiples of 90° reach
    /// the poles, the others stop at ±(90° − step), as d3's graticule).
    case graticule(stepDegrees: Double)
    /// The edge of the map: the projected boundary of the region of the sphere the projection
    /// draws; the sphere's inside is filled with the style's `sphereFill` under every layer.
    case outline
    /// Points (WGS 84 degrees), drawn as dots of the style's `pointRadius`.
    case points([MapPoint])
    /// A vector layer in WGS 84 longitude/latitude degrees (x/y): polygons filled and outlined
    /// with the style's feature colours (`MapStyle.featureFill`, `featureStroke`; cut at ±180°
    /// or not: they are stitched first), polylines stroked in `featureStroke`, points as dots.
    /// Invalid coordinates and degenerate rings are skipped with a warning.
    case features(FeatureLayer)
    /// A vector layer prepared once (`BuiltInLayer(name:layer:provenance:)`, WGS 84
    /// longitude/latitude), drawn as `features` is, but its polygons go the countries' way: clipped
    /// to the projection's region once per spatial reference and tolerance, projected and paired
    /// once per scale, so that a server drawing many views of a large file does not redo that in
    /// every view. `style` replaces the map style's feature colours for this layer.
    case preparedFeatures(BuiltInLayer, style: FeatureStyle? = nil)

    /// The layers `graticule render` draws by default.
    public static let standard: [MapLayer] = [.countries(.automatic), .graticule(stepDegrees: 30), .outline]

    /// Parses a comma-separated list as the CLI takes it: `countries`, `countries110`,
    /// `countries10m`, `graticule` (30°), `graticule:N`, `outline`.
    public static func parse(_ list: String) throws(GraticuleError) -> [MapLayer] {
        var layers: [MapLayer] = []
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "countries": layers.append(.countries(.automatic))
            case "countries110": layers.append(.countries(.low))
            case "countries10m": layers.append(.countries(.high))
            case "graticule": layers.append(.graticule(stepDegrees: 30))
            case "outline", "sphere": layers.append(.outline)
            default:
                if name.hasPrefix("graticule:"), let step = Double(name.dropFirst("graticule:".count)), step > 0, step <= 180 {
                    layers.append(.graticule(stepDegrees: step))
                } else {
                    throw .invalidInput("unknown layer \(name); layers: countries, countries110, countries10m, "
                                               + "graticule, graticule:STEP, outline")
                }
            }
        }
        return layers
    }
}
