import Foundation
import GraticuleCore

/// Equidistant Cylindrical, EPSG 1028 (ellipsoidal), Equidistant Cylindrical (Spherical) EPSG 1029,
/// and Esri's `Plate_Carree`, `Equidistant_Cylindrical`, `Equidistant_Cylindrical_Ellipsoidal`.
///
/// Formulas: IOGP Guidance Note 7-2 §3.2.5: ellipsoidal x = ν1 cos φ1 · Δλ, y = M(φ) − M(φ0)
/// with ν1 the prime-vertical radius at the standard parallel φ1 and M the meridian arc
/// (`MeridianArc`); spherical x = R cos φ1 · Δλ, y = R (φ − φ0). The inverse is closed form
/// (rectifying latitude series for φ).
///
/// Which form: EPSG 1029 and any method on a sphere → spherical, with R = a when a spherical method
/// is applied to an ellipsoid (as PROJ does, e.g. ESRI:54002, the ARC System zones ESRI:10242x).
/// EPSG 1028 and the Esri names on an ellipsoid → ellipsoidal, as EPSG defines 1028 and as PROJ ≥ 9.8
/// (OSGeo/PROJ#4656), Esri's Projection Engine, Apache SIS and GeoCalc compute it
/// (OSGeo/PROJ#4654: EPSG:4087 at 143.99996°W, 71.99932°N gives N = 7992053.817 m).
/// PROJ 9.5.1 evaluates EPSG 1028 on the sphere of radius a (N = 8014927.980 m there, 22.9 km
/// off); the sweep therefore checks EPSG:4087 and ESRI:54001 by round trip and unit tests compare
/// them with the meridian distance of PROJ's geodesic (`pyproj.Geod`).
///
/// Accuracy: spherical form agrees with PROJ 9.5.1 to < 0.02 µm (sweep: 21 CRSs); ellipsoidal y
/// equals the meridian distance of PROJ's geodesic to < 1 µm (unit tests). Domain: the whole globe, |φ1| < 90°.
public struct EquidistantCylindrical: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Equidistant Cylindrical",
        epsgCodes: [1028, 1029, 9842, 9823],
        names: ["Equidistant Cylindrical", "Equidistant Cylindrical (Spherical)"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let spherical: Bool
    /// x per radian of longitude (unit a): ν1 cos φ1 (ellipsoid) or cos φ1 (sphere).
    @usableFromInline let rc: Double
    /// Origin offset: M(φ0) (ellipsoid) or φ0 (sphere).
    @usableFromInline let y0: Double
    @usableFromInline let arc: MeridianArc

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let sphericalMethod = p.methodCode == 1029 || p.methodCode == 9823 || p.methodNameContains("Spherical")
        spherical = sphericalMethod || ellipsoid.isSphere
        let phi1 = p.value(EPSGParameter.latitudeOf1stStandardParallel, names: ["Standard_Parallel_1"], default: 0)
        let phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        try ProjectionParameters.checkLatitude(phi1, name: "Latitude of 1st standard parallel")
        try ProjectionParameters.checkLatitude(phi0, name: "Latitude of natural origin", includingPoles: true)
        arc = MeridianArc(ellipsoid)
        if spherical {
            rc = cos(phi1)
            y0 = phi0
        } else {
            let s1 = sin(phi1)
            rc = cos(phi1) / (1 - ellipsoid.eccentricitySquared * s1 * s1).squareRoot()
            y0 = arc.distance(phi0)
        }
        frame = try ProjectionFrame(
            parameters: p,
            centralMeridian: p.centralMeridian([EPSGParameter.longitudeOfNaturalOrigin,
                                                EPSGParameter.longitudeOfOrigin]),
            ellipsoid: sphericalMethod ? .sphere(radius: ellipsoid.semiMajorAxis) : ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        if spherical { return SIMD2(rc * lp.x, lp.y - y0) }
        return SIMD2(rc * lp.x, arc.distance(lp.y) - y0)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let lam = xy.x / rc
        guard abs(lam) <= Double.pi + 1e-12 else { return SIMD2(.nan, .nan) }
        if spherical {
            let phi = xy.y + y0
            guard abs(phi) <= Double.pi / 2 + 1e-12 else { return SIMD2(.nan, .nan) }
            return SIMD2(lam, max(-Double.pi / 2, min(Double.pi / 2, phi)))
        }
        return SIMD2(lam, arc.latitude(arc: xy.y + y0))
    }
}
