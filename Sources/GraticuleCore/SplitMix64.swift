/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
/// 2014): a tiny, seedable generator whose sequence is the same in every language, so that test
/// points and benchmark inputs drawn here equal those an oracle script (Python) draws from the
/// same seed. Not for cryptography.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [0, 1) from the top 53 bits of the next value.
    public mutating func unit() -> Double { Double(next() >> 11) * (1.0 / Double(1 << 53)) }
}
