import Foundation
import GraticuleCore

/// Natural Earth II, a compromise pseudocylindrical with rounded corners (Patterson 2012) in the
/// polynomial form of Šavrič, Patterson & Jenny, "The Natural Earth II world map projection",
/// International Journal of Cartography 1(2):123–133, 2015. No EPSG method code; Esri
/// `Natural_Earth_II` (ESRI:53078, 54078), PROJ `natearth2`.
///
/// Sphere only; on an ellipsoid the formulas are applied on the sphere of radius a, as PROJ does.
/// x = λ (0.84719 − 0.13063 φ² + φ¹² (−0.04515 + 0.05494 φ² − 0.02326 φ⁴ + 0.00331 φ⁶)),
/// y = φ (1.01183 + φ⁸ (−0.02625 + 0.01926 φ² − 0.00396 φ⁴)).
/// Inverse: Newton's method safeguarded by bisection for φ on [0, π/2], then λ in closed form.
///
/// Accuracy: forward within 7e-9 m of PROJ 9.5.1 over the sweep and the world fixture (global grid
/// with poles and ±180°), inverse within 2e-13°. Domain: the whole globe; inverse points outside
/// the outline give NaN (PROJ clamps y instead).
public struct NaturalEarthII: PolynomialPseudocylindrical {
    public static let descriptor = ProjectionDescriptor(name: "Natural Earth II", names: ["Natural Earth II"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    /// x / λ on the parallel φ (the x polynomial divided by λ).
    @inlinable @inline(__always) public static func width(_ phi: Double) -> Double {
        let p2 = phi * phi, p4 = p2 * p2, p6 = p2 * p4
        return 0.84719 + -0.13063 * p2 + p6 * p6 * (-0.04515 + 0.05494 * p2 + -0.02326 * p4 + 0.00331 * p6)
    }

    /// The y polynomial and its derivative.
    @inlinable @inline(__always) public static func height(_ phi: Double) -> (value: Double, slope: Double) {
        let p2 = phi * phi, p4 = p2 * p2, p8 = p4 * p4
        let v = phi * (1.01183 + p8 * (-0.02625 + 0.01926 * p2 + -0.00396 * p4))
        let d = 1.01183 + p8 * (9 * -0.02625 + 11 * 0.01926 * p2 + 13 * -0.00396 * p4)
        return (v, d)
    }

    /// y of the pole line.
    public static let maxY = height(Double.pi / 2).value
}
