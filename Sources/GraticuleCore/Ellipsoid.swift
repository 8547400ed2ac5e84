/// The figure of a body: an oblate ellipsoid of revolution, or a sphere.
///
/// Lengths are in metres. The flattening is `f = (a − b) / a`; a sphere has `f = 0`
/// (`inverseFlattening == 0` by the EPSG convention). Derived constants are computed once
/// at construction so kernels can read them without work.
@frozen
public struct Ellipsoid: Hashable, Sendable {
    /// Semi-major axis `a`, metres.
    public let semiMajorAxis: Double
    /// Flattening `f = (a − b) / a`; 0 for a sphere.
    public let flattening: Double

    /// Builds an ellipsoid from `a` (metres) and `1/f`; `inverseFlattening == 0` (or infinite) means a sphere.
    /// - Precondition: `a` is finite and positive, `1/f` is 0, infinite or ≥ 1.
    public init(semiMajorAxis a: Double, inverseFlattening rf: Double) {
        precondition(a.isFinite && a > 0, "semi-major axis must be finite and positive, got \(a)")
        self.semiMajorAxis = a
        self.flattening = (rf == 0 || rf.isInfinite) ? 0 : 1 / rf
    }

    /// Builds an ellipsoid from `a` and `b` (metres, `0 < b ≤ a`).
    public init(semiMajorAxis a: Double, semiMinorAxis b: Double) {
        precondition(a.isFinite && a > 0 && b > 0 && b <= a * (1 + 1e-15), "invalid axes a=\(a), b=\(b)")
        self.semiMajorAxis = a
        self.flattening = b >= a ? 0 : (a - b) / a
    }

    /// A sphere of radius `r` metres.
    public static func sphere(radius r: Double) -> Ellipsoid { Ellipsoid(semiMajorAxis: r, inverseFlattening: 0) }

    /// WGS 84 (EPSG:7030): a = 6,378,137 m, 1/f = 298.257223563.
    public static let wgs84 = Ellipsoid(semiMajorAxis: 6_378_137, inverseFlattening: 298.257223563)
    /// GRS 1980 (EPSG:7019): a = 6,378,137 m, 1/f = 298.257222101.
    public static let grs80 = Ellipsoid(semiMajorAxis: 6_378_137, inverseFlattening: 298.257222101)

    /// True when `f == 0`.
    @inlinable public var isSphere: Bool { flattening == 0 }
    /// `1/f`, or 0 for a sphere (the EPSG convention).
    @inlinable public var inverseFlattening: Double { flattening == 0 ? 0 : 1 / flattening }
    /// Semi-minor axis `b = a (1 − f)`, metres.
    @inlinable public var semiMinorAxis: Double { semiMajorAxis * (1 - flattening) }
    /// First eccentricity squared `e² = f (2 − f)`.
    @inlinable public var eccentricitySquared: Double { flattening * (2 - flattening) }
    /// First eccentricity `e`.
    @inlinable public var eccentricity: Double { eccentricitySquared.squareRoot() }
    /// Second eccentricity squared `e′² = e² / (1 − e²)`.
    @inlinable public var secondEccentricitySquared: Double {
        let e2 = eccentricitySquared
        return e2 / (1 - e2)
    }
    /// Third flattening `n = (a − b) / (a + b) = f / (2 − f)`.
    @inlinable public var thirdFlattening: Double { flattening / (2 - flattening) }
}
