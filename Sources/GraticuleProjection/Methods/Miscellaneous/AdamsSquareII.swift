import Foundation
import GraticuleCore

/// Adams world in a square II, Esri `Adams_Square_II` (ESRI:54098 WGS_1984_Adams_Square_II,
/// ESRI:54099 WGS_1984_Spilhaus_Ocean_Map_in_Square): PROJ ≥ 9.6 `spilhaus` with
/// `+k_0=√2·Scale_Factor` (PROJ commit 69eaf881e, issue OSGeo/PROJ#1851). No EPSG method code.
///
/// The whole sphere, conformally except at the four corners, in a square (O. S. Adams 1925, USC&GS
/// Special Publication 153): in the oblique frame of the parameters, a = acos(cos(asin t) sin(λ′/2)),
/// b = acos t with t = tan(φ′/2), then the elliptic kernel of `AdamsElliptic` and a 45° rotation
/// (PROJ `adams_ws2`). Esri's oblique aspect (Spilhaus' ocean map): the sphere is turned so that the
/// frame's origin is (Longitude_Of_Center, Latitude_Of_Center) with the central line at `Azimuth`
/// (Snyder 1987, eqs. 5-7, 5-8b), the square is rotated by `XY_Plane_Rotation` and half-turned, and
/// scaled by √2 · Scale_Factor. On the ellipsoid, latitudes are first made conformal (Snyder eq. 3-1)
/// and the result scaled by m(φc)/cos χc so that the scale at the centre is that of the ellipsoid.
///
/// F(φ | ½) is evaluated exactly (Carlson's R_F), not with PROJ's Chebyshev approximation: with the
/// exact integral this matches the ArcGIS values published in PROJ's `test/gie/spilhaus.gie` (16
/// points of ESRI:54099, "got from ESRI computations") to ≤ 5.3 mm at the 14 points away from the
/// corners (the published longitudes/latitudes have 8 decimals, ≈ 1 mm), while PROJ's approximation
/// is off by up to 0.78 m there. It therefore differs from PROJ ≥ 9.6 by up to ~0.6 m.
///
/// ESRI:54098 (all angles 0) is √2 × PROJ 9.5.1's `adams_ws2` on the conformal sphere; PROJ 9.5.1
/// maps it to `+proj=adams_ws2` on a sphere of radius a without the √2 (a mapping PROJ 9.6 corrected),
/// so its sweep rows are a known divergence.
///
/// The inverse is closed form given F⁻¹ (Newton's method); the oblique rotation is a 3×3 matrix.
/// Domain: the whole sphere; the square's edges are the oblique antimeridian (the clip region's seam);
/// the inverse gives NaN outside the square.
public struct AdamsSquareII: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Adams Square II", names: ["Adams_Square_II"])

    public let frame: ProjectionFrame
    /// Rows of the rotation from the geographic frame (x toward λ0, z north) to the oblique frame
    /// (x toward the map centre, z toward the oblique pole).
    @usableFromInline let r0: SIMD3<Double>
    @usableFromInline let r1: SIMD3<Double>
    @usableFromInline let r2: SIMD3<Double>
    /// The final plane map: (x, y) = −factor · R(−rotation) · (X, Y).
    @usableFromInline let cosRot: Double
    @usableFromInline let sinRot: Double
    @usableFromInline let factor: Double
    @usableFromInline let e: Double
    @usableFromInline let halfSide: Double

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        let k = p.value(EPSGParameter.scaleFactorAtNaturalOrigin, names: ["Scale_Factor"], default: 1)
        guard k > 0 && k.isFinite else {
            throw .invalidParameter(name: "Scale_Factor", value: k, reason: "must be positive")
        }
        let azimuth = p.value(EPSGParameter.azimuthOfInitialLine, names: ["Azimuth"], default: 0)
        let lonC = p.value(EPSGParameter.longitudeOfProjectionCentre, EPSGParameter.longitudeOfNaturalOrigin,
                           names: ["Longitude_Of_Center", "Central_Meridian"], default: 0)
        let latC = p.value(EPSGParameter.latitudeOfProjectionCentre, EPSGParameter.latitudeOfNaturalOrigin,
                           names: ["Latitude_Of_Center", "Latitude_Of_Origin"], default: 0)
        let rotation = p.value(names: ["XY_Plane_Rotation"], default: 0)
        try ProjectionParameters.checkLatitude(latC, name: "Latitude_Of_Center")
        for (name, v) in [("Azimuth", azimuth), ("Longitude_Of_Center", lonC), ("XY_Plane_Rotation", rotation)]
        where !v.isFinite {
            throw .invalidParameter(name: name, value: v, reason: "must be finite")
        }
        e = ellipsoid.eccentricity
        // Conformal latitude of the centre and the scale of the conformal sphere there.
        let chiC = atan(Conformal.conformalTau(tan(latC), e: e))
        let sc = sin(latC)
        factor = -(2.0).squareRoot() * k * cos(latC) / (1 - e * e * sc * sc).squareRoot() / cos(chiC)
        // Oblique pole (Snyder eqs. 5-7, 5-8b as PROJ's spilhaus.cpp sets them up):
        // sin α = −cos χc cos Az, λp = atan2(tan Az, −sin χc), β = π + atan2(−sin Az, −tan χc).
        let sinAlpha = -cos(chiC) * cos(azimuth)
        let cosAlpha = (1 - sinAlpha * sinAlpha).squareRoot()
        let lamP = atan2(tan(azimuth), -sin(chiC))
        let beta = Double.pi + atan2(-sin(azimuth), -tan(chiC))
        // v′ = Rz(β) · Ry · Rz(−λp) · v, with Ry the rows (sin α, 0, cos α), (0, 1, 0), (−cos α, 0, sin α).
        let cl = cos(lamP), sl = sin(lamP), cb = cos(beta), sb = sin(beta)
        // Rz(−λp): rows (cl, sl, 0), (−sl, cl, 0), (0, 0, 1).
        let a0 = SIMD3(sinAlpha * cl, sinAlpha * sl, cosAlpha)
        let a1 = SIMD3(-sl, cl, 0.0)
        let a2 = SIMD3(-cosAlpha * cl, -cosAlpha * sl, sinAlpha)
        // Rz(β): rows (cb, −sb, 0), (sb, cb, 0), (0, 0, 1).
        r0 = cb * a0 - sb * a1
        r1 = sb * a0 + cb * a1
        r2 = a2
        cosRot = cos(rotation)
        sinRot = sin(rotation)
        halfSide = AdamsElliptic.completeK
        frame = try ProjectionFrame(parameters: p, centralMeridian: lonC, ellipsoid: ellipsoid)
        clipRegion = makeClipRegion()
    }

    /// The oblique antimeridian λ′ = π from pole to pole (the square's edges).
    /// Computed once at construction (`makeClipRegion`), not on every access.
    public private(set) var clipRegion: ClipRegion = .sphere

    /// The region of this map, from its parameters (called once, by `init`).
    func makeClipRegion() -> ClipRegion {
        // The oblique antimeridian λ′ = π from pole to pole, mapped back to geodetic lon/lat.
        var line: [SIMD2<Double>] = []
        for i in 0...90 {
            let phiP = Double.pi / 2 - Double(i) * Double.pi / 90
            let v = SIMD3(-cos(phiP), 0, sin(phiP))
            let g = r0 * v.x + r1 * v.y + r2 * v.z
            let chi = atan2(g.z, (g.x * g.x + g.y * g.y).squareRoot())
            let phi = atan(Conformal.tau(fromConformalTau: tan(chi), e: e))
            let lon = (g.x == 0 && g.y == 0) ? frame.centralMeridian : frame.centralMeridian + atan2(g.y, g.x)
            line.append(SIMD2(Angle.normalizeRadians(lon), phi))
        }
        return ClipRegion(seams: ClipRegion.Seam.split(line, project))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let lam = lp.x, phi = lp.y
        guard lam.isFinite && abs(phi) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let chi = e == 0 ? phi : atan(Conformal.conformalTau(tan(phi), e: e))
        let cc = cos(chi)
        let v = SIMD3(cc * cos(lam), cc * sin(lam), sin(chi))
        let x = (r0 * v).sum(), y = (r1 * v).sum(), z = (r2 * v).sum()
        // Adams world in a square II at (λ′, φ′): t = tan(φ′/2), c = √(1 − t²) sin(λ′/2), d = t,
        // w = (1 − t²) cos²(λ′/2).
        let rho = (x * x + y * y).squareRoot()
        let t = z / (1 + rho)
        let halfLam = 0.5 * atan2(y, x)
        let rt = (1 - t * t).squareRoot()
        let c = rt * sin(halfLam), ch = rt * cos(halfLam)
        let q = AdamsElliptic.rotate45(AdamsElliptic.square(c: c, d: t, w: ch * ch, exact: true))
        return SIMD2(q.x * cosRot + q.y * sinRot, q.y * cosRot - q.x * sinRot) * factor
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let u = xy / factor
        guard u.x.isFinite && u.y.isFinite else { return SIMD2(.nan, .nan) }
        let q = AdamsElliptic.unrotate45(SIMD2(u.x * cosRot - u.y * sinRot, u.x * sinRot + u.y * cosRot))
        let h = halfSide * (1 + 1e-12)
        guard abs(q.x) <= h && abs(q.y) <= h else { return SIMD2(.nan, .nan) }
        let s = AdamsElliptic.unsquare(q, exact: true, halfSide: halfSide)
        // c + d and d − c give t = tan(φ′/2) and c = √(1 − t²) sin(λ′/2); √w = √(1 − t²) cos(λ′/2).
        let t = 0.5 * (s.sum + s.difference)
        let c = 0.5 * (s.sum - s.difference)
        let lamP = 2 * atan2(c, s.rootW)
        let phiP = 2 * atan(t)
        let cp = cos(phiP)
        let v = SIMD3(cp * cos(lamP), cp * sin(lamP), sin(phiP))
        let g = r0 * v.x + r1 * v.y + r2 * v.z
        let chi = atan2(g.z, (g.x * g.x + g.y * g.y).squareRoot())
        let phi = e == 0 ? chi : atan(Conformal.tau(fromConformalTau: tan(chi), e: e))
        let lam = (g.x == 0 && g.y == 0) ? 0 : atan2(g.y, g.x)
        return SIMD2(lam, phi)
    }
}
