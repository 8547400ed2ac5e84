import Foundation
import GraticuleCore

/// Tunisia Mining Grid, EPSG 9816 (EPSG:22300 "Carthage (Paris) / Tunisia Mining Grid"; PROJ 9.5.1
/// cannot project it: no PROJ-string export).
///
/// Formulas: IOGP Guidance Note 7-2 §3.4.6, from the mining decree of 1 January 1953, in grads
/// (longitudes from Paris) and kilometres: φ = φF + (N − NF)·A with A = 0.010015 grad/km north of
/// NF and 0.01002 grad/km south of it; λ = λF + (E − EF)·0.012185 grad/km (the decree's 0.02437 grad
/// per 2-km block; some transcriptions print 0.01285 in the formula, but GN 7-2's worked example —
/// grid reference 302598 → 38.97997 grad N, 8.22437 grad E of Paris — uses 0.012185).
/// Forward and reverse are exact inverses of each other (linear in each coordinate).
///
/// Accuracy: exact. Domain: the whole globe (the formula is linear; the decree tabulates
/// E 94–490 km, N 40–860 km).
public struct TunisiaMiningGrid: Projection {
    public static let descriptor = ProjectionDescriptor(
        name: "Tunisia Mining Grid",
        epsgCodes: [9816],
        names: ["Tunisia Mining Grid"])

    /// Grads of longitude per kilometre of easting.
    public static let longitudeGradsPerKm = 0.012185
    /// Grads of latitude per kilometre of northing, north / south of the false origin.
    public static let latitudeGradsPerKmNorth = 0.010015
    public static let latitudeGradsPerKmSouth = 0.01002

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }
    @usableFromInline let phiF: Double
    /// Unit-a easting per radian of longitude, northing per radian of latitude north/south.
    @usableFromInline let kx: Double, kyNorth: Double, kySouth: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        phiF = try p.required(EPSGParameter.latitudeOfFalseOrigin, "Latitude of false origin",
                              names: ["Latitude_Of_Origin"])
        let lamF = try p.required(EPSGParameter.longitudeOfFalseOrigin, "Longitude of false origin",
                                  names: ["Central_Meridian"])
        try ProjectionParameters.checkLatitude(phiF, name: "Latitude of false origin")
        let radiansPerGrad = Double.pi / 200
        let a = ellipsoid.semiMajorAxis
        kx = 1000 / (TunisiaMiningGrid.longitudeGradsPerKm * radiansPerGrad) / a
        kyNorth = 1000 / (TunisiaMiningGrid.latitudeGradsPerKmNorth * radiansPerGrad) / a
        kySouth = 1000 / (TunisiaMiningGrid.latitudeGradsPerKmSouth * radiansPerGrad) / a
        frame = try ProjectionFrame(parameters: p, centralMeridian: lamF, falseOrigin: [.falseOrigin, .natural],
                                ellipsoid: ellipsoid)
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let dphi = lp.y - phiF
        return SIMD2(kx * lp.x, dphi * (dphi > 0 ? kyNorth : kySouth))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let lam = xy.x / kx
        let phi = phiF + xy.y / (xy.y > 0 ? kyNorth : kySouth)
        guard abs(phi) <= Double.pi / 2, abs(lam) <= Double.pi else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, phi)
    }
}
