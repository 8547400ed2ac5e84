import Foundation

/// The points within an angular distance of a centre, on the sphere: the domain test of the
/// projections meant for one region (New Zealand Map Grid, Guam, Laborde, Modified Azimuthal
/// Equidistant), with the centre's sine and cosine and the radius's cosine computed once.
public struct SphericalCap: Hashable, Sendable {
    public let sinCenterLatitude: Double
    public let cosCenterLatitude: Double
    public let cosRadius: Double

    /// - Parameters: `centerLatitude` and `radius` in radians.
    public init(centerLatitude: Double, radius: Double) {
        sinCenterLatitude = sin(centerLatitude)
        cosCenterLatitude = cos(centerLatitude)
        cosRadius = cos(radius)
    }

    /// Whether the point at longitude `dlam` from the centre's meridian (radians) and latitude φ,
    /// given by sin φ and cos φ, is within the radius (on its edge included).
    @inlinable @inline(__always)
    public func contains(dlam: Double, sinPhi: Double, cosPhi: Double) -> Bool {
        contains(cosDlam: cos(dlam), sinPhi: sinPhi, cosPhi: cosPhi)
    }

    /// As `contains(dlam:sinPhi:cosPhi:)`, from cos Δλ.
    @inlinable @inline(__always)
    public func contains(cosDlam: Double, sinPhi: Double, cosPhi: Double) -> Bool {
        sinCenterLatitude * sinPhi + cosCenterLatitude * cosPhi * cosDlam >= cosRadius
    }
}
