/// How one vector layer is drawn, in place of the map style's feature colours
/// (`MapStyle.featureFill`, `featureStroke`, `featureStrokeWidth`): polygons filled in `fill`
/// and outlined in `stroke`, lines stroked in `stroke` (at least 1 px wide, as with the map
/// style), points as dots of `pointFill` and `pointRadius`. Widths are pixels at the map's pixel
/// ratio (`scaled(by:)` for a HiDPI map).
public struct FeatureStyle: Sendable, Hashable {
    public var fill: MapColor
    public var stroke: MapColor
    /// Outline width in pixels; 0 draws no outline.
    public var strokeWidth: Double
    /// Points' colour and radius (pixels); nil: the map style's (`pointFill`, `pointRadius`).
    public var pointFill: MapColor?, pointRadius: Double?

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
