import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleProjection
import GraticuleTransform
import Testing

/// The pair kernels (`PairProjection`: Transverse Mercator, Lambert Conic Conformal, Mercator) run
/// two points per step in batches; a point's result must not depend on its place in the batch.
@Suite struct PairKernelTests {
    typealias S = ProjectionTestSupport

    static func same(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
        func eq(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) }
        return eq(a.x, b.x) && eq(a.y, b.y)
    }

    /// Forward and inverse batches (odd length, in both orders, so every point meets two different
    /// partners and one is paired with itself) equal the single-point results bit for bit, including
    /// points outside the domain, NaN and the poles.
    @Test(arguments: ["EPSG:32632", "EPSG:2053", "EPSG:2154", "EPSG:31300", "EPSG:3857", "EPSG:3395", "ESRI:102480",
                      "EPSG:28413"])
    func batchEqualsSinglePoints(code: String) throws {
        let t = try S.transformer(code)
        var g = SystemRandomNumberGenerator()
        var lonLat: [SIMD2<Double>] = (0..<501).map { _ in
            SIMD2(Double.random(in: -180...180, using: &g), Double.random(in: -90...90, using: &g))
        }
        lonLat += [SIMD2(0, 90), SIMD2(0, -90), SIMD2(.nan, 10), SIMD2(10, .nan), SIMD2(0, 90.5), SIMD2(1e6, 45),
                   SIMD2(.infinity, 0), SIMD2(-0.0, -0.0)]
        let xy = t.transform(lonLat)
        #expect(xy.contains { $0.x.isFinite })
        for (i, p) in lonLat.enumerated() {
            #expect(Self.same(t.transform([p])[0], xy[i]), "\(code) \(p)")
        }
        let reversed = t.transform(Array(lonLat.reversed()))
        for (i, q) in reversed.enumerated() { #expect(Self.same(q, xy[lonLat.count - 1 - i])) }

        let inv = t.inverse
        let finite = xy.filter { $0.x.isFinite && $0.y.isFinite } + [SIMD2(.nan, 0), SIMD2(1e30, 1e30)]
        let back = inv.transform(finite)
        for (i, p) in finite.enumerated() { #expect(Self.same(inv.transform([p])[0], back[i]), "\(code) inverse \(p)") }
        let backReversed = inv.transform(Array(finite.reversed()))
        for (i, q) in backReversed.enumerated() { #expect(Self.same(q, back[finite.count - 1 - i])) }
    }

    /// `ConformalPolynomials` against the closed forms in libm (tan χ·cos φ = s·cosh q − sinh q,
    /// q = e·atanh(e s)) over s ∈ [−1, 1], for a sphere, the Earth and the largest flattening
    /// allowed (e² ≤ 1/75): within 2 ulp of the polynomial's value plus libm's own rounding.
    @Test(arguments: [0.0, 1 / 298.257223563, 1 / 298.3, 1 / 150.0])
    func conformalPolynomialsMatchClosedForm(flattening f: Double) {
        let e = (f * (2 - f)).squareRoot()
        let p = ConformalPolynomials(eccentricity: e)
        #expect(p.isUsable)
        var g = SystemRandomNumberGenerator()
        var worstU = 0.0, worstQ = 0.0
        for i in 0...20000 {
            let s = i < 2 ? Double(i) : Double.random(in: -1...1, using: &g)
            let q = e * atanh(e * s)
            let u = s * cosh(q) - sinh(q)
            worstU = worse(worstU, abs(p.tanChiCosPhi(sin: s) - u) / max(abs(u), 1e-300))
            if q != 0 { worstQ = worse(worstQ, abs(p.isometricCorrection(sin: s) - q) / abs(q)) }
            #expect(p.tanChiCosPhi(sin: SIMD2(s, -s)) == SIMD2(p.tanChiCosPhi(sin: s), p.tanChiCosPhi(sin: -s)))
        }
        #expect(worstU < 4 * Double.ulpOfOne, "tan χ cos φ: \(worstU)")
        #expect(worstQ < 4 * Double.ulpOfOne, "q: \(worstQ)")
        #expect(!ConformalPolynomials(eccentricity: (0.02 * 1.98).squareRoot()).isUsable)
    }

    /// Beyond `ConformalPolynomials.isUsable` (f = 1/50) the kernels take the closed forms.
    @Test func largeFlatteningUsesClosedForm() throws {
        let ell = Ellipsoid(semiMajorAxis: 1, inverseFlattening: 50)
        let tm = try TransverseMercator(ellipsoid: ell, latitudeOfOrigin: 0, centralMeridian: 0, scaleFactor: 1)
        for (lon, lat) in [(10.0, 45.0), (-20.0, -60.0), (3.0, 1.0)] {
            #expect(S.roundTripError(tm, SIMD2(S.rad(lon), S.rad(lat))) < 1e-9)
        }
    }
}
