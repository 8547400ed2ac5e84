import Foundation
import GraticuleCore

/// The Helmert family between two geodetic datums, through geocentric coordinates: geocentric
/// translations (3 parameters), Position Vector and Coordinate Frame rotations (7 parameters),
/// their time-dependent forms (15 parameters: rates per year and a reference epoch) and
/// Molodensky-Badekas (7 parameters about an evaluation point).
///
/// Forward: (λ, φ, h) on the source ellipsoid → (X, Y, Z) → X' = (1 + ds)·R·(X − P) + T + P →
/// (λ', φ', h') on the target ellipsoid, with R the small-angle rotation matrix of EPSG's
/// Guidance Note 7-2 §4.4.3 (as PROJ's `helmert`, not exact rotations). Position Vector and
/// Coordinate Frame differ by the sign of the rotations. The inverse applies the transpose:
/// exact for translations, and within 1e-14 relative for rotations (the standard reversal of
/// EPSG's reversible methods).
///
/// Time-dependent parameters are evaluated at the coordinate epoch given when the pipeline is
/// built (decimal year); without one, at the parameters' reference epoch (rates ignored), as
/// PROJ does for coordinates without a time.
public struct HelmertTransformation: DatumOperation, Hashable {
    public enum Convention: String, Hashable, Sendable {
        case positionVector = "position_vector"
        case coordinateFrame = "coordinate_frame"
    }

    /// Translations (metres).
    public var translation: SIMD3<Double>
    /// Rotations (radians), signed as the convention states them.
    public var rotation: SIMD3<Double>
    /// Scale difference (unitless: 1 ppm = 1e-6).
    public var scaleDifference: Double
    /// Rates of change per year (metres, radians, unitless), zero for static transformations.
    public var translationRate: SIMD3<Double>
    public var rotationRate: SIMD3<Double>
    public var scaleDifferenceRate: Double
    /// Parameter reference epoch (decimal year) of the rates.
    public var referenceEpoch: Double?
    /// The evaluation point of Molodensky-Badekas (geocentric metres), zero otherwise.
    public var pivot: SIMD3<Double>
    public var convention: Convention
    public let source: Ellipsoid
    public let target: Ellipsoid

    // Evaluated at build time for the coordinate epoch.
    let t: SIMD3<Double>
    let r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>
    let scale: Double
    let sourceCart: GeocentricConversion
    let targetCart: GeocentricConversion
    /// The coordinate epoch the parameters were evaluated at (nil: the reference epoch).
    public let coordinateEpoch: Double?

    public init(translation: SIMD3<Double>, rotation: SIMD3<Double> = .zero, scaleDifference: Double = 0,
                translationRate: SIMD3<Double> = .zero, rotationRate: SIMD3<Double> = .zero,
                scaleDifferenceRate: Double = 0, referenceEpoch: Double? = nil, pivot: SIMD3<Double> = .zero,
                convention: Convention = .positionVector, source: Ellipsoid, target: Ellipsoid,
                coordinateEpoch: Double? = nil) {
        self.translation = translation
        self.rotation = rotation
        self.scaleDifference = scaleDifference
        self.translationRate = translationRate
        self.rotationRate = rotationRate
        self.scaleDifferenceRate = scaleDifferenceRate
        self.referenceEpoch = referenceEpoch
        self.pivot = pivot
        self.convention = convention
        self.source = source
        self.target = target
        self.coordinateEpoch = coordinateEpoch
        let dt = (coordinateEpoch != nil && referenceEpoch != nil) ? coordinateEpoch! - referenceEpoch! : 0
        let tr = translation + translationRate * dt
        let rot = rotation + rotationRate * dt
        scale = 1 + scaleDifference + scaleDifferenceRate * dt
        t = tr + pivot
        // Coordinate Frame small-angle matrix; Position Vector is its transpose.
        let (rx, ry, rz) = (rot.x, rot.y, rot.z)
        var m0 = SIMD3(1, rz, -ry), m1 = SIMD3(-rz, 1, rx), m2 = SIMD3(ry, -rx, 1)
        if convention == .positionVector {
            (m0, m1, m2) = (SIMD3(m0.x, m1.x, m2.x), SIMD3(m0.y, m1.y, m2.y), SIMD3(m0.z, m1.z, m2.z))
        }
        r0 = m0
        r1 = m1
        r2 = m2
        sourceCart = GeocentricConversion(source)
        targetCart = GeocentricConversion(target)
    }

    /// True when the transformation is a pure translation.
    public var isTranslationOnly: Bool {
        rotation == .zero && rotationRate == .zero && scaleDifference == 0 && scaleDifferenceRate == 0
    }

    @inline(__always)
    func forwardCartesian(_ x: SIMD3<Double>) -> SIMD3<Double> {
        let d = x - pivot
        return scale * SIMD3((r0 * d).sum(), (r1 * d).sum(), (r2 * d).sum()) + t
    }

    @inline(__always)
    func inverseCartesian(_ x: SIMD3<Double>) -> SIMD3<Double> {
        let d = (x - t) / scale
        return r0 * d.x + r1 * d.y + r2 * d.z + pivot
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        run(points, inverse: false)
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        run(points, inverse: true)
    }

    /// Two points per step with `VectorMath`'s SIMD2 sin/cos/atan2 (≤ 1.6 ulp); the last odd point
    /// and points within 0.2 m of a pole through the scalar path.
    func run(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>, inverse: Bool) {
        typealias D2 = SIMD2<Double>
        let from = inverse ? targetCart : sourceCart, to = inverse ? sourceCart : targetCart
        let n = points.count
        var i = 0
        while i + 1 < n {
            let p0 = points[i], p1 = points[i + 1]
            // Geodetic → geocentric on the first ellipsoid.
            let (sl, cl) = VectorMath.sincos(D2(p0.x, p1.x))
            let (sp, cp) = VectorMath.sincos(D2(p0.y, p1.y))
            let h = D2(p0.z, p1.z)
            let nu = from.a / (1 - from.es * sp * sp).squareRoot()
            let r = (nu + h) * cp
            var x = r * cl, y = r * sl, z = (nu * (1 - from.es) + h) * sp
            // The Helmert step.
            if inverse {
                let dx = (x - t.x) / scale, dy = (y - t.y) / scale, dz = (z - t.z) / scale
                x = r0.x * dx + r1.x * dy + r2.x * dz + pivot.x
                y = r0.y * dx + r1.y * dy + r2.y * dz + pivot.y
                z = r0.z * dx + r1.z * dy + r2.z * dz + pivot.z
            } else {
                let dx = x - pivot.x, dy = y - pivot.y, dz = z - pivot.z
                x = scale * (r0.x * dx + r0.y * dy + r0.z * dz) + t.x
                y = scale * (r1.x * dx + r1.y * dy + r1.z * dz) + t.y
                z = scale * (r2.x * dx + r2.y * dy + r2.z * dz) + t.z
            }
            // Geocentric → geodetic on the second ellipsoid (Bowring, as GeocentricConversion).
            let pp = (x * x + y * y).squareRoot()
            let za = z * to.a, pb = pp * to.b
            let rr = (za * za + pb * pb).squareRoot()
            let st = za / rr, ct = pb / rr
            let yn = z + to.e2s * to.b * st * st * st, xn = pp - to.es * to.a * ct * ct * ct
            let q = (xn * xn + yn * yn).squareRoot()
            let sphi = yn / q, cphi = xn / q
            let phi = VectorMath.atan2(yn, xn), lam = VectorMath.atan2(y, x)
            let height = pp / cphi - to.a / (1 - to.es * sphi * sphi).squareRoot()
            if Swift.abs(cphi.x) < 1e-6 || Swift.abs(cphi.y) < 1e-6 || !(rr.x > 0 && rr.y > 0) {
                points[i] = scalar(p0, inverse)
                points[i + 1] = scalar(p1, inverse)
            } else {
                points[i] = SIMD3(lam.x, phi.x, height.x)
                points[i + 1] = SIMD3(lam.y, phi.y, height.y)
            }
            i += 2
        }
        if i < n { points[i] = scalar(points[i], inverse) }
    }

    @inline(__always)
    func scalar(_ p: SIMD3<Double>, _ inverse: Bool) -> SIMD3<Double> {
        inverse ? sourceCart.geodetic(inverseCartesian(targetCart.cartesian(p)))
            : targetCart.geodetic(forwardCartesian(sourceCart.cartesian(p)))
    }

    public var projSteps: [String] {
        let arcsec = 1 / Angle.radiansPerArcSecond
        var h = "+proj=helmert +x=\(translation.x) +y=\(translation.y) +z=\(translation.z)"
        if !isTranslationOnly {
            h += " +rx=\(rotation.x * arcsec) +ry=\(rotation.y * arcsec) +rz=\(rotation.z * arcsec)"
                + " +s=\(scaleDifference * 1e6)"
        }
        if translationRate != .zero || rotationRate != .zero || scaleDifferenceRate != 0 {
            h += " +dx=\(translationRate.x) +dy=\(translationRate.y) +dz=\(translationRate.z)"
                + " +drx=\(rotationRate.x * arcsec) +dry=\(rotationRate.y * arcsec) +drz=\(rotationRate.z * arcsec)"
                + " +ds=\(scaleDifferenceRate * 1e6)"
        }
        if let referenceEpoch { h += " +t_epoch=\(referenceEpoch)" }
        if pivot != .zero {
            h = h.replacingOccurrences(of: "+proj=helmert", with: "+proj=molobadekas")
                + " +px=\(pivot.x) +py=\(pivot.y) +pz=\(pivot.z)"
        }
        if !isTranslationOnly { h += " +convention=\(convention.rawValue)" }
        return ["+proj=cart \(projEllipsoid(source))", h, "+inv +proj=cart \(projEllipsoid(target))"]
    }

    public static func == (a: HelmertTransformation, b: HelmertTransformation) -> Bool {
        a.translation == b.translation && a.rotation == b.rotation && a.scaleDifference == b.scaleDifference
            && a.translationRate == b.translationRate && a.rotationRate == b.rotationRate
            && a.scaleDifferenceRate == b.scaleDifferenceRate && a.referenceEpoch == b.referenceEpoch
            && a.pivot == b.pivot && a.convention == b.convention && a.source == b.source && a.target == b.target
            && a.coordinateEpoch == b.coordinateEpoch
    }

    public func hash(into h: inout Hasher) {
        h.combine(translation)
        h.combine(rotation)
        h.combine(scaleDifference)
        h.combine(source)
        h.combine(target)
    }
}
