import Foundation
import GraticuleCore

/// Natural Earth, a compromise pseudocylindrical (Patterson 2007) in the polynomial form of Šavrič,
/// Jenny, Patterson, Petrovič & Hurni, "A polynomial equation for the Natural Earth projection",
/// Cartography and Geographic Information Science 38(4):363–372, 2011. No EPSG method code; Esri
/// `Natural_Earth` (ESRI:53077, 54077), PROJ `natearth`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// x = λ (0.8707 − 0.131979 φ² − 0.013791 φ⁴ + 0.003971 φ¹⁰ − 0.001529 φ¹²),
/// y = φ (1.007226 + 0.015085 φ² − 0.044475 φ⁶ + 0.028874 φ⁸ − 0.005916 φ¹⁰).
/// Inverse: y(φ) is increasing, so φ is solved by Newton's method safeguarded by bisection on
/// [0, π/2]; then λ in closed form.
///
/// Accuracy: forward within 7e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°), inverse within 1.2e-13°. Domain: the whole globe; inverse points outside
/// the outline give NaN (PROJ clamps y to its pole line instead).
public struct NaturalEarth: PolynomialPseudocylindrical {
    public static let descriptor = ProjectionDescriptor(name: "Natural Earth", names: ["Natural Earth"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    /// x / λ on the parallel φ (the x polynomial divided by λ).
    @inlinable @inline(__always) public static func width(_ phi: Double) -> Double {
        let p2 = phi * phi, p4 = p2 * p2
        return 0.8707 + p2 * (-0.131979 + p2 * (-0.013791 + p4 * p2 * (0.003971 + p2 * -0.001529)))
    }

    /// The y polynomial and its derivative.
    @inlinable @inline(__always) public static func height(_ phi: Double) -> (value: Double, slope: Double) {
        let p2 = phi * phi, p4 = p2 * p2
        let v = phi * (1.007226 + p2 * (0.015085 + p4 * (-0.044475 + 0.028874 * p2 + -0.005916 * p4)))
        let d = 1.007226 + p2 * (3 * 0.015085 + p4 * (7 * -0.044475 + 9 * 0.028874 * p2 + 11 * -0.005916 * p4))
        return (v, d)
    }

    /// y of the pole line.
    public static let maxY = height(Double.pi / 2).value
}
