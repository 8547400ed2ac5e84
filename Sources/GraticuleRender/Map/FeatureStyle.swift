/// How one vector layer is drawn, in place of the map style's feature colours
/// (`MapStyle.featureFill`, `featureStroke`, `featureStrokeWidth`): polygons filled in `fill`
/// and outlined in `stroke`, lines stroked in `stroke` (at least 1 px wide, as with the map
/// style), points as dots (or `pointShape`) of `pointFill` and `pointRadius`. Widths are pixels at the map's pixel
/// ratio (`scaled(by:)` for a HiDPI map).
public struct FeatureStyle: Sendable, Hashable {
    public var fill: MapColor
    public var stroke: MapColor
    /// Outline width in pixels; 0 draws no outline.
    public var strokeWidth: Double
    /// Points' colour and radius (pixels); nil: the map style's (`pointFill`, `pointRadius`).
    public var pointFill: MapColor?, pointRadius: Double?
    /// Points' shape; nil: a disc.
    public var pointShape: MarkerShape?
    /// Per feature, the values drawn over this style (its class by attribute, then its own
    /// properties: a server's style rules); nil: each feature's own simplestyle properties, read
    /// from its layer.
    public var perFeature: PerFeatureStyles?

    public init(fill: MapColor, stroke: MapColor, strokeWidth: Double, pointFill: MapColor? = nil, pointRadius: Double? = nil) {
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
        self.pointFill = pointFill
        self.pointRadius = pointRadius
    }

    /// The map style's feature colours.
    public init(_ style: MapStyle) {
        self.init(fill: style.featureFill, stroke: style.featureStroke, strokeWidth: style.featureStrokeWidth)
    }

    /// The style with its width and point radius multiplied by `ratio` (as `MapStyle.scaled(by:)`).
    public func scaled(by ratio: Double) -> FeatureStyle {
        var s = self
        s.strokeWidth *= ratio
        s.pointRadius = s.pointRadius.map { $0 * ratio }
        return s
    }
}

/// Per feature of a layer, drawing values over its style (`FeatureStyle.perFeature`), worked out
/// once for the layer. Compared by identity.
public final class PerFeatureStyles: Sendable, Hashable {
    /// In the layer's feature order.
    public let values: [SimpleStyle]
    /// The widest outline and largest dot among them (pixels at ratio 1), for the view's margin.
    public let widest: Double

    public init(_ values: [SimpleStyle]) {
        self.values = values
        widest = values.reduce(0) { max($0, $1.strokeWidth ?? 0, $1.markerRadius ?? 0) }
    }

    public static func == (a: PerFeatureStyles, b: PerFeatureStyles) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
