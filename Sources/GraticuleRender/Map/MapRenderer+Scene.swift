import Foundation
import GraticuleCore
import GraticuleGeometry

extension MapRenderer {
    /// The map as painted items in pixels, in painting order: the sphere's fill (when the outline
    /// is drawn), then the layers in the order given.
    ///
    /// - Throws: `invalidInput` when a built-in countries layer cannot be loaded.
    public func scene() throws(GraticuleError) -> MapScene { try scene(reusingProjection: true) }

    /// The scene; without `pairingEdges`, its items do not carry the edges neighbours share,
    /// which only painting uses (`MapRenderer.paint` paints such a scene item by item, as SVG
    /// draws every scene): a scene for `svg(of:)` needs no pairing, whose cost grows with the
    /// layer's points (the first scene of a 1:10m map above all).
    public func scene(pairingEdges: Bool) throws(GraticuleError) -> MapScene {
        try scene(reusingProjection: true, pairingEdges: pairingEdges)
    }

    /// The scene, with countries taken from the per-scale `ProjectedCountries` (`true`) or
    /// projected for this view alone (`false`, the tests' reference). `pairingEdges`: give items
    /// the edges they share (`EdgeSkips`) for painting them in one pass; SVG, which draws item
    /// by item, does without (the pairing is most of a cold 1:10m map's extra time).
    func scene(reusingProjection: Bool, pairingEdges: Bool = true, simplifying: Bool = true) throws(GraticuleError) -> MapScene {
        var builder = SceneBuilder(renderer: self)
        builder.reuseProjection = reusingProjection
        builder.simplifies = simplifying
        builder.pairsEdges = pairingEdges
        if layers.contains(.outline) && style.sphereFill.alpha > 0 {
            builder.sphere(fill: style.sphereFill, stroke: nil, width: 0, layer: "sphere")
        }
        for layer in layers {
            switch layer {
            case let .countries(resolution):
                try builder.countries(resolution)
            case let .graticule(step):
                builder.graticule(step: step)
            case .outline:
                builder.sphere(fill: nil, stroke: style.outlineStroke, width: style.outlineStrokeWidth, layer: "outline")
            case let .points(points):
                builder.points(points)
            case let .features(layer):
                builder.features(layer)
            case let .preparedFeatures(layer, own):
                let featureStyle = own ?? FeatureStyle(style)
                let prepared = prepared(layer)
                builder.polygons(prepared, itemLayer: layer.name, features: featureStyle)
                builder.features(layer.layer, polygons: false, style: featureStyle,
                                 own: featureStyle.perFeature?.values ?? prepared.simpleStyles)
            }
        }
        return MapScene(width: width, height: height, background: style.background, items: builder.items,
                        warnings: builder.warnings)
    }

    /// Simplification tolerance on the sphere for this view (radians): half the smallest pixel,
    /// quantised to a power of two so that nearby zooms share cached geometry.
    var sphereTolerance: Double { pow(2, log2(0.5 * finestRadiansPerPixel).rounded(.down)) }

    /// The countries of `resolution` clipped to this map's region (cached).
    func preparedCountries(_ resolution: CountryResolution) throws(GraticuleError) -> PreparedCountries {
        prepared(try NaturalEarth.layer(named: countriesLayerName(resolution)))
    }

    /// A prepared layer's polygons clipped to this map's region (cached).
    func prepared(_ layer: BuiltInLayer) -> PreparedCountries {
        PreparedCountries.get(layer: layer, region: projection.region, clipper: clipper,
                              primeMeridianDegrees: projection.primeMeridianDegrees,
                              tolerance: sphereTolerance, capStep: capStep, datumShift: projection.datumShift)
    }
}

/// Runs paths on the sphere through resampling, projection and the view clip into scene items.
struct SceneBuilder {
    let renderer: MapRenderer
    let resampler: Resampler
    let viewClip: ViewClip
    var items: [MapScene.Item] = []
    var warnings: [String] = []
    /// Whether countries come from `ProjectedCountries` where the scale allows.
    var reuseProjection = true
    /// Whether the countries taken from `ProjectedCountries` are simplified below
    /// `ProjectedCountries.tolerance` (false: the tests' reference for moving them to the view).
    var simplifies = true
    /// Whether items get the edges they share (`EdgeSkips`).
    var pairsEdges = true
    private var buffer: [SIMD2<Double>] = []
    private var scratch: [SIMD2<Double>] = []
    private var projected = Resampler.Scratch()

    init(renderer: MapRenderer) {
        self.renderer = renderer
        resampler = Resampler(projection: renderer.projection, view: renderer.view)
        let s = renderer.style
        // Room for the widest line any layer may draw (a vector layer's own style included).
        let layerWidths = renderer.layers.map { layer -> Double in
            if case let .preparedFeatures(_, own?) = layer {
                return max(own.strokeWidth, own.pointRadius ?? 0, (own.perFeature?.widest ?? 0) * s.pixelRatio)
            }
            return 0
        }
        let margin = 2 + max(s.countryStrokeWidth, s.outlineStrokeWidth, s.graticuleStrokeWidth, s.pointRadius,
                             max(1, s.featureStrokeWidth, layerWidths.max() ?? 0))
        viewClip = ViewClip(width: renderer.width, height: renderer.height, margin: margin)
    }

    /// Projected, view-clipped rings of a polygon (fewer than 3 points: dropped).
    mutating func pixelRings(_ rings: [SpherePath], name: String) -> [[SIMD2<Double>]] {
        var out: [[SIMD2<Double>]] = []
        var dropped = 0
        for ring in rings {
            if resampler.project(ring, closed: true, replacing: &buffer, dropped: &dropped, scratch: &projected) >= 3 {
                appendClippedBuffer(to: &out)
            }
        }
        warnDropped(dropped, name)
        return out
    }

    /// The view's top-left corner in the pixels of the map's origin at `projected`'s scale.
    func originOffset(_ projected: ProjectedCountries) -> SIMD2<Double> {
        let view = renderer.view, upp = projected.unitsPerPixel
        return SIMD2(view.xMin / upp.x, -view.yMax / upp.y)
    }

    /// Feature `i`'s rings already projected at this view's scale (`ProjectedCountries`: pixels
    /// from the map's origin) moved to the view and clipped to it; `kept` gets, per ring
    /// returned, its number when it is whole, or −1 when it was clipped.
    mutating func viewRings(ofFeature i: Int, _ projected: ProjectedCountries, name: String,
                            kept: inout [Int]) -> [[SIMD2<Double>]] {
        let offset = originOffset(projected)
        var out: [[SIMD2<Double>]] = []
        for g in projected.rings(ofFeature: i) {
            buffer.removeAll(keepingCapacity: true)
            projected.append(ring: g, minus: offset, to: &buffer)
            let count = out.count
            if appendClippedBuffer(to: &out) {
                kept.append(g)
            } else if out.count > count {
                kept.append(-1)
            }
        }
        warnDropped(projected.dropped[i], name)
        return out
    }

    /// Feature `i`'s rings in `projected` moved to the view, when every one of them lies inside
    /// it (by its bounds: the view's clip keeps such a ring whole, `viewRings`), its dropped
    /// vertices reported as `viewRings` reports them; nil otherwise (nothing reported).
    mutating func wholeRings(ofFeature i: Int, _ projected: ProjectedCountries, name: String) -> ViewRings? {
        let offset = originOffset(projected)
        let rings = projected.rings(ofFeature: i)
        for g in rings {
            // Subtracting the offset keeps the order of values, so the bounds minus the offset
            // are the bounds of the moved points, as the clip would test them one by one.
            let b = projected.ringBounds[g] - SIMD4(lowHalf: offset, highHalf: offset)
            guard b.x >= viewClip.minX, b.y >= viewClip.minY, b.z <= viewClip.maxX, b.w <= viewClip.maxY else { return nil }
        }
        warnDropped(projected.dropped[i], name)
        return ViewRings(source: projected, offset: offset, rings: rings)
    }

    /// Appends the ring in `buffer` clipped to the view (nothing when fewer than 3 points
    /// remain); true when it was inside the view and appended whole.
    @discardableResult
    private mutating func appendClippedBuffer(to out: inout [[SIMD2<Double>]]) -> Bool {
        if viewClip.containsAll(buffer) {
            // A copy of exactly its size: `buffer` stays unique and keeps its capacity.
            out.append(Array(buffer))
            return true
        }
        let clipped = viewClip.clipRing(buffer, scratch: &scratch)
        if clipped.count >= 3 { out.append(clipped) }
        return false
    }

    private mutating func warnDropped(_ dropped: Int, _ name: String) {
        if dropped > 0 { warnings.append("\(name): \(dropped) clipped vertices did not project and were left out") }
    }

    /// Projected, view-clipped runs of lines.
    mutating func pixelLines(_ lines: [SpherePath], name: String) -> [[SIMD2<Double>]] {
        var out: [[SIMD2<Double>]] = []
        var dropped = 0
        for line in lines {
            guard resampler.project(line, closed: false, replacing: &buffer, dropped: &dropped, scratch: &projected) >= 2 else { continue }
            out += viewClip.clipLine(buffer)
        }
        warnDropped(dropped, name)
        return out
    }

    /// The countries, one item each. Consecutive items of one style form a paint group, and
    /// each item gets the edges it shares with its group (`EdgeSkips`, paired once per scale by
    /// `ProjectedCountries`, or in this view for clipped rings and deep zooms), for painters that
    /// paint a group in one pass.
    mutating func countries(_ resolution: CountryResolution) throws(GraticuleError) {
        polygons(try renderer.preparedCountries(resolution), itemLayer: "countries", features: nil)
    }

    /// The polygons of a prepared layer as the countries are drawn (see `countries`), in items
    /// of layer `itemLayer`: in the countries' style, where a feature whose `ADM0_A3` is selected
    /// is highlighted, or in a vector layer's style (`features`) under each feature's own
    /// simplestyle values. Consecutive items painted alike form one paint group.
    mutating func polygons(_ prepared: PreparedCountries, itemLayer: String, features featureStyle: FeatureStyle?) {
        warnings += prepared.warnings
        let style = renderer.style
        let projected = reuseProjection ? ProjectedCountries.get(renderer, prepared, simplified: simplifies) : nil
        // Per ring (as `SharedBorders` numbers them): the paint group of its item when it is
        // drawn whole; per item: its paths' ring numbers and its group.
        var group = [Int32](repeating: -1, count: projected?.ringCount ?? 0)
        var groupItems: [(item: Int, rings: [Int], group: Int32)] = []
        var groupIndex: Int32 = -1
        var lastPaint: Paint?
        let ratio = style.pixelRatio
        for (i, rings) in prepared.rings.enumerated() where !rings.isEmpty {
            let code = prepared.codes[i], name = prepared.names[i], label = prepared.labels[i]
            var kept: [Int] = []
            // A feature whose rings all lie inside the view reads them from `projected`.
            let whole = projected.flatMap { wholeRings(ofFeature: i, $0, name: label) }
            let paths = if whole != nil {
                [[SIMD2<Double>]]()
            } else if let projected {
                viewRings(ofFeature: i, projected, name: label, kept: &kept)
            } else {
                pixelRings(rings, name: label)
            }
            if let whole { kept = Array(whole.rings) }
            guard !paths.isEmpty || whole?.rings.isEmpty == false else { continue }
            let selected = featureStyle == nil && (code.map { style.selectedCountries.contains($0) } ?? false)
            let own = featureStyle.map { base in
                (base.perFeature?.values ?? prepared.simpleStyles).map { $0[i].applied(to: base, ratio: ratio) } ?? base
            }
            let (fill, stroke, width) = own.map { ($0.fill, $0.stroke, $0.strokeWidth) }
                ?? (selected ? style.selectionFill : style.countryFill, style.countryStroke, style.countryStrokeWidth)
            let paint = Paint(fill: fill, stroke: width > 0 ? stroke : nil, width: width)
            if paint != lastPaint {
                groupIndex += 1
                lastPaint = paint
            }
            if projected == nil { kept = Array(repeating: -1, count: paths.count) }
            for g in kept where g >= 0 { group[g] = groupIndex }
            groupItems.append((items.count, kept, groupIndex))
            if let whole {
                items.append(MapScene.Item(layer: itemLayer, rings: whole, closed: true, fill: paint.fill,
                                           stroke: paint.stroke, strokeWidth: width, id: code, title: name))
            } else {
                items.append(MapScene.Item(layer: itemLayer, paths: paths, closed: true, fill: paint.fill,
                                           stroke: paint.stroke, strokeWidth: width, id: code, title: name))
            }
        }
        // Projected for this view alone (deep zooms), every path is paired in the view.
        if pairsEdges { setEdgeSkips(groupItems, projected: projected, ringGroups: group) }
    }

    /// Gives items their `EdgeSkips`: per item (its index in `items`), its paths' ring numbers
    /// in `projected` (−1: paired in this view; none projected: all paired here) and its paint
    /// group; `ringGroups` is every ring's group in this view (−1: not drawn whole).
    private mutating func setEdgeSkips(_ entries: [(item: Int, rings: [Int], group: Int32)], projected: ProjectedCountries?,
                                       ringGroups: [Int32]) {
        // The points are read only to pair clipped paths.
        let clipped = entries.contains { $0.rings.contains { $0 < 0 } }
        func make() -> [[UInt8]] {
            (projected?.shared ?? SharedBorders(rings: [])).flags(of: entries.map {
                SharedBorders.ViewItem(paths: clipped ? items[$0.item].paths : [], pathCounts: items[$0.item].pathCounts,
                                       rings: $0.rings, group: $0.group)
            }, group: ringGroups)
        }
        let flags = if let projected, !clipped { projected.flagsOfWholeItems(ringGroups, make) } else { make() }
        var sizes: [Int32: Int] = [:]
        for entry in entries { sizes[entry.group, default: 0] += 1 }
        for (k, entry) in entries.enumerated() {
            items[entry.item].edgeSkips = EdgeSkips(group: entry.group, flags: flags[k], groupSize: sizes[entry.group]!)
        }
    }

    mutating func sphere(fill: MapColor?, stroke: MapColor?, width: Double, layer: String) {
        let paths = pixelRings(renderer.clipper.outline(), name: "outline")
        guard !paths.isEmpty else { return }
        items.append(MapScene.Item(layer: layer, paths: paths, closed: true, fill: fill, stroke: stroke,
                                   strokeWidth: width, id: nil, title: nil))
    }

    mutating func graticule(step: Double) {
        guard step > 0, step <= 180 else { return }
        var input = SphereInput(primeMeridianDegrees: renderer.projection.primeMeridianDegrees, tolerance: 0)
        var lines: [SpherePath] = []
        let n = Int((360 / step).rounded(.down))
        let dense = 2.5
        for k in 0..<max(1, n) {
            let lon = -180 + Double(k) * step
            let full = lon.truncatingRemainder(dividingBy: 90) == 0
            let top = full ? 90.0 : 90 - step
            let count = Int((2 * top / dense).rounded(.up))
            let pts = (0...count).map { SIMD2(lon, -top + 2 * top * Double($0) / Double(count)) }
            if let p = input.path(pts[...], closed: false, name: "graticule") { lines.append(p) }
        }
        var lat = -90 + step
        while lat < 90 - 1e-9 {
            let count = Int((360 / dense).rounded(.up))
            let pts = (0...count).map { SIMD2(-180 + 360 * Double($0) / Double(count), lat) }
            if let p = input.path(pts[...], closed: false, name: "graticule") { lines.append(p) }
            lat += step
        }
        let clipped = lines.flatMap { renderer.clipper.clipLine($0) }
        let paths = pixelLines(clipped, name: "graticule")
        guard !paths.isEmpty else { return }
        items.append(MapScene.Item(layer: "graticule", paths: paths, closed: false, fill: nil,
                                   stroke: renderer.style.graticuleStroke,
                                   strokeWidth: renderer.style.graticuleStrokeWidth, id: nil, title: nil))
    }

    mutating func points(_ points: [MapPoint], fill: MapColor? = nil, radius: Double? = nil, shape: MarkerShape? = nil) {
        let r = radius ?? renderer.style.pointRadius
        let fill = fill ?? renderer.style.pointFill
        for p in points {
            guard p.longitude.isFinite, p.latitude.isFinite, abs(p.latitude) <= 90 else {
                warnings.append("point \(p.longitude) \(p.latitude): not a longitude/latitude, skipped")
                continue
            }
            guard let c = renderer.pixel(longitude: p.longitude, latitude: p.latitude),
                  c.x > -r, c.y > -r, c.x < Double(renderer.width) + r, c.y < Double(renderer.height) + r else { continue }
            let outline = (shape ?? .circle).outline(at: c, radius: r)
            items.append(MapScene.Item(layer: "points", paths: [outline], closed: true, fill: fill,
                                       stroke: nil, strokeWidth: 0, id: nil, title: p.label))
        }
    }

    /// How an item is painted; consecutive polygons painted alike form one paint group, and
    /// consecutive lines or points one item.
    struct Paint: Equatable {
        let fill: MapColor?
        let stroke: MapColor?
        let width: Double

        init(fill: MapColor?, stroke: MapColor?, width: Double) {
            self.fill = fill
            self.stroke = stroke
            self.width = width
        }
    }

    /// A feature layer: its polygons (common borders left out as for the countries within each
    /// run of features painted alike; left out when `polygons` is false), then its lines and
    /// points, in `style` (default: the map style's feature colours) under each feature's own
    /// simplestyle values (`own`, per feature, when known; else read from the layer).
    mutating func features(_ layer: FeatureLayer, polygons drawsPolygons: Bool = true, style layerStyle: FeatureStyle? = nil,
                           own: [SimpleStyle]? = nil) {
        let base = layerStyle ?? FeatureStyle(renderer.style)
        var ownWarnings: [String] = []
        let perFeature = own ?? SimpleStyle.perFeature(layer, warnings: &ownWarnings)
        if drawsPolygons { warnings += ownWarnings }  // else the prepared layer has reported them
        let ratio = renderer.style.pixelRatio
        let pm = renderer.projection.primeMeridianDegrees
        var input = SphereInput(primeMeridianDegrees: pm, tolerance: renderer.sphereTolerance)
        var points: [(point: MapPoint, style: FeatureStyle)] = []
        var lines: [(path: SpherePath, style: FeatureStyle)] = []
        var polygons: [(polygon: Polygon, name: String, style: FeatureStyle)] = []
        for (i, feature) in layer.features.enumerated() {
            let name = "\(layer.name) feature \(feature.id.map(String.init) ?? String(i))"
            let featureStyle = perFeature.map { $0[i].applied(to: base, ratio: ratio) } ?? base
            switch feature.geometry {
            case let .polygon(p)? where drawsPolygons:
                polygons.append((Stitch.stitched(renderer.projection.shifted(input.sanitized(p, name: name))).0, name, featureStyle))
            case let .polyline(l)?:
                for part in l.coordinates.parts {
                    var shifted = part.filter(SphereInput.isValid)
                    renderer.projection.shift(&shifted)
                    if shifted.count < part.count {
                        input.warnings.append("\(name): skipped \(part.count - shifted.count) vertices with NaN, infinite or out-of-range coordinates")
                    }
                    if let path = input.path(shifted[...], closed: false, name: name), path.count >= 2 {
                        lines += renderer.clipper.clipLine(path).map { ($0, featureStyle) }
                    }
                }
            case let .point(p)?:
                points.append((MapPoint(longitude: p.x, latitude: p.y), featureStyle))
            case let .multipoint(m)?:
                points += m.coordinates.xy.map { (MapPoint(longitude: $0.x, latitude: $0.y), featureStyle) }
            default:
                continue
            }
        }
        // The polygons, once the simplification has learnt the layer's cells: neighbours keep
        // the same vertices along their common border, which the view then pairs.
        input.learnCells(polygons.map(\.polygon))
        var grouped: [(item: Int, rings: [Int], group: Int32)] = []
        var lastPaint: Paint?
        var group: Int32 = -1
        for (polygon, name, style) in polygons {
            let paths = pixelRings(renderer.clipper.clip(polygon, input: &input, name: name), name: name)
            guard !paths.isEmpty else { continue }
            let paint = Paint(fill: style.fill, stroke: style.strokeWidth > 0 ? style.stroke : nil, width: style.strokeWidth)
            if paint != lastPaint {
                group += 1
                lastPaint = paint
            }
            grouped.append((items.count, Array(repeating: -1, count: paths.count), group))
            items.append(MapScene.Item(layer: layer.name, paths: paths, closed: true, fill: paint.fill, stroke: paint.stroke,
                                       strokeWidth: paint.width, id: nil, title: nil))
        }
        // Every path paired in this view, within its paint group.
        if pairsEdges { setEdgeSkips(grouped, projected: nil, ringGroups: []) }
        warnings += input.warnings
        // Lines: one item per run of lines stroked alike; points, run by run of dots drawn alike.
        for run in Self.runs(lines, { $0.style.stroke == $1.style.stroke && $0.style.strokeWidth == $1.style.strokeWidth }) {
            let style = lines[run.lowerBound].style
            let paths = pixelLines(lines[run].map(\.path), name: layer.name)
            if !paths.isEmpty {
                items.append(MapScene.Item(layer: layer.name, paths: paths, closed: false, fill: nil,
                                           stroke: style.stroke, strokeWidth: max(1, style.strokeWidth), id: nil, title: nil))
            }
        }
        for run in Self.runs(points, { $0.style.pointFill == $1.style.pointFill && $0.style.pointRadius == $1.style.pointRadius
                                       && $0.style.pointShape == $1.style.pointShape }) {
            let style = points[run.lowerBound].style
            self.points(points[run].map(\.point), fill: style.pointFill, radius: style.pointRadius, shape: style.pointShape)
        }
    }

    /// The ranges of consecutive elements that `same` puts together (each compared with its run's first).
    static func runs<T>(_ elements: [T], _ same: (T, T) -> Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        while start < elements.count {
            var end = start + 1
            while end < elements.count && same(elements[start], elements[end]) { end += 1 }
            out.append(start..<end)
            start = end
        }
        return out
    }
}
