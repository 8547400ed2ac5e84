import GraticuleCore

/// An sRGB colour with straight (not premultiplied) alpha, 8 bits per channel.
public struct MapColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rrggbb`, `#rrggbbaa` or `#rgb` (CSS's short form: `#0a0` is `#00aa00`; the `#`
    /// optional); nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        if s.count == 3 { s = Substring(s.map { "\($0)\($0)" }.joined()) }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let full = s.count == 6 ? (v << 8) | 0xFF : v
        self.init(red: UInt8(full >> 24), green: UInt8((full >> 16) & 0xFF), blue: UInt8((full >> 8) & 0xFF),
                  alpha: UInt8(full & 0xFF))
    }

    public static let transparent = MapColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = MapColor(red: 0, green: 0, blue: 0)
    public static let white = MapColor(red: 255, green: 255, blue: 255)

    /// The colour as RGBA components (the rasteriser's form).
    public var rgba: SIMD4<UInt8> { SIMD4(red, green, blue, alpha) }

    /// `#rrggbb` (SVG paint; alpha goes in a separate opacity attribute).
    public var svgHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for c in [red, green, blue] {
            out.append(digits[Int(c >> 4)])
            out.append(digits[Int(c & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Opacity in [0, 1].
    public var opacity: Double { Double(alpha) / 255 }
}

/// How a map is painted. Widths and radii are in output pixels. In PNG output, strokes of at
/// most 1 px (the default borders, graticule and outline) are drawn as hairlines
/// (`StrokeGeometry.hairlineBelowOnePixel`: exact ink, no miters); wider ones exactly.
public struct MapStyle: Sendable, Hashable {
    /// Outside the map (beyond the outline).
    public var background: MapColor
    /// The sphere inside the outline (the ocean), when the `outline` layer is drawn.
    public var sphereFill: MapColor
    public var countryFill: MapColor
    public var countryStroke: MapColor
    public var countryStrokeWidth: Double
    /// Fill of the selected countries.
    public var selectionFill: MapColor
    /// Selected countries by Natural Earth `ADM0_A3` code (e.g. `FRA`, `USA`).
    public var selectedCountries: Set<String>
    public var graticuleStroke: MapColor
    public var graticuleStrokeWidth: Double
    public var outlineStroke: MapColor
    public var outlineStrokeWidth: Double
    public var pointFill: MapColor
    public var pointRadius: Double
    /// Vector layers (`MapLayer.features`, `.preparedFeatures`): their polygons' fill (translucent
    /// by default, so that what lies under them shows) and outline, and their lines (at least
    /// 1 px wide), so that they stand out over the countries.
    public var featureFill: MapColor
    public var featureStroke: MapColor
    public var featureStrokeWidth: Double
    /// The pixel ratio the widths were scaled by (`scaled(by:)`; 1 as made): what a feature's own
    /// `stroke-width` and `marker-size` are multiplied by (`SimpleStyle`).
    public private(set) var pixelRatio: Double = 1

    public init(background: MapColor = .white,
                sphereFill: MapColor = MapColor(red: 0xDD, green: 0xEE, blue: 0xFF),
                countryFill: MapColor = MapColor(red: 0xE8, green: 0xE4, blue: 0xD8),
                countryStroke: MapColor = MapColor(red: 0x66, green: 0x66, blue: 0x66),
                countryStrokeWidth: Double = 0.5,
                selectionFill: MapColor = MapColor(red: 0xF2, green: 0xA3, blue: 0x3A),
                selectedCountries: Set<String> = [],
                graticuleStroke: MapColor = MapColor(red: 0x99, green: 0x99, blue: 0x99, alpha: 0x99),
                graticuleStrokeWidth: Double = 0.5,
                outlineStroke: MapColor = MapColor(red: 0x33, green: 0x33, blue: 0x33),
                outlineStrokeWidth: Double = 1,
                pointFill: MapColor = MapColor(red: 0xC0, green: 0x20, blue: 0x20),
                pointRadius: Double = 3,
                featureFill: MapColor = MapColor(red: 0x3B, green: 0x7D, blue: 0xD8, alpha: 0x66),
                featureStroke: MapColor = MapColor(red: 0x1F, green: 0x4E, blue: 0x8C),
                featureStrokeWidth: Double = 0.75) {
        self.background = background
        self.sphereFill = sphereFill
        self.countryFill = countryFill
        self.countryStroke = countryStroke
        self.countryStrokeWidth = countryStrokeWidth
        self.selectionFill = selectionFill
        self.selectedCountries = selectedCountries
        self.graticuleStroke = graticuleStroke
        self.graticuleStrokeWidth = graticuleStrokeWidth
        self.outlineStroke = outlineStroke
        self.outlineStrokeWidth = outlineStrokeWidth
        self.pointFill = pointFill
        self.pointRadius = pointRadius
        self.featureFill = featureFill
        self.featureStroke = featureStroke
        self.featureStrokeWidth = featureStrokeWidth
    }

    public static let standard = MapStyle()

    /// The style for a display with `ratio` device pixels per reference pixel (a HiDPI screen's
    /// devicePixelRatio, or a print resolution over 96 dpi): line widths and point radii
    /// multiplied by it, colours unchanged; a map `ratio` times larger in each direction then
    /// looks as this one does, only sharper.
    /// - Precondition: `ratio` is finite and positive.
    public func scaled(by ratio: Double) -> MapStyle {
        precondition(ratio.isFinite && ratio > 0, "pixel ratio \(ratio)")
        var s = self
        s.countryStrokeWidth *= ratio
        s.graticuleStrokeWidth *= ratio
        s.outlineStrokeWidth *= ratio
        s.pointRadius *= ratio
        s.featureStrokeWidth *= ratio
        s.pixelRatio *= ratio
        return s
    }
}
