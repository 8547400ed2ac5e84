import GraticuleCRS

/// An axis-aligned rectangle in the coordinates of a spatial reference: x from `xMin` to `xMax`,
/// y from `yMin` to `yMax` (longitude/latitude degrees or easting/northing).
///
/// An envelope is planar. For geographic data that crosses the antimeridian the *spherical*
/// bounds (`SphericalBounds`) may have `west > east`; an `Envelope` never does: `xMin > xMax`
/// means empty.
public struct Envelope: Hashable, Sendable {
    public var xMin: Double
    public var yMin: Double
    public var xMax: Double
    public var yMax: Double
    /// Range of z, when the geometry it bounds has z.
    public var zRange: ClosedRange<Double>?
    public var spatialReference: SpatialReference?

    public init(xMin: Double, yMin: Double, xMax: Double, yMax: Double, zRange: ClosedRange<Double>? = nil,
                spatialReference: SpatialReference? = nil) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
        self.zRange = zRange
        self.spatialReference = spatialReference
    }

    /// The empty envelope (`xMin = +∞ > xMax = −∞`), the identity of `union`.
    public static func empty(spatialReference: SpatialReference? = nil) -> Envelope {
        Envelope(xMin: .infinity, yMin: .infinity, xMax: -.infinity, yMax: -.infinity,
                 spatialReference: spatialReference)
    }

    /// The bounding box of a buffer of x/y points; empty for no points. NaN points are skipped.
    public init(points: some Sequence<SIMD2<Double>>, spatialReference: SpatialReference? = nil) {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for p in points where !p.x.isNaN && !p.y.isNaN {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        self.init(xMin: lo.x, yMin: lo.y, xMax: hi.x, yMax: hi.y, spatialReference: spatialReference)
    }

    public var isEmpty: Bool { !(xMin <= xMax && yMin <= yMax) }

    /// The rectangle as a closed ring (five points, counter-clockwise with y up, starting at
    /// the lower-left corner), as polygons store their rings.
    public var closedRing: [SIMD2<Double>] {
        [SIMD2(xMin, yMin), SIMD2(xMax, yMin), SIMD2(xMax, yMax), SIMD2(xMin, yMax), SIMD2(xMin, yMin)]
    }
    public var width: Double { isEmpty ? 0 : xMax - xMin }
    public var height: Double { isEmpty ? 0 : yMax - yMin }
    public var center: Point {
        Point(x: (xMin + xMax) / 2, y: (yMin + yMax) / 2, spatialReference: spatialReference)
    }

    /// The smallest envelope holding both (the spatial reference of `self` is kept).
    public func union(_ o: Envelope) -> Envelope {
        if o.isEmpty { return self }
        if isEmpty { var r = o; r.spatialReference = spatialReference ?? o.spatialReference; return r }
        var z: ClosedRange<Double>? = zRange ?? o.zRange
        if let a = zRange, let b = o.zRange { z = min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound) }
        return Envelope(xMin: min(xMin, o.xMin), yMin: min(yMin, o.yMin), xMax: max(xMax, o.xMax),
                        yMax: max(yMax, o.yMax), zRange: z, spatialReference: spatialReference)
    }

    /// True when the two rectangles share at least a point (edges included).
    public func intersects(_ o: Envelope) -> Bool {
        !isEmpty && !o.isEmpty && xMin <= o.xMax && o.xMin <= xMax && yMin <= o.yMax && o.yMin <= yMax
    }

    /// True when (x, y) lies inside or on the edge.
    public func contains(x: Double, y: Double) -> Bool { x >= xMin && x <= xMax && y >= yMin && y <= yMax }

    /// True when the segment a → b shares at least a point with the rectangle.
    public func intersects(segmentFrom a: SIMD2<Double>, to b: SIMD2<Double>) -> Bool {
        !isEmpty && clipParameters(a, b) != nil
    }

    /// The part of the segment a → b inside the rectangle (Liang–Barsky): the parameters t0 ≤ t1
    /// in [0, 1] of its ends (a + t (b − a)), or nil when the segment misses it.
    public func clipParameters(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> (t0: Double, t1: Double)? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - xMin), (d.x, xMax - a.x), (-d.y, a.y - yMin), (d.y, yMax - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { if r > t1 { return nil }; if r > t0 { t0 = r } } else { if r < t0 { return nil }; if r < t1 { t1 = r } }
        }
        return (t0, t1)
    }

    /// The envelope grown by `d` on every side.
    public func expanded(by d: Double) -> Envelope {
        isEmpty ? self : Envelope(xMin: xMin - d, yMin: yMin - d, xMax: xMax + d, yMax: yMax + d,
                                  zRange: zRange, spatialReference: spatialReference)
    }
}
