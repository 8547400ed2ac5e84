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
    ///
    /// Consecutive items of one paint group (countries of one style, `EdgeSkips`) whose strokes
    /// are hairlines are painted in one pass, all fills and then all strokes, leaving out the
    /// edges they share: neighbours' fills meet without a seam, and their common border is
    /// stroked once, as a coast is (painted one by one, the border was two anti-aliased edges
    /// under two strokes). A world map of 1:110m countries fills half its edges and strokes
    /// three quarters of them.
    public static func paint(_ scene: MapScene, onto canvas: inout Canvas) {
        paint(scene, onto: &canvas, keptPaths: true)
    }

    /// `paint(_:onto:)`; `keptPaths` false paints whole rings from paths of the view's own
    /// (`painterPath`) instead of the group paths kept with the projection (the tests' reference).
    static func paint(_ scene: MapScene, onto canvas: inout Canvas, keptPaths: Bool) {
        let items = scene.items
        var i = 0
        while i < items.count {
            var end = i + 1
            if !scene.itemsChanged && items[i].paintsInOnePass {
                while end < items.count && items[end].paintsInOnePass && items[end].sharesPass(with: items[i]) { end += 1 }
                if paintInOnePass(items[i..<end], onto: &canvas, keptPaths: keptPaths) {
                    i = end
                    continue
                }
            }
            for item in items[i..<end] {
                canvas.fillAndStroke(painterPath(CollectionOfOne(item)), fill: item.fillRGBA, stroke: item.strokeRGBA, width: item.strokeWidth,
                                     geometry: .hairlineBelowOnePixel)
            }
            i = end
        }
    }

    /// The items' paths as one path to paint (`MapScene.Item.append(to:)` each, the points'
    /// room made once).
    private static func painterPath(_ items: some Collection<MapScene.Item>) -> Path {
        var path = Path()
        path.reserveCapacity(points: items.reduce(0) { $0 + $1.pointCount }, subpaths: 0)
        for item in items { item.append(to: &path) }
        return path
    }

    /// Paints items of one paint group (of a scene whose items are as it was made) as one path,
    /// leaving out their shared edges; false (nothing painted) when they are not the whole
    /// group, or when the path does not keep every point of the items' paths (a non-finite
    /// one), so that the flags would not line up.
    ///
    /// Items that all read whole rings of one projection (`ViewRings`) paint its kept group
    /// path (`ProjectedCountries.groupPath`) moved to the view.
    private static func paintInOnePass(_ items: ArraySlice<MapScene.Item>, onto canvas: inout Canvas, keptPaths: Bool) -> Bool {
        let first = items[items.startIndex]
        guard items.count == first.edgeSkips!.groupSize else { return false }
        let stroke = first.strokeRGBA
        let width = stroke.w == 0 ? 0 : first.strokeWidth
        if keptPaths, let view = first.viewRings,
           items.allSatisfy({ $0.viewRings.map { $0.source === view.source && $0.offset == view.offset } ?? false }) {
            let group = view.source.groupPath(items.map { $0.viewRings!.rings }) { items.flatMap { $0.edgeSkips!.flags } }
            guard group.path.pointCount == group.flags.count else { return false }
            canvas.fillAndHairline(group.path, offset: view.offset, bounds: group.bounds, bandCache: group.bands, fill: first.fillRGBA, stroke: stroke,
                                   width: width, flags: group.flags, fillBit: EdgeSkips.fill, strokeBit: EdgeSkips.stroke)
            return true
        }
        let path = painterPath(items)
        let flags = items.flatMap { $0.edgeSkips!.flags }
        guard path.skippedPoints == 0, path.pointCount == flags.count else { return false }
        canvas.fillAndHairline(path, fill: first.fillRGBA, stroke: stroke, width: width,
                               flags: flags, fillBit: EdgeSkips.fill, strokeBit: EdgeSkips.stroke)
        return true
    }
}

extension MapScene.Item {
    /// The fill painted (closed items; transparent when none).
    var fillRGBA: SIMD4<UInt8> { closed ? fill?.rgba ?? .zero : .zero }
    /// The stroke painted (transparent when none or of no width).
    var strokeRGBA: SIMD4<UInt8> { strokeWidth > 0 ? stroke?.rgba ?? .zero : .zero }

    /// Whether the item can be painted in one pass with others of its paint group: it has
    /// shared-edge flags, rings, and a hairline stroke or none.
    var paintsInOnePass: Bool { edgeSkips != nil && closed && (strokeWidth <= 1 || strokeRGBA.w == 0) }

    /// Whether the item belongs to the same one-pass painting as `other`: the same layer, paint
    /// group, fill and stroke (one pass paints all fills under all strokes, so two layers are
    /// never merged: the upper one's fill must cover the lower one's borders).
    func sharesPass(with other: MapScene.Item) -> Bool {
        layer == other.layer && edgeSkips?.group == other.edgeSkips?.group && fill == other.fill
            && strokeRGBA == other.strokeRGBA && strokeWidth == other.strokeWidth
    }
}
