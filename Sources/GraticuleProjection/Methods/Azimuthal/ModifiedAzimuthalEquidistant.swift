import Foundation
import GraticuleCore

/// Modified Azimuthal Equidistant, EPSG 9832 (Guam 1963 / Yap Islands, EPSG:3295): an
/// approximation of the ellipsoidal azimuthal equidistant projection for distances up to ~800 km
/// (Snyder 1987 p. 199, after Thomas 1952).
///
/// Formulas: IOGP GN 7-2 §3.9.3.1: ψ = atan((1 − e²) tan φ + e² ν0 sin φ0 / (ν cos φ)),
/// α = atan2(sin Δλ, cos φ0 tan ψ − sin φ0 cos Δλ), s = asin(sin Δλ cos ψ / sin α) (or from ψ when
/// sin α = 0), c = ν0 s (1 − s²H²(1 − H²)/6 + s³GH(1 − 2H²)/8 + s⁴(H²(4 − 7H²) − 3G²(1 − 7H²))/120
/// − s⁵GH/48), x = c sin α, y = c cos α; the inverse is GN 7-2's closed form (J, K, ψ′).
///
/// Accuracy: within the Yap Islands (≤ 20 km from the origin) the forward agrees with PROJ 9.5.1's
/// exact geodesic `aeqd` (to which PROJ maps this method) to < 0.1 mm and the inverse to < 1e-9°;
/// forward and inverse (separate series) round-trip to < 1e-13° there and to 1.5e-11 rad at 200 km;
/// GN 7-2's example to its printed 1 cm. Domain: the series is meant for < 800 km, and its
/// forward and reverse formulas stop being inverses of each other beyond (they disagree by
/// 3e-8 rad at 7°, 8e-6 rad at 18°): points more than 7° (≈ 780 km) from the origin give NaN, in
/// both directions. `clipRegion`: the cap of radius 7°.
public struct ModifiedAzimuthalEquidistant: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Modified Azimuthal Equidistant",
        epsgCodes: [9832],
        names: ["Modified Azimuthal Equidistant"])

    public static let domainRadius = 7 * Angle.radiansPerDegree

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion {
        .cap(lon: frame.centralMeridian, lat: phi0, radius: ModifiedAzimuthalEquidistant.domainRadius)
    }

    @usableFromInline let phi0: Double
    @usableFromInline let sinPhi0: Double
    @usableFromInline let cosPhi0: Double
    @usableFromInline let domain: SphericalCap
    @usableFromInline let e2: Double
    @usableFromInline let nu0: Double
    /// G = e sin φ0 / √(1 − e²).
    @usableFromInline let g: Double
    /// e cos φ0 / √(1 − e²): H = hc cos α.
    @usableFromInline let hc: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phi0 = try p.required(EPSGParameter.latitudeOfNaturalOrigin, "Latitude of natural origin",
                              names: ["Latitude_Of_Origin"])
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", tolerance: 1e-10)
        e2 = ellipsoid.isSphere ? 0 : ellipsoid.eccentricitySquared
        let e = e2.squareRoot()
        sinPhi0 = sin(phi0); cosPhi0 = cos(phi0)
        domain = SphericalCap(centerLatitude: phi0, radius: ModifiedAzimuthalEquidistant.domainRadius)
        nu0 = 1 / (1 - e2 * sinPhi0 * sinPhi0).squareRoot()
        g = e * sinPhi0 / (1 - e2).squareRoot()
        hc = e * cosPhi0 / (1 - e2).squareRoot()
        let lon0 = try p.required(EPSGParameter.longitudeOfNaturalOrigin, "Longitude of natural origin",
                                  names: ["Central_Meridian"])
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let sinPhi = sin(lp.y), cosPhi = cos(lp.y), sinLam = sin(lp.x), cosLam = cos(lp.x)
        guard domain.contains(cosDlam: cosLam, sinPhi: sinPhi, cosPhi: cosPhi) else {
            return SIMD2(.nan, .nan)
        }
        if abs(lp.x) < 1e-15 && abs(lp.y - phi0) < 1e-15 { return SIMD2(0, 0) }
        let nu = 1 / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let psi = atan((1 - e2) * sinPhi / cosPhi + e2 * nu0 * sinPhi0 / (nu * cosPhi))
        let alpha = atan2(sinLam, cosPhi0 * tan(psi) - sinPhi0 * cosLam)
        let sinA = sin(alpha), cosA = cos(alpha)
        let s: Double
        if abs(sinA) < 1e-12 {
            s = asin(max(-1, min(1, cosPhi0 * sin(psi) - sinPhi0 * cos(psi)))) * (cosA < 0 ? -1 : 1)
        } else {
            s = asin(max(-1, min(1, sinLam * cos(psi) / sinA)))
        }
        let h = hc * cosA, h2 = h * h
        let s2 = s * s
        let c = nu0 * s * (1 - s2 * h2 * (1 - h2) / 6 + s2 * s * g * h * (1 - 2 * h2) / 8
                          + s2 * s2 * (h2 * (4 - 7 * h2) - 3 * g * g * (1 - 7 * h2)) / 120 - s2 * s2 * s * g * h / 48)
        return SIMD2(c * sinA, c * cosA)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let cp = (xy.x * xy.x + xy.y * xy.y).squareRoot()
        guard cp.isFinite else { return SIMD2(.nan, .nan) }
        if cp == 0 { return SIMD2(0, phi0) }
        let alpha = atan2(xy.x, xy.y)
        let sinA = sin(alpha), cosA = cos(alpha)
        let a = -e2 * cosPhi0 * cosPhi0 * cosA * cosA / (1 - e2)
        let b = 3 * e2 * (1 - a) * sinPhi0 * cosPhi0 * cosA / (1 - e2)
        let d = cp / nu0
        guard d <= ModifiedAzimuthalEquidistant.domainRadius * 1.01 else { return SIMD2(.nan, .nan) }
        let j = d - a * (1 + a) * d * d * d / 6 - b * (1 + 3 * a) * d * d * d * d / 24
        let k = 1 - a * j * j / 2 - b * j * j * j / 6
        let psi = asin(max(-1, min(1, sinPhi0 * cos(j) + cosPhi0 * sin(j) * cosA)))
        let phi = atan((1 - e2 * sinPhi0 * k / sin(psi)) * tan(psi) / (1 - e2))
        let lam = asin(max(-1, min(1, sinA * sin(j) / cos(psi))))
        // The forward's cap, so that every result projects back.
        guard domain.contains(dlam: lam, sinPhi: sin(phi), cosPhi: cos(phi))
        else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
