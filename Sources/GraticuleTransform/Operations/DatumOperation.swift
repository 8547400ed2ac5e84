import GraticuleCore

/// One operation of a datum pipeline.
///
/// Points are `SIMD3(λ, φ, h)`: longitude and latitude in radians on the operation's source
/// (forward) or target (inverse) datum, Greenwich-based, and ellipsoidal (or, for vertical
/// operations, gravity-related) height in metres. Operations run in place over whole buffers; a
/// point an operation cannot transform (outside a grid, a singular position) becomes NaN.
public protocol DatumOperation: Sendable {
    /// Applies the operation source → target.
    func forward(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>)
    /// Applies the operation target → source.
    func inverse(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>)
    /// The PROJ pipeline steps equivalent to the forward operation, in radians/metres
    /// (`+proj=cart +ellps=… +step +proj=helmert …`), without the surrounding unit conversions.
    var projSteps: [String] { get }
}

extension DatumOperation {
    /// Applies the operation in the given direction.
    @inlinable
    public func apply(_ points: UnsafeMutableBufferPointer<SIMD3<Double>>, inverse: Bool) {
        if inverse { self.inverse(points) } else { forward(points) }
    }
}

/// The PROJ text of an ellipsoid (`+a=… +rf=…`, or `+ellps=WGS84` style names are not kept).
func projEllipsoid(_ e: Ellipsoid) -> String {
    if e.isSphere { return "+R=\(e.semiMajorAxis)" }
    return "+a=\(e.semiMajorAxis) +rf=\(e.inverseFlattening)"
}

/// Marks a point that an operation could not transform.
@usableFromInline let invalidPoint = SIMD3<Double>(.nan, .nan, .nan)
