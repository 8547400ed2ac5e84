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
        for i in points.indices {
            points[i] = targetCart.geodetic(forwardCartesian(sourceCart.cartesian(points[i])))
        }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            points[i] = sourceCart.geodetic(inverseCartesian(targetCart.cartesian(points[i])))
        }
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
