import Foundation

/// Angle helpers. Angles in the engine are radians unless a name says degrees.
public enum Angle {
    /// π / 180.
    public static let radiansPerDegree = Double.pi / 180
    /// 180 / π.
    public static let degreesPerRadian = 180 / Double.pi
    /// One arc-second in radians.
    public static let radiansPerArcSecond = Double.pi / 648_000

    /// Degrees → radians.
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }
    /// Radians → degrees.
    @inlinable public static func degrees(_ radians: Double) -> Double { radians * (180 / Double.pi) }

    /// Sine and cosine of an angle in degrees with exact results at multiples of 90°
    /// (sincosd(90) is exactly (1, 0), sincosd(180) is exactly (0, −1)), as GeographicLib's
    /// `Math::sincosd`: the angle is reduced to [−45°, 45°] before conversion to radians.
    /// An angle that is not finite (∞, NaN; or a difference of huge longitudes that overflowed)
    /// has NaN sine and cosine.
    @inlinable public static func sincosd(_ degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        var r = fmod(degrees, 360)
        let q = Int((r / 90).rounded())
        r -= 90 * Double(q)
        let rad = r * (Double.pi / 180)
        let s = sin(rad), c = cos(rad)
        var sinx: Double, cosx: Double
        switch ((q % 4) + 4) % 4 {
        case 0: sinx = s; cosx = c
        case 1: sinx = c; cosx = -s
        case 2: sinx = -s; cosx = -c
        default: sinx = -c; cosx = s
        }
        if sinx == 0 { sinx = 0 * degrees.sign.multiplier }
        cosx += 0  // turns −0 into +0
        return (sinx, cosx)
    }

    /// Reduces an angle in degrees to [−180°, 180°) … (−180°, 180°]: the result keeps +180 for +180
    /// and −180 for −180, as PROJ and GeographicLib do.
    @inlinable public static func normalizeDegrees(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? 180.0 * (x < 0 ? -1 : 1) : y
    }

    /// Reduces an angle in radians to [−π, π] (±π kept as given by the sign of the input).
    @inlinable public static func normalizeRadians(_ x: Double) -> Double {
        if x >= -Double.pi && x <= Double.pi { return x }
        let y = remainder(x, 2 * Double.pi)
        return abs(y) == Double.pi ? Double.pi * (x < 0 ? -1 : 1) : y
    }
}

extension FloatingPointSign {
    @usableFromInline var multiplier: Double { self == .minus ? -1 : 1 }
}
