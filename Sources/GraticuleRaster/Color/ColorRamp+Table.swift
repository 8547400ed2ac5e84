import GraticuleCore

extension ColorRamp {
    /// The ramp's colours over its value range in `bucketCount` equal buckets, for colouring many
    /// values without a search and a division each: a bucket holds its colour when every value in
    /// it has that colour by `color(_:)`, and is marked otherwise (those values take `color(_:)`).
    ///
    /// Exact, not an approximation: within one segment between two stops each channel of
    /// `color(_:)` is a monotone function of the value (every step, t = (v − a)/(b − a), the mix,
    /// the clamp and the truncation, is monotone in IEEE arithmetic). So a bucket (its ends
    /// widened by a hundredth of a bucket, far beyond the rounding of the bucket index) has one
    /// colour throughout when its two ends, and each stop inside it and the next double above
    /// that stop (where the next segment begins), all have that colour.
    struct Table: Sendable {
        static let bucketCount = 65_536
        /// The first and last stops' values.
        let low: Double, high: Double
        /// Buckets per unit of value.
        let scale: Double
        /// RGBA in memory order, per bucket.
        let colors: [UInt32]
        /// One bit per bucket: set where the bucket's values do not all share one colour.
        let mixed: [UInt64]

        init(_ ramp: ColorRamp) {
            let n = Self.bucketCount
            let (low, high) = ramp.range
            self.low = low
            self.high = high
            scale = Double(n) / (high - low)
            var colors = [UInt32](repeating: 0, count: n)
            var mixed = [UInt64](repeating: 0, count: n / 64)
            var next = 0  // the first stop above the bucket's low end
            for k in 0..<n {
                let v0 = low + (Double(k) - 0.01) / scale, v1 = low + (Double(k) + 1.01) / scale
                let c = ramp.color(v0)
                var uniform = ramp.color(v1) == c
                // Each segment the bucket meets is monotone from its low end: a stop s inside
                // ends one (colour at s) and begins the next (colour just above s).
                while next < ramp.stops.count && ramp.stops[next].value < v0 { next += 1 }
                var j = next
                while uniform && j < ramp.stops.count && ramp.stops[j].value < v1 {
                    let s = ramp.stops[j].value
                    uniform = ramp.color(s) == c && ramp.color(s.nextUp) == c
                    j += 1
                }
                if uniform {
                    colors[k] = Self.word(c)
                } else {
                    mixed[k >> 6] |= 1 << UInt64(k & 63)
                }
            }
            self.colors = colors
            self.mixed = mixed
        }

        @inline(__always) static func word(_ c: SIMD4<UInt8>) -> UInt32 {
            UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | UInt32(c.w) << 24
        }

        /// Tables of the ramps met lately (a server colours with a few ramps over and over).
        static let cache = BoundedCache<ColorRamp, Table>(capacity: 16)

        /// The ramp's table: the one kept, else a new one (kept) when `valueCount` values will
        /// repay building it (about two `color(_:)` calls per bucket), else nil; nil too for a
        /// ramp whose range is empty, too narrow for buckets (subnormal: buckets per unit ∞) or
        /// too wide for a double (so that every value's offset from the first stop is finite).
        static func shared(_ ramp: ColorRamp, valueCount: Int) -> Table? {
            let range = ramp.range.high - ramp.range.low
            guard range > 0, range.isFinite, (Double(bucketCount) / range).isFinite else { return nil }
            if let t = cache.value(for: ramp) { return t }
            guard valueCount >= bucketCount else { return nil }
            let t = Table(ramp)
            cache.insert(t, for: ramp)
            return t
        }
    }
}
