import Foundation
import GraticuleCore

/// Times (Bartholomew's Times Atlas projection; Esri `Times`, PROJ `times`; no EPSG method code).
///
/// Formulas: Snyder, "Flattening the Earth" (1993) p. 213 (a modified Gall): with T = tan(φ/2) and
/// S = sin(πT/4), x = Δλ(0.74482 − 0.34588 S²), y = 1.70711 T; inverse T = y/1.70711,
/// φ = 2 atan T, Δλ = x/(0.74482 − 0.34588 S²). Spherical; on an ellipsoid the sphere of radius a
/// (PROJ; Esri's sphere-only convention).
///
/// Accuracy: identical formulas to PROJ 9.5.1 (< 0.01 µm, sweep ESRI:53048/54048). Domain: the whole globe.
public struct Times: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Times", names: ["Times"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try ProjectionFrame(parameters: p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable
    public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        guard abs(lp.y) <= Double.pi / 2 else { return SIMD2(.nan, .nan) }
        let t = tan(0.5 * lp.y)
        let s = sin(Double.pi / 4 * t)
        return SIMD2(lp.x * (0.74482 - 0.34588 * s * s), 1.70711 * t)
    }

    @inlinable
    public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let t = xy.y / 1.70711
        guard abs(t) <= 1 + 1e-12 else { return SIMD2(.nan, .nan) }
        let s = sin(Double.pi / 4 * t)
        let lam = xy.x / (0.74482 - 0.34588 * s * s)
        guard abs(lam) <= Double.pi * (1 + 1e-12) else { return SIMD2(.nan, .nan) }
        return SIMD2(lam, 2 * atan(t))
    }
}
