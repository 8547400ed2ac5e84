import Foundation
import GraticuleCore

/// Robinson, a compromise pseudocylindrical defined by a table of parallel lengths and distances
/// every 5° of latitude. No EPSG method code; Esri `Robinson` (ESRI:53030, 54030), PROJ `robin`.
///
/// Sphere only; on an ellipsoid the table is applied on the sphere of radius a, as PROJ does.
/// Robinson (1974); table in Snyder & Voxland 1989 (USGS PP 1453), pp. 82–83, 222–223:
/// x = 0.8487 X(φ) λ, y = 1.3523 Y(φ). Between the 5° nodes X and Y are the cubic polynomials in
/// the degrees past the node that PROJ 9.5.1 uses (`robin.cpp`: the table values as constant terms,
/// spline coefficients after PROJ ticket #113). PROJ stores them in single precision, and the
/// rounding moves points by up to decimetres, so they are rounded through `Float` here too.
/// Inverse: the node interval from the Y column, then Newton's method (safeguarded by bisection)
/// on the cubic, then λ in closed form.
///
/// Accuracy: forward within 6e-9 m of PROJ 9.5.1 over the sweep and the world fixture (same
/// coefficients), inverse within 1.2e-13° away from the node parallels. PROJ's cubics do not quite
/// meet at the nodes (jumps up to 2.5e-7 of the radius, ≈ 2 m), so next to a node parallel the
/// inverse is only as good as the table: a point there may come back up to 2.1e-5° (2.3 m) away,
/// and the outline test allows the same jump in x. Domain: the whole globe; inverse points outside
/// the outline give NaN.
public struct Robinson: Projection {
    public static let descriptor = ProjectionDescriptor(name: "Robinson", names: ["Robinson"])

    public let frame: ProjectionFrame
    public var clipRegion: ClipRegion { .globe(cutAt: frame.centralMeridian + .pi) }

    @usableFromInline static let fxc = 0.8487
    @usableFromInline static let fyc = 1.3523
    /// PROJ's cubics do not quite meet at the nodes (up to 1.5e-7 in X, 2.5e-7 in Y, i.e. ≈ 2.5 m
    /// and 2.1 m on the Earth), so the outline test of the inverse allows 2e-7 · π · 0.8487 in x.
    @usableFromInline static let tableSlack = 2e-7 * Double.pi * 0.8487
    /// Degrees per node interval.
    @usableFromInline static let step = 5.0

    @usableFromInline static func row(_ c0: Float, _ c1: Float, _ c2: Float, _ c3: Float) -> SIMD4<Double> {
        SIMD4(Double(c0), Double(c1), Double(c2), Double(c3))
    }

    /// X (parallel length) cubics, nodes 0°, 5°, …, 90°.
    @usableFromInline static let xTable: InlineArray<19, SIMD4<Double>> = [
        row(1.0, 2.2199e-17, -7.15515e-05, 3.1103e-06),
        row(0.9986, -0.000482243, -2.4897e-05, -1.3309e-06),
        row(0.9954, -0.00083103, -4.48605e-05, -9.86701e-07),
        row(0.99, -0.00135364, -5.9661e-05, 3.6777e-06),
        row(0.9822, -0.00167442, -4.49547e-06, -5.72411e-06),
        row(0.973, -0.00214868, -9.03571e-05, 1.8736e-08),
        row(0.96, -0.00305085, -9.00761e-05, 1.64917e-06),
        row(0.9427, -0.00382792, -6.53386e-05, -2.6154e-06),
        row(0.9216, -0.00467746, -0.00010457, 4.81243e-06),
        row(0.8962, -0.00536223, -3.23831e-05, -5.43432e-06),
        row(0.8679, -0.00609363, -0.000113898, 3.32484e-06),
        row(0.835, -0.00698325, -6.40253e-05, 9.34959e-07),
        row(0.7986, -0.00755338, -5.00009e-05, 9.35324e-07),
        row(0.7597, -0.00798324, -3.5971e-05, -2.27626e-06),
        row(0.7186, -0.00851367, -7.01149e-05, -8.6303e-06),
        row(0.6732, -0.00986209, -0.000199569, 1.91974e-05),
        row(0.6213, -0.010418, 8.83923e-05, 6.24051e-06),
        row(0.5722, -0.00906601, 0.000182, 6.24051e-06),
        row(0.5322, -0.00677797, 0.000275608, 6.24051e-06),
    ]

    /// Y (distance from the equator) cubics, nodes 0°, 5°, …, 90°.
    @usableFromInline static let yTable: InlineArray<19, SIMD4<Double>> = [
        row(-5.20417e-18, 0.0124, 1.21431e-18, -8.45284e-11),
        row(0.062, 0.0124, -1.26793e-09, 4.22642e-10),
        row(0.124, 0.0124, 5.07171e-09, -1.60604e-09),
        row(0.186, 0.0123999, -1.90189e-08, 6.00152e-09),
        row(0.248, 0.0124002, 7.10039e-08, -2.24e-08),
        row(0.31, 0.0123992, -2.64997e-07, 8.35986e-08),
        row(0.372, 0.0124029, 9.88983e-07, -3.11994e-07),
        row(0.434, 0.0123893, -3.69093e-06, -4.35621e-07),
        row(0.4958, 0.0123198, -1.02252e-05, -3.45523e-07),
        row(0.5571, 0.0121916, -1.54081e-05, -5.82288e-07),
        row(0.6176, 0.0119938, -2.41424e-05, -5.25327e-07),
        row(0.6769, 0.011713, -3.20223e-05, -5.16405e-07),
        row(0.7346, 0.0113541, -3.97684e-05, -6.09052e-07),
        row(0.7903, 0.0109107, -4.89042e-05, -1.04739e-06),
        row(0.8435, 0.0103431, -6.4615e-05, -1.40374e-09),
        row(0.8936, 0.00969686, -6.4636e-05, -8.547e-06),
        row(0.9394, 0.00840947, -0.000192841, -4.2106e-06),
        row(0.9761, 0.00616527, -0.000256, -4.2106e-06),
        row(1.0, 0.00328947, -0.000319159, -4.2106e-06),
    ]

    public init(ellipsoid: Ellipsoid, parameters p: ProjectionParameters) throws(GraticuleError) {
        frame = try WorldProjectionSupport.frame(p, ellipsoid: .sphere(radius: ellipsoid.semiMajorAxis))
    }

    @inlinable @inline(__always)
    static func cubic(_ c: SIMD4<Double>, _ z: Double) -> Double { c[0] + z * (c[1] + z * (c[2] + z * c[3])) }

    @inlinable @inline(__always)
    static func slope(_ c: SIMD4<Double>, _ z: Double) -> Double { c[1] + z * (2 * c[2] + z * 3 * c[3]) }

    @inlinable public func forward(_ lp: SIMD2<Double>) -> SIMD2<Double> {
        let a = abs(lp.y)
        guard a <= Double.pi / 2 && lp.x.isFinite else { return SIMD2(.nan, .nan) }
        let deg = a * (180 / Double.pi)
        let i = min(Int((deg / Robinson.step + 1e-15).rounded(.down)), 18)
        let z = deg - Robinson.step * Double(i)
        let x = Robinson.cubic(Robinson.xTable[i], z) * Robinson.fxc * lp.x
        let y = Robinson.cubic(Robinson.yTable[i], z) * Robinson.fyc
        return SIMD2(x, lp.y < 0 ? -y : y)
    }

    @inlinable public func inverse(_ xy: SIMD2<Double>) -> SIMD2<Double> {
        let target = abs(xy.y) / Robinson.fyc
        guard target <= 1 + 1e-12 && xy.x.isFinite else { return SIMD2(.nan, .nan) }
        let phiDeg: Double
        let width: Double
        if target >= 1 {
            phiDeg = 90
            width = Robinson.xTable[18][0]
        } else {
            var i = min(max(Int(target * 18), 0), 17)
            while i > 0 && Robinson.yTable[i][0] > target { i -= 1 }
            while i < 17 && Robinson.yTable[i + 1][0] <= target { i += 1 }
            // A node's image divided by fyc can land an ulp below the node; the segment below does
            // not end exactly on it (the table's cubics are not continuous to the last bit), which
            // would move the point by metres: take the node's own segment.
            if i < 17 && Robinson.yTable[i + 1][0] - target <= 1e-12 { i += 1 }
            let c = Robinson.yTable[i]
            let guess = Robinson.step * (target - c[0]) / (Robinson.yTable[i + 1][0] - c[0])
            let t = NumericalInverse.solveIncreasing(target, lo: 0, hi: Robinson.step, guess: guess) { z in
                (Robinson.cubic(c, z), Robinson.slope(c, z))
            }
            phiDeg = Robinson.step * Double(i) + t
            width = Robinson.cubic(Robinson.xTable[i], t)
        }
        let lam = WorldProjectionSupport.longitude(xy.x, width: Robinson.fxc * width,
                                                     slack: Robinson.tableSlack)
        guard lam.isFinite else { return SIMD2(.nan, .nan) }
        let phi = phiDeg * (Double.pi / 180)
        return SIMD2(lam, xy.y < 0 ? -phi : phi)
    }
}
