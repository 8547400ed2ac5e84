import Foundation
import GraticuleCore
import GraticuleGeometry

extension MapRenderer {
    /// The extent (map units) of a country as this map draws it: the bounds of its projected
    /// shape after clipping to the region the projection draws — not of its longitude/latitude box.
    ///
    /// A country the map tears apart (Russia and Fiji at the antimeridian, the United States'
    /// Aleutians, Greenland on a Goode lobe seam) or one with far-off parts (France's Guiana) would
    /// give a box spanning the map, so the box is that of its largest part (by projected area)
    /// together with every part whose box lies within half that part's size of it (repeatedly):
    /// Alaska and Hawaii join the contiguous United States, Chukotka across the map does not.
    ///
    /// - Parameter code: Natural Earth `ADM0_A3` (`FRA`) or the country's `ADMIN` name (`France`).
    /// - Returns: nil for an unknown country or one not visible in this spatial reference.
    public func extent(ofCountry code: String) -> Envelope? {
        guard let parts = countryParts(code) else { return nil }
        guard let largest = parts.indices.max(by: { parts[$0].area < parts[$1].area }) else { return nil }
        var box = parts[largest].box
        var used = Set([largest])
        var grew = true
        while grew {
            grew = false
            let reach = 0.5 * max(parts[largest].box.width, parts[largest].box.height)
            for (i, part) in parts.enumerated() where !used.contains(i) {
                let dx = max(0, max(box.xMin - part.box.xMax, part.box.xMin - box.xMax))
                let dy = max(0, max(box.yMin - part.box.yMax, part.box.yMin - box.yMax))
                if max(dx, dy) <= reach {
                    box = box.union(part.box)
                    used.insert(i)
                    grew = true
                }
            }
        }
        return Envelope(xMin: box.xMin, yMin: box.yMin, xMax: box.xMax, yMax: box.yMax, spatialReference: spatialReference)
    }

    /// A renderer of the same map zoomed to a country: its `extent(ofCountry:)` padded by
    /// `padding` (fraction of the box on each side) and widened to the image's aspect ratio.
    public func zoomed(toCountry code: String, padding: Double = 0.05) throws(GraticuleError) -> MapRenderer {
        guard let box = extent(ofCountry: code) else {
            throw .invalidInput("country \(code): unknown, or not visible in \(spatialReference)")
        }
        return try MapRenderer(spatialReference: spatialReference,
                               extent: MapRenderer.fit(box, width: width, height: height, padding: padding),
                               width: width, height: height, layers: layers, style: style)
    }

    /// The projected parts (map units) of a country: per clipped ring, its box and |area|.
    func countryParts(_ code: String) -> [(box: Envelope, area: Double)]? {
        guard let layer = try? NaturalEarth.layer(named: "countries110") else { return nil }
        let schema = layer.layer.schema
        let wanted = code.uppercased()
        guard let index = layer.layer.features.firstIndex(where: { f in
            f.value("ADM0_A3", in: schema)?.stringValue == wanted
                || f.value("ADMIN", in: schema)?.stringValue?.uppercased() == wanted
        }) else { return nil }
        // Full detail for measuring, independent of the view's zoom.
        guard let polygon = layer.stitched[index] else { return nil }
        var parts: [(box: Envelope, area: Double)] = []
        for map in projectedRings(polygon, name: code, precision: 0.5) where map.count >= 3 {
            var area = 0.0
            for i in map.indices {
                let a = map[i], b = map[(i + 1) % map.count]
                area += a.x * b.y - b.x * a.y
            }
            parts.append((Envelope(points: map), abs(area) / 2))
        }
        return parts.isEmpty ? nil : parts
    }

    /// A longitude/latitude polygon (degrees, stitched) as this map draws it, at full detail:
    /// clipped to the region, resampled to `precision` pixels, projected; rings in map units.
    func projectedRings(_ polygon: Polygon, name: String, precision: Double) -> [[SIMD2<Double>]] {
        var input = SphereInput(primeMeridianDegrees: projection.primeMeridianDegrees, tolerance: 0)
        let resampler = Resampler(projection: projection, view: view, precision: precision)
        var out: [[SIMD2<Double>]] = []
        var pts: [SIMD2<Double>] = [], scratch = Resampler.Scratch()
        var dropped = 0
        for ring in clipper.clip(projection.shifted(polygon), input: &input, name: name) {
            pts.removeAll(keepingCapacity: true)
            resampler.project(ring, closed: true, into: &pts, dropped: &dropped, scratch: &scratch)
            if pts.count >= 3 { out.append(pts.map { view.map($0) }) }
        }
        return out
    }
}
