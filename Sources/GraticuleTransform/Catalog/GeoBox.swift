import Foundation
import GraticuleCRS

/// A geographic bounding box in degrees (west may exceed east across the antimeridian) with the
/// tests PROJ's `GeographicBoundingBox` uses to rank operations: intersection, containment and
/// pseudo-area, with the same antimeridian rules, so that rankings agree with PROJ's.
struct GeoBox: Hashable, Sendable {
    var west: Double, south: Double, east: Double, north: Double

    init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    init(_ a: AreaOfUse) { self.init(west: a.west, south: a.south, east: a.east, north: a.north) }

    /// (E − W)·(sin N − sin S): proportional to the area on a sphere.
    var pseudoArea: Double {
        var e = east
        if west > e { e += 360 }
        return (e - west) * (sin(north * .pi / 180) - sin(south * .pi / 180))
    }

    func contains(_ o: GeoBox) -> Bool {
        let (w, e, n, s) = (west, east, north, south)
        let (ow, oe, on, os) = (o.west, o.east, o.north, o.south)
        guard s <= os && n >= on else { return false }
        if w == -180 && e == 180 { return ow != oe }
        if ow == -180 && oe == 180 { return false }
        if w < e {
            return ow < oe && w <= ow && e >= oe
        }
        if ow < oe { return ow >= w || oe <= e }
        return w <= ow && e >= oe
    }

    func intersects(_ o: GeoBox) -> Bool {
        let (w, e, n, s) = (west, east, north, south)
        let (ow, oe, on, os) = (o.west, o.east, o.north, o.south)
        if n < os || s > on { return false }
        if w == -180 && e == 180 && ow > oe { return true }
        if ow == -180 && oe == 180 && w > e { return true }
        if w <= e {
            if ow <= oe { return max(w, ow) < min(e, oe) }
            if ow > 180 || oe < -180 { return false }
            return intersects(GeoBox(west: ow, south: os, east: 180, north: on))
                || intersects(GeoBox(west: -180, south: os, east: oe, north: on))
        }
        if ow <= oe { return o.intersects(self) }
        return true
    }

    func intersection(_ o: GeoBox) -> GeoBox? {
        let (w, e, n, s) = (west, east, north, south)
        let (ow, oe, on, os) = (o.west, o.east, o.north, o.south)
        if n < os || s > on { return nil }
        if w == -180 && e == 180 && ow > oe { return GeoBox(west: ow, south: max(s, os), east: oe, north: min(n, on)) }
        if ow == -180 && oe == 180 && w > e { return GeoBox(west: w, south: max(s, os), east: e, north: min(n, on)) }
        if w <= e {
            if ow <= oe {
                let rw = max(w, ow), re = min(e, oe)
                return rw < re ? GeoBox(west: rw, south: max(s, os), east: re, north: min(n, on)) : nil
            }
            if ow > 180 || oe < -180 { return nil }
            let a = intersection(GeoBox(west: ow, south: os, east: 180, north: on))
            let b = intersection(GeoBox(west: -180, south: os, east: oe, north: on))
            guard let a else { return b }
            guard let b else { return a }
            return a.east - a.west > b.east - b.west ? a : b
        }
        if ow <= oe { return o.intersection(self) }
        return GeoBox(west: max(w, ow), south: max(s, os), east: min(e, oe), north: min(n, on))
    }

    /// True when a point (degrees) is inside, longitudes compared modulo 360.
    func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= south && latitude <= north else { return false }
        var lon = longitude
        while lon < -180 { lon += 360 }
        while lon > 180 { lon -= 360 }
        if west <= east { return lon >= west && lon <= east }
        return lon >= west || lon <= east
    }
}
