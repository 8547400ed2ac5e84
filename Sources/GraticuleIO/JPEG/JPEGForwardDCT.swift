/// The forward DCT and quantiser of a JPEG block, integer arithmetic as libjpeg's default
/// ("islow", Loeffler–Ligtenberg–Moschytz with 13-bit constants, two passes, rows then
/// columns) and libjpeg-turbo's quantiser (a reciprocal multiply that rounds as
/// (|c| + q/2) / q with q the table entry × 8, the DCT's scale), so a block gives libjpeg's
/// coefficients exactly.
struct JPEGForwardDCT {
    /// Per coefficient in zigzag order: reciprocal, rounding correction and shift.
    private let reciprocal: [UInt32], correction: [UInt32], shift: [UInt32]
    /// Per coefficient in natural order: the smallest magnitude that quantises to a non-zero
    /// value (`quantise` is monotonic in it), so that a block's zeros are found by one compare
    /// per coefficient, and only the others go through the reciprocal.
    private let nonZeroFrom: [Int32]

    /// `naturalToZigzag[i]`: the zigzag position of natural position i.
    private static let naturalToZigzag: [Int] = {
        var inverse = [Int](repeating: 0, count: 64)
        for (k, i) in JPEGTables.zigzag.enumerated() { inverse[i] = k }
        return inverse
    }()

    /// - Parameter table: the quantisation table in natural order (1…255).
    init(table: [Int]) {
        var rec = [UInt32](repeating: 0, count: 64), cor = rec, sh = rec
        for k in 0..<64 {
            let divisor = UInt32(table[JPEGTables.zigzag[k]] << 3)
            let b = 31 - divisor.leadingZeroBitCount  // floor(log2 divisor)
            var r = 16 + b
            var fq = (UInt32(1) << UInt32(r)) / divisor
            let fr = (UInt32(1) << UInt32(r)) % divisor
            var c = divisor / 2
            if fr == 0 {
                fq >>= 1
                r -= 1
            } else if fr <= divisor / 2 {
                c += 1
            } else {
                fq += 1
            }
            rec[k] = fq
            cor[k] = c
            sh[k] = UInt32(r)
        }
        reciprocal = rec
        correction = cor
        shift = sh
        // (m + c) · f ≥ 2^r, i.e. m ≥ ⌈2^r / f⌉ − c.
        var from = [Int32](repeating: 0, count: 64)
        for k in 0..<64 {
            let step = (UInt64(1) << UInt64(sh[k]) + UInt64(rec[k]) - 1) / UInt64(rec[k])
            from[JPEGTables.zigzag[k]] = Int32(max(0, Int64(step) - Int64(cor[k])))
        }
        nonZeroFrom = from
    }

    /// Quantises coefficient `k` (zigzag order) of value `v`.
    @inline(__always)
    private static func quantise(_ v: Int32, _ k: Int, _ rec: UnsafePointer<UInt32>, _ cor: UnsafePointer<UInt32>,
                                 _ sh: UnsafePointer<UInt32>) -> Int32 {
        let m = UInt32(truncatingIfNeeded: v < 0 ? 0 &- v : v)
        let q = Int32(truncatingIfNeeded: (UInt64(m &+ cor[k]) &* UInt64(rec[k])) &>> UInt64(sh[k]))
        return v < 0 ? 0 &- q : q
    }

    /// Transforms the 64 samples at `block` (natural order, already minus 128; overwritten) and
    /// writes the quantised coefficients to `out` in zigzag order: the DC always, the AC where
    /// they are not zero (the rest of `out` is left as it was).
    /// - Returns: bit k set where coefficient k (zigzag) is not zero.
    @inline(__always)
    func transform(_ block: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<Int32>) -> UInt64 {
        Self.pass(block, step: 1, next: 8, constBits: 11, evenShift: 2, evenIsShiftLeft: true)
        Self.pass(block, step: 8, next: 1, constBits: 15, evenShift: 2, evenIsShiftLeft: false)
        // Natural positions whose magnitude reaches a non-zero quantised value.
        var reaching: UInt64 = 0
        nonZeroFrom.withUnsafeBufferPointer { from in
            for i in 0..<64 {
                let v = block[i]
                let magnitude = v < 0 ? 0 &- v : v
                reaching |= UInt64(magnitude >= from[i] ? 1 : 0) &<< UInt64(i)
            }
        }
        return reciprocal.withUnsafeBufferPointer { rec in
            correction.withUnsafeBufferPointer { cor in
                shift.withUnsafeBufferPointer { sh in
                    Self.naturalToZigzag.withUnsafeBufferPointer { zigzagOf in
                        let dc = Self.quantise(block[0], 0, rec.baseAddress!, cor.baseAddress!, sh.baseAddress!)
                        out[0] = dc
                        var nonZero: UInt64 = dc != 0 ? 1 : 0
                        var rest = reaching & ~1
                        while rest != 0 {
                            let i = rest.trailingZeroBitCount
                            rest &= rest &- 1
                            let k = zigzagOf[i]
                            out[k] = Self.quantise(block[i], k, rec.baseAddress!, cor.baseAddress!, sh.baseAddress!)
                            nonZero |= 1 &<< UInt64(k)
                        }
                        return nonZero
                    }
                }
            }
        }
    }

    /// The quantised DC of a block whose 64 samples all equal `v` (minus 128): the transform
    /// gives 64 v there and 0 elsewhere (exactly: every other output is a rounded 0).
    @inline(__always)
    func flatDC(_ v: Int32) -> Int32 {
        reciprocal.withUnsafeBufferPointer { rec in
            correction.withUnsafeBufferPointer { cor in
                shift.withUnsafeBufferPointer { sh in
                    Self.quantise(64 &* v, 0, rec.baseAddress!, cor.baseAddress!, sh.baseAddress!)
                }
            }
        }
    }

    // 13-bit fixed-point constants of the LL&M rotations (FIX(x) = round(x · 2¹³)).
    private static let f0_298631336: Int32 = 2446, f0_390180644: Int32 = 3196, f0_541196100: Int32 = 4433
    private static let f0_765366865: Int32 = 6270, f0_899976223: Int32 = 7373, f1_175875602: Int32 = 9633
    private static let f1_501321110: Int32 = 12299, f1_847759065: Int32 = 15137, f1_961570560: Int32 = 16069
    private static let f2_053119869: Int32 = 16819, f2_562915447: Int32 = 20995, f3_072711026: Int32 = 25172

    /// One 1-D pass over eight lines: elements `step` apart within a line, lines `next` apart.
    /// Rows (first pass): the even outputs 0 and 4 are scaled up by 2² (PASS1_BITS), the others
    /// descaled by 2¹¹; columns: 0 and 4 descaled by 2², the others by 2¹⁵ (rounding).
    @inline(__always)
    private static func pass(_ data: UnsafeMutablePointer<Int32>, step: Int, next: Int, constBits: Int32,
                             evenShift: Int32, evenIsShiftLeft: Bool) {
        @inline(__always) func descale(_ x: Int32, _ n: Int32) -> Int32 { (x &+ (1 &<< (n &- 1))) &>> n }
        var p = data
        for _ in 0..<8 {
            let d0 = p[0], d1 = p[step], d2 = p[2 * step], d3 = p[3 * step]
            let d4 = p[4 * step], d5 = p[5 * step], d6 = p[6 * step], d7 = p[7 * step]
            let tmp0 = d0 &+ d7, tmp7 = d0 &- d7, tmp1 = d1 &+ d6, tmp6 = d1 &- d6
            let tmp2 = d2 &+ d5, tmp5 = d2 &- d5, tmp3 = d3 &+ d4, tmp4 = d3 &- d4
            // Even part.
            let tmp10 = tmp0 &+ tmp3, tmp13 = tmp0 &- tmp3, tmp11 = tmp1 &+ tmp2, tmp12 = tmp1 &- tmp2
            if evenIsShiftLeft {
                p[0] = (tmp10 &+ tmp11) &<< evenShift
                p[4 * step] = (tmp10 &- tmp11) &<< evenShift
            } else {
                p[0] = descale(tmp10 &+ tmp11, evenShift)
                p[4 * step] = descale(tmp10 &- tmp11, evenShift)
            }
            let z1e = (tmp12 &+ tmp13) &* f0_541196100
            p[2 * step] = descale(z1e &+ tmp13 &* f0_765366865, constBits)
            p[6 * step] = descale(z1e &- tmp12 &* f1_847759065, constBits)
            // Odd part.
            let z3 = tmp4 &+ tmp6, z4 = tmp5 &+ tmp7
            let z5 = (z3 &+ z4) &* f1_175875602
            let z1 = (tmp4 &+ tmp7) &* -f0_899976223
            let z2 = (tmp5 &+ tmp6) &* -f2_562915447
            let z3r = z3 &* -f1_961570560 &+ z5
            let z4r = z4 &* -f0_390180644 &+ z5
            p[7 * step] = descale(tmp4 &* f0_298631336 &+ z1 &+ z3r, constBits)
            p[5 * step] = descale(tmp5 &* f2_053119869 &+ z2 &+ z4r, constBits)
            p[3 * step] = descale(tmp6 &* f3_072711026 &+ z2 &+ z3r, constBits)
            p[step] = descale(tmp7 &* f1_501321110 &+ z1 &+ z4r, constBits)
            p += next
        }
    }
}
