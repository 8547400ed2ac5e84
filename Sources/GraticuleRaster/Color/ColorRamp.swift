import GraticuleCore

/// A colour ramp: colours at values, linearly interpolated between them (in sRGB components),
/// clamped to the end colours outside; NaN gets the nodata colour.
public struct ColorRamp: Sendable, Hashable {
    public struct Stop: Sendable, Hashable {
        public var value: Double
        /// Red, green, blue, alpha (0–255).
        public var color: SIMD4<UInt8>
        public init(_ value: Double, _ color: SIMD4<UInt8>) {
            self.value = value
            self.color = color
        }
    }
    /// Stops in increasing value order.
    public let stops: [Stop]
    /// The colour of nodata (NaN) values; transparent by default.
    public var noDataColor: SIMD4<UInt8>

    /// A ramp through the stops (sorted by value; at least one).
    public init(stops: [Stop], noDataColor: SIMD4<UInt8> = SIMD4(0, 0, 0, 0)) {
        precondition(!stops.isEmpty, "a colour ramp needs at least one stop")
        self.stops = stops.sorted { $0.value < $1.value }
        self.noDataColor = noDataColor
    }

    /// The values of the first and last stops: below the one and above the other the ramp keeps
    /// its end colours.
    public var range: (low: Double, high: Double) { (stops[0].value, stops[stops.count - 1].value) }

    /// The colour of a value.
    @inlinable
    public func color(_ v: Double) -> SIMD4<UInt8> {
        guard !v.isNaN else { return noDataColor }
        if v <= stops[0].value { return stops[0].color }
        if v >= stops[stops.count - 1].value { return stops[stops.count - 1].color }
        var hi = 1
        while stops[hi].value < v { hi += 1 }
        let a = stops[hi - 1], b = stops[hi]
        let t = (v - a.value) / (b.value - a.value)
        // Per channel in scalars: the generic SIMD4<Double> → SIMD4<UInt8> conversion was a third
        // of an uncached WMS GetMap of a raster.
        @inline(__always) func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let c = Double(x) + (Double(y) - Double(x)) * t + 0.5
            return UInt8(Swift.min(255, Swift.max(0, c)))
        }
        return SIMD4(mix(a.color.x, b.color.x), mix(a.color.y, b.color.y), mix(a.color.z, b.color.z), mix(a.color.w, b.color.w))
    }

    /// The colours of many values, written as RGBA bytes at `out` (4 per value): the bytes of
    /// `color(_:)` for each, looked up in the ramp's `Table` (built once per ramp and kept, when
    /// there are at least as many values as buckets or it exists already) and computed only for
    /// values in its few mixed buckets (the colouring of a warped raster, once per pixel of every
    /// raster map). Runs of one value reuse the last colour.
    public func colorize(_ values: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<UInt8>) {
        let table = Table.shared(self, valueCount: values.count)
        // Without a table the range is empty, so every value is computed.
        let low = table?.low ?? .infinity, high = table?.high ?? -.infinity, scale = table?.scale ?? 0
        let last = Table.bucketCount - 1
        (table?.colors ?? []).withUnsafeBufferPointer { colors in
            (table?.mixed ?? []).withUnsafeBufferPointer { mixed in
                let pixels = UnsafeMutableRawPointer(out)
                // A warp that magnifies repeats a cell's value over neighbouring pixels: the
                // previous value's colour is reused (NaN never equals itself).
                var previous = Double.nan, previousWord: UInt32 = 0
                for (k, v) in values.enumerated() {
                    if !(v == previous) {
                        previous = v
                        // Inside the range (NaN is not): the bucket's colour unless it is mixed.
                        var b = -1
                        if v > low && v < high {
                            b = Swift.min(Int((v - low) * scale), last)
                            if mixed[b >> 6] >> UInt64(b & 63) & 1 != 0 { b = -1 }
                        }
                        previousWord = b >= 0 ? colors[b] : Table.word(color(v))
                    }
                    pixels.storeBytes(of: UInt32(littleEndian: previousWord), toByteOffset: 4 * k, as: UInt32.self)
                }
            }
        }
    }

    /// NDVI (−1 … 1): water and bare ground in browns and tans below 0.1, then yellow-green to
    /// dark green for denser vegetation up to 0.8 — the usual ordering of NDVI palettes.
    public static let ndvi = ColorRamp(stops: [
        Stop(-1.0, SIMD4(5, 24, 82, 255)),
        Stop(-0.2, SIMD4(120, 90, 60, 255)),
        Stop(0.0, SIMD4(166, 128, 88, 255)),
        Stop(0.1, SIMD4(215, 200, 150, 255)),
        Stop(0.2, SIMD4(220, 230, 120, 255)),
        Stop(0.3, SIMD4(166, 217, 106, 255)),
        Stop(0.45, SIMD4(102, 189, 99, 255)),
        Stop(0.6, SIMD4(26, 152, 80, 255)),
        Stop(0.8, SIMD4(0, 104, 55, 255)),
        Stop(1.0, SIMD4(0, 69, 41, 255)),
    ])

    /// Black to white between `min` and `max`.
    public static func grey(min: Double, max: Double) -> ColorRamp {
        ColorRamp(stops: [Stop(min, SIMD4(0, 0, 0, 255)), Stop(max, SIMD4(255, 255, 255, 255))])
    }

    /// A hypsometric ramp (green lowlands, yellow, brown, white peaks) between `min` and `max`.
    public static func terrain(min: Double, max: Double) -> ColorRamp {
        let d = max - min
        return ColorRamp(stops: [
            Stop(min, SIMD4(40, 120, 60, 255)), Stop(min + 0.25 * d, SIMD4(140, 190, 100, 255)),
            Stop(min + 0.5 * d, SIMD4(235, 220, 140, 255)), Stop(min + 0.75 * d, SIMD4(160, 110, 70, 255)),
            Stop(max, SIMD4(250, 250, 250, 255)),
        ])
    }

    /// The ramp by name: `ndvi`, `grey:MIN,MAX`, `terrain:MIN,MAX`; nil for anything else.
    /// The range's two numbers must be finite, the first below the second, and their
    /// difference finite (so that every stop between them is a number).
    public static func named(_ text: String) -> ColorRamp? {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first?.lowercased() else { return nil }
        if name == "ndvi" { return parts.count == 1 ? .ndvi : nil }
        guard parts.count == 2 else { return nil }
        let texts = parts[1].split(separator: ",", omittingEmptySubsequences: false)
        guard texts.count == 2, texts.allSatisfy({ $0.utf8.count <= 64 }) else { return nil }
        let range = texts.compactMap { Double($0.trimmingWhitespace) }
        guard range.count == 2, range[0].isFinite, range[1].isFinite, range[0] < range[1],
              (range[1] - range[0]).isFinite else { return nil }
        switch parts[0].lowercased() {
        case "grey", "gray": return .grey(min: range[0], max: range[1])
        case "terrain": return .terrain(min: range[0], max: range[1])
        default: return nil
        }
    }
}
