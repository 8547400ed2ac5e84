import Foundation
import GraticuleCore

/// Patterson cylindrical, a compromise cylindrical projection (Patterson 2014) in the polynomial
/// form of Patterson, Šavrič & Jenny, "Introducing the Patterson Cylindrical Projection",
/// Cartographic Perspectives 78:77–81, 2015 (doi:10.14714/CP78.1270). No EPSG method code; Esri
/// `Patterson` (ESRI:53079, 54079), PROJ `patterson`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// x = λ, y = φ (1.0148 + 0.23185 φ⁴ − 0.14499 φ⁶ + 0.02406 φ⁸).
/// Inverse: Newton's method safeguarded by bisection for φ on [0, π/2].
///
/// Accuracy: forward within 1.4e-8 m of PROJ 9.5.1 over the sweep and the world fixture (global
/// grid with poles and ±180°), inverse within 1.2e-13°. Domain: the whole globe; inverse points
/// outside the rectangle give NaN (PROJ clamps y instead).
public struct Patterson: PolynomialPseudocylindrical {
    public static let descriptor = ProjectionDescriptor(name: "Patterson", names: ["Patterson"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    /// The y polynomial and its derivative (x = λ: `width` is 1).
    @inlinable @inline(__always) public static func height(_ phi: Double) -> (value: Double, slope: Double) {
        let p2 = phi * phi, p4 = p2 * p2
        let v = phi * (1.0148 + p4 * (0.23185 + p2 * (-0.14499 + 0.02406 * p2)))
        let d = 1.0148 + p4 * (5 * 0.23185 + p2 * (7 * -0.14499 + 9 * 0.02406 * p2))
        return (v, d)
    }

    /// y of the pole line.
    public static let maxY = height(Double.pi / 2).value
}
