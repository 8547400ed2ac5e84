import GraticuleCore

extension MapRenderer {
    /// The map as a PNG file (RGBA, 8 bits per channel), painted by the anti-aliased scanline
    /// rasteriser (`Canvas`: exact area coverage, non-zero winding; strokes of at most 1 px as
    /// hairlines, `StrokeGeometry.hairlineBelowOnePixel`).
    public func png() throws(GraticuleError) -> [UInt8] { try MapRenderer.png(of: try scene()) }

    /// A scene (from `scene()`) as a PNG file.
    public static func png(of scene: MapScene) throws(GraticuleError) -> [UInt8] {
        try canvas(of: scene).png()
    }

    /// A scene painted on a canvas (the pixels, for callers that compose or encode themselves).
    public static func canvas(of scene: MapScene) -> Canvas {
        var canvas = Canvas(width: scene.width, height: scene.height, background: scene.background.rgba)
        paint(scene, onto: &canvas)
        return canvas
    }

    /// Paints a scene's items (not its background) over a canvas, source-over, each item's fill
    /// and then its stroke: the same as painting them on a transparent canvas and compositing
    /// that over this one, up to 8-bit rounding, without a second canvas.
    public static func paint(_ scene: MapScene, onto canvas: inout Canvas) {
        for item in scene.items {
            let path = Path(item.paths, closed: item.closed)
            let fill = item.closed ? item.fill?.rgba ?? .zero : .zero
            let stroke = item.strokeWidth > 0 ? item.stroke?.rgba ?? .zero : .zero
            canvas.fillAndStroke(path, fill: fill, stroke: stroke, width: item.strokeWidth, geometry: .hairlineBelowOnePixel)
        }
    }
}
