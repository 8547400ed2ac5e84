import Foundation
import GraticuleCore

/// Geostationary Satellite View (PROJ `geos`; Esri `Geostationary_Satellite`; WKT2
/// "Geostationary Satellite (Sweep Y)" and "(Sweep X)"): the scanning angles of a satellite at
/// height h above the equator at the central meridian, multiplied by h (GOES-R ABI fixed grid:
/// sweep x; Meteosat SEVIRI: sweep y, PROJ's default and Esri's Option 0).
///
/// Formulas: CGMS LRIT/HRIT Global Specification §4.4.3.2 and GOES-R PUG vol. 3 §4.2.8: with
/// the satellite at S = (a + h, 0, 0) and the point P on the ellipsoid, d = P − S; sweep y:
/// x = h atan(d_y / −d_x), y = h atan(d_z / √(d_x² + d_y²)); sweep x: x = h atan(d_y / √(d_x² + d_z²)),
/// y = h atan(d_z / −d_x). A point is visible when S lies above its tangent plane. The inverse
/// intersects the scan ray with the ellipsoid (nearer root of a quadratic): closed form.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on ESRI:102498
/// (GOES-16). Domain: the visible cap (NaN elsewhere, and for inverse points off the disc).
/// `clipRegion`: the cap of angular radius 0.995 acos(a / (a + h)) (≈ 81°).
public struct GeostationarySatellite: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Geostationary Satellite (Sweep Y)",
        names: ["Geostationary Satellite (Sweep X)", "Geostationary Satellite (Sweep Y)"])

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion

    /// Distance of the satellite from the centre / a.
    @usableFromInline let g: Double
    /// Satellite height / a.
    @usableFromInline let h: Double
    @usableFromInline let e2: Double
    @usableFromInline let sweepX: Bool

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let a = ellipsoid.semiMajorAxis
        let height = try p.required(-1, "Satellite Height", names: ["Height", "Satellite height"])
        guard height > 0 && height.isFinite else {
            throw .invalidParameter(name: "Satellite Height", value: height, reason: "must be positive and finite")
        }
        let option = p.value(names: ["Option"], default: 0)
        sweepX = p.methodNameContains("Sweep X") || option == 1
        h = height / a
        g = 1 + h
        e2 = ellipsoid.isSphere ? 0 : ellipsoid.eccentricitySquared
        let lon0 = p.value(EPSGParameter.longitudeOfNaturalOrigin, names: ["Longitude_Of_Center", "Central_Meridian"],
                           default: 0)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
        clipRegion = .cap(lon: lon0, lat: 0, radius: 0.995 * acos(1 / g))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let p = Geocentric.point(sinPhi: sin(lp.y), cosPhi: cos(lp.y), sinLam: sin(lp.x), cosLam: cos(lp.x), e2: e2)
        let px = p.x, py = p.y, pz = p.z
        // Visible iff (S − P) · ∇F(P) > 0 with F = x² + y² + z²/(1 − e²).
        guard (g - px) * px - py * py - pz * pz / (1 - e2) >= 0 else { return SIMD2(.nan, .nan) }
        let dx = g - px
        if sweepX {
            return SIMD2(h * atan(py / (dx * dx + pz * pz).squareRoot()), h * atan(pz / dx))
        }
        return SIMD2(h * atan(py / dx), h * atan(pz / (dx * dx + py * py).squareRoot()))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let tx = tan(xy.x / h), ty = tan(xy.y / h)
        guard tx.isFinite && ty.isFinite && abs(xy.x / h) < .pi / 2 && abs(xy.y / h) < .pi / 2 else {
            return SIMD2(.nan, .nan)
        }
        // Scan direction from the satellite (−1, dy, dz).
        let dy: Double, dz: Double
        if sweepX {
            dz = ty
            dy = tx * (1 + dz * dz).squareRoot()
        } else {
            dy = tx
            dz = ty * (1 + dy * dy).squareRoot()
        }
        return Geocentric.firstIntersection(from: SIMD3(g, 0, 0), along: SIMD3(-1, dy, dz), e2: e2)
    }
}
