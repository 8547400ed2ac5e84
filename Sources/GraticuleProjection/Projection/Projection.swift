import GraticuleCore

/// A map projection method: a value type with forward and inverse kernels on the unit ellipsoid.
///
/// Conventions (PROJ's: `src/projections/*.cpp` kernels work on the unit ellipsoid between the
/// generic `fwd_prepare`/`fwd_finalize` of `src/fwd.cpp` and `src/inv.cpp`):
/// - Construction validates the parameters once and precomputes every constant; it throws
///   `GraticuleError.invalidParameter` naming the parameter and value. Sphere and ellipsoid kernels
///   are chosen here, never per point.
/// - `forward` takes `(λ − λ0, φ)` in radians, with λ − λ0 already reduced to [−π, π], and returns
///   `(x, y)` in units of the semi-major axis, before the false origin is added. `inverse` is the
///   reverse. Both are total and non-throwing: a point outside the domain gives `.nan` in both
///   components, never a finite wrong number.
/// - `frame` holds what the generic wrapper applies: λ0, false easting/northing (metres), the
///   ellipsoid (its `a` scales the kernel output) and whether λ − λ0 is wrapped to [−π, π] (the one
///   place longitudes are wrapped; every frame is built by the validating
///   `ProjectionFrame(parameters:…)`, which takes `wrapsLongitude` from the parameters).
/// - `clipRegion` is computed once (a stored value or a constant expression), never per access.
public protocol Projection: Sendable {
    /// The methods this type implements: EPSG method codes and method-table names (no other
    /// spellings: those live in GraticuleCRS's method table and the registry).
    static var descriptor: ProjectionDescriptor { get }

    /// Validates and precomputes. `parameters` values are SI: radians, metres, unity.
    init(ellipsoid: Ellipsoid, parameters: ProjectionParameters) throws(GraticuleError)

    /// Central meridian, false origin and ellipsoid applied around the kernels.
    var frame: ProjectionFrame { get }

    /// The region of the sphere the map draws, with the seams it is torn along: what a renderer
    /// clips geometry to before projecting it (see `ClipRegion`). Every point inside it, at any
    /// margin from its caps and seams, projects to a finite image, and the image is continuous
    /// except across seams (`DomainEdgeTests`, `ClipRegionTests`).
    var clipRegion: ClipRegion { get }

    /// The directions of the kernel's x and y output as the method's formulas define them:
    /// (east, north) for almost every method; (west, south) for EPSG 9808 and 9828, (south, west)
    /// for Krovak 9819. The pipeline maps them onto the CRS's own axes.
    var outputAxes: OutputAxes { get }

    /// Unit-ellipsoid forward kernel: `(λ − λ0, φ)` radians → `(x, y)` / a. `.nan` outside the domain.
    func forward(_ lp: SIMD2<Double>) -> SIMD2<Double>

    /// Unit-ellipsoid inverse kernel: `(x, y)` / a (false origin removed) → `(λ − λ0, φ)` radians.
    func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double>

    /// Projects a buffer in place: longitude/latitude radians (from the base CRS's prime meridian, as `ClipRegion`) → easting/northing metres.
    func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>)

    /// Unprojects a buffer in place: easting/northing metres → longitude/latitude radians.
    func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>)

    /// Projects a buffer in place with a pipeline's unit conversions folded into the same pass:
    /// each point (x, y) is read as longitude/latitude radians (x·inputScale + longitudeOffset,
    /// y·inputScale) and becomes easting/northing metres times `outputScale`.
    func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                 outputScale: Double)

    /// Unprojects a buffer in place with the unit conversions folded in: each point (x, y) is read
    /// as easting/northing metres (x·inputScale, y·inputScale) and becomes longitude/latitude
    /// ((λ + longitudeOffset)·outputScale, φ·outputScale), λ and φ in radians.
    func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                 outputScale: Double)
}

/// A projection whose kernels run on two points at once, one per `SIMD2` lane: the batch loops
/// then run the kernels on pairs (`VectorMath` for the elementary functions), which roughly halves
/// the instruction count per point. The single-point kernels of conforming types must give the
/// same results as a lane of the pair kernels (the default `forward(_:)` duplicates the point into
/// both lanes; the default `inverse(x:y:)` runs `inverse(_:)` on each lane), so a point's result
/// does not depend on its place in a batch.
public protocol PairProjection: Projection {
    /// `forward(_:)` on two points: lane i is the point (λ[i] − λ0, φ[i]).
    func forward(lambda: SIMD2<Double>, phi: SIMD2<Double>) -> (x: SIMD2<Double>, y: SIMD2<Double>)

    /// `inverse(_:)` on two points: lane i is the point (x[i], y[i]) / a, false origin removed.
    func inverse(x: SIMD2<Double>, y: SIMD2<Double>) -> (lambda: SIMD2<Double>, phi: SIMD2<Double>)
}

/// The directions of a kernel's (x, y) output.
public struct OutputAxes: Hashable, Sendable {
    /// One of the four map directions.
    public enum Direction: Hashable, Sendable { case east, west, north, south }
    public var x: Direction
    public var y: Direction

    public init(x: Direction, y: Direction) {
        self.x = x
        self.y = y
    }

    /// (east, north): the default.
    public static let eastNorth = OutputAxes(x: .east, y: .north)
    /// (west, south): south-orientated methods.
    public static let westSouth = OutputAxes(x: .west, y: .south)
    /// (south, west): Krovak's X (southing) and Y (westing).
    public static let southWest = OutputAxes(x: .south, y: .west)
}

/// The checks every projection's batch and single-point paths share, whatever the method.
public enum ProjectionDomain {
    /// The largest |φ| (radians) accepted as a latitude: π/2 and the rounding of a conversion from
    /// another angular unit (90° in degrees × 0.0174532925199433 can exceed π/2 by an ulp); values
    /// in between are taken as the pole.
    public static let latitudeLimit = Double.pi / 2 + 1e-12

    /// The point if both coordinates are finite, else (NaN, NaN): a result is never half a number.
    @inlinable @inline(__always)
    public static func bothOrNaN(_ p: SIMD2<Double>) -> SIMD2<Double> {
        abs(p.x) < .infinity && abs(p.y) < .infinity ? p : SIMD2(.nan, .nan)
    }

    /// Lanes that are finite numbers (not NaN, not infinite).
    @inlinable @inline(__always)
    public static func isFinite(_ v: SIMD2<Double>) -> SIMDMask<SIMD2<Int64>> {
        VectorMath.abs(v) .< SIMD2<Double>(repeating: .infinity)
    }

    /// Lanes that are latitudes: |φ| ≤ `latitudeLimit` (NaN is not).
    @inlinable @inline(__always)
    public static func isLatitude(_ phi: SIMD2<Double>) -> SIMDMask<SIMD2<Int64>> {
        VectorMath.abs(phi) .<= SIMD2<Double>(repeating: latitudeLimit)
    }
}

/// Where the kernels sit: λ0, false origin and the ellipsoid.
@frozen
public struct ProjectionFrame: Hashable, Sendable {
    /// Central meridian (longitude of origin) λ0, radians.
    public var centralMeridian: Double
    /// False easting, metres.
    public var falseEasting: Double
    /// False northing, metres.
    public var falseNorthing: Double
    /// The ellipsoid; kernel output is multiplied by its semi-major axis.
    public var ellipsoid: Ellipsoid
    /// When true (the default), λ − λ0 is reduced to [−π, π] before the forward kernel and the
    /// inverse result λ0 + Δλ is reduced to [−π, π].
    public var wrapsLongitude: Bool

    public init(centralMeridian: Double = 0, falseEasting: Double = 0, falseNorthing: Double = 0,
                ellipsoid: Ellipsoid, wrapsLongitude: Bool = true) {
        self.centralMeridian = centralMeridian
        self.falseEasting = falseEasting
        self.falseNorthing = falseNorthing
        self.ellipsoid = ellipsoid
        self.wrapsLongitude = wrapsLongitude
    }
}

extension Projection {
    /// (east, north) unless a method says otherwise.
    public var outputAxes: OutputAxes { .eastNorth }

    /// Longitude/latitude radians (from the base CRS's prime meridian, as `ClipRegion`) → easting/northing metres. `.nan` outside the domain.
    @inlinable @inline(__always)
    public func project(_ lonLat: SIMD2<Double>) -> SIMD2<Double> {
        let f = frame
        // Not a point of the ellipsoid (|φ| > 90°, NaN or infinite λ): NaN before any kernel sees it.
        guard abs(lonLat.y) <= ProjectionDomain.latitudeLimit && abs(lonLat.x) < .infinity else {
            return SIMD2(.nan, .nan)
        }
        var lam = lonLat.x - f.centralMeridian
        if f.wrapsLongitude && (lam < -Double.pi || lam > Double.pi) { lam = Angle.normalizeRadians(lam) }
        let xy = forward(SIMD2(lam, Swift.min(Swift.max(lonLat.y, -Double.pi / 2), Double.pi / 2)))
        let a = f.ellipsoid.semiMajorAxis
        return ProjectionDomain.bothOrNaN(SIMD2(xy.x * a + f.falseEasting, xy.y * a + f.falseNorthing))
    }

    /// Easting/northing metres → longitude/latitude radians (from the base CRS's prime meridian, as `ClipRegion`). `.nan` outside the domain.
    @inlinable @inline(__always)
    public func unproject(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let f = frame
        let ra = 1 / f.ellipsoid.semiMajorAxis
        let lp = inverse(SIMD2((xy.x - f.falseEasting) * ra, (xy.y - f.falseNorthing) * ra))
        var lon = lp.x + f.centralMeridian
        if f.wrapsLongitude && (lon < -Double.pi || lon > Double.pi) { lon = Angle.normalizeRadians(lon) }
        return ProjectionDomain.bothOrNaN(SIMD2(lon, lp.y))
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        for i in points.indices { points[i] = project(points[i]) }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        for i in points.indices { points[i] = unproject(points[i]) }
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                        outputScale: Double) {
        for i in points.indices {
            let p = points[i]
            points[i] = project(SIMD2(p.x * inputScale + longitudeOffset, p.y * inputScale)) * outputScale
        }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                        outputScale: Double) {
        for i in points.indices {
            let lp = unproject(points[i] * inputScale)
            points[i] = SIMD2((lp.x + longitudeOffset) * outputScale, lp.y * outputScale)
        }
    }

    /// Point scale factor `k` (along the parallel and meridian combined, as the areal-conformal
    /// mean √(h·k) is not defined for every method, this returns the scale along the parallel
    /// for conformal methods) at longitude/latitude radians, by central differences of the forward
    /// projection on the ellipsoid. Methods with closed forms may shadow it.
    public func scaleFactor(at lonLat: SIMD2<Double>) -> Double {
        let e2 = frame.ellipsoid.eccentricitySquared
        let a = frame.ellipsoid.semiMajorAxis
        let phi = lonLat.y
        let h = 1e-6
        let p1 = project(SIMD2(lonLat.x - h, phi)), p2 = project(SIMD2(lonLat.x + h, phi))
        let s = sin(phi)
        let nu = a / (1 - e2 * s * s).squareRoot()
        let ground = nu * cos(phi) * 2 * h
        let dx = p2.x - p1.x, dy = p2.y - p1.y
        return (dx * dx + dy * dy).squareRoot() / ground
    }

    /// Meridian convergence γ (radians, clockwise angle from grid north to true north is −γ) at
    /// longitude/latitude radians, by a central difference along the meridian.
    public func convergence(at lonLat: SIMD2<Double>) -> Double {
        let h = 1e-6
        let p1 = project(SIMD2(lonLat.x, lonLat.y - h)), p2 = project(SIMD2(lonLat.x, lonLat.y + h))
        return atan2(-(p2.x - p1.x), p2.y - p1.y)
    }
}

extension PairProjection {
    /// The single-point forward kernel as a lane of the pair kernel (the point in both lanes), so
    /// that a point's result does not depend on its place in a batch.
    @inlinable @inline(__always)
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let r = forward(lambda: SIMD2(repeating: lp.x), phi: SIMD2(repeating: lp.y))
        return SIMD2(r.x[0], r.y[0])
    }

    /// The pair inverse kernel one lane at a time, for methods whose inverse has no pair form
    /// (Mercator, Lambert Conic Conformal); methods with one (Transverse Mercator) implement it.
    @inlinable @inline(__always)
    public func inverse(x: SIMD2<Double>, y: SIMD2<Double>) -> (lambda: SIMD2<Double>, phi: SIMD2<Double>) {
        let p0 = inverse(SIMD2(x[0], y[0])), p1 = inverse(SIMD2(x[1], y[1]))
        return (SIMD2(p0.x, p1.x), SIMD2(p0.y, p1.y))
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        forwardPairs(points, inputScale: 1, longitudeOffset: 0, outputScale: 1, scaled: false)
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>) {
        inversePairs(points, inputScale: 1, longitudeOffset: 0, outputScale: 1, scaled: false)
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                        outputScale: Double) {
        forwardPairs(points, inputScale: inputScale, longitudeOffset: longitudeOffset, outputScale: outputScale,
                     scaled: true)
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale: Double, longitudeOffset: Double,
                        outputScale: Double) {
        inversePairs(points, inputScale: inputScale, longitudeOffset: longitudeOffset, outputScale: outputScale,
                     scaled: true)
    }

    /// The batch loop of `project`, two points per step (an odd last point is paired with itself).
    /// The frame arithmetic is `project`'s, operation for operation.
    @inlinable @inline(__always)
    func forwardPairs(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale k: Double,
                      longitudeOffset offset: Double, outputScale m: Double, scaled: Bool) {
        guard let base = points.baseAddress else { return }
        let f = frame
        let a = f.ellipsoid.semiMajorAxis, fe = f.falseEasting, fn = f.falseNorthing
        let lam0 = f.centralMeridian, wraps = f.wrapsLongitude
        let n = points.count
        var i = 0
        while i < n {
            let j = Swift.min(i + 1, n - 1)
            let p0 = base[i], p1 = base[j]
            var lon = SIMD2(p0.x, p1.x), lat = SIMD2(p0.y, p1.y)
            if scaled {
                lon = lon * k + offset
                lat = lat * k
            }
            let onEllipsoid = ProjectionDomain.isLatitude(lat) .& ProjectionDomain.isFinite(lon)
            var lam = lon - lam0
            if wraps && !all((lam .>= -Double.pi) .& (lam .<= Double.pi)) {
                lam = SIMD2(Angle.normalizeRadians(lam[0]), Angle.normalizeRadians(lam[1]))
            }
            let xy = forward(lambda: lam, phi: lat.clamped(lowerBound: SIMD2(repeating: -Double.pi / 2),
                                                           upperBound: SIMD2(repeating: Double.pi / 2)))
            var x = xy.x * a + fe, y = xy.y * a + fn
            if scaled {
                x = x * m
                y = y * m
            }
            let valid = onEllipsoid .& ProjectionDomain.isFinite(x) .& ProjectionDomain.isFinite(y)
            if !all(valid) {
                x.replace(with: .nan, where: .!valid)
                y.replace(with: .nan, where: .!valid)
            }
            base[j] = SIMD2(x[1], y[1])
            base[i] = SIMD2(x[0], y[0])
            i += 2
        }
    }

    /// The batch loop of `unproject`, two points per step; the frame arithmetic is `unproject`'s.
    @inlinable @inline(__always)
    func inversePairs(_ points: UnsafeMutableBufferPointer<SIMD2<Double>>, inputScale k: Double,
                      longitudeOffset offset: Double, outputScale m: Double, scaled: Bool) {
        guard let base = points.baseAddress else { return }
        let f = frame
        let ra = 1 / f.ellipsoid.semiMajorAxis, fe = f.falseEasting, fn = f.falseNorthing
        let lam0 = f.centralMeridian, wraps = f.wrapsLongitude
        let n = points.count
        var i = 0
        while i < n {
            let j = Swift.min(i + 1, n - 1)
            var p0 = base[i], p1 = base[j]
            if scaled {
                p0 = p0 * k
                p1 = p1 * k
            }
            let lp = inverse(x: (SIMD2(p0.x, p1.x) - fe) * ra, y: (SIMD2(p0.y, p1.y) - fn) * ra)
            var lon = lp.lambda + lam0, lat = lp.phi
            if wraps && !all((lon .>= -Double.pi) .& (lon .<= Double.pi)) {
                lon = SIMD2(Angle.normalizeRadians(lon[0]), Angle.normalizeRadians(lon[1]))
            }
            if scaled {
                lon = (lon + offset) * m
                lat = lat * m
            }
            let valid = ProjectionDomain.isFinite(lon) .& ProjectionDomain.isFinite(lat)
            if !all(valid) {
                lon.replace(with: .nan, where: .!valid)
                lat.replace(with: .nan, where: .!valid)
            }
            base[j] = SIMD2(lon[1], lat[1])
            base[i] = SIMD2(lon[0], lat[0])
            i += 2
        }
    }
}

import Foundation
