import Foundation
import GraticuleCore

/// Geodesic polygon area and perimeter on an ellipsoid (Karney, "Algorithms for geodesics",
/// J. Geodesy 87 (2013), §6: the area between a geodesic and the equator, eqs. 58–64, with the
/// 6th-order series I4; polygon areas by summing edges and counting prime-meridian crossings,
/// as GeographicLib's `PolygonArea` does). Written from the paper; the series coefficients are
/// the paper's (as tabulated in GeographicLib).
public struct GeodesicArea: Sendable {
    public let geodesic: Geodesic
    let a2: Double, e2: Double, ep2: Double, c2: Double, f1: Double
    /// C4x: 21 coefficients, reduced in n.
    let c4x: [Double]

    public init(_ ellipsoid: Ellipsoid) {
        let a = ellipsoid.semiMajorAxis, f = ellipsoid.flattening
        geodesic = Geodesic(semiMajorAxis: a, flattening: f)
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        a2 = a * a
        let b = a * f1
        let e = abs(e2).squareRoot()
        let ratio: Double = e2 == 0 ? 1 : (e2 > 0 ? atanh(e) / e : atan(e) / e)
        c2 = (a2 + b * b * ratio) / 2
        let n = f / (2 - f)
        let coeff: [Double] = [
            97, 15015, 1088, 156, 45045, -224, -4784, 1573, 45045, -10656, 14144, -4576, -858, 45045,
            64, 624, -4576, 6864, -3003, 15015, 100, 208, 572, 3432, -12012, 30030, 45045,
            1, 9009, -2944, 468, 135135, 5792, 1040, -1287, 135135, 5952, -11648, 9152, -2574, 135135,
            -64, -624, 4576, -6864, 3003, 135135,
            8, 10725, 1856, -936, 225225, -8448, 4992, -1144, 225225, -1440, 4160, -4576, 1716, 225225,
            -136, 63063, 1024, -208, 105105, 3584, -3328, 1144, 315315,
            -128, 135135, -2560, 832, 405405,
            128, 99099,
        ]
        var out: [Double] = []
        var o = 0
        for l in 0 ..< 6 {
            for j in stride(from: 5, through: l, by: -1) {
                let m = 6 - j - 1
                var y = coeff[o]
                for k in 1 ... max(1, m) where k <= m { y = y * n + coeff[o + k] }
                out.append(y / coeff[o + m + 1])
                o += m + 2
            }
        }
        c4x = out
    }

    /// Total area of the ellipsoid (m²).
    public var ellipsoidArea: Double { 4 * .pi * c2 }

    func c4(_ eps: Double) -> [Double] {
        var c = [Double](repeating: 0, count: 6)
        var mult = 1.0
        var o = 0
        for l in 0 ..< 6 {
            let m = 6 - l - 1
            var y = c4x[o]
            if m > 0 { for k in 1 ... m { y = y * eps + c4x[o + k] } }
            c[l] = mult * y
            o += m + 1
            mult *= eps
        }
        return c
    }

    /// Σ c[k] cos((2k+1)σ) by Clenshaw summation.
    static func cosSeries(_ s: Double, _ c: Double, _ coef: [Double]) -> Double {
        let ar = 2 * (c - s) * (c + s)
        var n = coef.count
        var y0 = n & 1 == 1 ? coef[n - 1] : 0, y1 = 0.0
        if n & 1 == 1 { n -= 1 }
        var i = n
        while i > 0 {
            y1 = ar * y0 - y1 + coef[i - 1]
            y0 = ar * y1 - y0 + coef[i - 2]
            i -= 2
        }
        return c * (y0 - y1)
    }

    /// Length (m) and S12, the area (m²) between the geodesic from point 1 to point 2 and the
    /// equator, counter-clockwise positive. Degrees in.
    public func edge(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> (s12: Double, S12: Double) {
        let r = Angle.radiansPerDegree
        let inv = geodesic.inverse(lat1: lat1 * r, lat2: lat2 * r, lon12: Angle.normalizeDegrees(lon2 - lon1) * r)
        var (sb1, cb1) = Angle.sincosd(lat1)
        sb1 *= f1
        var h = (sb1 * sb1 + cb1 * cb1).squareRoot(); sb1 /= h; cb1 /= h
        var (sb2, cb2) = Angle.sincosd(lat2)
        sb2 *= f1
        h = (sb2 * sb2 + cb2 * cb2).squareRoot(); sb2 /= h; cb2 /= h
        let salp1 = sin(inv.azi1), calp1 = cos(inv.azi1), salp2 = sin(inv.azi2), calp2 = cos(inv.azi2)
        let salp0 = salp1 * cb1, calp0 = (calp1 * calp1 + (salp1 * sb1) * (salp1 * sb1)).squareRoot()
        var S12 = 0.0
        if calp0 != 0 && salp0 != 0 {
            var ss1 = sb1, cs1 = calp1 * cb1, ss2 = sb2, cs2 = calp2 * cb2
            h = (ss1 * ss1 + cs1 * cs1).squareRoot(); ss1 /= h; cs1 /= h
            h = (ss2 * ss2 + cs2 * cs2).squareRoot(); ss2 /= h; cs2 /= h
            let k2 = calp0 * calp0 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let A4 = a2 * calp0 * salp0 * e2
            let c = c4(eps)
            S12 = A4 * (GeodesicArea.cosSeries(ss2, cs2, c) - GeodesicArea.cosSeries(ss1, cs1, c))
        }
        var salp12 = salp2 * calp1 - calp2 * salp1
        var calp12 = calp2 * calp1 + salp2 * salp1
        if salp12 == 0 && calp12 < 0 { salp12 = 1e-300 * calp1; calp12 = -1 }
        S12 += c2 * atan2(salp12, calp12)
        return (inv.s12, S12)
    }

    /// 1 or −1 when the edge crosses the prime meridian eastward or westward, else 0.
    static func transit(_ lon1: Double, _ lon2: Double) -> Int {
        let l1 = Angle.normalizeDegrees(lon1), l2 = Angle.normalizeDegrees(lon2)
        let l12 = Angle.normalizeDegrees(l2 - l1)
        if l1 <= 0 && l2 > 0 && l12 > 0 { return 1 }
        if l2 <= 0 && l1 > 0 && l12 < 0 { return -1 }
        return 0
    }

    /// Signed area (counter-clockwise positive, in (−A/2, A/2] for the ellipsoid's area A) and
    /// perimeter of a ring of lon/lat degrees (closed or not).
    public func ring(_ pts: UnsafeBufferPointer<SIMD2<Double>>) -> (area: Double, perimeter: Double) {
        var n = pts.count
        if n >= 2 && pts[0] == pts[n - 1] { n -= 1 }
        guard n >= 2 else { return (0, 0) }
        var area = TwoSum(), perimeter = TwoSum()
        var crossings = 0
        for i in 0 ..< n {
            let p = pts[i], q = pts[(i + 1) % n]
            let e = edge(lat1: p.y, lon1: p.x, lat2: q.y, lon2: q.x)
            perimeter.add(e.s12)
            area.add(e.S12)
            crossings += GeodesicArea.transit(p.x, q.x)
        }
        let area0 = ellipsoidArea
        var a = remainder(area.value, area0)
        if crossings & 1 == 1 { a += (a < 0 ? 1 : -1) * area0 / 2 }
        a = -a
        if a > area0 / 2 { a -= area0 } else if a <= -area0 / 2 { a += area0 }
        return (0 + a, perimeter.value)
    }

    /// Geodesic length (m) of a path of lon/lat degrees.
    public func length(_ pts: UnsafeBufferPointer<SIMD2<Double>>) -> Double {
        guard pts.count >= 2 else { return 0 }
        var s = TwoSum()
        let r = Angle.radiansPerDegree
        for i in 1 ..< pts.count {
            let p = pts[i - 1], q = pts[i]
            s.add(geodesic.inverse(lat1: p.y * r, lat2: q.y * r, lon12: Angle.normalizeDegrees(q.x - p.x) * r).s12)
        }
        return s.value
    }
}

/// Double-double accumulation (Knuth's two-sum).
struct TwoSum {
    var hi = 0.0, lo = 0.0
    mutating func add(_ y: Double) {
        let s = hi + y
        let bp = s - hi
        let err = (hi - (s - bp)) + (y - bp)
        hi = s
        lo += err
    }
    var value: Double { hi + lo }
}
