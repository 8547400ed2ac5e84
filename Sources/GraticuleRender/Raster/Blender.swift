/// Source-over of one colour at a given coverage, on non-premultiplied RGBA pixels.
struct Blender {
    let alpha: Float
    /// (R, G, B, 255) in the lanes of a vector.
    let colourF: SIMD4<Float>
    let evenOdd: Bool
    /// The opaque colour as one 32-bit word in memory order R, G, B, A.
    let solid: UInt32
    /// Below this |winding| no pixel changes (sa · 255 < 0.5).
    let invisible: Float

    init(color: SIMD4<UInt8>, evenOdd: Bool) {
        alpha = Float(color.w) / 255
        colourF = SIMD4(Float(color.x), Float(color.y), Float(color.z), 255)
        self.evenOdd = evenOdd
        solid = UInt32(littleEndian: UInt32(color.x) | UInt32(color.y) << 8 | UInt32(color.z) << 16 | 0xFF00_0000)
        invisible = 0.5 / (255 * alpha)
    }

    /// Source alpha for a winding number: alpha × coverage (min(1, |w|), or |w| folded mod 2).
    @inline(__always)
    func sourceAlpha(_ winding: Float) -> Float {
        var cov = abs(winding)
        if evenOdd {
            cov = cov.truncatingRemainder(dividingBy: 2)
            if cov > 1 { cov = 2 - cov }
        } else if cov > 1 {
            cov = 1
        }
        return alpha * cov
    }

    /// `sourceAlpha` of a non-zero blender (the caller knows it is one): no test of the rule.
    @inline(__always)
    func nonZeroAlpha(_ winding: Float) -> Float {
        alpha * min(abs(winding), 1)
    }

    /// `count` pixels (≥ 0) at one winding.
    @inline(__always)
    func run(_ start: UnsafeMutablePointer<UInt8>, count: Int, winding: Float) {
        guard count > 0, abs(winding) >= invisible else { return }
        let sa = sourceAlpha(winding)
        if sa >= 0.999_999 {
            UnsafeMutableRawPointer(start).initializeMemory(as: UInt32.self, repeating: solid, count: count)
        } else if sa * 255 >= 0.5 {
            var px = start
            for _ in 0..<count {
                blend(px, sa)
                px += 4
            }
        }
    }

    @inline(__always)
    func pixel(_ px: UnsafeMutablePointer<UInt8>, winding: Float) {
        let sa = sourceAlpha(winding)
        let raw = UnsafeMutableRawPointer(px)
        let p = raw.load(as: UInt32.self)
        if p >= 0xFF00_0000 {
            // Opaque destination (the usual case), without a branch on the coverage: alpha 0
            // keeps the pixel, 1 writes the colour.
            raw.storeBytes(of: over(opaque: p, sa), as: UInt32.self)
        } else if sa * 255 >= 0.5 {
            blend(px, sa)
        }
    }

    /// The colour at source alpha `sa` over an opaque pixel (a 32-bit word in memory order R,
    /// G, B, A): dst + (src − dst)·sa rounded to the nearest level (ties to even), alpha stays 1;
    /// in `Float`, the three channels (and alpha, 255 over 255) in the lanes of one vector.
    @inline(__always)
    func over(opaque p: UInt32, _ sa: Float) -> UInt32 {
        Self.word(roundedSum: Self.roundedSum(over: Self.lanes(p), colourF, sa))
    }

    /// `over` twice: `first` at `sa1`, then `second` at `sa2` over the result (rounded to levels
    /// in between, as two passes would), without leaving the vector lanes in between.
    @inline(__always)
    static func over(opaque p: UInt32, _ first: Blender, _ sa1: Float, _ second: Blender, _ sa2: Float) -> UInt32 {
        let once = roundedSum(over: lanes(p), first.colourF, sa1) - magic
        return word(roundedSum: roundedSum(over: once, second.colourF, sa2))
    }

    /// Adding 1.5 · 2²³ to a value below 2²² rounds it to an integer (ties to even), which the
    /// low bits of the sum's significand then hold (offset by 2²²), and subtracting it again
    /// gives the rounded value: a conversion without range checks.
    static let magic: Float = 12_582_912

    /// A pixel's bytes as `Float` lanes.
    @inline(__always)
    static func lanes(_ p: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(p, to: SIMD4<UInt8>.self)))
    }

    /// dst + (colour − dst)·sa + `magic`: the blend rounded to levels, in the sum's low bits.
    @inline(__always)
    static func roundedSum(over dst: SIMD4<Float>, _ colour: SIMD4<Float>, _ sa: Float) -> SIMD4<Float> {
        dst + (colour - dst) * sa + magic
    }

    /// The opaque pixel word of a `roundedSum`.
    @inline(__always)
    static func word(roundedSum sum: SIMD4<Float>) -> UInt32 {
        let levels = (unsafeBitCast(sum, to: SIMD4<Int32>.self) & 0x7F_FFFF) &- 0x40_0000
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: levels), to: UInt32.self) | 0xFF00_0000
    }

    /// Source-over at source alpha `sa` (> 0).
    @inline(__always)
    func blend(_ px: UnsafeMutablePointer<UInt8>, _ sa: Float) {
        let raw = UnsafeMutableRawPointer(px)
        let p = raw.load(as: UInt32.self)
        if p >= 0xFF00_0000 {
            raw.storeBytes(of: over(opaque: p, sa), as: UInt32.self)
            return
        }
        if sa >= 0.999_999 {
            raw.storeBytes(of: solid, as: UInt32.self)
            return
        }
        let da = Float(px[3]) / 255
        let keep = da * (1 - sa)
        let oa = sa + keep
        let inv = 1 / oa
        px[0] = UInt8((colourF.x * sa + Float(px[0]) * keep) * inv + 0.5)
        px[1] = UInt8((colourF.y * sa + Float(px[1]) * keep) * inv + 0.5)
        px[2] = UInt8((colourF.z * sa + Float(px[2]) * keep) * inv + 0.5)
        px[3] = UInt8(oa * 255 + 0.5)
    }
}
