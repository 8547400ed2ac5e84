import Foundation
import GraticuleCore

/// Two Point Equidistant (PROJ `tpeqd`; Esri `Two_Point_Equidistant`; no EPSG method): distances
/// from the two control points are true. Spherical only, with R = a on an ellipsoid, as in PROJ
/// (ESRI:53031 Sphere, 54031 World on WGS 84).
///
/// Formulas: Snyder 1987 pp. 145–146 (Close 1921): with z1, z2 the angular distances to the
/// points and z0 between them, the point is the apex of the planar triangle with sides z0, z1, z2
/// on the base from (−z0/2, 0) to (z0/2, 0), on the left of the great circle from point 1 to point 2
/// for y > 0 (x = (z1² − z2²)/(2 z0)). Evaluated with unit vectors and, instead of
/// y = √(z1² − (x + z0/2)²) (which loses half the digits near the base line: 6 cm at 1e-16 of
/// rounding), through the angle at point 1: the spherical angle from the triple product, the planar
/// one from l'Huilier's half-angle formulas of both triangles. Inverse: the same in reverse.
///
/// Accuracy: agrees with PROJ 9.5.1 to < 0.1 mm forward and < 1e-11° inverse on the sweep's world
/// CRSs. Domain: the whole globe. The control points must be distinct and not
/// antipodal (invalidParameter otherwise).
public struct TwoPointEquidistant: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Two Point Equidistant", names: ["Two Point Equidistant"])

    public let frame: ProjectionFrame
    /// The arc between the antipodes of the two control points, where the sides of the great circle
    /// through them fold onto opposite halves of the outline.
    public var clipRegion: ClipRegion {
        let a = -p1, b = -p2
        let lam0 = frame.centralMeridian
        let path = (0...6).map { i -> SIMD2<Double> in
            let ll = UnitSphere.lonLat(UnitSphere.interpolate(a, b, Double(i) / 6))
            return SIMD2(Angle.normalizeRadians(ll.x + lam0), ll.y)
        }
        return ClipRegion(seams: ClipRegion.Seam.split(path, project))
    }

    @usableFromInline let p1: SIMD3<Double>
    @usableFromInline let p2: SIMD3<Double>
    /// Pole of the great circle from point 1 to point 2.
    @usableFromInline let nPole: SIMD3<Double>
    /// Unit tangent at point 1 towards point 2.
    @usableFromInline let d12: SIMD3<Double>
    @usableFromInline let z0: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let phi1 = try p.required(-1, "Latitude of 1st point", names: ["Latitude_Of_1st_Point"])
        let lam1 = try p.required(-1, "Longitude of 1st point", names: ["Longitude_Of_1st_Point"])
        let phi2 = try p.required(-1, "Latitude of 2nd point", names: ["Latitude_Of_2nd_Point"])
        let lam2 = try p.required(-1, "Longitude of 2nd point", names: ["Longitude_Of_2nd_Point"])
        for (n, v) in [("Latitude of 1st point", phi1), ("Latitude of 2nd point", phi2)] where abs(v) > .pi / 2 {
            throw .invalidParameter(name: n, value: v * Angle.degreesPerRadian, reason: "must be in [−90°, 90°]")
        }
        let dlam = Angle.normalizeRadians(lam2 - lam1)
        let lamMid = Angle.normalizeRadians(lam1 + dlam / 2)
        func unit(_ phi: Double, _ lam: Double) -> SIMD3<Double> {
            SIMD3(cos(phi) * cos(lam), cos(phi) * sin(lam), sin(phi))
        }
        p1 = unit(phi1, -dlam / 2)
        p2 = unit(phi2, dlam / 2)
        let cross = TwoPointEquidistant.cross(p1, p2)
        let sinZ0 = (cross * cross).sum().squareRoot()
        z0 = atan2(sinZ0, (p1 * p2).sum())
        guard z0 > 1e-10 else {
            throw .invalidParameter(name: "Latitude of 2nd point", value: phi2 * Angle.degreesPerRadian,
                                    reason: "the two points must be distinct")
        }
        guard z0 < .pi - 1e-10 else {
            throw .invalidParameter(name: "Latitude of 2nd point", value: phi2 * Angle.degreesPerRadian,
                                    reason: "the two points must not be antipodal")
        }
        nPole = cross / sinZ0
        d12 = TwoPointEquidistant.cross(nPole, p1)
        frame = try ProjectionFrame(parameters: p, centralMeridian: lamMid,
                                ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    @inlinable static func angle(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let c = cross(a, b)
        return atan2((c * c).sum().squareRoot(), (a * b).sum())
    }

    /// Whether the half-angle ratio is well conditioned: it has sin(s) in a denominator
    /// (s = (z0 + z1 + z2)/2) and blows up as s → π, i.e. past the antipode of a point, along the
    /// base great circle beyond the other; there the laws of cosines take over (they lose digits
    /// only next to the base line, which this region is not, apart from that line's far end).
    @inlinable func usesHalfAngles(_ z1: Double, _ z2: Double) -> Bool {
        (z0 + z1 + z2) / 2 < .pi - 0.1
    }

    /// √R with R = tan²(A/2) / tan²(θ/2): the ratio of the spherical angle A at point 1 of the
    /// triangle (sides z0, z1, z2) to the planar angle θ of the triangle with the same sides, from the
    /// half-angle formulas (l'Huilier): smooth, so A and θ stay exact where the triangle is flat.
    @inlinable func angleRatio(_ z1: Double, _ z2: Double) -> Double {
        @inline(__always) func sinc(_ t: Double) -> Double { t == 0 ? 1 : sin(t) / t }
        let s = (z0 + z1 + z2) / 2
        let r = sinc(max(0, s - z0)) * sinc(max(0, s - z1)) / (sinc(s) * sinc(max(0, s - z2)))
        return r > 0 && r.isFinite ? r.squareRoot() : .nan
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let cosPhi = cos(lp.y)
        let x3 = SIMD3(cosPhi * cos(lp.x), cosPhi * sin(lp.x), sin(lp.y))
        let z1 = TwoPointEquidistant.angle(x3, p1), z2 = TwoPointEquidistant.angle(x3, p2)
        // Spherical angle at point 1 between the directions to point 2 and to the point (linear in the
        // offset from the base great circle), then the planar angle of the triangle (z0, z1, z2):
        // x + z0/2 = z1 cos θ, y = z1 sin θ. (The textbook y = √(z1² − (x + z0/2)²) loses half the
        // digits near the base line.)
        let a1 = atan2((x3 * nPole).sum(), (x3 * d12).sum())
        let theta: Double
        if usesHalfAngles(z1, z2) {
            let k = angleRatio(z1, z2)
            guard k.isFinite else { return SIMD2(.nan, .nan) }
            theta = 2 * atan2(sin(a1 / 2), cos(a1 / 2) * k)
        } else {
            // The planar angle from the sides (law of cosines), on the side of the spherical one.
            let c = z1 > 1e-12 ? (z1 * z1 + z0 * z0 - z2 * z2) / (2 * z0 * z1) : 1
            theta = Double(signOf: a1, magnitudeOf: acos(Swift.min(1, Swift.max(-1, c))))
        }
        return SIMD2(z1 * cos(theta) - z0 / 2, z1 * sin(theta))
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        guard xy.x.isFinite && xy.y.isFinite else { return SIMD2(.nan, .nan) }
        let h = z0 / 2
        let z1 = (xy.y * xy.y + (xy.x + h) * (xy.x + h)).squareRoot()
        let z2 = (xy.y * xy.y + (xy.x - h) * (xy.x - h)).squareRoot()
        guard z1 <= .pi + 1e-9 && z2 <= .pi + 1e-9 && z1 + z2 >= z0 * (1 - 1e-12) else { return SIMD2(.nan, .nan) }
        let theta = atan2(xy.y, xy.x + h)
        let a1: Double
        let zz1 = min(z1, .pi), zz2 = min(z2, .pi)
        if usesHalfAngles(zz1, zz2) {
            let k = angleRatio(zz1, zz2)
            guard k.isFinite else { return SIMD2(.nan, .nan) }
            a1 = 2 * atan2(sin(theta / 2) * k, cos(theta / 2))
        } else {
            // The spherical angle from the sides (law of cosines), on the side of the planar one.
            // No spherical triangle has these sides when z0 + z1 + z2 > 2π (|c| > 1): off the map.
            let c = (cos(zz2) - cos(z0) * cos(zz1)) / (sin(z0) * sin(zz1))
            guard (z0 + zz1 + zz2) / 2 <= .pi * (1 + 1e-12) && abs(c) <= 1 + 1e-9 else { return SIMD2(.nan, .nan) }
            a1 = Double(signOf: theta, magnitudeOf: acos(Swift.min(1, Swift.max(-1, c))))
        }
        let dir = cos(a1) * d12 + sin(a1) * nPole
        let v = cos(z1) * p1 + sin(z1) * dir
        return SIMD2(atan2(v.y, v.x), atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()))
    }
}
