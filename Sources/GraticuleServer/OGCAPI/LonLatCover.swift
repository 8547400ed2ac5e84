import GraticuleGeometry

/// The longitude/latitude boxes that cover a closed outline given in longitude and latitude
/// (a bbox in another CRS, densified and projected to CRS84): the outline is walked with each
/// step taken the short way round, so a box that crosses the antimeridian (a Pacific view in
/// EPSG:3832, a UTM zone 60 box) gives its two sides of it, not the band between them; an
/// outline around a pole (its longitudes turn a full circle) covers every longitude from its
/// southernmost (northernmost) point to that pole, and one that spans a whole turn without
/// going round a pole (a world map's box) every longitude between its latitudes. Steps must be shorter than 180° of longitude
/// (densify the outline first).
enum LonLatCover {
    static func boxes(_ outline: [SIMD2<Double>]) -> [Envelope] {
        guard let first = outline.first else { return [] }
        var lon = first.x, west = first.x, east = first.x
        var south = first.y, north = first.y
        var turned = 0.0
        for (p, q) in zip(outline, outline.dropFirst() + [first]) {
            var step = q.x - p.x
            if step > 180 { step -= 360 } else if step < -180 { step += 360 }
            turned += step
            lon += step
            (west, east) = (min(west, lon), max(east, lon))
            (south, north) = (min(south, q.y), max(north, q.y))
        }
        if abs(turned) > 180 {
            // Around a pole: every longitude, up to the pole on the outline's side of the equator.
            if south + north >= 0 { north = 90 } else { south = -90 }
            return [Envelope(xMin: -180, yMin: south, xMax: 180, yMax: north)]
        }
        if east - west >= 360 { return [Envelope(xMin: -180, yMin: south, xMax: 180, yMax: north)] }
        // The walked range [west, east] moved by whole turns to start within [-180, 180).
        let shift = ((west + 180) / 360).rounded(.down) * 360
        let (w, e) = (west - shift, east - shift)
        guard e > 180 else { return [Envelope(xMin: w, yMin: south, xMax: e, yMax: north)] }
        return [Envelope(xMin: w, yMin: south, xMax: 180, yMax: north), Envelope(xMin: -180, yMin: south, xMax: e - 360, yMax: north)]
    }
}
