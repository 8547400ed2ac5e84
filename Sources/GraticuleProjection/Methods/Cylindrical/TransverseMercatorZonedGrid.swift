import Foundation
import GraticuleCore

/// Transverse Mercator Zoned Grid System, EPSG 9824 (EPSG:32600 "WGS 84 / UTM grid system (northern
/// hemisphere)", EPSG:32700 southern): a family of TM zones of equal width where the zone is chosen
/// from the longitude and its number is prefixed to the easting.
///
/// Formulas: IOGP Guidance Note 7-2 §3.5.3.3 (and the EPSG method 9824 text): zone
/// Z = (⌊(λ − λI)/W⌋ mod 360/W) + 1, central meridian λ0 = λI + Z·W − W/2, then Transverse
/// Mercator (`TransverseMercator`, Krüger 6th order) with E = Z·10⁶ + FE + x. In reverse the zone is
/// recovered from the easting, Z = round((E − FE)/10⁶), and the result must lie in zone Z
/// (|λ − λ0| ≤ W/2), otherwise NaN (a point outside the grid's outline).
/// PROJ 9.5.1 cannot project these CRSs ("no PROJ string export"); there is no GN 7-2 example. The
/// tests compare each zone with the plain UTM CRS of that zone (EPSG:326zz/327zz) computed by PROJ.
///
/// Accuracy: that of `TransverseMercator` (< 1 µm against PROJ's UTM zone CRSs in the unit tests).
/// Domain: the whole globe; discontinuous at the zone boundaries (the clip region's seams, owned by the zone east of them).
public struct TransverseMercatorZonedGrid: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Transverse Mercator Zoned Grid System",
        epsgCodes: [9824],
        names: ["Transverse Mercator Zoned Grid System"])

    public let frame: ProjectionFrame
    public let clipRegion: ClipRegion
    /// The TM of a zone, with its central meridian at 0 (longitudes are passed relative to it).
    @usableFromInline let tm: TransverseMercator
    /// Zone width, radians.
    @usableFromInline let width: Double
    /// Number of zones (360° / W).
    @usableFromInline let zoneCount: Int
    /// 10⁶ m in units of the semi-major axis: the easting step between zones.
    @usableFromInline let zoneStep: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let initial = p.value(EPSGParameter.initialLongitude, names: ["Initial longitude", "Initial_Longitude"],
                              default: -Double.pi)
        let w = try p.required(EPSGParameter.zoneWidth, "Zone width", names: ["Zone_Width"])
        let zones = 2 * Double.pi / w
        guard w > 0, w <= Double.pi / 22.5 + 1e-12, abs(zones - zones.rounded()) < 1e-9 else {
            throw .invalidParameter(name: "Zone width", value: w * 180 / .pi,
                                    reason: "must divide 360° into whole zones and be at most 8° wide (so that |x| < 500 km and the zone number can be read back from the easting)")
        }
        let phi0 = p.value(EPSGParameter.latitudeOfNaturalOrigin, names: ["Latitude_Of_Origin"], default: 0)
        let k0 = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k0 > 0 else {
            throw .invalidParameter(name: "Scale factor at natural origin", value: k0, reason: "must be positive")
        }
        tm = try TransverseMercator(ellipsoid: ellipsoid, latitudeOfOrigin: phi0, centralMeridian: 0,
                                    scaleFactor: k0)
        width = w
        zoneCount = Int(zones.rounded())
        zoneStep = 1_000_000 / ellipsoid.semiMajorAxis
        frame = try ProjectionFrame(parameters: p, centralMeridian: initial, ellipsoid: ellipsoid)
        // Zone boundaries from pole to pole; a point on one is in the zone east of it (the left of
        // a southward path).
        clipRegion = ClipRegion(seams: (0..<zoneCount).map {
            .meridian(Angle.normalizeRadians(initial + Double($0) * w), from: Double.pi / 2, to: -Double.pi / 2, owner: .left)
        })
    }

    /// Central meridian of zone `z` (1-based) relative to the initial longitude, radians.
    @inlinable func zoneCentre(_ z: Int) -> Double { (Double(z) - 0.5) * width }

    /// Zone number (1…360/W) of a longitude relative to the initial longitude.
    /// A longitude within 1e-9 zone widths (0.07 mm) west of a boundary counts as on it, i.e. in the
    /// zone east of it, so that boundary points survive the round trip.
    @inlinable public func zone(ofRelativeLongitude dl: Double) -> Int {
        let r = dl / width
        var k = r.rounded(.down)
        if r - k > 1 - 1e-9 { k += 1 }
        let ki = Int(k)
        return ((ki % zoneCount) + zoneCount) % zoneCount + 1
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let z = zone(ofRelativeLongitude: lp.x)
        let dl = Angle.normalizeRadians(lp.x - zoneCentre(z))
        let xy = tm.forward(SIMD2(dl, lp.y))
        return SIMD2(xy.x + Double(z) * zoneStep, xy.y)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let zr = (xy.x / zoneStep).rounded()
        guard zr >= 1 && zr <= Double(zoneCount) else { return SIMD2(.nan, .nan) }
        let z = Int(zr)
        var lp = tm.inverse(SIMD2(xy.x - zr * zoneStep, xy.y))
        // At a pole the longitude is arbitrary (TM's inverse may give ±π): the zone's own meridian.
        if abs(lp.y) >= Double.pi / 2 - 1e-12 && lp.x.isFinite { lp.x = 0 }
        // The zone's edge, with the inverse's longitude rounding (≈ 1e-16 / cos φ near the poles).
        guard abs(lp.x) <= width / 2 + 1e-12 / Swift.max(cos(lp.y), 1e-4) else { return SIMD2(.nan, .nan) }
        // Keep the result in zone z despite rounding at the boundaries.
        let lower = Double(z - 1) * width, upper = Double(z) * width * (1 - 2e-9 / Double(z))
        return SIMD2(min(max(lp.x + zoneCentre(z), lower), upper), lp.y)
    }
}
