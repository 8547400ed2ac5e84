import Foundation
import GraticuleCore
import Testing

/// `sinCos` gives exactly the C library's `sin` and `cos` (kernels that switched to it keep their
/// results bit for bit).
@Suite struct SinCosTests {
    @Test func equalsSinAndCos() {
        var g = SplitMix64(seed: 20261125)
        var arguments: [Double] = [0, -0.0, .pi, .pi / 2, 1e-300, 1e300, .infinity, -.infinity, .nan]
        for _ in 0..<200_000 { arguments.append(Double.random(in: -10...10, using: &g)) }
        for _ in 0..<20_000 { arguments.append(Double.random(in: -1e6...1e6, using: &g)) }
        var mismatches = 0
        for x in arguments {
            let (s, c) = sinCos(x)
            if s.bitPattern != sin(x).bitPattern && !(s.isNaN && sin(x).isNaN) { mismatches += 1 }
            if c.bitPattern != cos(x).bitPattern && !(c.isNaN && cos(x).isNaN) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
