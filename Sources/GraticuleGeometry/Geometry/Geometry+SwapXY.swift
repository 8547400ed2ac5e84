extension Geometry {
    /// The geometry with x and y exchanged in every coordinate (z, m, parts, ring groups and the
    /// spatial reference unchanged): how coordinates are written for a CRS whose authority lists
    /// latitude or northing first (EPSG:4326 in OGC API Features and WMS 1.3.0), from the x/y
    /// (longitude/easting first) order the engine works in. Ring winding reverses with it.
    public var swappingXY: Geometry {
        func swap(_ c: CoordinateParts) -> CoordinateParts {
            var c = c
            c.withMutableXY { xy in
                for i in xy.indices { xy[i] = SIMD2(xy[i].y, xy[i].x) }
            }
            return c
        }
        switch self {
        case var .point(p):
            (p.x, p.y) = (p.y, p.x)
            return .point(p)
        case var .multipoint(m):
            m.coordinates = swap(m.coordinates)
            return .multipoint(m)
        case var .polyline(l):
            l.coordinates = swap(l.coordinates)
            return .polyline(l)
        case var .polygon(p):
            p.coordinates = swap(p.coordinates)
            return .polygon(p)
        case var .envelope(e):
            (e.xMin, e.yMin, e.xMax, e.yMax) = (e.yMin, e.xMin, e.yMax, e.xMax)
            return .envelope(e)
        }
    }
}
