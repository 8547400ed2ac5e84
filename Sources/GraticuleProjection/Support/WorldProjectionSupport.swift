import Foundation
import GraticuleCore

/// Pieces shared by the world projections (pseudocylindrical, Aitoff family, Goode): reading the
/// Esri/EPSG frame parameters and the outline tolerance of the inverse kernels. (Their Newton
/// solvers are in `NumericalInverse`.)
@usableFromInline
enum WorldProjectionSupport {
    /// Slack allowed on the map outline by the inverse kernels, in radians of longitude or latitude
    /// (1e-10 rad ≈ 0.6 mm on the Earth): a point this close outside the outline is pulled onto
    /// it, a point farther out gives NaN.
    @usableFromInline static let edgeTolerance = 1e-10

    /// The frame of a world projection: central meridian (EPSG 8802, 8812 or 8833, Esri
    /// `Central_Meridian`, `Longitude_Of_Center` or `Longitude_Of_Origin`), false easting and
    /// northing (EPSG 8806/8807), on `ellipsoid`, checked by `ProjectionFrame(parameters:…)`.
    static func frame(_ p: ProjectionParameters, ellipsoid: Ellipsoid) throws(GraticuleError) -> ProjectionFrame {
        let lon0 = p.centralMeridian([EPSGParameter.longitudeOfNaturalOrigin, EPSGParameter.longitudeOfProjectionCentre,
                                      EPSGParameter.longitudeOfOrigin],
                                     names: ["Central_Meridian", "Longitude_Of_Center", "Longitude_Of_Origin"])
        return try ProjectionFrame(parameters: p, centralMeridian: lon0, ellipsoid: ellipsoid)
    }

    /// A latitude parameter that must lie strictly between the poles (Winkel standard parallel,
    /// Loximuthal central parallel). Returns `defaultValue` when absent.
    static func latitude(_ p: ProjectionParameters, _ codes: [Int], names: [String], label: String,
                         default defaultValue: Double) throws(GraticuleError) -> Double {
        let phi = p.value(codes: codes, names: names) ?? defaultValue
        try ProjectionParameters.checkLatitude(phi, name: label)
        return phi
    }

    /// The cosine of the standard parallel φ1 of the Winkel projections: EPSG 8823, then 8832, then
    /// `names` (Esri's `Standard_Parallel_1`), else `defaultValue`; strictly between the poles.
    static func cosStandardParallel(_ p: ProjectionParameters, names: [String] = ["Standard_Parallel_1"],
                                    default defaultValue: Double) throws(GraticuleError) -> Double {
        cos(try latitude(p, [EPSGParameter.latitudeOf1stStandardParallel, EPSGParameter.latitudeOfStandardParallel],
                         names: names, label: "Latitude of 1st standard parallel", default: defaultValue))
    }

    /// The longitude of a point at `x` on a parallel that the projection draws as x = width · λ
    /// (width ≥ 0, units of a per radian): x / width when |x| ≤ π·width, ±π when the point is at
    /// most `slack` (units of a, default `edgeTolerance` ≈ 0.6 mm on the Earth) outside the outline,
    /// NaN farther out. Testing the outline in x rather than in λ keeps the tolerance meaningful
    /// next to the poles, where width → 0 and λ = x / width amplifies rounding. On a pole point
    /// (width 0) the longitude is 0.
    @inlinable @inline(__always)
    static func longitude(_ x: Double, width: Double, slack: Double = edgeTolerance) -> Double {
        let limit = Double.pi * width
        let ax = abs(x)
        if ax <= limit {
            guard width > 0 else { return 0 }
            return min(max(x / width, -Double.pi), Double.pi)
        }
        if ax <= limit + slack { return width > 0 ? (x < 0 ? -Double.pi : Double.pi) : 0 }
        return .nan
    }

    /// `lam` if it lies on the map (|λ| ≤ π), ±π if it is within `edgeTolerance` outside, NaN otherwise.
    @inlinable @inline(__always)
    static func longitudeOnMap(_ lam: Double) -> Double {
        let m = abs(lam)
        if m <= Double.pi { return lam }
        if m <= Double.pi + edgeTolerance { return lam < 0 ? -Double.pi : Double.pi }
        return .nan
    }

    /// `phi` if |φ| ≤ π/2, ±π/2 within `edgeTolerance` outside, NaN otherwise.
    @inlinable @inline(__always)
    static func latitudeOnMap(_ phi: Double) -> Double {
        let m = abs(phi)
        if m <= Double.pi / 2 { return phi }
        if m <= Double.pi / 2 + edgeTolerance { return phi < 0 ? -Double.pi / 2 : Double.pi / 2 }
        return .nan
    }

    /// `s` clamped to [−1, 1] when it exceeds it by at most 1e-12 (rounding), NaN beyond.
    @inlinable @inline(__always)
    static func unit(_ s: Double) -> Double {
        let m = abs(s)
        if m <= 1 { return s }
        if m <= 1 + 1e-12 { return s < 0 ? -1 : 1 }
        return .nan
    }
}
