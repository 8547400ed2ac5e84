import Foundation
import GraticuleCore

/// Lambert Cylindrical Equal Area, EPSG 9835 (ellipsoidal), and (Spherical) EPSG 9834; Esri
/// `Cylindrical_Equal_Area` and `Behrmann` (standard parallel 30° unless given).
///
/// Formulas: IOGP Guidance Note 7-2 §3.2.6 (Snyder 1987 pp. 76–85): k0 = cos φ1/√(1 − e² sin²φ1),
/// x = k0·Δλ, y = q/(2k0) with q = (1 − e²)[sin φ/(1 − e² sin²φ) + atanh(e sin φ)/e].
/// Reverse: the GN 7-2 series in e² for the latitude from the authalic latitude, then Newton's method
/// on q (Snyder eq. 3-16), so the inverse is exact instead of the series' ~3e-9° (PROJ 9.5.1 uses
/// the bare series, whose error exceeds 1e-9° at mid latitudes; the sweep checks those rows by round
/// trip). Spherical: x = R cos φ1 Δλ, y = R sin φ / cos φ1, with R the authalic radius
/// (PROJ's `R_A` series, see `MillerCylindrical`) when EPSG 9834 is applied to an ellipsoid.
///
/// Accuracy: forward agrees with PROJ 9.5.1 to < 0.02 µm; inverse exact (round trip 1e-14°).
/// Domain: the whole globe, |φ1| < 90°.
public struct LambertCylindricalEqualArea: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Lambert Cylindrical Equal Area",
        epsgCodes: [9835, 9834],
        names: ["Lambert Cylindrical Equal Area", "Lambert Cylindrical Equal Area (Spherical)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let spherical: Bool
    @usableFromInline let k0: Double
    @usableFromInline let authalic: AuthalicLatitude
    /// q at the pole.

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let sphericalMethod = p.methodCode == 9834 || p.methodNameContains("Spherical")
        let behrmann = p.methodNameContains("Behrmann")
        let phi1 = p.value(EPSGParameter.latitudeOf1stStandardParallel, names: ["Standard_Parallel_1"],
                           default: behrmann ? Double.pi / 6 : 0)
        try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st standard parallel")
        spherical = sphericalMethod || ellipsoid.isSphere
        authalic = AuthalicLatitude(eccentricity: ellipsoid.isSphere ? 0 : ellipsoid.eccentricity)
        var figure = ellipsoid
        if spherical {
            k0 = cos(phi1)
            if !ellipsoid.isSphere {
                figure = .sphere(radius: AuthalicLatitude.seriesRadius(ellipsoid))
            }
        } else {
            let s1 = sin(phi1)
            k0 = cos(phi1) / (1 - authalic.es * s1 * s1).squareRoot()
        }
        frame = try ProjectionFrame(parameters: p, ellipsoid: figure)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        if spherical { return SIMD2(k0 * lp.x, sin(lp.y) / k0) }
        return SIMD2(k0 * lp.x, 0.5 * authalic.q(sin: sin(lp.y)) / k0)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let lam = xy.x / k0
        guard abs(lam) <= Double.pi + 1e-12 else { return SIMD2(.nan, .nan) }
        if spherical {
            let s = xy.y * k0
            guard abs(s) <= 1 + 1e-12 else { return SIMD2(.nan, .nan) }
            return SIMD2(lam, asin(max(-1, min(1, s))))
        }
        let q = 2 * xy.y * k0
        guard abs(q) <= authalic.qp * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, authalic.latitude(q: q))
    }
}
