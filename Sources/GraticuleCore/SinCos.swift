#if canImport(Glibc)
import Glibc

/// glibc's `sincos` (a GNU extension the Glibc module does not export).
@usableFromInline @_silgen_name("sincos")
func glibcSinCos(_ x: Double, _ s: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>)
#elseif canImport(Darwin)
import Darwin
#endif

/// Sine and cosine of one angle in one call to the C library (`sincos` on Linux: one argument
/// reduction instead of two), bit for bit the values `sin` and `cos` give (`SinCosTests`). For
/// iterations that need both at every step (Mollweide's Newton solve of 2θ + sin 2θ = π sin φ).
@inlinable @inline(__always)
public func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    #if canImport(Glibc)
    var s = 0.0, c = 0.0
    glibcSinCos(x, &s, &c)
    return (s, c)
    #else
    return (sin(x), cos(x))
    #endif
}
