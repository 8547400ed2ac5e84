import Foundation
import GraticuleCore
import Testing

/// `VectorMath` against Foundation's libm: random arguments over each function's fast path and the
/// domains the projection kernels use, the edges of every reduction interval, special values, and
/// lane independence. The bound is 2 ulp of libm's result everywhere (measured: 1 ulp for sin, cos,
/// log1p, exp and expm1, 2 for atan2 — libm itself is within about half an ulp of the exact value;
/// the largest errors against mpmath are listed in `VectorMath`'s documentation). The random sample is
/// 2²⁰ arguments per function here (debug build); `graticule bench math` runs 4 M per domain in a
/// release build, and its `--dump` output feeds an mpmath check.
@Suite struct VectorMathTests {
    typealias D2 = SIMD2<Double>

    /// SplitMix64: a seeded generator, so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// |a − b| in ulps of b (0 when bit-identical or both NaN).
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) { return 0 }
        if a.isInfinite || b.isInfinite || a.isNaN || b.isNaN { return .infinity }
        return abs(a - b) / max(b.ulp, Double.leastNonzeroMagnitude)
    }

    static let count = 1 << 18  // per domain; four domains per function

    /// Worst ulp difference of `vector` against `scalar` over `count` arguments from `args`,
    /// evaluated two at a time.
    static func worst(_ args: (inout SplitMix) -> (Double, Double), seed: UInt64,
                      vector: (D2, D2) -> D2, scalar: (Double, Double) -> Double) -> (Double, Double, Double) {
        var g = SplitMix(state: seed)
        var worst = (0.0, 0.0, 0.0)
        for _ in 0..<(count / 2) {
            let (x0, y0) = args(&g), (x1, y1) = args(&g)
            let v = vector(D2(x0, x1), D2(y0, y1))
            for (i, (x, y)) in [(x0, y0), (x1, y1)].enumerated() {
                let u = ulps(v[i], scalar(x, y))
                if u > worst.0 { worst = (u, x, y) }
            }
        }
        return worst
    }

    static func uniform(_ g: inout SplitMix, _ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &g) }
    static func logUniform(_ g: inout SplitMix, _ lo: Double, _ hi: Double) -> Double {
        Foundation.exp(Double.random(in: Foundation.log(lo)...Foundation.log(hi), using: &g))
    }
    static func sign(_ g: inout SplitMix) -> Double { Bool.random(using: &g) ? 1 : -1 }

    @Test(arguments: [
        ("[-π, π]", 1 as UInt64), ("[-8, 8]", 2), ("|x| < 2¹⁶", 3), ("near k·π/2", 4),
    ])
    func sinAndCos(domain: String, seed: UInt64) {
        let args: (inout SplitMix) -> (Double, Double) = { g in
            switch domain {
            case "[-π, π]": return (Self.uniform(&g, -.pi, .pi), 0)
            case "[-8, 8]": return (Self.uniform(&g, -8, 8), 0)
            case "|x| < 2¹⁶": return (Self.uniform(&g, -65535, 65535), 0)
            default:
                let k = Double(Int.random(in: -40000...40000, using: &g))
                return (k * (Double.pi / 2) + Self.sign(&g) * Self.logUniform(&g, 1e-12, 0.8), 0)
            }
        }
        let s = Self.worst(args, seed: seed, vector: { x, _ in VectorMath.sincos(x).sin }, scalar: { x, _ in sin(x) })
        let c = Self.worst(args, seed: seed, vector: { x, _ in VectorMath.sincos(x).cos }, scalar: { x, _ in cos(x) })
        #expect(s.0 <= 2, "sin(\(s.1)): \(s.0) ulp")
        #expect(c.0 <= 2, "cos(\(c.1)): \(c.0) ulp")
    }

    @Test(arguments: [("box", 11 as UInt64), ("log-scaled", 12), ("near the splits", 13), ("TM kernel", 14)])
    func atan2(domain: String, seed: UInt64) {
        let args: (inout SplitMix) -> (Double, Double) = { g in
            switch domain {
            case "box": return (Self.uniform(&g, -1, 1), Self.uniform(&g, -1, 1))
            case "log-scaled":
                return (Self.sign(&g) * Self.logUniform(&g, 1e-150, 1e150), Self.sign(&g) * Self.logUniform(&g, 1e-150, 1e150))
            case "near the splits":
                // a/b near 0.55 (the reduction's split), tan ½ (where atan t crosses ½) and 1 (octant).
                let x = Self.sign(&g) * Self.logUniform(&g, 1e-3, 1e3)
                let r = [0.55, 0.5463024898437905, 1.0].randomElement(using: &g)!
                return (Self.sign(&g) * x * r * (1 + Self.uniform(&g, -1e-3, 1e-3)), x)
            default:
                // (tan χ cos φ, cos φ cos λ) of the TM forward kernel, λ within 70°.
                let phi = Self.uniform(&g, -.pi / 2, .pi / 2), lam = Self.uniform(&g, -1.22, 1.22)
                return (Foundation.sin(phi), Foundation.cos(phi) * Foundation.cos(lam))
            }
        }
        let w = Self.worst(args, seed: seed, vector: { y, x in VectorMath.atan2(y, x) }, scalar: { y, x in Foundation.atan2(y, x) })
        #expect(w.0 <= 2, "atan2(\(w.1), \(w.2)): \(w.0) ulp")
    }

    @Test(arguments: [("(-1, 40)", 21 as UInt64), ("log-scaled", 22), ("small", 23), ("TM η′", 24)])
    func log1p(domain: String, seed: UInt64) {
        let args: (inout SplitMix) -> (Double, Double) = { g in
            switch domain {
            case "(-1, 40)": return (Self.uniform(&g, -0.999999, 40), 0)
            case "log-scaled": return (Self.logUniform(&g, 1e-150, 1e300), 0)
            case "small": return (Self.sign(&g) * Self.logUniform(&g, 1e-20, 0.5), 0)
            default:
                // 2w/(R − w) with |w/R| ≤ sin 70°.
                let z = Self.uniform(&g, -0.9397, 0.9397)
                return (2 * z / (1 - z), 0)
            }
        }
        let w = Self.worst(args, seed: seed, vector: { x, _ in VectorMath.log1p(x) }, scalar: { x, _ in Foundation.log1p(x) })
        #expect(w.0 <= 2, "log1p(\(w.1)): \(w.0) ulp")
    }

    @Test(arguments: [("[-2, 2]", 31 as UInt64), ("[-707, 707]", 32), ("small", 33), ("[-40, 40]", 34)])
    func exp(domain: String, seed: UInt64) {
        let args: (inout SplitMix) -> (Double, Double) = { g in
            switch domain {
            case "[-2, 2]": return (Self.uniform(&g, -2, 2), 0)
            case "[-707, 707]": return (Self.uniform(&g, -707, 707), 0)
            case "small": return (Self.sign(&g) * Self.logUniform(&g, 1e-300, 1e-3), 0)
            default: return (Self.uniform(&g, -40, 40), 0)
            }
        }
        let w = Self.worst(args, seed: seed, vector: { x, _ in VectorMath.exp(x) }, scalar: { x, _ in Foundation.exp(x) })
        #expect(w.0 <= 2, "exp(\(w.1)): \(w.0) ulp")
    }

    @Test(arguments: [("[-0.35, 0.35]", 41 as UInt64), ("[-707, 707]", 42), ("small", 43), ("[-2, 2]", 44)])
    func expm1(domain: String, seed: UInt64) {
        let args: (inout SplitMix) -> (Double, Double) = { g in
            switch domain {
            case "[-0.35, 0.35]": return (Self.uniform(&g, -0.35, 0.35), 0)
            case "[-707, 707]": return (Self.uniform(&g, -707, 707), 0)
            case "small": return (Self.sign(&g) * Self.logUniform(&g, 1e-300, 1e-3), 0)
            default: return (Self.uniform(&g, -2, 2), 0)
            }
        }
        let w = Self.worst(args, seed: seed, vector: { x, _ in VectorMath.expm1(x) }, scalar: { x, _ in Foundation.expm1(x) })
        #expect(w.0 <= 2, "expm1(\(w.1)): \(w.0) ulp")
    }

    /// The edges of the reduction intervals and of the fast paths, ± a few ulps.
    @Test func edges() {
        func around(_ x: Double) -> [Double] {
            var v = [x]
            var up = x, down = x
            for _ in 0..<3 { up = up.nextUp; down = down.nextDown; v += [up, down] }
            return v + v.map { -$0 }
        }
        var trig: [Double] = []
        for k in 0...8 { trig += around(Double(k) * .pi / 4) }
        trig += around(0x1p16) + around(65535.5) + around(1e-300) + around(Double.leastNormalMagnitude)
        for x in trig {
            let (s, c) = VectorMath.sincos(D2(repeating: x))
            #expect(Self.ulps(s[0], sin(x)) <= 2, "sin(\(x))")
            #expect(Self.ulps(c[0], cos(x)) <= 2, "cos(\(x))")
        }
        var pairs: [(Double, Double)] = []
        for r in [0.55, 0.5463024898437905, 1.0, 0.5, 1e-300, 1e300] {
            for a in around(r) where a > 0 { pairs += [(a, 1), (1, a), (-a, 1), (a, -1), (-1, -a), (1e-200 * a, 1e-200)] }
        }
        for (y, x) in pairs {
            #expect(Self.ulps(VectorMath.atan2(D2(repeating: y), D2(repeating: x))[0], Foundation.atan2(y, x)) <= 2,
                    "atan2(\(y), \(x))")
        }
        for x in around(0.41421356237309503) + around(-0.29289321881345254) + around(1e-20) + around(2)
            + [Double.greatestFiniteMagnitude, 0x1p-1020 - 1, -0.999999999] {
            #expect(Self.ulps(VectorMath.log1p(D2(repeating: x))[0], Foundation.log1p(x)) <= 2, "log1p(\(x))")
        }
        for x in around(708) + around(707.9) + around(0.34657359027997264) + around(1e-300) + around(37.5) {
            #expect(Self.ulps(VectorMath.exp(D2(repeating: x))[0], Foundation.exp(x)) <= 2, "exp(\(x))")
            #expect(Self.ulps(VectorMath.expm1(D2(repeating: x))[0], Foundation.expm1(x)) <= 2, "expm1(\(x))")
        }
    }

    /// Special values follow libm bit for bit (they take its path).
    @Test func specialValues() {
        let specials: [Double] = [0, -0.0, .infinity, -.infinity, .nan, 1e300, -1e300, 0x1p16, 708, -708, 710, -746,
                                  -1, -2, Double.leastNonzeroMagnitude]
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        for x in specials {
            let (s, c) = VectorMath.sincos(D2(x, 0.5))
            if abs(x) >= 0x1p16 || !x.isFinite {
                #expect(same(s[0], sin(x)) && same(c[0], cos(x)), "sincos(\(x))")
            }
            #expect(same(VectorMath.log1p(D2(x, 0.5))[0], Foundation.log1p(x)) || Self.ulps(VectorMath.log1p(D2(x, 0.5))[0], Foundation.log1p(x)) <= 2,
                    "log1p(\(x))")
            let e = VectorMath.exp(D2(x, 0.5))[0]
            #expect(same(e, Foundation.exp(x)) || Self.ulps(e, Foundation.exp(x)) <= 2, "exp(\(x))")
            let m = VectorMath.expm1(D2(x, 0.5))[0]
            #expect(same(m, Foundation.expm1(x)) || Self.ulps(m, Foundation.expm1(x)) <= 2, "expm1(\(x))")
            for y in specials {
                let a = VectorMath.atan2(D2(y, 0.5), D2(x, 0.5))[0]
                #expect(same(a, Foundation.atan2(y, x)) || Self.ulps(a, Foundation.atan2(y, x)) <= 2, "atan2(\(y), \(x))")
            }
        }
        #expect(VectorMath.sincos(D2(-0.0, 0)).sin[0].sign == .minus)
        #expect(VectorMath.log1p(D2(-0.0, 0))[0].sign == .minus)
        #expect(VectorMath.expm1(D2(-0.0, 0))[0].sign == .minus)
        #expect(VectorMath.atan2(D2(-0.0, 0), D2(1, 1))[0].sign == .minus)
        #expect(VectorMath.atan2(D2(0.0, 0), D2(-0.0, 1))[0] == .pi)
    }

    /// A lane's result depends only on its own argument, whatever the other lane holds (including
    /// arguments that send the other lane to libm).
    @Test func lanesAreIndependent() {
        var g = SplitMix(state: 99)
        let partners: [Double] = [0.3, -2.5, .nan, .infinity, 1e300, -1e300, 0]
        for _ in 0..<2000 {
            let x = Self.uniform(&g, -10, 10), y = Self.uniform(&g, -10, 10)
            let p = partners.randomElement(using: &g)!
            let s0 = VectorMath.sincos(D2(x, p)), s1 = VectorMath.sincos(D2(p, x))
            #expect(s0.sin[0] == s1.sin[1] && s0.cos[0] == s1.cos[1])
            #expect(VectorMath.atan2(D2(y, p), D2(x, p))[0] == VectorMath.atan2(D2(p, y), D2(p, x))[1])
            let l = abs(x) - 0.99
            #expect(VectorMath.log1p(D2(l, p))[0] == VectorMath.log1p(D2(p, l))[1])
            #expect(VectorMath.exp(D2(x, p))[0] == VectorMath.exp(D2(p, x))[1])
            #expect(VectorMath.expm1(D2(x, p))[0] == VectorMath.expm1(D2(p, x))[1])
        }
    }
}
