import Foundation
import GraticuleCore

/// Molodensky (EPSG 9604) and abridged Molodensky (EPSG 9605) transformations: geographic
/// coordinates shifted directly by the geocentric translations and the differences of the two
/// ellipsoids (EPSG Guidance Note 7-2 §4.4.4), as PROJ's `molodensky`.
///
/// Accuracy: the methods approximate a geocentric translation to a few decimetres (standard) or
/// about a metre (abridged); Graticule reproduces PROJ's implementation of the formulas to
/// micrometres. The inverse subtracts the shift evaluated at the target position (PROJ's
/// convention), which is not the exact inverse of the forward.
public struct MolodenskyTransformation: DatumOperation, Hashable {
    public var translation: SIMD3<Double>
    public var isAbridged: Bool
    public let source: Ellipsoid
    public let target: Ellipsoid

    let a: Double, f: Double, es: Double, da: Double, df: Double

    public init(translation: SIMD3<Double>, source: Ellipsoid, target: Ellipsoid, abridged: Bool) {
        self.translation = translation
        self.isAbridged = abridged
        self.source = source
        self.target = target
        a = source.semiMajorAxis
        f = source.flattening
        es = source.eccentricitySquared
        da = target.semiMajorAxis - source.semiMajorAxis
        df = target.flattening - source.flattening
    }

    /// Meridian radius of curvature.
    @inline(__always) func rm(_ phi: Double, _ s: Double) -> Double {
        if es == 0 { return a }
        if phi == 0 { return a * (1 - es) }
        if abs(phi) == .pi / 2 { return a / (1 - es).squareRoot() }
        return a * (1 - es) / pow(1 - es * s * s, 1.5)
    }

    /// Prime vertical radius of curvature.
    @inline(__always) func rn(_ s: Double) -> Double { es == 0 ? a : a / (1 - es * s * s).squareRoot() }

    /// The shift (Δλ, Δφ, Δh) at a point; nil at a pole.
    @inline(__always) func shift(_ p: SIMD3<Double>) -> SIMD3<Double>? {
        let slam = sin(p.x), clam = cos(p.x), sphi = sin(p.y), cphi = cos(p.y)
        let (dx, dy, dz) = (translation.x, translation.y, translation.z)
        if isAbridged {
            let adffda = a * df + f * da
            let dphi = (-dx * sphi * clam - dy * sphi * slam + dz * cphi + adffda * sin(2 * p.y)) / rm(p.y, sphi)
            let den = rn(sphi) * cphi
            if den == 0 { return nil }
            let dlam = (-dx * slam + dy * clam) / den
            let dh = dx * cphi * clam + dy * cphi * slam + dz * sphi - da + adffda * sphi * sphi
            return SIMD3(dlam, dphi, dh)
        }
        let rho = rm(p.y, sphi), nu = rn(sphi)
        var dphi = -dx * sphi * clam - dy * sphi * slam + dz * cphi + nu * es * sphi * cphi * da / a
            + sphi * cphi * (rho / (1 - f) + nu * (1 - f)) * df
        let dphiDen = rho + p.z
        if dphiDen == 0 { return nil }
        dphi /= dphiDen
        let dlamDen = (nu + p.z) * cphi
        if dlamDen == 0 { return nil }
        let dlam = (-dx * slam + dy * clam) / dlamDen
        let dh = dx * cphi * clam + dy * cphi * slam + dz * sphi - (a / nu) * da + nu * (1 - f) * sphi * sphi * df
        return SIMD3(dlam, dphi, dh)
    }

    public func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            if let d = shift(points[i]) { points[i] += d } else { points[i] = invalidPoint }
        }
    }

    public func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>) {
        for i in points.indices {
            if let d = shift(points[i]) { points[i] -= d } else { points[i] = invalidPoint }
        }
    }

    public var projSteps: [String] {
        ["+proj=molodensky \(projEllipsoid(source)) +dx=\(translation.x) +dy=\(translation.y) +dz=\(translation.z) "
            + "+da=\(da) +df=\(df)" + (isAbridged ? " +abridged" : "")]
    }
}
